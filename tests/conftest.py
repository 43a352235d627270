"""Fixtures for every test."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from tests.games.web import FormClient


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
