"""Fixed deals (Caribbean Kalooki: Jamaica, Trinidad): a set number of deals with their contracts;
bending the table doubles the others' points where the rules say so (Jamaica; Trinidad only by
house rule); penalty adjustments; lowest total wins."""

from .errors import Problem, as_json, problem
from .family import Family, FamilyKey, Stake, Take
from .game import Hand
from .points import PointsReplay
from .words import gettext_noop as _


class FixedDealsReplay(PointsReplay):
    """Each hand plays the next deal of the schedule; adjustments add to the points scored."""

    def foreign_entries(self, number: int, hand: Hand) -> list[Problem]:
        problems = super().foreign_entries(number, hand)
        problems += [
            problem("reason-alone", number, p)
            for p in sorted(set(hand.reasons) - set(hand.adjustments))
        ]
        for player, points in sorted(hand.adjustments.items()):
            if (
                isinstance(points, bool)
                or not isinstance(points, int)
                or not -1000 <= points <= 1000
            ):
                problems.append(
                    problem(
                        "adjustment-range", number, player, "adjustment", points=as_json(points)
                    )
                )
        return problems

    def held(self) -> int:
        return self.rules.cards_held(len(self.seats), self.state.deals_played + 1)

    def deal_fields(self) -> dict:
        schedule = self.rules.deal_schedule
        if not schedule:
            return {}
        deal = min(self.state.deals_played + 1, len(schedule))
        return {"deal": deal, "contract": schedule[deal - 1].contract}

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        return {p: points.get(p, 0) + hand.adjustments.get(p, 0) for p in in_game}

    def game_over(self) -> bool:
        deals = self.rules.deal_count()
        return deals is not None and self.state.deals_played >= deals


FIXED_DEALS = Family(
    key=FamilyKey.FIXED_DEALS,
    settings=("deals", "kalookie_doubles"),
    stakes=(Stake.INITIAL,),
    takes=frozenset({Take.VALUES, Take.ADJUSTMENTS}),
    replay=FixedDealsReplay,
    lowest_wins=True,
    eliminates=False,
    plays_deals=True,
    has_target=False,
    kalookie_word=_("Bent the table"),
    kalookie_means=_("went out on their first lay-down: the others' points double"),
    kalookie_how=_("bending the table"),
    pot_word=_("pot"),
    points_title=_("Points"),
    total_word=_("Total"),
    sheet_title=_("Points (* won, *K bent the table); lowest wins"),
    legend=_("* won, *K bent the table, +n penalty points; lowest total wins"),
)
