"""The replay every family shares: it plays the recorded hands in order into a Ledger (totals,
the deal, payments, the pool, nets and settlement), checking each hand's entries; the family
modules (elimination, positive, per_hand, fixed_deals) score the hands."""

from collections.abc import Container, Iterable, Mapping
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING

from .cards import cards_value, check_against_deck, parse_card
from .config import Rules
from .errors import Problem, RecordError, as_json, problem
from .game import Game, Hand
from .ledger import NOTHING, HandRow, Ledger, Standing
from .money import ZERO, display_digits, split_evenly
from .names import first_lookalike, first_repeat
from .settle import fewest_transfers

if TYPE_CHECKING:
    from .family import Family

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# More hands than any club plays in a sitting (a long game runs to a few hundred); every page,
# sheet and export of a game stays quick below it.
MAX_HANDS = 1000


def check_seats(game: Game) -> None:
    """Raises RecordError for seats, dealer or limit that no hand could be scored under."""
    rules = game.rules
    names = game.players
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RecordError(
            problem("players-count", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(names))
        )
    if any(not n.strip() for n in names):
        raise RecordError(problem("player-unnamed"))
    twice = first_repeat(names)
    if twice is not None:
        raise RecordError(problem("player-twice", name=twice))
    alike = first_lookalike(names)
    if alike is not None:
        raise RecordError(problem("players-lookalike", one=alike[0], other=alike[1]))
    if game.first_dealer not in names:
        raise RecordError(
            problem(
                "first-dealer-unknown", name=as_json(game.first_dealer), players=", ".join(names)
            )
        )
    if rules.limit < 1:
        raise RecordError(problem("limit-too-low"))


def _next_in(seats: tuple[str, ...], start: int, out: Container[str]) -> int | None:
    """Index of the first seat clockwise after `start` whose player is not `out`."""
    n = len(seats)
    for step in range(1, n + 1):
        index = (start + step) % n
        if seats[index] not in out:
            return index
    return None


def _from_left_of(seats: tuple[str, ...], index: int) -> list[str]:
    """The seats in clockwise order starting with the one to the left of `index`."""
    n = len(seats)
    return [seats[(index + step) % n] for step in range(1, n + 1)]


def hand_values(
    hand: Hand, losers: list[str], rules: Rules, number: int, held: int
) -> tuple[dict[str, int], list[Problem]]:
    """Each loser's hand value, from the number or the cards; problems say what is allowed.
    `held`: the most cards a loser can hold."""
    low, high = rules.hand_value_bounds(held)
    values: dict[str, int] = {}
    problems: list[Problem] = []
    for player in losers:
        given = player in hand.penalties
        listed = player in hand.cards
        if given and listed:
            problems.append(problem("value-and-cards", number, player))
            continue
        if listed:
            try:
                values[player] = cards_value(hand.cards[player], rules, held)
            except RecordError as exc:
                problems.append(replace(exc.problem, hand=number, player=player, field="cards"))
                continue
        elif given:
            value = hand.penalties[player]
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(problem("value-not-whole", number, player, low=low, high=high))
                continue
            values[player] = value
        else:
            problems.append(problem("value-missing", number, player, low=low, high=high))
            continue
        value = values[player]
        if value > high:
            problems.append(
                problem(
                    "value-too-high", number, player, "value", held=held, high=high, value=value
                )
            )
        elif value < low:
            problems.append(problem("value-too-low", number, player, "value", low=low, value=value))
    if not problems:
        problems.extend(_cards_across_losers(hand, losers, rules, number))
    return values, problems


def _cards_across_losers(hand: Hand, losers: list[str], rules: Rules, number: int) -> list[Problem]:
    """All losers' card lists together can't hold more copies of a card than the deck."""
    held: list[tuple[str, str | None]] = []
    listed: list[str] = []
    for player in losers:
        if player not in hand.cards:
            continue
        held.extend(parse_card(c) for c in hand.cards[player])
        listed.append(player)
        try:
            check_against_deck(held, rules)
        except RecordError as exc:
            code, params = f"{exc.problem.code}-between", {**exc.problem.params}
            return [problem(code, number, player, "cards", players=tuple(listed), **params)]
    return []


