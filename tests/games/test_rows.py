"""A game's row by its token and its paid set, through SQL written once per process
(games/rows.py): the same values, converted the same way, as the ORM's own look-ups."""

import datetime
import threading
from decimal import Decimal

import pytest
from django.db import connections
from django.http import Http404

from kalooki_ledger.games import rows
from kalooki_ledger.games.models import Game, PaidTransfer
from kalooki_ledger.games.store import import_record
from kalooki_ledger.games.views.base import game_of

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]

PLAYERS = ["Andy", "Mark", "John", "Frank"]


def record(hands: int = 3) -> dict:
    """A four-player record with stakes in pence and a rule overridden, played on a set day."""
    return {
        "format": "kalooki-game/1",
        "title": "Friday at Mark's",
        "played_on": "2026-11-20",
        "rules": {"preset": "british", "limit": 10_000},
        "stakes": {"currency": "GBP", "call_up": "0.10", "kalookie": "0.25", "initial": "1.05"},
        "players": PLAYERS,
        "hands": [
            {
                "winner": PLAYERS[n % 4],
                "penalties": {p: 3 + n for p in PLAYERS if p != PLAYERS[n % 4]},
            }
            for n in range(hands)
        ],
    }


def full_game() -> Game:
    """A stored game with every kind of column filled: decimals, JSON, a date, a stop."""
    game = import_record(record())
    game.pay_handles = {"John": ["swish", "0701234567"]}
    game.per_point = Decimal("0.0125")
    game.stopped = "split"
    game.save()
    return game


def same_fields(loaded: Game, expected: Game) -> None:
    for field in Game._meta.concrete_fields:
        got, want = getattr(loaded, field.attname), getattr(expected, field.attname)
        assert got == want, field.name
        assert type(got) is type(want), field.name
        if isinstance(want, Decimal):  # the same digits, not only the same number
            assert got.as_tuple() == want.as_tuple(), field.name


def test_the_row_by_edit_token_is_the_orms_field_by_field():
    game = full_game()
    loaded = game_of(edit_token=game.edit_token)
    expected = Game.objects.get(edit_token=game.edit_token)
    same_fields(loaded, expected)
    assert loaded.rule_overrides and loaded.pay_handles
    assert loaded.played_on == datetime.date(2026, 11, 20)
    assert loaded.stopped == "split"
    assert loaded.per_point == Decimal("0.0125")
    assert not loaded._state.adding
    assert loaded._state.db == expected._state.db


def test_the_row_by_share_token_is_the_orms_field_by_field():
    game = full_game()
    loaded = rows.game_by_token("share_token", game.share_token)
    same_fields(loaded, Game.objects.get(share_token=game.share_token))
    assert not loaded._state.adding
    assert loaded == game


@pytest.mark.django_db(transaction=True)
def test_the_row_loaded_in_another_thread_is_converted_on_that_threads_connection():
    game = full_game()
    rows.game_by_token("edit_token", game.edit_token)  # this thread's converters first
    loaded: list[Game] = []

    def load() -> None:  # a runserver thread: a connection of its own, closed when it is done
        try:
            loaded.append(rows.game_by_token("edit_token", game.edit_token))
        finally:
            connections.close_all()

    thread = threading.Thread(target=load)
    thread.start()
    thread.join()
    same_fields(loaded[0], Game.objects.get(pk=game.pk))


def test_an_unknown_token_is_no_game_and_its_page_a_404():
    import_record(record())
    with pytest.raises(Game.DoesNotExist):
        rows.game_by_token("edit_token", "no-such-token")
    with pytest.raises(Game.DoesNotExist):
        rows.game_by_token("share_token", "no-such-token")
    with pytest.raises(Http404):
        game_of(edit_token="no-such-token")
    with pytest.raises(Http404):
        game_of(share_token="no-such-token")


def test_a_saved_change_is_seen_by_the_next_load():
    game = full_game()
    before = game_of(edit_token=game.edit_token)
    Game.objects.filter(pk=game.pk).update(title="Saturday", version=7)
    after = game_of(edit_token=game.edit_token)
    assert (before.title, before.version) == ("Friday at Mark's", 0)
    assert (after.title, after.version) == ("Saturday", 7)
    assert game_of(share_token=game.share_token).title == "Saturday"


def test_other_lookups_still_load_through_the_orm():
    game = full_game()
    same_fields(game_of(pk=game.pk), Game.objects.get(pk=game.pk))


def test_the_paid_set_is_the_orms_with_the_same_decimal_digits():
    game = full_game()
    other = import_record(record())
    for payer, payee, amount in [("Andy", "Mark", "1.25"), ("John", "Frank", "0.05")]:
        PaidTransfer.objects.create(game=game, payer=payer, payee=payee, amount=Decimal(amount))
    PaidTransfer.objects.create(game=other, payer="Mark", payee="Andy", amount=Decimal("3"))
    expected = {(t.payer, t.payee, t.amount) for t in game.paid_transfers.all()}
    paid = rows.paid_set(game)
    assert (
        paid
        == expected
        == {
            ("Andy", "Mark", Decimal("1.25")),
            ("John", "Frank", Decimal("0.05")),
        }
    )
    digits = sorted((p, a.as_tuple()) for p, _, a in paid)
    assert digits == sorted((p, a.as_tuple()) for p, _, a in expected)
    assert all(type(amount) is Decimal for _, _, amount in paid)
    assert rows.paid_set(import_record(record())) == set()
