import os

import pytest

# Playwright's sync API runs an event loop in the test thread; the ORM calls are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Real hashing is slow on purpose; the tests only need it to work."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The login throttle lives in the cache: each test starts with no failures counted."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
