"""What was recorded at the table: the seats, the rules and stakes, and every hand as entered."""

import copyreg
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal

from .config import Rules, Stakes

Settle = Literal["refund", "split", "leader"]
# How a game stopped early settles: "leader" (the best total takes the pot) is not for elimination.
SETTLES: tuple[Settle, ...] = ("refund", "split", "leader")
_EMPTY: Mapping = MappingProxyType({})


def read_only(values: dict) -> Mapping:
    """`values` behind a read-only view, as every mapping of a hand or a ledger is."""
    return MappingProxyType(values)


# A ledger is kept pickled (the site's cache framework): its read-only views pickle as copies.
copyreg.pickle(MappingProxyType, lambda view: (read_only, (dict(view),)))


@dataclass(frozen=True)
class CardCount:
    """A per-hand (Scarne) loser's cards left in hand and how many of them are jokers."""

    cards: int
    jokers: int = 0


@dataclass(frozen=True)
class Hand:
    """One hand as recorded: void, or a winner and what every other player still in held."""

    winner: str | None = None
    void: bool = False
    kalookie: bool = False
    penalties: Mapping[str, int] = field(default=_EMPTY)
    cards: Mapping[str, tuple[str, ...]] = field(default=_EMPTY)
    counts: Mapping[str, CardCount] = field(default=_EMPTY)
    adjustments: Mapping[str, int] = field(default=_EMPTY)
    reasons: Mapping[str, str] = field(default=_EMPTY)
    buy_ins: Mapping[str, bool] = field(default=_EMPTY)

    def __post_init__(self) -> None:
        # Frozen all the way down: a recorded hand never changes under the ledger's feet.
        for name in ("penalties", "counts", "adjustments", "reasons", "buy_ins"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        frozen_cards = {p: tuple(c) for p, c in self.cards.items()}
        object.__setattr__(self, "cards", MappingProxyType(frozen_cards))

    @classmethod
    def void_hand(cls) -> "Hand":
        return cls(void=True)

    def entered_players(self) -> set[str]:
        return set(self.penalties) | set(self.cards) | set(self.counts)

    def with_buy_ins(self, decisions: Mapping[str, bool]) -> "Hand":
        return replace(self, buy_ins={**self.buy_ins, **decisions})


@dataclass(frozen=True)
class Game:
    """A game: clockwise seats, who dealt first, rules, stakes and the hands in order."""

    players: tuple[str, ...]
    rules: Rules = field(default_factory=Rules)
    stakes: Stakes = field(default_factory=Stakes)
    first_dealer: str = ""
    hands: tuple[Hand, ...] = ()
    stopped: Settle | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "hands", tuple(self.hands))
        if not self.first_dealer and self.players:
            object.__setattr__(self, "first_dealer", self.players[0])

    def with_hand(self, hand: Hand) -> "Game":
        return replace(self, hands=(*self.hands, hand))

    def with_hand_replaced(self, number: int, hand: Hand) -> "Game":
        hands = list(self.hands)
        hands[number - 1] = hand
        return replace(self, hands=tuple(hands))

    def without_hand(self, number: int) -> "Game":
        return replace(self, hands=self.hands[: number - 1] + self.hands[number:])

    def stopped_with(self, settle: Settle | None) -> "Game":
        return replace(self, stopped=settle)
