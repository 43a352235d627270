"""The replay of the families where nobody goes out (positive, per_hand, fixed_deals): a hand
scores, pays by the point, and the deal moves on."""

from .game import Hand
from .ledger import NOTHING
from .money import ZERO
from .replay import Replay, Turn


class PointsReplay(Replay):
    """Families where nobody goes out: a hand scores, pays by the point, and the deal moves on."""

    def points(self, hand: Hand, values: dict[str, int], losers: list[str]) -> dict[str, int]:
        """What each loser's hand counts against them this hand."""
        factor = self.rules.penalty_factor(hand.kalookie)
        return {p: values[p] * factor for p in losers}

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        raise NotImplementedError

    def game_over(self) -> bool:
        return False

    def score(self, turn: Turn) -> None:
        number, hand, values, in_game = turn.number, turn.hand, turn.values, turn.in_game
        winner = hand.winner
        assert winner is not None
        losers = [p for p in in_game if p != winner]
        points = self.points(hand, values, losers)
        scored = self.scores(hand, points, in_game)
        rate = self.stakes.per_point
        payments = {p: -points[p] * rate if p != winner else ZERO for p in in_game}
        payments[winner] = sum(points.values()) * rate
        for player in in_game:
            self.state.totals[player] += scored[player]
            self.state.hand_money[player] += payments[player]
        fields = self.deal_fields()
        self.state.deals_played += 1
        if self.game_over():
            self.finish(number)
        else:
            self.pass_deal()
        self.scored_row(
            turn,
            scored,
            payments,
            deal_fields=fields,
            # Only fixed-deals hands carry adjustments: the others' are refused as foreign.
            adjustments={p: a for p, a in hand.adjustments.items() if p in scored} or NOTHING,
        )
