"""Fixtures for every test."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.web import FormClient


@pytest.fixture
def client() -> FormClient:
    """A browser that posts each game form with the version its page shows and a fresh key."""
    return FormClient()


ROOT = Path(__file__).resolve().parent.parent


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
