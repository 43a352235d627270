"""The families of scoring, one record each, in one list; and the engine's entry points, which
replay a game by its family."""

from .elimination import ELIMINATION
from .errors import RecordError, problem
from .family import Family
from .fixed_deals import FIXED_DEALS
from .game import Game, Hand
from .ledger import Ledger
from .per_hand import PER_HAND
from .positive import POSITIVE
from .seats import check_seats

FAMILIES: tuple[Family, ...] = (ELIMINATION, POSITIVE, PER_HAND, FIXED_DEALS)
_BY_KEY = {f.key: f for f in FAMILIES}


def family_of(key: str) -> Family:
    """The family a game's rules name; RecordError for one there is none of."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise RecordError(problem("family-unavailable", family=key)) from None


def check_setup(game: Game) -> None:
    """Raises RecordError for a family, seats, dealer or rules no hand could be scored under."""
    family_of(game.rules.family)
    check_seats(game)


def replay(game: Game) -> Ledger:
    """Everything derived from the recorded hands; conflicting hands are kept and explained."""
    family = family_of(game.rules.family)
    return family.replay(game, family).run()


def extend(ledger: Ledger, hand: Hand) -> Ledger:
    """The ledger with one more hand, exactly as `replay(ledger.game.with_hand(hand))` gives it:
    a game in progress plays on from where it stands instead of from the first hand."""
    game = ledger.game.with_hand(hand)
    if ledger.status != "in-progress" or ledger.problems or game.stopped:
        return replay(game)
    family = family_of(game.rules.family)
    run = family.replay.resuming(ledger, family)
    run.game = game
    run.play(len(game.hands), hand, is_last=True)
    return run.ledger()


def check(game: Game) -> Ledger:
    """The ledger of a game that must be wholly consistent (an import); raises the first problem."""
    ledger = replay(game)
    if ledger.problems:
        raise RecordError(*ledger.problems)
    return ledger
