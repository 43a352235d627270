"""Fixtures for every test."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.games.web import FormClient


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings, request, tmp_path_factory):
    """When browser tests run, SQLite in a file, as in production, not in memory. pytest-django
    makes the database for the first test that wants one (its own order puts the browser tests
    late), and with an in-memory database the live server gives every request thread the same
    connection: two overlapping requests then fail ("bad parameter or other API misuse", "database
    table is locked"). With a file each thread has its own connection and waits for the lock."""
    database = settings.DATABASES["default"]
    browsing = any(
        item.get_closest_marker("browser") or item.get_closest_marker("threads")
        for item in request.session.items
    )
    if browsing and database["ENGINE"] == "django.db.backends.sqlite3":
        database["TEST"]["NAME"] = str(tmp_path_factory.mktemp("db") / "site.sqlite3")


@pytest.fixture
def client() -> FormClient:
    """A browser that posts each game form with the version its page shows and a fresh key."""
    return FormClient()


ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _english():
    """Every test starts in English, whatever language an earlier test's request left active in
    this thread (LocaleMiddleware activates one per request and leaves it)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


def pytest_configure(config) -> None:
    """The compiled translations, as `make test` builds them, for a bare `pytest` too: in a child
    process, before this one has read any catalogue."""
    built = [po.with_suffix(".mo") for po in ROOT.glob("locale/*/LC_MESSAGES/*.po")]
    stale = any(
        not mo.exists() or mo.stat().st_mtime < mo.with_suffix(".po").stat().st_mtime
        for mo in built
    )
    if stale or not (ROOT / "static" / "js" / "i18n").exists():
        subprocess.run([sys.executable, "manage.py", "build_locale", "-v0"], cwd=ROOT, check=True)
