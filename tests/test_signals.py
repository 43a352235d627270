"""The one extension mechanism: the games' signals, each connected by the app above that
answers it (a signal left unconnected would leave Play again, a night's ticks or a PDF's place
silently undone)."""

import pytest
from django.dispatch import Signal

from kalooki_ledger.clubs.links import place_of_game
from kalooki_ledger.games import signals
from kalooki_ledger.nights.commands import settled_with_night
from kalooki_ledger.nights.links import group_offer, join_night
from kalooki_ledger.nights.play_again import offer

CONNECTED = {
    "new_game_started": join_night,
    "new_game_offer": group_offer,
    "new_game_extra": offer,
    "settled_elsewhere": settled_with_night,
    "place_of_game": place_of_game,
}


def test_every_signal_of_the_games_is_named_here():
    defined = {n for n, v in vars(signals).items() if isinstance(v, Signal)}
    assert defined == set(CONNECTED)


@pytest.mark.parametrize("name", sorted(CONNECTED))
def test_each_signal_is_connected_to_its_receiver_by_the_app_above(name):
    sync, _ = getattr(signals, name)._live_receivers(None)  # Django keeps no public list
    assert CONNECTED[name] in sync


def test_answers_keeps_the_receivers_order_and_leaves_empty_answers_out():
    signal = Signal()

    def first(sender, **kwargs):
        return "first"

    def nothing(sender, **kwargs):
        return None

    def last(sender, game, **kwargs):
        return f"last {game}"

    for receiver in (first, nothing, last):
        signal.connect(receiver, weak=False)
    assert signals.answers(signal, game=7) == ["first", "last 7"]
