"""The settings of a game: its rules (family, limit, buy-ins, card values, deck) and its stakes."""

from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Literal

from .family import FamilyKey, Stake
from .money import UNITS, ZERO

OutAt = Literal["over", "reach"]
SUITS = "SHDC"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Deal:
    """One deal of a fixed-deals game: the cards dealt to each player and the contract."""

    cards: int
    contract: str


@dataclass(frozen=True)
class Rules:
    family: str = FamilyKey.ELIMINATION  # a key of families.FAMILIES, which family_of checks
    limit: int = 150
    out_at: OutAt = "over"
    max_buy_ins: int | None = 2  # None: unlimited
    buy_in_needs_remaining: int = 2
    kalookie_doubles_penalties: bool = False
    winner_bonus_call_up: int = 0
    winner_bonus_kalookie: int = 0
    joker_value: int = 15
    ace_value: int = 11
    red_ace_value: int | None = None  # set where red and black aces differ (Caribbean)
    packs: int = 2
    jokers: int = 2
    hand_size: int = 13
    initial_meld: int = 40
    target: int | None = None
    deals: int | None = None
    # Cards dealt by number of players, from two up (North American: 15, 15, 15, 13, 11).
    cards_by_players: tuple[int, ...] = ()
    deal_schedule: tuple[Deal, ...] = ()  # fixed-deals: each deal's cards and contract
    extra_cards: int = 0  # cards a loser may hold beyond the deal (three calls of two in Jamaica)
    lost_challenge: int = 0  # points a lost challenge adds (Trinidad: 50); 0: no challenges

    def cards_held(self, players: int, deal: int | None = None) -> int:
        """The most cards a loser can hold at the end of a hand (deal: 1-based, fixed-deals)."""
        if self.deal_schedule and deal is not None:
            return (
                self.deal_schedule[min(deal, len(self.deal_schedule)) - 1].cards + self.extra_cards
            )
        if self.cards_by_players:
            return self.cards_by_players[min(max(players, 2), 6) - 2]
        return self.hand_size

    def deal_count(self) -> int | None:
        """How many scored deals make the game, where a number does."""
        if self.deal_schedule:
            return min(self.deals or len(self.deal_schedule), len(self.deal_schedule))
        return self.deals

    def is_over(self, total: int) -> bool:
        return total >= self.limit if self.out_at == "reach" else total > self.limit

    def highest_within(self) -> int:
        return self.limit - 1 if self.out_at == "reach" else self.limit

    def buy_ins_left(self, used: int) -> int | None:
        return None if self.max_buy_ins is None else max(0, self.max_buy_ins - used)

    def penalty_factor(self, kalookie: bool) -> int:
        """What a loser's hand counts for: doubled by a kalookie where the rules say so."""
        return 2 if kalookie and self.kalookie_doubles_penalties else 1

    def winner_bonus(self, kalookie: bool) -> int:
        return self.winner_bonus_kalookie if kalookie else self.winner_bonus_call_up

    def card_value(self, rank: str, suit: str | None = None) -> int:
        if rank == "Joker":
            return self.joker_value
        if rank == "A":
            if self.red_ace_value is not None and suit in ("H", "D"):
                return self.red_ace_value
            return self.ace_value
        if rank in ("K", "Q", "J", "10"):
            return 10
        return int(rank)

    def deck_values(self) -> list[int]:
        """Every card's value in hand, one entry per physical card of the deck."""
        values = [self.joker_value] * self.jokers
        for rank in RANKS:
            for suit in SUITS:
                values.extend([self.card_value(rank, suit)] * self.packs)
        return values

    def hand_value_bounds(self, cards: int | None = None) -> tuple[int, int]:
        """The least a loser's hand can be worth (one card) and the most: the dearest `cards`
        cards of the deck (by default a full hand)."""
        return _hand_value_bounds(self, self.hand_size if cards is None else cards)


@cache
def _hand_value_bounds(rules: Rules, cards: int) -> tuple[int, int]:
    # Every hand of a replay asks; the deck only changes with the rules.
    values = sorted(rules.deck_values(), reverse=True)
    return values[-1], sum(values[:cards])


# Every stake in the record's order: the record, the forms and the club's fields share it.
STAKE_KEYS: tuple[str, ...] = tuple(stake.value for stake in Stake)


@dataclass(frozen=True)
class Stakes:
    currency: str = UNITS
    call_up: Decimal = ZERO
    kalookie: Decimal = ZERO
    initial: Decimal = ZERO
    buy_in: Decimal = ZERO
    per_point: Decimal = ZERO

    def amounts(self) -> tuple[Decimal, ...]:
        return (self.call_up, self.kalookie, self.initial, self.buy_in, self.per_point)

    def hand_stake(self, kalookie: bool) -> Decimal:
        return self.kalookie if kalookie else self.call_up
