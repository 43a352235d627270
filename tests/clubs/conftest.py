import os

import pytest

from tests.clubs.factories import make_club

# Playwright's sync API runs an event loop in the test thread; the ORM calls are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _fresh_cache(request):
    """The login throttle lives in the cache (maybe a database table): each test that can reach
    the database starts with no failures counted."""
    from django.core.cache import cache

    from kalooki_ledger.throttle import Slot

    if {"transactional_db", "live_server"} & set(request.fixturenames):
        request.getfixturevalue("transactional_db")
    elif request.node.get_closest_marker("django_db") is None:
        yield  # a pure test: no cache, no database
        return
    cache.clear()
    Slot.objects.all().delete()
    yield
    cache.clear()
    Slot.objects.all().delete()


@pytest.fixture
def friday():
    """The club most tests use: Friday Club, with fran its organiser, sam a scorer, mo a member."""
    return make_club("Friday Club", "friday", fran="organiser", sam="scorer", mo="member")
