"""The JSON API by a hostile hand: a watch link never writes, whatever the method; a guessed or
broken link finds nothing; a cross-site request has no cookie to borrow."""

import json

import pytest

from tests.games.web import new_key
from tests.security.factories import snapshot, stored_game

pytestmark = pytest.mark.django_db

WRITES = [
    ("post", "/hands", {"number": 1, "winner": "Andy", "penalties": {"Mark": 5}}),
    ("put", "/hands/1", {"winner": "Andy", "penalties": {"Mark": 5}}),
    ("delete", "/hands/1", None),
    ("post", "/undo", {"number": 1}),
    ("post", "/buy-ins", {"number": 1, "player": "Mark", "bought_in": True}),
    ("post", "/stop", {"settle": "refund"}),
    ("post", "/paid", {"transfers": [{"from": "A", "to": "B", "amount": "1", "paid": True}]}),
    ("post", "/date", {"played_on": "2026-11-20"}),
]


@pytest.mark.parametrize(("method", "path", "body"), WRITES, ids=[f"{m} {p}" for m, p, _ in WRITES])
def test_a_watch_link_writes_nothing_through_the_api(client, method, path, body):
    game = stored_game()
    before = snapshot()
    response = getattr(client, method)(
        f"/api/v1/games/{game.share_token}{path}",
        json.dumps(body or {}),
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": f'"{game.version}"'},
    )
    assert response.status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize("token", ["x" * 24, "short", "a" * 65])
def test_a_guessed_link_finds_nothing(client, token):
    response = client.get(f"/api/v1/games/{token}")
    assert response.status_code == 404


def test_a_cross_site_post_with_the_site_cookies_but_not_the_link_finds_nothing(client):
    game = stored_game()
    client.get(game.get_absolute_url())  # the phone has the site's cookies
    before = snapshot()
    response = client.post(
        "/api/v1/games/" + "y" * 24 + "/hands",
        json.dumps({"number": 1, "void": True}),
        content_type="application/json",
        headers={"Idempotency-Key": new_key()},
    )
    assert response.status_code == 404
    assert snapshot() == before
