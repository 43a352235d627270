"""A change that would change nothing writes nothing: no new version, no history line; or it is
refused (422) saying why."""

import pytest

from kalooki_ledger.games.models import Change, Game, PaidTransfer
from tests.games.test_api import api, etag, next_hand, send
from tests.games.test_commands import sent
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.django_db


def unchanged(game: Game) -> tuple[int, int]:
    return Game.objects.get(pk=game.pk).version, Change.objects.filter(game=game).count()


def test_paying_a_transfer_the_results_do_not_list_is_422_and_marks_nothing(client):
    game = stored_game(hands=worked_hands())
    before = unchanged(game)
    made_up = [{"from": "Mark", "to": "Andy", "amount": "99.00", "paid": True}]
    response = send(client, "post", api(game, "/paid"), {"transfers": made_up})
    assert response.status_code == 422
    assert "no transfer of 99.00 from Mark to Andy" in response.json()["error"]
    assert unchanged(game) == before
    assert not PaidTransfer.objects.filter(game=game).exists()


def test_a_stop_without_settle_is_422(client):
    game = stored_game(hands=worked_hands()[:3])
    before = unchanged(game)
    response = send(client, "post", api(game, "/stop"), {}, **{"If-Match": etag(game)})
    assert response.status_code == 422
    assert unchanged(game) == before


def test_taking_back_the_stop_of_a_game_never_stopped_writes_nothing(client):
    game = stored_game(hands=worked_hands()[:3])
    before = unchanged(game)
    body = {"settle": None}
    response = send(client, "post", api(game, "/stop"), body, **{"If-Match": etag(game)})
    assert response.status_code == 200
    assert unchanged(game) == before
    assert not Change.objects.filter(game=game, summary__startswith="Took back").exists()


def test_a_refund_sent_again_with_a_new_key_adds_no_history_line(client):
    game = stored_game(hands=worked_hands()[:3])
    body = {"settle": "refund"}
    first = send(client, "post", api(game, "/stop"), body, **{"If-Match": etag(game)})
    assert first.status_code == 200
    after_first = unchanged(game)
    again = send(client, "post", api(game, "/stop"), body, **{"If-Match": etag(game)})
    assert again.status_code == 200
    assert unchanged(game) == after_first


def test_the_stop_form_sent_again_from_a_fresh_page_adds_no_history_line(client):
    game = stored_game(hands=worked_hands()[:3])
    first = client.post(f"/g/{game.edit_token}/stop/", sent(game, {"settle": "split"}))
    assert first.status_code == 302
    after_first = unchanged(game)
    response = client.post(f"/g/{game.edit_token}/stop/", sent(game, {"settle": "split"}))
    assert response.status_code == 302
    assert unchanged(game) == after_first


@pytest.mark.parametrize("number", [0, -1])
def test_a_hand_number_below_one_is_422_not_out_of_date(client, number):
    game = stored_game(hands=worked_hands()[:2])
    before = unchanged(game)
    response = send(client, "post", api(game, "/hands"), next_hand(number))
    assert response.status_code == 422
    assert "out of date" not in response.json()["error"]
    assert unchanged(game) == before


def test_a_hand_number_no_game_can_reach_is_422(client):
    game = stored_game(hands=worked_hands()[:2])
    before = unchanged(game)
    response = send(client, "post", api(game, "/hands"), next_hand(10**30))
    assert response.status_code == 422
    assert "at most 1000" in response.json()["error"]
    assert unchanged(game) == before


def test_a_made_up_if_match_is_not_told_another_phone_recorded_a_hand(client):
    game = stored_game(hands=worked_hands()[:3])
    before = unchanged(game)
    edited = {"winner": "John", "penalties": {"Andy": 20, "Mark": 21, "Frank": 22}}
    response = send(client, "put", api(game, "/hands/2"), edited, **{"If-Match": '"77"'})
    assert response.status_code == 422
    assert "another phone" not in response.json()["error"]
    assert unchanged(game) == before


def test_a_hand_form_with_a_version_the_game_never_had_is_refused_saying_so(client):
    game = stored_game(hands=worked_hands()[:2])
    before = unchanged(game)
    form = {**sent(game, {"number": "3", "winner": "Andy"}), "version": "41"}
    response = client.post(f"/g/{game.edit_token}/hands/", form)
    assert response.status_code == 422
    assert "never had" in response.content.decode()
    assert unchanged(game) == before


@pytest.mark.parametrize("path", ["/undo", "/buy-ins"])
def test_an_undo_or_buy_in_naming_a_hand_no_game_has_is_422_not_out_of_date(client, path):
    game = stored_game(hands=worked_hands()[:2])
    before = unchanged(game)
    body = {"number": 10**30, "player": "Andy", "bought_in": True}
    response = send(client, "post", api(game, path), body)
    assert response.status_code == 422
    assert unchanged(game) == before


def test_a_form_hand_number_no_game_can_reach_is_refused_saying_what_is_allowed(client):
    game = stored_game(hands=worked_hands()[:2])
    before = unchanged(game)
    form = sent(game, {"number": str(10**30), "winner": "Andy"})
    response = client.post(f"/g/{game.edit_token}/hands/", form)
    assert response.status_code == 422
    assert "1 to 1000" in response.content.decode()
    assert unchanged(game) == before
