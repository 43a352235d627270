"""A database that can't take a write answers 503 with a page that says nothing was saved; the
hand is not half stored, and the game goes on once the database is back."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import OperationalError, connection

from kalooki_ledger.games.models import Change, Hand
from tests.games.web import hand_post, stored_game, worked_hands

# SQLite's own switches: deselected on PostgreSQL, never skipped.
on_sqlite = pytest.mark.only_on("sqlite")


def read_only(on: bool) -> None:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(f"PRAGMA query_only = {int(on)}")
        else:
            mode = "READ ONLY" if on else "READ WRITE"
            cursor.execute(f"SET SESSION CHARACTERISTICS AS TRANSACTION {mode}")


@pytest.fixture
def database_read_only():
    yield lambda: read_only(True)
    read_only(False)


def record(client, game, **headers):
    post = hand_post(3, "Andy", game, Mark=10, John=11, Frank=12)
    return client.post(f"{game.get_absolute_url()}hands/", post, headers=headers)


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_a_hand_sent_to_a_read_only_database_is_told_it_was_not_saved(client, database_read_only):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    database_read_only()
    response = record(client, game)
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    page = response.content.decode()
    assert "<h1>Nothing was saved</h1>" in page and "Server Error" not in page
    read_only(False)
    assert Hand.objects.filter(game=game).count() == 2
    assert not Change.objects.filter(game=game, action="record").exists()
    assert record(client, game).status_code == 302  # back again, the same hand goes in


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_an_api_hand_to_a_read_only_database_is_503_in_json(client, database_read_only):
    game = stored_game(hands=worked_hands()[:2])
    database_read_only()
    body = {"number": 3, "winner": "Andy", "penalties": {"Mark": 10, "John": 11, "Frank": 12}}
    response = client.post(
        f"/api/v1/games/{game.edit_token}/hands",
        json.dumps(body),
        content_type="application/json",
        headers={"Idempotency-Key": "api-hand-3"},
    )
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "nothing was saved" in response.json()["error"]
    read_only(False)
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_an_htmx_hand_to_a_read_only_database_gets_the_note_alone(client, database_read_only):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    database_read_only()
    response = record(client, game, **{"HX-Request": "true"})
    assert response.status_code == 503
    body = response.content.decode()
    assert body.startswith('<p class="notice warning" role="alert" id="fault">Nothing was saved')
    assert "<html" not in body


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_a_page_that_must_save_its_session_on_a_read_only_database_is_503(
    client, database_read_only
):
    game = stored_game(hands=worked_hands()[:2])
    client.raise_request_exception = False  # the session is saved after the view, as served
    database_read_only()
    response = client.get(game.get_absolute_url())  # remembering the game writes the session
    assert response.status_code == 503


@on_sqlite
@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_a_hand_sent_to_a_full_database_is_told_it_was_not_saved(client):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    with connection.cursor() as cursor:
        pages = cursor.execute("PRAGMA page_count").fetchone()[0]
        cursor.execute(f"PRAGMA max_page_count = {pages}")
        for size in (500, 100, 10, 0):  # fill what room is left, down to the smallest row
            with pytest.raises(OperationalError, match="full"):
                for _ in range(10_000):
                    cursor.execute(
                        "INSERT INTO games_change (game_id, at, who, action, summary, key, "
                        "details) VALUES (%s, '2026-01-01', 'x', 'fill', %s, '', '{}')",
                        [game.pk, "x" * size],
                    )
    try:
        response = record(client, game)
        assert response.status_code == 503
        assert "Nothing was saved" in response.content.decode()
    finally:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA max_page_count = 1073741823")
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.db_specific
@pytest.mark.django_db(transaction=True)
def test_serving_refuses_to_start_on_a_read_only_database(database_read_only):
    call_command("ensure_writable")  # writable: says so and passes
    database_read_only()
    with pytest.raises(CommandError, match="the database can't be written"):
        call_command("ensure_writable")


# A server started on a database it can't reach: a file in a folder that isn't there, or a
# PostgreSQL port nothing listens on. Run apart, so the test run's own database stays up.
UNREACHABLE = {
    "sqlite": "sqlite:////nonexistent-kalooki-folder/site.sqlite3",
    "postgresql": "postgres://nobody@127.0.0.1:1/kalooki",
}
ASK_THE_PAGES = """
import json, django
from django.test.utils import setup_test_environment
django.setup()
setup_test_environment()
from django.test import Client
phone = Client(raise_request_exception=False)
link = "/g/abcdefghijklmnopqrstuvwx/"
answers = [
    phone.get(link),
    phone.post(link + "hands/", {"number": "1"}, headers={"HX-Request": "true"}),
    phone.get("/w/abcdefghijklmnopqrstuvwx/sheet/"),
]
print(json.dumps([[a.status_code, a.content.decode()] for a in answers]))
"""


@pytest.mark.parametrize("database", list(UNREACHABLE))
def test_a_database_out_of_reach_answers_every_page_and_htmx_request_503(database):
    env = {**os.environ, "DATABASE_URL": UNREACHABLE[database], "DJANGO_DEBUG": "1"}
    result = subprocess.run(
        [sys.executable, "-c", ASK_THE_PAGES],
        cwd=Path(__file__).resolve().parent.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    page, htmx, watch = json.loads(result.stdout.splitlines()[-1])
    assert page[0] == htmx[0] == watch[0] == 503
    assert "<h1>Nothing was saved</h1>" in page[1] and "Server Error" not in page[1]
    assert htmx[1].startswith('<p class="notice warning" role="alert" id="fault">Nothing was')
    assert "<h1>Nothing was saved</h1>" in watch[1]
