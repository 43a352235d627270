"""A refusal that points at a path value or reads a body that isn't JSON is still a refusal in
the API's shape: never a 500, and the value it names is the one sent."""

import pytest

from kalooki_ledger.games.models import Hand
from tests.games.test_api import api, etag, send
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", [b"x", b"\xff\xfe", b""], ids=["not json", "not utf-8", "none"])
def test_a_hand_zero_deleted_with_any_body_is_422_naming_the_zero_of_the_path(client, body):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "delete", api(game, "/hands/0"), body, **{"If-Match": etag(game)})
    assert response.status_code == 422
    assert response.json()["error"].endswith("not 0.")
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.parametrize("body", [b'{"number": "x", ', b"\xff"], ids=["not json", "not utf-8"])
def test_a_hand_put_with_a_body_that_is_not_json_is_400_not_a_500(client, body):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "put", api(game, "/hands/2"), body, **{"If-Match": etag(game)})
    assert response.status_code == 400
    assert response.json()["problems"] == []
    assert Hand.objects.filter(game=game).count() == 2
