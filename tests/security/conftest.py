"""An empty login throttle and the stored games of the security tests."""

import pytest

from .factories import awaiting_game, finished_game, stored_game


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    from kalooki_ledger.throttle import Slot

    cache.clear()
    Slot.objects.all().delete()
    yield
    cache.clear()
    Slot.objects.all().delete()


@pytest.fixture
def worked(db):
    """Hands 1-3 of the worked sheet stored: one game for every example of a test."""
    return stored_game()


@pytest.fixture
def awaiting(db):
    return awaiting_game()


@pytest.fixture
def finished(db):
    return finished_game()
