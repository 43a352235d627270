"""A backup taken while tables score is one snapshot of the whole site: six tables score through
the API from six threads while `backup` runs ten times, and every backup restores into an empty
database with each game as the site held it at one moment (tests/games/backup_under_load.py)."""

import os
import subprocess
import sys
import uuid
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from tests.conftest import ROOT

pytestmark = [pytest.mark.db_specific, pytest.mark.slow]

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def run(step: str, folder, url: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "DATABASE_CONN_MAX_AGE": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.games.backup_under_load", step, str(folder)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def postgres_databases(count: int):
    """Fresh databases on the server the tests run against, dropped afterwards."""
    import psycopg

    url = os.environ["DATABASE_URL"]
    names = [f"backup_load_{uuid.uuid4().hex[:8]}" for _ in range(count)]
    admin = urlsplit(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        for name in names:
            connection.execute(f"CREATE DATABASE {name}")
    try:
        yield [urlsplit(url)._replace(path=f"/{name}").geturl() for name in names]
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            for name in names:
                connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def databases(tmp_path):
    if ON_POSTGRES:
        yield from postgres_databases(2)
    else:
        yield [f"sqlite:///{tmp_path / 'site.sqlite3'}", f"sqlite:///{tmp_path / 'empty.sqlite3'}"]


def test_ten_backups_taken_while_six_tables_score_each_restore_as_one_moment(tmp_path, databases):
    site, empty = databases
    scored = run("score", tmp_path, site)
    assert "10 backups" in scored
    restored = run("restore", tmp_path, empty)
    assert "10 backups restored" in restored
