"""The one way an app above the games extends them: Django signals, defined here and connected
by the higher app in its `AppConfig.ready` (nights, clubs). The games and the sheets send them
and read what the receivers answer (`answers`); with no receiver connected they go on as a
game with nothing above it. Template values come from context processors instead."""

from typing import Any

from django.dispatch import Signal

# A game the new-game form started, in the game's transaction (request=, game=): nights keeps
# it in the night the form names, or makes a night of both games (Play again).
new_game_started = Signal()
# The new-game form's first values (request=): each answers a dict of them, or {} (nights: a
# group's regulars, rules and stakes).
new_game_offer = Signal()
# A piece the new-game form adds (request=): each answers a dict naming its "template" and what
# it shows, or None (nights: Play again keeps both games in one night).
new_game_extra = Signal()
# Why a game's own ticks are refused (game=): a sentence, or None (nights: the game is settled
# with its night).
settled_elsewhere = Signal()
# Where a stored game was played, for its PDF (game=): a line such as "Friday Club", or "".
place_of_game = Signal()


def answers(signal: Signal, **named: Any) -> list[Any]:
    """What the connected receivers answered, in the order they were connected, empty answers
    left out; a receiver's error is the sender's (never swallowed: a join runs in a write)."""
    return [answer for _, answer in signal.send(sender=None, **named) if answer]
