"""Elimination (British club Kalookie and its variants): penalty points for the losers, out over
the limit, buy-ins back to the highest total within it, the pool to the last one in."""

from decimal import Decimal
from typing import Any

from .errors import problem
from .family import Family
from .game import Game, Hand
from .replay import Replay
from .words import gettext_noop as _


class EliminationReplay(Replay):
    """British club Kalookie and its variants: out over the limit, buy-ins, the pool."""

    def __init__(self, game: Game, family: Family) -> None:
        super().__init__(game, family)
        # A total above this is over the limit (out_at "over" or "reach" alike).
        self.highest_within = self.rules.highest_within()
        self._payments: dict[tuple[bool, int], tuple[Decimal, Decimal]] = {}

    def room(self, total: int) -> int | None:
        return self.highest_within - total

    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]:
        """Elimination has no leader to take the pool: a problem, and the pool goes back."""
        self.problems.append(problem("no-leader"))
        return dict(self.paid_in)

    def hand_payments(self, kalookie: bool, players: int) -> tuple[Decimal, Decimal]:
        """What each loser pays and the winner receives: the same for every hand of a kind."""
        key = (kalookie, players)
        found = self._payments.get(key)
        if found is None:
            stake = self.stakes.hand_stake(kalookie)
            found = self._payments[key] = (-stake, stake * (players - 1))
        return found

    def score(
        self,
        number: int,
        hand: Hand,
        values: dict[str, int],
        in_game: list[str],
        dealer: str,
        is_last: bool,
    ) -> None:
        rules, stakes = self.rules, self.stakes
        winner = hand.winner
        assert winner is not None
        factor = rules.penalty_factor(hand.kalookie)
        bonus = -rules.winner_bonus(hand.kalookie)
        lose, win = self.hand_payments(hand.kalookie, len(in_game))
        totals, hand_money, within_limit = self.totals, self.hand_money, self.highest_within
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
            if total > within_limit:
                anyone_over = True
        if not anyone_over and not hand.buy_ins and len(in_game) > 1:
            # The usual hand: nobody is offered a buy-in or goes out, so there is nothing to reset.
            self.pass_deal()
            self.add_row(
                number,
                dealer,
                hand,
                winner=winner,
                kalookie=hand.kalookie,
                values=values,
                scored=scored,
                payments=payments,
            )
            return

        over = [p for p in in_game if rules.is_over(self.totals[p])]
        within = [p for p in in_game if p not in over] if over else in_game
        left_of_winner = self.left_of[winner]
        over_in_order = [p for p in left_of_winner if p in over]
        offers: list[str] = []
        out: list[str] = []
        reset_to = max(self.totals[p] for p in within)
        if len(within) == 1:
            out = over_in_order
            self.finished_after, self.winner = number, within[0]
            self.sharers = (within[0],)
        else:
            enough = len(within) >= rules.buy_in_needs_remaining
            for player in over_in_order:
                left = rules.buy_ins_left(self.used[player])
                if enough and (left is None or left > 0):
                    offers.append(player)
                else:
                    out.append(player)

        for player in hand.buy_ins:
            if player in offers:
                continue
            code, params = self.why_no_offer(player, in_game, over, within)
            self.problems.append(problem(code, number, player, "buy_ins", **params))
        bought_in: list[str] = []
        awaiting: list[str] = []
        for player in offers:
            decision = hand.buy_ins.get(player)
            if decision is None and is_last:
                awaiting.append(player)
                continue
            if decision is None:
                self.problems.append(problem("decision-missing", number, player, "buy_ins"))
            if decision:
                bought_in.append(player)
                self.used[player] += 1
                self.totals[player] = reset_to
                self.paid_in[player] += stakes.buy_in
                self.pool += stakes.buy_in
            else:
                out.append(player)
        for player in out:
            self.out_after[player] = number
        out_in_order = tuple(p for p in left_of_winner if p in out)
        if awaiting:
            self.awaiting, self.reset_to = tuple(awaiting), reset_to
        elif self.finished_after is None:
            self.pass_deal()

        self.add_row(
            number,
            dealer,
            hand,
            values=values,
            scored=scored,
            payments=payments,
            buy_in_offers=tuple(offers),
            bought_in=tuple(bought_in),
            out=out_in_order,
            reset_to=reset_to if offers else None,
            winner=winner,
            kalookie=hand.kalookie,
            awaiting=tuple(awaiting),
        )

    def why_no_offer(
        self, player: str, in_game: list[str], over: list[str], within: list[str]
    ) -> tuple[str, dict[str, Any]]:
        """Why `player` was offered no buy-in: the problem's code and its params."""
        if player not in in_game:
            return "not-offered-already-out", {"after": self.out_after[player]}
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
    key="elimination",
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
    stakes=("call_up", "kalookie", "initial", "buy_in"),
    takes=frozenset({"values", "buy_ins"}),
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
