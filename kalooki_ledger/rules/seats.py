"""The seats of a game: checked before any hand is scored, and walked clockwise for the deal
and for who decides first."""

from collections.abc import Container

from .errors import RecordError, as_json, problem
from .game import Game
from .names import first_lookalike, first_repeat

MIN_PLAYERS = 2
MAX_PLAYERS = 6


def check_seats(game: Game) -> None:
    """Raises RecordError for seats, dealer or limit that no hand could be scored under."""
    rules = game.rules
    names = game.players
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RecordError(
            problem("players-count", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names))
        )
    if any(not n.strip() for n in names):
        raise RecordError(problem("player-unnamed"))
    twice = first_repeat(names)
    if twice is not None:
        raise RecordError(problem("player-twice", name=twice))
    alike = first_lookalike(names)
    if alike is not None:
        raise RecordError(problem("players-lookalike", one=alike[0], other=alike[1]))
    if game.first_dealer not in names:
        raise RecordError(
            problem(
                "first-dealer-unknown", name=as_json(game.first_dealer), players=", ".join(names)
            )
        )
    if rules.limit < 1:
        raise RecordError(problem("limit-too-low"))


def next_in(seats: tuple[str, ...], start: int, out: Container[str]) -> int | None:
    """Index of the first seat clockwise after `start` whose player is not `out`."""
    n = len(seats)
    for step in range(1, n + 1):
        index = (start + step) % n
        if seats[index] not in out:
            return index
    return None


def from_left_of(seats: tuple[str, ...], index: int) -> list[str]:
    """The seats in clockwise order starting with the one to the left of `index`."""
    n = len(seats)
    return [seats[(index + step) % n] for step in range(1, n + 1)]
