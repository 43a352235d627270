from decimal import Decimal

import pytest

from kalooki_ledger.games.models import BuyInDecision
from tests.games.web import over_limit_hands, stored_game, stored_ledger

pytestmark = pytest.mark.django_db


def buy_in_url(game) -> str:
    return f"/g/{game.edit_token}/buy-in/"


def two_over() -> list[dict]:
    """Andy and Mark both go over in hand 1 (won by Frank): Mark, left of Frank... in seat order."""
    return [
        {"winner": "John", "penalties": {"Andy": 148, "Mark": 148, "Frank": 10}},
        {"winner": "John", "penalties": {"Andy": 10, "Mark": 10, "Frank": 10}},
    ]


def test_buying_in_goes_back_to_the_highest_total_within_and_pays_the_pool(client):
    game = stored_game(hands=over_limit_hands())
    response = client.post(buy_in_url(game), {"player": "Mark", "hand": "4", "choice": "in"})
    assert response.status_code == 302
    ledger = stored_ledger(game)
    assert ledger.standing("Mark").total == 127
    assert ledger.standing("Mark").buy_ins == 1
    assert ledger.pool == Decimal("2.50")
    assert ledger.can_record_hand


def test_dropping_out_puts_the_player_out(client):
    game = stored_game(hands=over_limit_hands())
    client.post(buy_in_url(game), {"player": "Mark", "hand": "4", "choice": "out"})
    assert stored_ledger(game).standing("Mark").out


def test_players_over_are_asked_one_at_a_time_from_the_left_of_the_winner(client):
    game = stored_game(hands=two_over())
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Andy is on 158 — buy in for £0.50 and go back to 20?" in html
    client.post(buy_in_url(game), {"player": "Andy", "hand": "2", "choice": "in"})
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Mark is on 158 — buy in for £0.50 and go back to 20?" in html


def test_it_refuses_an_answer_for_a_player_not_yet_asked(client):
    game = stored_game(hands=two_over())
    response = client.post(buy_in_url(game), {"player": "Mark", "hand": "2", "choice": "in"})
    assert response.status_code == 409
    assert not BuyInDecision.objects.exists()


def test_a_repeated_answer_is_kept_once(client):
    game = stored_game(hands=over_limit_hands())
    client.post(buy_in_url(game), {"player": "Mark", "hand": "4", "choice": "in"})
    response = client.post(buy_in_url(game), {"player": "Mark", "hand": "4", "choice": "out"})
    assert response.status_code == 409
    assert "already answered" in response.content.decode()
    assert BuyInDecision.objects.get().bought_in is True


def test_it_refuses_an_answer_that_is_neither_in_nor_out(client):
    game = stored_game(hands=over_limit_hands())
    response = client.post(buy_in_url(game), {"player": "Mark", "hand": "4", "choice": "maybe"})
    assert response.status_code == 409
    assert not BuyInDecision.objects.exists()
