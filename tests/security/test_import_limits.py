"""Limits of the web import and the sheets (issue 16): a record of 20,000 hands, a 50 MB file,
a game too long for a PDF and a client importing without end are each refused before the work
they would cost (no hand read, no byte past the cap taken in, no PDF drawn), with a message, and
change nothing; the first hand of the longest game changes in as many statements as any. How
long these take is `make bench`'s."""

import json
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from kalooki_ledger import uploads
from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.rules import record
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


def counted(owner, name: str):
    """Counts the calls of `owner.name`, which still does its work."""
    return mock.patch.object(owner, name, wraps=getattr(owner, name))


def test_a_record_of_twenty_thousand_hands_is_refused_before_a_hand_is_read(client):
    content = json.dumps(long_record(20_000)).encode()
    before = snapshot()
    with counted(record, "parse_hand") as hands_read, counted(record, "replay") as replayed:
        response = upload(client, content)
    assert hands_read.call_count == 0 and replayed.call_count == 0
    assert response.status_code == 400
    assert f"A game has at most {MAX_HANDS:,} hands, and this record has 20,000" in shown(response)
    assert snapshot() == before


def test_a_fifty_megabyte_upload_is_413_before_it_is_read(client):
    before = snapshot()
    with counted(uploads.BodyLimit, "receive_data_chunk") as chunks:
        response = upload(
            client, b'{"format": "kalooki-game/1", "x": "' + b"x" * 50_000_000 + b'"}'
        )
    assert chunks.call_count == 0  # refused from its length: not one chunk taken in
    assert response.status_code == 413
    assert "an upload (a game record) at most 2 MB" in shown(response)
    assert snapshot() == before


def test_a_game_too_long_for_a_pdf_is_refused_with_a_message_and_no_pdf_is_made(client):
    game = stored_game(**long_record(MAX_PDF_HANDS + 1, rules={"preset": "long-501"}))
    with counted(views, "render_pdf") as drawn:
        response = client.get(f"/sheets/g/{game.share_token}/score-sheet.pdf")
    assert drawn.call_count == 0  # refused before a page of it is drawn
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


def changed_first_hand(client: Client, hands: int, action: str) -> int:
    """Statements to delete or edit hand 1 of a game of `hands` hands by its page."""
    game = stored_game(**long_record(hands, rules={"preset": "british", "limit": 10_000}))
    version = str(Game.objects.values_list("version", flat=True).get(pk=game.pk))
    sent = {"version": version, "key": f"key-{action}-{hands}"}
    if action == "edit":
        seats = {s.name: s.position for s in game.seats.all()}
        sent |= {"number": "1", "winner": "Andy", "action": "record"}
        sent |= {f"value-{seats[p]}": "5" for p in ("Mark", "John", "Frank", "Sarah")}
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/g/{game.edit_token}/hands/1/{action}/", sent)
    assert response.status_code == 302
    numbers = list(Hand.objects.filter(game=game).values_list("number", flat=True))
    assert numbers == list(range(1, hands + (0 if action == "delete" else 1)))
    return len(captured)


@pytest.mark.parametrize("action", ["delete", "edit"])
def test_changing_the_first_hand_of_the_longest_game_costs_what_a_short_one_does(client, action):
    few = changed_first_hand(client, 5, action)
    many = changed_first_hand(client, MAX_HANDS, action)
    assert many == few  # no statement per later hand, however many follow
