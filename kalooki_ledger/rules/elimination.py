"""Elimination (British club Kalookie and its variants): penalty points for the losers, out over
the limit, buy-ins back to the highest total within it, the pool to the last one in."""

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .config import Rules, Stakes
from .errors import problem
from .family import Family, FamilyKey, Stake, Take
from .game import Game, Hand
from .replay import Replay, Turn
from .running import Running
from .words import gettext_noop as _


@dataclass(slots=True)
class Verdict:
    """What a hand that took someone over the limit decides, in the order it is worked out."""

    over: list[str]  # over the limit after the hand
    within: list[str]  # still within it
    reset_to: int  # the highest total within: where a buy-in goes back to
    offers: list[str] = field(default_factory=list)  # offered a buy-in, from the winner's left
    out: list[str] = field(default_factory=list)
    bought_in: list[str] = field(default_factory=list)
    awaiting: list[str] = field(default_factory=list)  # the last hand's offers not yet answered


def add_penalties(
    state: Running,
    in_game: list[str],
    winner: str,
    points_of: tuple[dict[str, int], int, int],
    paid_of: tuple[Decimal, Decimal],
    highest_within: int,
) -> tuple[dict[str, int], dict[str, Decimal], bool]:
    """Adds each player's points and hand money to the state; returns what each scored and paid
    and whether anyone went over the limit. `points_of`: the values, their factor and the
    winner's points; `paid_of`: what a loser pays and what the winner takes."""
    values, factor, bonus = points_of
    lose, win = paid_of
    totals, hand_money = state.totals, state.hand_money
    scored: dict[str, int] = {}
    payments: dict[str, Decimal] = {}
    anyone_over = False
    for player in in_game:
        if player == winner:
            points, paid = bonus, win
        else:
            points, paid = values[player] * factor, lose
        scored[player] = points
        payments[player] = paid
        total = totals[player] = totals[player] + points
        hand_money[player] += paid
        if total > highest_within:
            anyone_over = True
    return scored, payments, anyone_over


def judge(
    state: Running, rules: Rules, number: int, in_game: list[str], order: list[str]
) -> Verdict:
    """Who is over, who is offered a buy-in and who is out; a last one within wins the game.
    `order`: the seats from the winner's left, the order offers are made in."""
    over = [p for p in in_game if rules.is_over(state.totals[p])]
    within = [p for p in in_game if p not in over] if over else in_game
    verdict = Verdict(over, within, max(state.totals[p] for p in within))
    over_in_order = [p for p in order if p in over]
    if len(within) == 1:
        verdict.out = over_in_order
        state.finished_after, state.winner = number, within[0]
        state.sharers = (within[0],)
        return verdict
    enough = len(within) >= rules.buy_in_needs_remaining
    for player in over_in_order:
        left = rules.buy_ins_left(state.used[player])
        if enough and (left is None or left > 0):
            verdict.offers.append(player)
        else:
            verdict.out.append(player)
    return verdict


def take_decisions(
    state: Running, stakes: Stakes, number: int, hand: Hand, verdict: Verdict, is_last: bool
) -> None:
    """Each offer answered as the hand records it: bought back in, out, or (the last hand)
    still to decide; the verdict and the state take the answers."""
    for player in verdict.offers:
        decision = hand.buy_ins.get(player)
        if decision is None and is_last:
            verdict.awaiting.append(player)
            continue
        if decision is None:
            state.problems.append(problem("decision-missing", number, player, "buy_ins"))
        if decision:
            verdict.bought_in.append(player)
            state.used[player] += 1
            state.totals[player] = verdict.reset_to
            state.paid_in[player] += stakes.buy_in
            state.pool += stakes.buy_in
        else:
            verdict.out.append(player)
    for player in verdict.out:
        state.out_after[player] = number


