"""The hand form's inputs: their names and keypads, a player's row, the cards an edit keeps."""

import re
from dataclasses import dataclass, replace

from django.utils.translation import gettext_lazy

from kalooki_ledger import rules as engine

# The reason a ticked challenge box writes: the scorer's words, kept as if typed.
CHALLENGE_REASON = gettext_lazy("Lost a challenge")
REASON_MAX = 200  # as Entry.reason keeps


# A player's inputs in the hand form are named "<kind>-<seat>"; the kinds that hold what was
# typed for the hand, and each number box's keypad (inputmode, pattern).
TYPED_KINDS = ("value", "cards", "jokers", "adjust", "reason")
TYPED = re.compile(rf"({'|'.join(TYPED_KINDS)})-[0-9]+")
KEYPADS = {
    "value": ("numeric", "[0-9]*"),
    "cards": ("numeric", "[0-9]*"),
    "jokers": ("numeric", "[0-9]*"),
    "adjust": ("numeric", "-?[0-9]*"),
}
# The hand-wide inputs; errors about the hand as a whole are kept under WINNER, "form", "void".
WINNER, KALOOKIE, ACTION = "winner", "kalookie", "action"
TICKED = ("on", "1", "true")
# The engine's problems with a penalty adjustment or its reason, told beside the points.
ADJUSTMENT_PROBLEMS = ("adjustment-range", "reason-alone")
WHOLE = re.compile(r"[0-9]{1,6}")  # ASCII digits only ("²".isdigit() is true), and few
SIGNED = re.compile(r"-?[0-9]{1,6}")


def box_name(kind: str, seat: int) -> str:
    return f"{kind}-{seat}"


def hand_bounds(rules: engine.Rules, players: int, deal: int | None) -> tuple[int, int, int]:
    """The cards a loser may hold in this deal and the least and most their hand is worth."""
    held = rules.cards_held(players, deal)
    low, high = rules.hand_value_bounds(held)
    return held, low, high


@dataclass(frozen=True)
class Box:
    """One input of the hand form: its name (its id too), what it holds, and its keypad."""

    name: str
    value: str = ""
    inputmode: str = ""
    pattern: str = ""


@dataclass(frozen=True)
class PlayerRow:
    """One player's inputs in the hand form and the errors beside them; the row's errors are
    kept under its value box's name (their id), whichever boxes the family shows."""

    name: str
    won: bool
    value: Box
    cards: Box
    jokers: Box
    adjust: Box
    sign: Box
    reason: Box
    challenge: Box
    decision: Box
    errors: list[str]
    adjust_errors: list[str]
    decision_errors: list[str]

    @property
    def takes_off(self) -> bool:
        return self.sign.value == "-"


def counted_cards(hand: engine.Hand, rules: engine.Rules, held: int) -> dict[str, int]:
    """What each loser's card list counts to, with `held` the most cards a loser holds in the
    hand's deal; a list the engine refuses is left out (its problem is shown instead)."""
    counted = {}
    for name, cards in hand.cards.items():
        try:
            counted[name] = engine.cards_value(cards, rules, held)
        except ValueError:
            continue
    return counted


def keep_counted_cards(
    hand: engine.Hand, before: engine.Hand, rules: engine.Rules, held: int
) -> engine.Hand:
    """An edited hand keeps each loser's card list where the value in the form is still what
    those cards count to, so correcting one player leaves the others' cards as they were."""
    kept = {
        name: before.cards[name]
        for name, value in counted_cards(before, rules, held).items()
        if name != hand.winner and hand.penalties.get(name) == value
    }
    if not kept:
        return hand
    penalties = {name: v for name, v in hand.penalties.items() if name not in kept}
    return replace(hand, penalties=penalties, cards={**hand.cards, **kept})
