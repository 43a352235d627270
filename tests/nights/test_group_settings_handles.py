"""The group's handle forms are the games' own: one `games.handles.handle_rows` writes the rows
of a game's players and of a group's regulars."""

import pytest

from kalooki_ledger.games import commands, handles
from kalooki_ledger.games.handles import SetHandle
from kalooki_ledger.nights.group_settings import SetGroupHandle
from kalooki_ledger.nights.settings_views import handle_rows
from tests.nights.factories import finished, group, sent

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Bob", "Cid", "Dan"]


def test_a_group_and_a_game_with_the_same_handles_offer_the_same_rows():
    friends = group("Fredagsgänget", regulars=PLAYERS, currency="SEK")
    game = finished(PLAYERS, currency="SEK")
    assert commands.apply(
        friends, sent(friends.version), SetGroupHandle("Bob", "swish", "0701234567")
    ).applied
    assert commands.apply(
        game, sent(game.version), SetHandle(game, "Bob", "swish", "0701234567")
    ).applied
    game.refresh_from_db()
    friends.refresh_from_db()
    rows = handle_rows(friends)
    assert rows == handles.form_rows(
        game, game.ledger().game.stakes.currency, game.ledger().game.players
    )
    assert rows == handles.handle_rows("SEK", PLAYERS, {"Bob": ["swish", "0701234567"]})
    assert [r["shown"] for r in rows["rows"]] == ["", "Swish", "", ""]


def test_no_rows_where_no_service_takes_the_money():
    assert handles.handle_rows("units", PLAYERS, {}) is None
    assert handle_rows(group("Chips", regulars=PLAYERS)) is None