class Replay:
    """The running state of one replay; `run` turns it into an immutable Ledger. Each family's
    module overrides the hooks its hands need (score, room, held, deal_fields…)."""

    def __init__(self, game: Game, family: "Family") -> None:
        check_seats(game)
        self.game = game
        self.family = family
        self.takes = family.takes  # what this family's hands record; the rest is refused
        self.rules = game.rules
        self.stakes = game.stakes
        self.seats = game.players
        self.known = frozenset(self.seats)
        self.totals = dict.fromkeys(self.seats, 0)
        self.used = dict.fromkeys(self.seats, 0)
        self.out_after: dict[str, int] = {}
        self.hand_money = dict.fromkeys(self.seats, ZERO)
        self.paid_in = dict.fromkeys(self.seats, self.stakes.initial)
        self.pool = self.stakes.initial * len(self.seats)
        self.dealer_index = self.seats.index(game.first_dealer)
        self.finished_after: int | None = None
        self.winner: str | None = None
        self.awaiting: tuple[str, ...] = ()
        self.reset_to: int | None = None
        self.rows: list[HandRow] = []
        self.problems: list[Problem] = []
        self.deals_played = 0  # scored hands: a void one is dealt again
        self._bounds: dict[int, tuple[int, int]] = {}
        # Each seat's clockwise order from its left, worked out once for the whole replay.
        self.left_of = {p: _from_left_of(self.seats, i) for i, p in enumerate(self.seats)}
        self.sharers: tuple[str, ...] = ()

    @classmethod
    def resuming(cls, ledger: Ledger, family: "Family") -> "Replay":
        """The state a replay had when it produced `ledger`, ready to play on (in progress only)."""
        state = cls(ledger.game, family)
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

    def still_in(self) -> set[str]:
        return {p for p in self.seats if p not in self.out_after}

    def run(self) -> Ledger:
        last = len(self.game.hands)
        for number, hand in enumerate(self.game.hands, 1):
            self.play(number, hand, is_last=number == last)
        return self.ledger()

    def conflict(self, number: int, hand: Hand, problems: list[Problem]) -> None:
        """Keeps a hand that can't be scored on the sheet, unscored, with what is wrong with it."""
        self.problems.extend(problems)
        self.add_row(
            number,
            self.seats[self.dealer_index],
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
        self.rows.append(
            HandRow(
                number=number,
                dealer=dealer,
                void=hand.void,
                winner=winner,
                kalookie=kalookie,
                values=values,
                scored=scored,
                totals=dict(self.totals),  # a snapshot: later hands change the running totals
                payments=payments,
                buy_in_offers=buy_in_offers,
                bought_in=bought_in,
                out=out,
                reset_to=reset_to,
                pool=self.pool,
                awaiting=awaiting,
                problems=self.problems_of(number) if problems is None else problems,
                deal=deal.get("deal"),
                contract=deal.get("contract"),
                adjustments=adjustments,
            )
        )

    def problems_of(self, number: int) -> tuple[Problem, ...]:
        if not self.problems:
            return ()
        return tuple(p for p in self.problems if p.hand == number)

    def over_problem(self, code: str, number: int | None = None) -> Problem:
        """A problem saying the game was over, and with whom: "… (John won)", "… (A and B tied)"."""
        after = self.finished_after
        if self.winner:
            return problem(f"{code}-win", number, after=after, winner=self.winner)
        return problem(f"{code}-tie", number, after=after, names=self.sharers)

    def leaders(
        self, standings: tuple[Standing, ...], over: bool, sharers: tuple[str, ...]
    ) -> tuple[str, ...]:
        """Who leads a game nobody goes out of: the best total among those still in, and once
        it is over, who takes the pot."""
        if self.family.eliminates or not self.rows:
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
        best = self.best([self.totals[p] for p in self.seats])
        self.sharers = tuple(p for p in self.seats if self.totals[p] == best)
        self.winner = self.sharers[0] if len(self.sharers) == 1 else None
        self.finished_after = number

    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]:
        """A game stopped with "leader": the best total among those still in takes the pot;
        leaders who tie split it as at a finish."""
        share = dict.fromkeys(self.seats, ZERO)
        best = self.best([self.totals[p] for p in self.seats if p in still_in])
        self.sharers = tuple(p for p in self.seats if p in still_in and self.totals[p] == best)
        order = [p for p in _from_left_of(self.seats, self.dealer_index) if p in self.sharers]
        for player, amount in zip(order, split_evenly(self.pool, len(order), digits), strict=True):
            share[player] = amount
        return share

    def pass_deal(self) -> None:
        """After a scored hand the deal passes clockwise to the next player still in."""
        following = _next_in(self.seats, self.dealer_index, self.out_after)
        assert following is not None, "a scored hand leaves someone in the game"
        self.dealer_index = following

    def room(self, total: int) -> int | None:
        """Points a player can still take and stay in, or still need (families without either:
        none)."""
        return None

    def score(
        self,
        number: int,
        hand: Hand,
        values: dict[str, int],
        in_game: list[str],
        dealer: str,
        is_last: bool,
    ) -> None:
        raise NotImplementedError

    def play(self, number: int, hand: Hand, is_last: bool) -> None:
        if number > MAX_HANDS:
            # Grouped as the English has always shown it ("1,000").
            found = problem("too-many-hands", number, most=f"{MAX_HANDS:,}")
            self.conflict(number, hand, [found])
            return
        if self.finished_after is not None:
            found = self.over_problem("hand-after", number)
            self.conflict(number, hand, [found])
            return
        in_game = [p for p in self.seats if p not in self.out_after]
        problems, values = self.check_entries(number, hand, in_game)
        if problems:
            self.conflict(number, hand, problems)
            return
        dealer = self.seats[self.dealer_index]
        if hand.void:
            if hand.buy_ins:
                self.problems.append(problem("void-buy-in", number))
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
        self.score(number, hand, values, in_game, dealer, is_last)

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
            after = self.out_after[hand.winner]
            problems.append(problem("winner-out", number, hand.winner, after=after))
        if hand.winner in entered:
            problems.append(problem("winner-has-value", number, hand.winner))
        for player in sorted(entered & known - set(in_game) - {hand.winner}):
            after = self.out_after[player]
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
            "values" not in self.takes
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
        if "values" not in self.takes:
            refused.append((set(hand.penalties) | set(hand.cards), "values-elsewhere"))
        if "counts" not in self.takes:
            refused.append((hand.counts, "counts-elsewhere"))
        if "adjustments" not in self.takes:
            refused.append((set(hand.adjustments) | set(hand.reasons), "adjustments-elsewhere"))
        if "buy_ins" not in self.takes:
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

    def deal_fields(self) -> dict:
        """Extra fields of a hand row (fixed-deals: the deal and its contract)."""
        return {}

    def ledger(self) -> Ledger:
        game, seats = self.game, self.seats
        pool_share = dict.fromkeys(seats, ZERO)
        digits = display_digits(self.stakes.currency, self.stakes.amounts())
        awaiting = self.awaiting
        if self.finished_after is not None:
            status = "finished"
            order = [p for p in _from_left_of(seats, self.dealer_index) if p in self.sharers]
            for player, share in zip(
                order, split_evenly(self.pool, len(order), digits), strict=True
            ):
                pool_share[player] = share
            if game.stopped:
                self.problems.append(self.over_problem("stopped-after"))
        elif game.stopped:
            status = "stopped"
            # Owed buy-ins lapse when the table stops: those players are over the limit.
            still_in = self.still_in() - set(awaiting)
            awaiting = ()
            if game.stopped == "refund":
                pool_share = dict(self.paid_in)
            elif game.stopped == "leader":
                pool_share = self.leaders_take(still_in, digits)
            else:
                dealer_index = self.dealer_index
                following = _next_in(
                    seats, dealer_index, self.out_after.keys() | set(self.awaiting)
                )
                if self.awaiting and following is not None:
                    # The deal had not yet passed on after the last hand; it goes to a sharer.
                    dealer_index = following
                order = _from_left_of(seats, dealer_index)
                sharers = [p for p in order if p in still_in]
                for player, share in zip(
                    sharers, split_evenly(self.pool, len(sharers), digits), strict=True
                ):
                    pool_share[player] = share
        else:
            status = "awaiting-buy-ins" if awaiting else "in-progress"

        still_in = self.still_in()
        dealer = first = None
        if status == "in-progress":
            dealer = seats[self.dealer_index]
            following = _next_in(seats, self.dealer_index, self.out_after)
            first = seats[following] if following is not None else None
        nets = {p: self.hand_money[p] - self.paid_in[p] + pool_share[p] for p in seats}
        standings = tuple(
            Standing(
                name=p,
                seat=i,
                total=self.totals[p],
                buy_ins=self.used[p],
                buy_ins_left=self.rules.buy_ins_left(self.used[p]),
                out=p not in still_in or (status == "stopped" and p in self.awaiting),
                out_after=self.out_after.get(p),
                awaiting_decision=p in awaiting,
                room=self.room(self.totals[p]),
                hand_money=self.hand_money[p],
                paid_in=self.paid_in[p],
                pool_share=pool_share[p],
                net=nets[p],
            )
            for i, p in enumerate(seats)
        )
        settled = status in ("finished", "stopped")
        sharers = self.sharers if status == "finished" or game.stopped == "leader" else ()
        deal = self.deal_fields() if status == "in-progress" else {}
        return Ledger(
            game=game,
            status=status,
            winner=self.winner if status == "finished" else None,
            dealer=dealer,
            first_player=first,
            awaiting_buy_ins=awaiting,
            reset_to=self.reset_to if awaiting else None,
            pool=self.pool,
            standings=standings,
            hands=tuple(self.rows),
            transfers=fewest_transfers(nets, seats) if settled else (),
            problems=tuple(self.problems),
            money_digits=digits,
            sharers=sharers,
            leaders=self.leaders(standings, settled, sharers),
            next_deal=deal.get("deal"),
            next_contract=deal.get("contract"),
        )


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

    def score(
        self,
        number: int,
        hand: Hand,
        values: dict[str, int],
        in_game: list[str],
        dealer: str,
        is_last: bool,
    ) -> None:
        winner = hand.winner
        assert winner is not None
        losers = [p for p in in_game if p != winner]
        points = self.points(hand, values, losers)
        scored = self.scores(hand, points, in_game)
        rate = self.stakes.per_point
        payments = {p: -points[p] * rate if p != winner else ZERO for p in in_game}
        payments[winner] = sum(points.values()) * rate
        for player in in_game:
            self.totals[player] += scored[player]
            self.hand_money[player] += payments[player]
        fields = self.deal_fields()
        self.deals_played += 1
        if self.game_over():
            self.finish(number)
        else:
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
            deal_fields=fields,
            # Only fixed-deals hands carry adjustments: the others' are refused as foreign.
            adjustments={p: a for p, a in hand.adjustments.items() if p in scored} or NOTHING,
        )
