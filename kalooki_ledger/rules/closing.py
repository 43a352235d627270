"""The end of a replay: from the running state after the last hand, how the game stands, who
shares the pool or pot, each player's standing and net, and the settling up, as a Ledger."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from .config import Rules, Stakes
from .errors import Problem
from .game import Game
from .ledger import Ledger, Standing
from .money import ZERO, display_digits, split_evenly
from .running import Running
from .seats import from_left_of, next_in
from .settle import fewest_transfers


class Replayed(Protocol):
    """What closing reads of a replay (replay.Replay): its game, its state and a family's hooks."""

    game: Game
    seats: tuple[str, ...]
    rules: Rules
    stakes: Stakes
    state: Running

    def over_problem(self, code: str, number: int | None = None) -> Problem: ...
    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]: ...
    def room(self, total: int) -> int | None: ...
    def leaders(
        self, standings: tuple[Standing, ...], over: bool, sharers: tuple[str, ...]
    ) -> tuple[str, ...]: ...
    def deal_fields(self) -> dict: ...


@dataclass(frozen=True)
class Settlement:
    """Where the game ends up: its status, each seat's share of the pool, who must decide."""

    status: str
    pool_share: dict[str, Decimal]
    awaiting: tuple[str, ...]


def _shares(
    seats: tuple[str, ...], order: list[str], pool: Decimal, digits: int
) -> dict[str, Decimal]:
    """The pool split evenly among `order`, odd units one each from its first; others nought."""
    share = dict.fromkeys(seats, ZERO)
    for player, amount in zip(order, split_evenly(pool, len(order), digits), strict=True):
        share[player] = amount
    return share


def _stopped_shares(run: Replayed, digits: int) -> dict[str, Decimal]:
    """A game stopped early: refunded, taken by the leader, or split among those still in."""
    state, seats, stopped = run.state, run.seats, run.game.stopped
    # Owed buy-ins lapse when the table stops: those players are over the limit.
    still_in = state.still_in(seats) - set(state.awaiting)
    if stopped == "refund":
        return dict(state.paid_in)
    if stopped == "leader":
        return run.leaders_take(still_in, digits)
    dealer_index = state.dealer_index
    following = next_in(seats, dealer_index, state.out_after.keys() | set(state.awaiting))
    if state.awaiting and following is not None:
        # The deal had not yet passed on after the last hand; it goes to a sharer.
        dealer_index = following
    sharers = [p for p in from_left_of(seats, dealer_index) if p in still_in]
    return _shares(seats, sharers, state.pool, digits)


def settle(run: Replayed, digits: int) -> Settlement:
    """The game's status after its hands, and who takes what of the pool."""
    state, seats = run.state, run.seats
    if state.finished_after is not None:
        order = [p for p in from_left_of(seats, state.dealer_index) if p in state.sharers]
        share = _shares(seats, order, state.pool, digits)
        if run.game.stopped:
            state.problems.append(run.over_problem("stopped-after"))
        return Settlement("finished", share, state.awaiting)
    if run.game.stopped:
        return Settlement("stopped", _stopped_shares(run, digits), ())
    status = "awaiting-buy-ins" if state.awaiting else "in-progress"
    return Settlement(status, dict.fromkeys(seats, ZERO), state.awaiting)


def standings(run: Replayed, settled: Settlement, nets: dict[str, Decimal]) -> tuple[Standing, ...]:
    """Each seat's line: total, buy-ins, whether out, room left, money and net."""
    state, rules = run.state, run.rules
    still_in = state.still_in(run.seats)
    stopped = settled.status == "stopped"
    return tuple(
        Standing(
            name=p,
            seat=i,
            total=state.totals[p],
            buy_ins=state.used[p],
            buy_ins_left=rules.buy_ins_left(state.used[p]),
            out=p not in still_in or (stopped and p in state.awaiting),
            out_after=state.out_after.get(p),
            awaiting_decision=p in settled.awaiting,
            room=run.room(state.totals[p]),
            hand_money=state.hand_money[p],
            paid_in=state.paid_in[p],
            pool_share=settled.pool_share[p],
            net=nets[p],
        )
        for i, p in enumerate(run.seats)
    )


def close(run: Replayed) -> Ledger:
    """The immutable Ledger of everything the hands replayed into."""
    state, game, seats = run.state, run.game, run.seats
    digits = display_digits(run.stakes.currency, run.stakes.amounts())
    settled = settle(run, digits)
    in_progress = settled.status == "in-progress"
    dealer = first = None
    if in_progress:
        dealer = seats[state.dealer_index]
        following = next_in(seats, state.dealer_index, state.out_after)
        first = seats[following] if following is not None else None
    nets = {p: state.hand_money[p] - state.paid_in[p] + settled.pool_share[p] for p in seats}
    table = standings(run, settled, nets)
    over = settled.status in ("finished", "stopped")
    sharers = state.sharers if settled.status == "finished" or game.stopped == "leader" else ()
    deal = run.deal_fields() if in_progress else {}
    return Ledger(
        game=game,
        status=settled.status,
        winner=state.winner if settled.status == "finished" else None,
        dealer=dealer,
        first_player=first,
        awaiting_buy_ins=settled.awaiting,
        reset_to=state.reset_to if settled.awaiting else None,
        pool=state.pool,
        standings=table,
        hands=tuple(state.rows),
        # Hands that don't fit settle nothing: no money is owed until the scorer resolves them.
        transfers=fewest_transfers(nets, seats) if over and not state.problems else (),
        problems=tuple(state.problems),
        money_digits=digits,
        sharers=sharers,
        leaders=run.leaders(table, over, sharers),
        next_deal=deal.get("deal"),
        next_contract=deal.get("contract"),
    )
