"""A state a restore discarded can't come back: a game's ETag and its table page's forms name the
version and the revision, so after `manage.py restore` an If-Match (or a form) naming a discarded
state is refused with 409 and the game as it is, and an If-None-Match naming it is answered in
full, even once the game has reached that version again with other hands. On both databases."""

import re

import pytest
from django.core.management import call_command

from kalooki_ledger.games.models import Game, Hand
from tests.games.test_api import api, etag, next_hand, send
from tests.games.test_site_backup import restore, wipe
from tests.games.web import FormClient, hand_post, new_key, stored_game, worked_hands

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def other_hand(number: int) -> dict:
    return {"number": number, "winner": "Mark", "penalties": {"Andy": 3, "John": 4, "Frank": 5}}


def discarded_state(client, tmp_path) -> tuple[Game, str, dict]:
    """A game backed up at hand 3, then hand 4 recorded and the table page read (its ETag and
    its form's hidden state kept), then restored and hand 4 recorded again with other values:
    the game is back at the version the kept state names, with other hands."""
    game = stored_game(hands=worked_hands()[:2])
    assert send(client, "post", api(game, "/hands"), next_hand(3)).status_code == 201
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    gone = send(client, "post", api(game, "/hands"), next_hand(4))
    assert gone.status_code == 201
    page = client.get(f"/g/{game.edit_token}/").content.decode()
    form = {
        name: re.search(rf'name="{name}" value="([^"]*)"', page).group(1)
        for name in ("version", "revision")
    }
    wipe()
    restore(path)
    game = Game.objects.get(edit_token=game.edit_token)
    assert send(client, "post", api(game, "/hands"), other_hand(4)).status_code == 201
    assert gone["ETag"].startswith(f'"{Game.objects.get(pk=game.pk).version}.')
    return game, gone["ETag"], form


def test_after_a_restore_an_if_match_naming_a_discarded_state_is_409_with_the_game_now(
    client, tmp_path
):
    game, gone, _ = discarded_state(client, tmp_path)
    edited = {"winner": "John", "penalties": {"Andy": 9, "Mark": 9, "Frank": 9}}
    response = send(client, "put", api(game, "/hands/2"), edited, **{"If-Match": gone})
    assert response.status_code == 409
    assert "version" in response.json()["error"]
    assert response.json()["game"]["hands"][3]["winner"] == "Mark"
    assert response["ETag"] == etag(game) != gone
    assert Hand.objects.get(game=game, number=2).winner.name == "Andy"


def test_after_a_restore_a_hand_sent_on_a_discarded_state_is_409_and_stores_nothing(
    client, tmp_path
):
    game, gone, _ = discarded_state(client, tmp_path)
    response = send(client, "post", api(game, "/hands"), next_hand(5), **{"If-Match": gone})
    assert response.status_code == 409
    assert Hand.objects.filter(game=game).count() == 4


def test_after_a_restore_an_if_none_match_naming_a_discarded_state_gets_the_game_again(
    client, tmp_path
):
    game, gone, _ = discarded_state(client, tmp_path)
    response = client.get(api(game), headers={"If-None-Match": gone})
    assert response.status_code == 200
    assert response.json()["hands"][3]["winner"] == "Mark"
    assert client.get(api(game), headers={"If-None-Match": etag(game)}).status_code == 304


def test_after_a_restore_the_table_form_of_a_discarded_state_is_409_and_stores_nothing(
    client, tmp_path
):
    game, _, form = discarded_state(client, tmp_path)
    assert form["version"] == str(Game.objects.get(pk=game.pk).version)
    post = {**hand_post(5, "Andy", game, Mark=10, John=11, Frank=12), **form, "key": new_key()}
    response = FormClient().post(f"/g/{game.edit_token}/hands/", post)
    assert response.status_code == 409
    assert Hand.objects.filter(game=game).count() == 4
    # The same form naming the state the game is in now is taken.
    now = {**post, "revision": Game.objects.get(pk=game.pk).revision, "key": new_key()}
    assert FormClient().post(f"/g/{game.edit_token}/hands/", now).status_code in (200, 302)
    assert Hand.objects.filter(game=game).count() == 5


def test_a_state_the_backup_holds_is_still_one_the_game_had(client, tmp_path):
    game = stored_game(hands=worked_hands()[:2])
    before = etag(game)
    assert send(client, "post", api(game, "/hands"), next_hand(3)).status_code == 201
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    wipe()
    restore(path)
    game = Game.objects.get(edit_token=game.edit_token)
    # Hand 3 was recorded on the state `before` names, and the backup holds that line: a date
    # set on it is taken (a hand since changes no date).
    body = {"played_on": "2026-11-20"}
    response = send(client, "post", api(game, "/date"), body, **{"If-Match": before})
    assert response.status_code == 200
    assert Game.objects.get(pk=game.pk).played_on.isoformat() == "2026-11-20"


def test_a_form_whose_version_field_holds_a_whole_etag_names_that_state(client, tmp_path):
    game, gone, _ = discarded_state(client, tmp_path)
    post = {**hand_post(5, "Andy", game, Mark=10, John=11, Frank=12), "key": new_key()}
    stale = {**post, "version": gone.strip('"'), "revision": ""}
    assert FormClient().post(f"/g/{game.edit_token}/hands/", stale).status_code == 409
    now = {**post, "version": etag(game).strip('"'), "key": new_key()}
    assert FormClient().post(f"/g/{game.edit_token}/hands/", now).status_code in (200, 302)
    assert Hand.objects.filter(game=game).count() == 5
