"""A family of scoring as one record: what its games set and stake, what its hands record, how
they replay and the words it uses. Each family's module makes its record; families.py lists them.
Its keys are enums of strings, so the record's JSON and older callers' strings compare equal."""

from dataclasses import dataclass
from enum import StrEnum


class FamilyKey(StrEnum):
    """A family as the record's rules name it."""

    ELIMINATION = "elimination"
    POSITIVE = "positive"
    PER_HAND = "per-hand"
    FIXED_DEALS = "fixed-deals"


class Take(StrEnum):
    """What a hand may record besides its winner, named as the record's hand keys."""

    VALUES = "values"  # each loser's hand value, as a number or the cards
    COUNTS = "counts"  # each loser's cards and jokers left (per-hand)
    ADJUSTMENTS = "adjustments"  # penalty points added, with their reasons
    BUY_INS = "buy_ins"  # the buy-in decisions of those over the limit


class Stake(StrEnum):
    """A stake a game may play for: a field of config.Stakes and a key of the record's stakes."""

    CALL_UP = "call_up"
    KALOOKIE = "kalookie"
    INITIAL = "initial"
    BUY_IN = "buy_in"
    PER_POINT = "per_point"


@dataclass(frozen=True)
class Family:
    key: FamilyKey
    settings: tuple[str, ...]  # the rule settings a game of it may change from its preset
    stakes: tuple[Stake, ...]  # the stakes it plays for
    takes: frozenset[Take]  # what its hands record besides a winner
    replay: type  # its subclass of replay.Replay; named loosely, as replay.py takes a Family
    lowest_wins: bool
    eliminates: bool  # players go out over a limit and may buy back in; a pool and no leader
    plays_deals: bool  # a fixed schedule of deals, each with its contract
    has_target: bool  # a game may end when someone reaches a target
    # Its words, plain English marked for translation (words.gettext_noop); games/present
    # translates them as it writes them into sentences.
    kalookie_word: str  # the check box: "Kalookie", "Bent the table"
    kalookie_means: str  # what the box means, with the cards held: "went out with all %(held)s…"
    kalookie_how: str  # "won by kaluki", "won by bending the table"
    pot_word: str  # what the stakes put in make: "pool" or "pot"
    points_title: str  # the points columns: "Penalty points"
    total_word: str  # the standings' column: "Total" or "Points"
    sheet_title: str  # the web sheet's points heading, with its marks
    legend: str  # the printed sheet's marks

    def takes_buy_ins(self) -> bool:
        return Take.BUY_INS in self.takes

    def takes_counts(self) -> bool:
        return Take.COUNTS in self.takes

    def takes_adjustments(self) -> bool:
        return Take.ADJUSTMENTS in self.takes

    def __str__(self) -> str:
        return str(self.key)
