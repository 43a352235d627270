"""Positive scoring (North American Kaluki): the winner of a hand scores what the losers hold;
the first to the target, or the best after so many deals, wins."""

from .family import Family, FamilyKey, Stake, Take
from .game import Hand
from .points import PointsReplay
from .words import gettext_noop as _


class PositiveReplay(PointsReplay):
    """North American Kaluki: the winner scores the losers' hand values; highest total wins."""

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        won = sum(points.values())
        return {p: points.get(p, won) if p == hand.winner else 0 for p in in_game}

    def room(self, total: int) -> int | None:
        return None if self.rules.target is None else max(0, self.rules.target - total)

    def game_over(self) -> bool:
        target, deals = self.rules.target, self.rules.deal_count()
        reached = target is not None and max(self.state.totals.values()) >= target
        return reached or (deals is not None and self.state.deals_played >= deals)


POSITIVE = Family(
    key=FamilyKey.POSITIVE,
    settings=("target", "deals", "kalookie_doubles", "joker_value"),
    stakes=(Stake.PER_POINT, Stake.INITIAL),
    takes=frozenset({Take.VALUES}),
    replay=PositiveReplay,
    lowest_wins=False,
    eliminates=False,
    plays_deals=False,
    has_target=True,
    kalookie_word=_("Kaluki"),
    kalookie_means=_("went out with all %(held)s at once"),
    kalookie_how=_("kaluki"),
    pot_word=_("pot"),
    points_title=_("Points"),
    total_word=_("Points"),
    sheet_title=_("Points (* won, *K kaluki); highest wins"),
    legend=_("* won, *K kaluki; highest total wins"),
)
