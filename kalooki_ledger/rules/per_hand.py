"""Per-hand scoring (Scarne's East Coast Kaluki): a point a card left in hand and one more a
joker, doubled on a kaluki; every hand settles by itself and the table stops when it likes."""

from .errors import Problem, problem
from .family import Family, FamilyKey, Stake, Take
from .game import Hand
from .points import PointsReplay
from .words import gettext_noop as _


class PerHandReplay(PointsReplay):
    """Scarne's East Coast Kaluki: a point a card left, one more a joker, doubled on a kaluki;
    every hand settles by itself and the table stops when it likes."""

    def loser_values(
        self, number: int, hand: Hand, losers: list[str]
    ) -> tuple[list[Problem], dict[str, int]]:
        held, jokers = self.held(), self.rules.jokers
        problems, values = [], {}
        for player in losers:
            count = hand.counts.get(player)
            if count is None:
                problems.append(problem("count-missing", number, player, held=held))
            elif not 1 <= count.cards <= held:
                problems.append(
                    problem("count-cards", number, player, "cards", held=held, cards=count.cards)
                )
            elif not 0 <= count.jokers <= min(count.cards, jokers):
                problems.append(
                    problem(
                        "count-jokers",
                        number,
                        player,
                        "jokers",
                        jokers=count.jokers,
                        cards=count.cards,
                        most=min(count.cards, jokers),
                        deck=jokers,
                    )
                )
            else:
                values[player] = count.cards + count.jokers
        return problems, values

    def points(self, hand: Hand, values: dict[str, int], losers: list[str]) -> dict[str, int]:
        return {p: values[p] * (2 if hand.kalookie else 1) for p in losers}

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        won = sum(points.values())
        return {p: won if p == hand.winner else -points[p] for p in in_game}


PER_HAND = Family(
    key=FamilyKey.PER_HAND,
    settings=(),
    stakes=(Stake.PER_POINT,),
    takes=frozenset({Take.COUNTS}),
    replay=PerHandReplay,
    lowest_wins=False,
    eliminates=False,
    plays_deals=False,
    has_target=False,
    kalookie_word=_("Kaluki"),
    kalookie_means=_("went out with all %(held)s at once"),
    kalookie_how=_("kaluki"),
    pot_word=_("pot"),
    points_title=_("Points won less lost"),
    total_word=_("Points"),
    sheet_title=_("Points won less lost (* won, *K kaluki)"),
    legend=_("* won, *K kaluki; each hand settles by itself"),
)
