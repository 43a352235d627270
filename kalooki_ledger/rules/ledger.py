"""The engine's answers: a replayed game (Ledger) with a row per recorded hand and where each
player stands. rules/replay.py and the family modules build them; rules/families.py lists them."""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import NamedTuple

from .errors import Problem
from .game import Game
from .settle import Transfer

# What a row that scored nothing (a void or conflicting hand) has for values, points and payments.
NOTHING: Mapping = MappingProxyType({})


class HandRow(NamedTuple):
    """One recorded hand as the score sheet shows it. Immutable like the engine's dataclasses,
    but a named tuple: a replay makes one per hand, and a frozen dataclass builds 20x slower."""

    number: int
    dealer: str
    void: bool
    winner: str | None
    kalookie: bool
    values: Mapping[str, int]  # hand values as entered (or counted from cards)
    scored: Mapping[str, int]  # points added, after doubling and bonus
    totals: Mapping[str, int]  # after the hand and any buy-in reset
    payments: Mapping[str, Decimal]
    buy_in_offers: tuple[str, ...]
    bought_in: tuple[str, ...]
    out: tuple[str, ...]
    reset_to: int | None  # the total a buy-in goes back to after this hand
    pool: Decimal  # the pool after this hand's buy-ins
    awaiting: tuple[str, ...]
    problems: tuple[Problem, ...] = ()
    deal: int | None = None  # fixed-deals: the deal played (a void deal is played again)
    contract: str | None = None
    adjustments: Mapping[str, int] = NOTHING  # fixed-deals: penalty points added, in `scored`

    @property
    def conflicting(self) -> bool:
        return bool(self.problems)


@dataclass(frozen=True)
class Standing:
    """Where a player stands now."""

    name: str
    seat: int
    total: int
    buy_ins: int
    buy_ins_left: int | None
    out: bool
    out_after: int | None
    awaiting_decision: bool
    room: int | None  # points they can still take and stay in, or still need to reach a target
    hand_money: Decimal  # hand payments received less made
    paid_in: Decimal  # initial stake and buy-ins paid into the pool
    pool_share: Decimal
    net: Decimal


@dataclass(frozen=True)
class Ledger:
    game: Game
    status: str  # in-progress | awaiting-buy-ins | finished | stopped
    winner: str | None
    dealer: str | None  # who deals the next hand
    first_player: str | None  # who plays first in it
    awaiting_buy_ins: tuple[str, ...]
    reset_to: int | None  # the total an awaited buy-in goes back to
    pool: Decimal
    standings: tuple[Standing, ...]
    hands: tuple[HandRow, ...]
    transfers: tuple[Transfer, ...]
    problems: tuple[Problem, ...]
    money_digits: int
    sharers: tuple[str, ...] = ()  # who takes the pool or pot: the winner, or all who tie
    leaders: tuple[str, ...] = ()  # a game nobody goes out of: who leads, or takes the pot
    next_deal: int | None = None  # fixed-deals: the deal to play next, and its contract
    next_contract: str | None = None

    @property
    def next_hand_number(self) -> int:
        return len(self.hands) + 1

    @property
    def over(self) -> bool:
        return self.status in ("finished", "stopped")

    @property
    def can_record_hand(self) -> bool:
        return self.status == "in-progress" and not self.problems

    def standing(self, name: str) -> Standing:
        return self.standings[self.game.players.index(name)]

    def in_game(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.standings if not s.out and not s.awaiting_decision)

    def hand_problems(self, number: int) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.hand == number)