class EliminationReplay(Replay):
    """British club Kalookie and its variants: out over the limit, buy-ins, the pool."""

    def __init__(self, game: Game, family: Family, state: Running | None = None) -> None:
        super().__init__(game, family, state)
        # A total above this is over the limit (out_at "over" or "reach" alike).
        self.highest_within = self.rules.highest_within()
        self._payments: dict[tuple[bool, int], tuple[Decimal, Decimal]] = {}

    def room(self, total: int) -> int | None:
        return self.highest_within - total

    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]:
        """Elimination has no leader to take the pool: a problem, and the pool goes back."""
        self.state.problems.append(problem("no-leader"))
        return dict(self.state.paid_in)

    def hand_payments(self, kalookie: bool, players: int) -> tuple[Decimal, Decimal]:
        """What each loser pays and the winner receives: the same for every hand of a kind."""
        key = (kalookie, players)
        found = self._payments.get(key)
        if found is None:
            stake = self.stakes.hand_stake(kalookie)
            found = self._payments[key] = (-stake, stake * (players - 1))
        return found

    def score(self, turn: Turn) -> None:
        number, hand, values, in_game = turn.number, turn.hand, turn.values, turn.in_game
        rules, state, winner, kalookie = self.rules, self.state, hand.winner, hand.kalookie
        assert winner is not None
        points_of = (values, rules.penalty_factor(kalookie), -rules.winner_bonus(kalookie))
        paid_of = self.hand_payments(kalookie, len(in_game))
        scored, payments, anyone_over = add_penalties(
            state, in_game, winner, points_of, paid_of, self.highest_within
        )
        if not anyone_over and not hand.buy_ins and len(in_game) > 1:
            # The usual hand: nobody is offered a buy-in or goes out, so there is nothing to reset.
            self.pass_deal()
            self.scored_row(turn, scored, payments)
            return
        order = self.left_of[winner]
        verdict = self.decide(number, hand, in_game, order, turn.is_last)
        self.scored_row(
            turn,
            scored,
            payments,
            buy_in_offers=tuple(verdict.offers),
            bought_in=tuple(verdict.bought_in),
            out=tuple(p for p in order if p in verdict.out),
            reset_to=verdict.reset_to if verdict.offers else None,
            awaiting=tuple(verdict.awaiting),
        )

    def decide(
        self, number: int, hand: Hand, in_game: list[str], order: list[str], is_last: bool
    ) -> Verdict:
        """A hand that took someone over the limit (or records decisions): the offers, the
        decisions, who is out, and whether the deal passes or waits for answers."""
        state = self.state
        verdict = judge(state, self.rules, number, in_game, order)
        self.refuse_unoffered(number, hand, in_game, verdict)
        take_decisions(state, self.stakes, number, hand, verdict, is_last)
        if verdict.awaiting:
            state.awaiting, state.reset_to = tuple(verdict.awaiting), verdict.reset_to
        elif state.finished_after is None:
            self.pass_deal()
        return verdict

    def refuse_unoffered(
        self, number: int, hand: Hand, in_game: list[str], verdict: Verdict
    ) -> None:
        """A decision recorded for a player offered no buy-in is a problem saying why."""
        for player in hand.buy_ins:
            if player in verdict.offers:
                continue
            code, params = self.why_no_offer(player, in_game, verdict.over, verdict.within)
            self.state.problems.append(problem(code, number, player, "buy_ins", **params))

    def why_no_offer(
        self, player: str, in_game: list[str], over: list[str], within: list[str]
    ) -> tuple[str, dict[str, Any]]:
        """Why `player` was offered no buy-in: the problem's code and its params."""
        if player not in in_game:
            return "not-offered-already-out", {"after": self.state.out_after[player]}
        if player not in over:
            return "not-offered-within", {}
        if len(within) == 1:
            return "not-offered-game-over", {"name": within[0]}
        if len(within) < self.rules.buy_in_needs_remaining:
            needed = self.rules.buy_in_needs_remaining
            return "not-offered-too-few", {"needed": needed, "within": len(within)}
        if self.rules.max_buy_ins == 0:
            return "not-offered-none-allowed", {}
        return "not-offered-used-all", {"allowed": self.rules.max_buy_ins}


ELIMINATION = Family(
    key=FamilyKey.ELIMINATION,
    settings=(
        "limit",
        "out_at",
        "max_buy_ins",
        "buy_in_needs_remaining",
        "kalookie_doubles",
        "bonus_call_up",
        "bonus_kalookie",
        "joker_value",
    ),
    stakes=(Stake.CALL_UP, Stake.KALOOKIE, Stake.INITIAL, Stake.BUY_IN),
    takes=frozenset({Take.VALUES, Take.BUY_INS}),
    replay=EliminationReplay,
    lowest_wins=True,
    eliminates=True,
    plays_deals=False,
    has_target=False,
    kalookie_word=_("Kalookie"),
    kalookie_means=_("went out with all %(held)s at once"),
    kalookie_how=_("kalookie"),
    pot_word=_("pool"),
    points_title=_("Penalty points"),
    total_word=_("Total"),
    sheet_title=_("Penalty points (* won, *K kalookie, (n) bought in, out: dropped out)"),
    legend=_("* won, *K kalookie, (n) bought in at n, struck through: out"),
)
