"""What the web writes for each family of scoring, registered under the family's key: its rules
card, its settings lines and how its pot is named. The engine's Family record holds the rest of
its words; tests/games/test_family_registration.py checks every family has every part."""

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from kalooki_ledger.rules import FamilyKey, Rules, Stakes

from .cards import (
    elimination_card,
    elimination_lines,
    fixed_deals_card,
    fixed_deals_lines,
    per_hand_card,
    per_hand_lines,
    positive_card,
    positive_lines,
)


@dataclass(frozen=True)
class FamilyWords:
    card: Callable[[Rules, Stakes], list[str]]  # the rules card's sentences
    settings_lines: Callable[[Rules, bool], tuple[str, ...]]  # a sheet header's settings
    the_pot: Promise  # "the pool of %(amount)s": what the stakes put in, with its amount


_THE_POOL = gettext_lazy("the pool of %(amount)s")
_THE_POT = gettext_lazy("the pot of %(amount)s")

FAMILY_WORDS: dict[FamilyKey, FamilyWords] = {
    FamilyKey.ELIMINATION: FamilyWords(elimination_card, elimination_lines, _THE_POOL),
    FamilyKey.POSITIVE: FamilyWords(positive_card, positive_lines, _THE_POT),
    FamilyKey.PER_HAND: FamilyWords(per_hand_card, per_hand_lines, _THE_POT),
    FamilyKey.FIXED_DEALS: FamilyWords(fixed_deals_card, fixed_deals_lines, _THE_POT),
}


def words_of(family: str) -> FamilyWords:
    """The registered words of a family (the engine's family_of has refused unknown ones)."""
    return FAMILY_WORDS[FamilyKey(family)]
