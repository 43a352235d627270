"""The replay every family shares: it plays the recorded hands in order into a Ledger (totals,
the deal, payments, the pool, nets and settlement), checking each hand's entries; the family
modules (elimination, points: positive, per_hand, fixed_deals) score the hands. The running
state is running.Running, the checks entries.py, the end closing.py."""

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from .closing import close
from .entries import EntryChecks
from .errors import Problem, problem
from .game import Game, Hand
from .ledger import NOTHING, HandRow, Ledger, Standing
from .money import ZERO, split_evenly
from .running import Running
from .seats import check_seats, from_left_of, next_in

if TYPE_CHECKING:
    from .family import Family

__all__ = ["MAX_HANDS", "Replay", "Turn", "check_seats"]

# More hands than any club plays in a sitting (a long game runs to a few hundred); every page,
# sheet and export of a game stays quick below it.
MAX_HANDS = 1000


@dataclass(frozen=True)
class Turn:
    """A hand to score, with what the replay found before it: its entries' values, who is still
    in, who dealt, and whether it is the last hand recorded."""

    number: int
    hand: Hand
    values: dict[str, int]
    in_game: list[str]
    dealer: str
    is_last: bool


class Replay(EntryChecks):
    """The running state of one replay; `run` turns it into an immutable Ledger. Each family's
    module overrides the hooks its hands need (score, room, held, deal_fields…)."""

    def __init__(self, game: Game, family: "Family", state: Running | None = None) -> None:
        check_seats(game)
        self.game = game
        self.family = family
        self.takes = family.takes  # what this family's hands record; the rest is refused
        self.rules = game.rules
        self.stakes = game.stakes
        self.seats = game.players
        self.known = frozenset(self.seats)
        self.state = Running.start(game) if state is None else state
        self._bounds: dict[int, tuple[int, int]] = {}
        # Each seat's clockwise order from its left, worked out once for the whole replay.
        self.left_of = {p: from_left_of(self.seats, i) for i, p in enumerate(self.seats)}

    @classmethod
    def resuming(cls, ledger: Ledger, family: "Family") -> "Replay":
        """The replay as it stood when it produced `ledger`, ready to play on (in progress only)."""
        return cls(ledger.game, family, Running.resumed(ledger))

    def run(self) -> Ledger:
        last = len(self.game.hands)
        for number, hand in enumerate(self.game.hands, 1):
            self.play(number, hand, is_last=number == last)
        return self.ledger()

    def conflict(self, number: int, hand: Hand, problems: list[Problem]) -> None:
        """Keeps a hand that can't be scored on the sheet, unscored, with what is wrong with it."""
        self.state.problems.extend(problems)
        self.add_row(
            number,
            self.seats[self.state.dealer_index],
            hand,
            winner=hand.winner,
            kalookie=hand.kalookie,
            problems=tuple(problems),
        )

    def add_row(
        self,
        number: int,
        dealer: str,
        hand: Hand,
        *,
        winner: str | None,
        kalookie: bool,
        values: Mapping[str, int] = NOTHING,
        scored: Mapping[str, int] = NOTHING,
        payments: Mapping[str, Decimal] = NOTHING,
        buy_in_offers: tuple[str, ...] = (),
        bought_in: tuple[str, ...] = (),
        out: tuple[str, ...] = (),
        reset_to: int | None = None,
        awaiting: tuple[str, ...] = (),
        problems: tuple[Problem, ...] | None = None,
        deal_fields: dict | None = None,
        adjustments: Mapping[str, int] = NOTHING,
    ) -> None:
        """Puts a hand on the sheet with the state after it (its totals and the pool); what a
        hand that scored nothing leaves out stays empty. `deal_fields`: by default the deal now."""
        deal = self.deal_fields() if deal_fields is None else deal_fields
        state = self.state
        state.rows.append(
            HandRow(
                number=number,
                dealer=dealer,
                void=hand.void,
                winner=winner,
                kalookie=kalookie,
                values=values,
                scored=scored,
                totals=dict(state.totals),  # a snapshot: later hands change the running totals
                payments=payments,
                buy_in_offers=buy_in_offers,
                bought_in=bought_in,
                out=out,
                reset_to=reset_to,
                pool=state.pool,
                awaiting=awaiting,
                problems=self.problems_of(number) if problems is None else problems,
                deal=deal.get("deal"),
                contract=deal.get("contract"),
                adjustments=adjustments,
            )
        )

    def scored_row(
        self, turn: Turn, scored: Mapping[str, int], payments: Mapping[str, Decimal], **more: Any
    ) -> None:
        """Puts a hand that scored on the sheet: its winner, kalookie and values are the turn's."""
        hand = turn.hand
        self.add_row(
            turn.number,
            turn.dealer,
            hand,
            winner=hand.winner,
            kalookie=hand.kalookie,
            values=turn.values,
            scored=scored,
            payments=payments,
            **more,
        )

    def problems_of(self, number: int) -> tuple[Problem, ...]:
        if not self.state.problems:
            return ()
        return tuple(p for p in self.state.problems if p.hand == number)

    def over_problem(self, code: str, number: int | None = None) -> Problem:
        """A problem saying the game was over, and with whom: "… (John won)", "… (A and B tied)"."""
        after = self.state.finished_after
        if self.state.winner:
            return problem(f"{code}-win", number, after=after, winner=self.state.winner)
        return problem(f"{code}-tie", number, after=after, names=self.state.sharers)

    def leaders(
        self, standings: tuple[Standing, ...], over: bool, sharers: tuple[str, ...]
    ) -> tuple[str, ...]:
        """Who leads a game nobody goes out of: the best total among those still in, and once
        it is over, who takes the pot."""
        if self.family.eliminates or not self.state.rows:
            return ()
        if over:
            return sharers
        still = [s for s in standings if not s.out]
        best = self.best([s.total for s in still])
        return tuple(s.name for s in still if s.total == best)

    def best(self, totals: list[int]) -> int:
        return min(totals) if self.family.lowest_wins else max(totals)

    def finish(self, number: int) -> None:
        """The game is over after hand `number`: the best total wins, all who share it tie."""
        best = self.best([self.state.totals[p] for p in self.seats])
        self.state.sharers = tuple(p for p in self.seats if self.state.totals[p] == best)
        self.state.winner = self.state.sharers[0] if len(self.state.sharers) == 1 else None
        self.state.finished_after = number

    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]:
        """A game stopped with "leader": the best total among those still in takes the pot;
        leaders who tie split it as at a finish."""
        share = dict.fromkeys(self.seats, ZERO)
        best = self.best([self.state.totals[p] for p in self.seats if p in still_in])
        self.state.sharers = tuple(
            p for p in self.seats if p in still_in and self.state.totals[p] == best
        )
        order = [
            p for p in from_left_of(self.seats, self.state.dealer_index) if p in self.state.sharers
        ]
        for player, amount in zip(
            order, split_evenly(self.state.pool, len(order), digits), strict=True
        ):
            share[player] = amount
        return share

    def pass_deal(self) -> None:
        """After a scored hand the deal passes clockwise to the next player still in."""
        following = next_in(self.seats, self.state.dealer_index, self.state.out_after)
        assert following is not None, "a scored hand leaves someone in the game"
        self.state.dealer_index = following

    def room(self, total: int) -> int | None:
        """Points a player can still take and stay in, or still need (families without either:
        none)."""
        return None

    def score(self, turn: Turn) -> None:
        raise NotImplementedError

    def play(self, number: int, hand: Hand, is_last: bool) -> None:
        if number > MAX_HANDS:
            # Grouped as the English has always shown it ("1,000").
            found = problem("too-many-hands", number, most=f"{MAX_HANDS:,}")
            self.conflict(number, hand, [found])
            return
        state = self.state
        if state.finished_after is not None:
            found = self.over_problem("hand-after", number)
            self.conflict(number, hand, [found])
            return
        out_after = state.out_after
        in_game = [p for p in self.seats if p not in out_after]
        problems, values = self.check_entries(number, hand, in_game)
        if problems:
            self.conflict(number, hand, problems)
            return
        dealer = self.seats[state.dealer_index]
        if hand.void:
            if hand.buy_ins:
                state.problems.append(problem("void-buy-in", number))
            self.add_row(
                number,
                dealer,
                hand,
                winner=None,
                kalookie=False,
                scored=dict.fromkeys(in_game, 0),
                payments=dict.fromkeys(in_game, ZERO),
            )
            return
        self.score(Turn(number, hand, values, in_game, dealer, is_last))

    def deal_fields(self) -> dict:
        """Extra fields of a hand row (fixed-deals: the deal and its contract)."""
        return {}

    def ledger(self) -> Ledger:
        return close(self)
