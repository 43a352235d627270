"""The outbox sends a kept hand, undo or buy-in with If-Match naming the whole state its page
showed: what changed no hand since (the date, a payment, a handle) still lets it through, another
phone's hand does not (issue 40)."""

import pytest

from kalooki_ledger.games.models import Game, Hand
from tests.games.test_api import api, etag, next_hand, send
from tests.games.web import over_limit_hands, stored_game, worked_hands

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]  # commands: compare-and-set SQL


def dated_elsewhere(client, game: Game) -> None:
    body = {"played_on": "2026-11-20"}
    assert (
        send(client, "post", api(game, "/date"), body, **{"If-Match": etag(game)}).status_code
        == 200
    )


def test_an_undo_kept_before_another_phone_set_the_date_is_applied(client):
    game = stored_game(hands=worked_hands()[:2])
    held = etag(game)
    dated_elsewhere(client, game)
    response = send(client, "post", api(game, "/undo"), {"number": 2}, **{"If-Match": held})
    assert response.status_code == 200
    assert Hand.objects.filter(game=game).count() == 1


def test_a_buy_in_kept_before_another_phone_set_the_date_is_applied(client):
    game = stored_game(hands=over_limit_hands())
    held = etag(game)
    dated_elsewhere(client, game)
    body = {"number": 4, "player": "Mark", "bought_in": True}
    response = send(client, "post", api(game, "/buy-ins"), body, **{"If-Match": held})
    assert response.status_code == 200
    assert response.json()["hands"][3]["buy_ins"] == {"Mark": True}


def test_an_undo_kept_before_another_phones_hand_is_409_and_undoes_nothing(client):
    game = stored_game(hands=worked_hands()[:2])
    held = etag(game)
    assert send(client, "post", api(game, "/hands"), next_hand(3)).status_code == 201
    response = send(client, "post", api(game, "/undo"), {"number": 2}, **{"If-Match": held})
    assert response.status_code == 409
    assert Hand.objects.filter(game=game).count() == 3
