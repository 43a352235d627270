"""Uploading a JSON game record on the home page: stored and opened, or refused with a reason."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.games.session import remembered_tokens
from tests.helpers import record, worked_example


def upload(client, content: bytes, name: str = "game.json"):
    return client.post(reverse("sheets:import"), {"record": SimpleUploadedFile(name, content)})


def messages(response) -> str:
    return " ".join(response.content.decode().split())


@pytest.mark.django_db
def test_a_good_record_is_stored_and_opens_for_scoring(client):
    response = upload(client, json.dumps(worked_example()).encode())
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert game.hands.count() == 5
    assert remembered_tokens(response.wsgi_request) == [game.edit_token]


@pytest.mark.django_db
def test_a_record_with_a_bad_hand_names_hand_and_player_and_stores_nothing(client):
    bad = record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 149}}])
    response = upload(client, json.dumps(bad).encode())
    assert response.status_code == 400
    assert "Hand 1, Mark: no 13-card hand is worth more than 148" in messages(response)
    assert "Nothing was imported" in messages(response)
    assert Game.objects.count() == 0 and Hand.objects.count() == 0


@pytest.mark.django_db
def test_a_file_that_is_not_json_is_refused(client):
    response = upload(client, b"Andy 85, Mark 42", "sheet.txt")
    assert response.status_code == 400
    assert "That file is not JSON: upload a kalooki-game/1 record" in messages(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_file_over_two_megabytes_is_refused(client):
    padded = json.dumps({**worked_example(), "title": ""}) + " " * (2 * 1024 * 1024)
    response = upload(client, padded.encode())
    assert response.status_code == 400
    assert "a game record can be at most 2 MB" in messages(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_backup_of_many_games_is_sent_to_the_command(client):
    response = upload(client, json.dumps([worked_example(), worked_example()]).encode())
    assert "holds a list of 2 games (a backup)" in messages(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_no_file_at_all_asks_for_one_and_shows_the_form_again(client):
    response = client.post(reverse("sheets:import"))
    assert response.status_code == 400
    assert "Choose a game record file (.json) to import." in messages(response)
    assert 'name="record"' in response.content.decode()
    assert "Import game" in response.content.decode()


@pytest.mark.django_db
def test_the_error_page_has_no_inline_styles_or_scripts(client):
    html = upload(client, b"{").content.decode()
    assert "style=" not in html
    assert "<script>" not in html


def test_importing_takes_a_post_only(client):
    assert client.get(reverse("sheets:import")).status_code == 405


@pytest.mark.django_db
def test_a_downloaded_record_with_results_imports_as_a_new_copy(client):
    upload(client, json.dumps(worked_example()).encode())
    original = Game.objects.get()
    downloaded = client.get(reverse("sheets:json", args=[original.share_token])).content
    response = upload(client, downloaded)
    copy = Game.objects.exclude(pk=original.pk).get()
    assert response["Location"] == copy.get_absolute_url()
    assert copy.ledger().winner == "John" and copy.hands.count() == 5


def upload_with_key(client, content: bytes, key: str):
    data = {"record": SimpleUploadedFile("game.json", content), "key": key}
    return client.post(reverse("sheets:import"), data)


@pytest.mark.django_db
def test_a_record_sent_twice_with_its_forms_key_makes_one_game(client):
    content = json.dumps(worked_example()).encode()
    first = upload_with_key(client, content, "import-key-0001")
    again = upload_with_key(client, content, "import-key-0001")
    game = Game.objects.get()
    assert first.status_code == again.status_code == 302
    assert again["Location"] == game.get_absolute_url()


@pytest.mark.django_db
def test_the_forms_key_with_another_record_is_refused_and_stores_nothing_more(client):
    upload_with_key(client, json.dumps(worked_example()).encode(), "import-key-0002")
    other = record(["Ann", "Bob"], [{"winner": "Ann", "penalties": {"Bob": 20}}])
    response = upload_with_key(client, json.dumps(other).encode(), "import-key-0002")
    assert response.status_code == 422
    assert "already used for another change" in messages(response)
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_an_imported_game_says_so_in_its_history(client):
    upload(client, json.dumps(worked_example()).encode())
    change = Game.objects.get().changes.get()
    assert change.action == "start" and change.details["imported"] is True
    assert change.text.startswith("Imported the game: ")
