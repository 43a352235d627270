"""An If-Match names a whole state or a bare version: a tag whose part after the dot is cut or
padded is refused (400 saying what an ETag looks like), never read as a bare version."""

import pytest

from kalooki_ledger.games.models import Hand
from tests.games.test_api import api, next_hand, send
from tests.games.web import new_key, stored_game, worked_hands
from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("part", ["0" * 16, "0" * 31, "0" * 33], ids=["16", "31", "33"])
def test_a_game_if_match_whose_revision_is_not_32_hex_is_400_and_stores_nothing(client, part):
    game = stored_game(hands=worked_hands()[:2])
    tag = f'"{game.version}.{part}"'
    response = send(client, "post", api(game, "/hands"), next_hand(3), **{"If-Match": tag})
    assert response.status_code == 400
    assert "bare version" in response.json()["error"]
    assert Hand.objects.filter(game=game).count() == 2


def test_a_bare_game_version_is_still_taken_as_a_version_only_check(client):
    game = stored_game(hands=worked_hands()[:2])
    tag = f'"{game.version}"'
    response = send(client, "post", api(game, "/hands"), next_hand(3), **{"If-Match": tag})
    assert response.status_code == 201
    assert Hand.objects.filter(game=game).count() == 3


@pytest.mark.parametrize("part", ["0" * 15, "0" * 32], ids=["15", "32"])
def test_a_night_if_match_whose_digest_is_not_16_hex_is_400_and_stores_nothing(client, part):
    n = night(group(), finished())
    response = client.post(
        f"/api/v1/nights/{n.edit_token}/payments",
        '{"from": "Mark", "to": "John", "amount": "1.00"}',
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": f'"{n.version}.{part}"'},
    )
    assert response.status_code == 400
    assert "bare version" in response.json()["error"]
    assert n.night_payments.count() == 0


def test_the_schema_says_which_if_match_each_address_takes(client):
    paths = client.get("/api/v1/openapi.json").json()["paths"]
    game = next(p for p in paths if p.startswith("/api/v1/games/") and p.endswith("/hands"))
    pay = next(p for p in paths if p.endswith("/payments"))

    def if_match(path):
        header = [p for p in paths[path]["post"]["parameters"] if p["name"] == "If-Match"]
        return header[0]["schema"]["pattern"]

    assert "{32}" in if_match(game) and "16" not in if_match(game)
    assert "{16}" in if_match(pay) and "32" not in if_match(pay)
    words = [p.get("description", "") for p in paths[pay]["post"]["parameters"]]
    assert any("bare version" in said for said in words)
