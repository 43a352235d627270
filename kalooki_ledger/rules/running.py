"""Where a replay stands between hands: the running state every family's scoring reads and
changes, kept apart from the game it replays and from the ledger it ends in."""

from dataclasses import dataclass, field
from decimal import Decimal

from .errors import Problem
from .game import Game
from .ledger import HandRow, Ledger
from .money import ZERO


# Mutable on purpose: a replay changes it once a hand for up to a thousand hands, and copying a
# frozen record each time would slow every page; it never leaves the replay that made it.
@dataclass(slots=True)
class Running:
    totals: dict[str, int]  # each seat's points so far
    used: dict[str, int]  # buy-ins each has taken
    hand_money: dict[str, Decimal]  # won less paid, hand by hand
    paid_in: dict[str, Decimal]  # put into the pool or pot: the initial stake and buy-ins
    pool: Decimal
    dealer_index: int  # the seat that deals the next hand
    out_after: dict[str, int] = field(default_factory=dict)  # who is out, after which hand
    finished_after: int | None = None
    winner: str | None = None
    sharers: tuple[str, ...] = ()  # who takes the pool or pot: the winner, or all who tie
    awaiting: tuple[str, ...] = ()  # who must still decide about buying in
    reset_to: int | None = None  # the total a buy-in being decided goes back to
    rows: list[HandRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    deals_played: int = 0  # scored hands: a void one is dealt again

    @classmethod
    def start(cls, game: Game) -> "Running":
        """Before the first hand: everyone at nought, the initial stakes in the pool."""
        seats, initial = game.players, game.stakes.initial
        return cls(
            totals=dict.fromkeys(seats, 0),
            used=dict.fromkeys(seats, 0),
            hand_money=dict.fromkeys(seats, ZERO),
            paid_in=dict.fromkeys(seats, initial),
            pool=initial * len(seats),
            dealer_index=seats.index(game.first_dealer),
        )

    @classmethod
    def resumed(cls, ledger: Ledger) -> "Running":
        """The state a replay had when it produced `ledger` (a game in progress only)."""
        state = cls.start(ledger.game)
        for s in ledger.standings:
            state.totals[s.name] = s.total
            state.used[s.name] = s.buy_ins
            state.hand_money[s.name] = s.hand_money
            state.paid_in[s.name] = s.paid_in
            if s.out_after is not None:
                state.out_after[s.name] = s.out_after
        state.pool = ledger.pool
        assert ledger.dealer is not None
        state.dealer_index = ledger.game.players.index(ledger.dealer)
        state.rows = list(ledger.hands)
        state.deals_played = sum(1 for r in ledger.hands if not r.void and not r.problems)
        return state

    def still_in(self, seats: tuple[str, ...]) -> set[str]:
        return {p for p in seats if p not in self.out_after}
