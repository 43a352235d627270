"""A night's ETag names what it shows: it moves when one of its games takes a hand, and an
If-Match naming what it showed before is refused with 409 and the night as it is."""

import json

import pytest

from kalooki_ledger.games.models import Game
from tests.games.test_api import api, send
from tests.games.web import new_key, stored_game
from tests.nights.factories import group, night

pytestmark = pytest.mark.django_db

FOUR = "Andy Mark John Frank"


def a_night_with_a_game_under_way():
    game = stored_game(FOUR, [{"winner": "John", "penalties": {"Andy": 5, "Mark": 6, "Frank": 7}}])
    return night(group(currency="GBP"), game), game


def test_a_nights_etag_moves_when_one_of_its_games_takes_a_hand(client):
    n, game = a_night_with_a_game_under_way()
    url = f"/api/v1/nights/{n.share_token}"
    before = client.get(url)["ETag"]
    hand = {"number": 2, "winner": "Andy", "penalties": {"Mark": 10, "John": 11, "Frank": 12}}
    assert (
        send(client, "post", api(Game.objects.get(pk=game.pk), "/hands"), hand).status_code == 201
    )
    assert client.get(url, headers={"If-None-Match": before}).status_code == 200
    after = client.get(url)["ETag"]
    assert after != before
    assert client.get(url, headers={"If-None-Match": after}).status_code == 304


def test_a_night_change_naming_what_it_showed_before_a_game_took_a_hand_is_409(client):
    n, game = a_night_with_a_game_under_way()
    before = client.get(f"/api/v1/nights/{n.share_token}")["ETag"]
    hand = {"number": 2, "winner": "Andy", "penalties": {"Mark": 10, "John": 11, "Frank": 12}}
    send(client, "post", api(Game.objects.get(pk=game.pk), "/hands"), hand)
    response = client.post(
        f"/api/v1/nights/{n.edit_token}/close",
        json.dumps({"how": "carry"}),
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": before},
    )
    assert response.status_code == 409
    assert response.json()["now"]["games"][0]["hands"][1]["winner"] == "Andy"
    assert response["ETag"] != before
