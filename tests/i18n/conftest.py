import pytest


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Real hashing is slow on purpose; these tests only need accounts that work."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
