"""Limits of the web import and the sheets (issue 16): a record of 20,000 hands, a 50 MB file,
a game too long for a PDF and a client importing without end are each refused quickly, with
a message, and change nothing; the first hand of the longest game changes as cheaply as any."""

import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.rules.replay import MAX_HANDS
from kalooki_ledger.sheets import views
from kalooki_ledger.sheets.pdf import MAX_PDF_HANDS
from tests.helpers import long_record

from .factories import make_user, snapshot, stored_game

pytestmark = pytest.mark.django_db


def shown(response) -> str:
    return " ".join(response.content.decode().split()).replace("&#x27;", "'")


def upload(client: Client, content: bytes):
    file = SimpleUploadedFile("game.json", content, "application/json")
    return client.post("/sheets/import/", {"record": file})


def test_a_record_of_twenty_thousand_hands_is_refused_within_a_second_or_two(client):
    content = json.dumps(long_record(20_000)).encode()
    before = snapshot()
    started = time.monotonic()
    response = upload(client, content)
    assert time.monotonic() - started < 3
    assert response.status_code == 400
    assert f"A game has at most {MAX_HANDS:,} hands, and this record has 20,000" in shown(response)
    assert snapshot() == before


def test_a_fifty_megabyte_upload_is_413_before_it_is_read(client):
    before = snapshot()
    started = time.monotonic()
    response = upload(client, b'{"format": "kalooki-game/1", "x": "' + b"x" * 50_000_000 + b'"}')
    assert time.monotonic() - started < 3
    assert response.status_code == 413
    assert "an upload (a game record) at most 2 MB" in shown(response)
    assert snapshot() == before


def test_a_game_too_long_for_a_pdf_is_refused_with_a_message_and_no_pdf_is_made(client):
    game = stored_game(**long_record(MAX_PDF_HANDS + 1, rules={"preset": "long-501"}))
    started = time.monotonic()
    response = client.get(f"/sheets/g/{game.share_token}/score-sheet.pdf")
    assert time.monotonic() - started < 2
    assert response.status_code == 400
    assert f"a score sheet PDF holds at most {MAX_PDF_HANDS} (three pages)" in shown(response)
    assert "Download the hands as CSV" in shown(response)


def test_anonymous_imports_are_limited_per_client_and_say_so():
    record = json.dumps(long_record(1)).encode()
    client = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(views.IMPORTS_PER_HOUR):
        assert upload(client, record).status_code == 302
    before = snapshot()
    response = upload(client, record)
    assert response.status_code == 429
    assert "Wait an hour, or log in to import more. Nothing was imported." in shown(response)
    assert snapshot() == before
    assert upload(Client(REMOTE_ADDR="10.0.0.2"), record).status_code == 302
    member = Client(REMOTE_ADDR="10.0.0.1")
    member.force_login(make_user("olive"))
    assert upload(member, record).status_code == 302
    assert Game.objects.count() == views.IMPORTS_PER_HOUR + 2


def test_recording_a_hand_past_the_most_a_game_holds_is_refused_with_a_message(client):
    game = stored_game(**long_record(MAX_HANDS, rules={"preset": "british", "limit": 10_000}))
    before = snapshot()
    data = {"number": MAX_HANDS + 1, "winner": "Andy", "value-1": "5", "value-2": "5"}
    data |= {"value-3": "5", "value-4": "5"}
    response = client.post(f"/g/{game.edit_token}/hands/", data)
    assert 400 <= response.status_code < 500
    assert f"A game has at most {MAX_HANDS:,} hands: start a new game to play on" in shown(response)
    assert snapshot() == before


def changed_first_hand(client: Client, hands: int, action: str) -> tuple[int, float]:
    """Statements and seconds to delete or edit hand 1 of a game of `hands` hands by its page."""
    game = stored_game(**long_record(hands, rules={"preset": "british", "limit": 10_000}))
    version = str(Game.objects.values_list("version", flat=True).get(pk=game.pk))
    sent = {"version": version, "key": f"key-{action}-{hands}"}
    if action == "edit":
        seats = {s.name: s.position for s in game.seats.all()}
        sent |= {"number": "1", "winner": "Andy", "action": "record"}
        sent |= {f"value-{seats[p]}": "5" for p in ("Mark", "John", "Frank", "Sarah")}
    started = time.monotonic()
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/g/{game.edit_token}/hands/1/{action}/", sent)
    seconds = time.monotonic() - started
    assert response.status_code == 302
    numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
    assert numbers == list(range(1, hands + (0 if action == "delete" else 1)))
    return len(captured), seconds


@pytest.mark.parametrize("action", ["delete", "edit"])
def test_changing_the_first_hand_of_the_longest_game_is_quick_and_costs_what_a_short_one_does(
    client, action
):
    few, _ = changed_first_hand(client, 5, action)
    many, seconds = changed_first_hand(client, MAX_HANDS, action)
    assert many == few  # no statement per later hand, however many follow
    assert seconds < 2
