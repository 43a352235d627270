"""Checking a hand's entries before it is scored: who won, who has a value, and nothing another
family of scoring records; the usual hand takes a quicker path through the same checks."""

from collections.abc import Iterable

from .config import Rules
from .errors import Problem, as_json, problem
from .family import Take
from .game import Hand
from .running import Running
from .values import hand_values


class EntryChecks:
    """The checks of the replay (replay.Replay), which sets what they read; a family overrides
    foreign_entries, loser_values or held where its hands differ."""

    seats: tuple[str, ...]
    known: frozenset[str]
    takes: frozenset[Take]
    rules: Rules
    state: Running
    _bounds: dict[int, tuple[int, int]]

    def check_entries(
        self, number: int, hand: Hand, in_game: list[str]
    ) -> tuple[list[Problem], dict[str, int]]:
        """Problems with who won and who has a value (the hand can't be scored while any remain),
        and otherwise each loser's hand value."""
        plain = self.plain_values(hand, in_game)
        if plain is not None:
            return [], plain
        problems: list[Problem] = []
        known = self.known
        entered = hand.entered_players()
        for player in sorted(entered.union(hand.buy_ins).difference(known)):
            players = ", ".join(self.seats)
            problems.append(
                problem("unknown-player", number, name=as_json(player), players=players)
            )
        if hand.void:
            if hand.winner or entered:
                problems.append(problem("void-with-entries", number))
            return problems, {}
        # Other families' entries would be silently ignored here, so they are refused.
        foreign = self.foreign_entries(number, hand)
        problems.extend(foreign)
        if hand.winner is None:
            problems.append(problem("no-winner", number))
            return problems, {}
        if hand.winner not in known:
            # Without a known winner nobody can be scored; say so instead of failing later.
            players = ", ".join(self.seats)
            problems.append(
                problem("winner-unknown", number, name=as_json(hand.winner), players=players)
            )
            return problems, {}
        if hand.winner not in in_game:
            after = self.state.out_after[hand.winner]
            problems.append(problem("winner-out", number, hand.winner, after=after))
        if hand.winner in entered:
            problems.append(problem("winner-has-value", number, hand.winner))
        for player in sorted(entered & known - set(in_game) - {hand.winner}):
            after = self.state.out_after[player]
            problems.append(problem("out-has-value", number, player, after=after))
        if len(problems) > len(foreign):
            return problems, {}
        losers = [p for p in in_game if p != hand.winner]
        found, values = self.loser_values(number, hand, losers)
        if foreign:
            # Refused entries don't stop the values being checked: every problem is told at once.
            return foreign + found, {}
        return found, values

    def plain_values(self, hand: Hand, in_game: list[str]) -> dict[str, int] | None:
        """The losers' values of the usual hand (a number for each, nothing else, all within
        bounds), found without the full checks; None when the full checks must run."""
        winner, values = hand.winner, hand.penalties
        if (
            Take.VALUES not in self.takes
            or hand.void
            or winner not in in_game
            or hand.cards
            or hand.counts
            or hand.adjustments
            or hand.reasons
            or hand.buy_ins
            or len(values) != len(in_game) - 1
        ):
            return None
        low, high = self.bounds()
        plain = {}
        for player in in_game:
            if player == winner:
                continue
            value = values.get(player)
            if type(value) is not int or not low <= value <= high:
                return None
            plain[player] = value
        return plain

    def bounds(self) -> tuple[int, int]:
        held = self.held()
        found = self._bounds.get(held)
        if found is None:
            found = self._bounds[held] = self.rules.hand_value_bounds(held)
        return found

    def foreign_entries(self, number: int, hand: Hand) -> list[Problem]:
        """Entries that belong to other families of scoring, refused by name."""
        refused: list[tuple[Iterable[str], str]] = []
        if Take.VALUES not in self.takes:
            refused.append((set(hand.penalties) | set(hand.cards), "values-elsewhere"))
        if Take.COUNTS not in self.takes:
            refused.append((hand.counts, "counts-elsewhere"))
        if Take.ADJUSTMENTS not in self.takes:
            refused.append((set(hand.adjustments) | set(hand.reasons), "adjustments-elsewhere"))
        if Take.BUY_INS not in self.takes:
            refused.append((hand.buy_ins, "buy-ins-elsewhere"))
        return [
            problem(code, number, player) for players, code in refused for player in sorted(players)
        ]

    def loser_values(
        self, number: int, hand: Hand, losers: list[str]
    ) -> tuple[list[Problem], dict[str, int]]:
        """What each loser scores before doubling: here the value of the cards left in hand."""
        values, problems = hand_values(hand, losers, self.rules, number, self.held())
        return problems, values

    def held(self) -> int:
        return self.rules.cards_held(len(self.seats))
