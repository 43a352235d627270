"""Fast password hashing and an empty login throttle for every security test."""

import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    from kalooki_ledger.throttle import Slot

    cache.clear()
    Slot.objects.all().delete()
    yield
    cache.clear()
    Slot.objects.all().delete()
