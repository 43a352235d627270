"""A game's money is asked once: a game of a night takes no tick on its own page (the table's
form and the API's paid endpoint are refused with why), and a game can't be taken out of a
night whose payments were made against its money."""

import json
import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.commands import Verdict
from kalooki_ledger.games.models import PaidTransfer
from kalooki_ledger.nights.commands import RecordPayment, TakeBackPayment, TakeOutGame
from kalooki_ledger.nights.models import Night

from .factories import finished, group, night, sent

pytestmark = pytest.mark.django_db
SETTLED = "This game&#x27;s money is settled with its night"


def fresh(row):
    return type(row).objects.get(pk=row.pk)


def apply(row, command):
    row = fresh(row)
    return commands.apply(row, sent(row.version), command)


def test_a_game_of_a_night_is_refused_a_tick_on_its_own_page_with_why(client):
    game = finished()
    n = night(group(), game)
    response = client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    assert response.status_code == 422
    assert SETTLED in response.content.decode()
    assert str(n) in response.content.decode()
    assert not PaidTransfer.objects.exists()


def test_a_game_of_a_night_is_refused_a_tick_through_the_api_with_why(client):
    game = finished()
    night(group(), game)
    body = {"transfers": [{"from": "Mark", "to": "John", "amount": "16", "paid": True}]}
    response = client.post(
        f"/api/v1/games/{game.edit_token}/paid",
        json.dumps(body),
        content_type="application/json",
        headers={"Idempotency-Key": secrets.token_urlsafe(12)},
    )
    assert response.status_code == 422
    assert "settled with its night" in response.content.decode()
    assert not PaidTransfer.objects.exists()


def test_a_game_taken_out_of_its_night_can_be_ticked_again(client):
    game = finished()
    n = night(group(), game)
    assert apply(n, TakeOutGame(game.pk)).applied
    response = client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    assert response.status_code == 302
    assert PaidTransfer.objects.get().payer == "Mark"


def test_taking_a_game_out_of_a_night_with_payments_is_refused_with_why():
    game = finished()
    n = night(group(), game)
    assert apply(n, RecordPayment("Mark", "John", Decimal(16))).applied
    outcome = apply(n, TakeOutGame(game.pk))
    assert outcome.verdict is Verdict.REFUSED
    assert "take the payments back first" in outcome.notice
    assert fresh(n).night_games.filter(game=game).exists()
    assert dict(fresh(n).settle().owed)["John"] == 14


def test_a_game_can_be_taken_out_once_the_payments_are_taken_back():
    game = finished()
    n = night(group(), game)
    assert apply(n, RecordPayment("Mark", "John", Decimal(16))).applied
    payment = Night.objects.get(pk=n.pk).night_payments.get()
    assert apply(n, TakeBackPayment(payment.pk)).applied
    assert apply(n, TakeOutGame(game.pk)).applied
    assert not fresh(n).night_games.exists()
