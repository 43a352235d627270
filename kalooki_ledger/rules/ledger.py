"""Replays the recorded hands of a game into everything the table sees: totals, who is out, the
buy-in offers and their order, the dealer, every payment, the pool, the nets and the settlement."""

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType
from typing import NamedTuple

from .cards import cards_value, check_against_deck, parse_card
from .config import Rules
from .errors import Problem, RecordError
from .game import Game, Hand
from .money import ZERO, display_digits, split_evenly
from .names import first_repeat
from .settle import Transfer, fewest_transfers

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# More hands than any club plays in a sitting (a long game runs to a few hundred); every page,
# sheet and export of a game stays quick below it.
MAX_HANDS = 1000
SUPPORTED_FAMILIES = ("elimination", "positive", "per-hand", "fixed-deals")
VALUES_ELSEWHERE = (
    "a per-hand game counts the cards and jokers left in hand: "
    "give counts, not a hand value or a card list"
)
COUNTS_ELSEWHERE = (
    "counts of cards and jokers are for per-hand games: give a hand value or the cards left in hand"
)
ADJUSTMENTS_ELSEWHERE = "penalty adjustments are for fixed-deals games: remove the adjustment"
BUY_INS_ELSEWHERE = "buy-ins belong to elimination games: remove the decision"
NO_LEADER = (
    "an elimination game has no leader to take the pool: stop it with a refund or a split instead"
)


# What a row that scored nothing (a void or conflicting hand) has for values, points and payments.
_NOTHING: Mapping = MappingProxyType({})


class HandRow(NamedTuple):
    """One recorded hand as the score sheet shows it. Immutable like the engine's dataclasses,
    but a named tuple: a replay makes one per hand, and a frozen dataclass builds 20x slower."""

    number: int
    dealer: str
    void: bool
    winner: str | None
    kalookie: bool
    values: Mapping[str, int]  # hand values as entered (or counted from cards)
    scored: Mapping[str, int]  # points added, after doubling and bonus
    totals: Mapping[str, int]  # after the hand and any buy-in reset
    payments: Mapping[str, Decimal]
    buy_in_offers: tuple[str, ...]
    bought_in: tuple[str, ...]
    out: tuple[str, ...]
    reset_to: int | None  # the total a buy-in goes back to after this hand
    pool: Decimal  # the pool after this hand's buy-ins
    awaiting: tuple[str, ...]
    problems: tuple[Problem, ...] = ()
    deal: int | None = None  # fixed-deals: the deal played (a void deal is played again)
    contract: str | None = None

    @property
    def conflicting(self) -> bool:
        return bool(self.problems)


@dataclass(frozen=True)
class Standing:
    """Where a player stands now."""

    name: str
    seat: int
    total: int
    buy_ins: int
    buy_ins_left: int | None
    out: bool
    out_after: int | None
    awaiting_decision: bool
    room: int | None  # points they can still take and stay in, or still need to reach a target
    hand_money: Decimal  # hand payments received less made
    paid_in: Decimal  # initial stake and buy-ins paid into the pool
    pool_share: Decimal
    net: Decimal


@dataclass(frozen=True)
class Ledger:
    game: Game
    status: str  # in-progress | awaiting-buy-ins | finished | stopped
    winner: str | None
    dealer: str | None  # who deals the next hand
    first_player: str | None  # who plays first in it
    awaiting_buy_ins: tuple[str, ...]
    reset_to: int | None  # the total an awaited buy-in goes back to
    pool: Decimal
    standings: tuple[Standing, ...]
    hands: tuple[HandRow, ...]
    transfers: tuple[Transfer, ...]
    problems: tuple[Problem, ...]
    money_digits: int
    sharers: tuple[str, ...] = ()  # who takes the pool or pot: the winner, or all who tie
    next_deal: int | None = None  # fixed-deals: the deal to play next, and its contract
    next_contract: str | None = None

    @property
    def next_hand_number(self) -> int:
        return len(self.hands) + 1

    @property
    def over(self) -> bool:
        return self.status in ("finished", "stopped")

    @property
    def can_record_hand(self) -> bool:
        return self.status == "in-progress" and not self.problems

    def standing(self, name: str) -> Standing:
        return self.standings[self.game.players.index(name)]

    def in_game(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.standings if not s.out and not s.awaiting_decision)

    def hand_problems(self, number: int) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.hand == number)


def check_setup(game: Game) -> None:
    """Raises RecordError for seats, dealer or rules that no hand could be scored under."""
    rules = game.rules
    if rules.family not in SUPPORTED_FAMILIES:
        raise RecordError(f"the {rules.family} family of scoring is not available yet")
    names = game.players
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RecordError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}")
    if any(not n.strip() for n in names):
        raise RecordError("every player needs a name")
    twice = first_repeat(names)
    if twice is not None:
        raise RecordError(f"two players are called {twice!r}: give each a different name")
    if game.first_dealer not in names:
        raise RecordError(
            f"the first dealer {game.first_dealer!r} is not one of the players ({', '.join(names)})"
        )
    if rules.limit < 1:
        raise RecordError("the limit must be at least 1")


def check(game: Game) -> "Ledger":
    """The ledger of a game that must be wholly consistent (an import); raises the first problem."""
    ledger = replay(game)
    if ledger.problems:
        raise RecordError(*ledger.problems)
    return ledger


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
    hand: Hand, losers: list[str], rules: Rules, number: int, held: int | None = None
) -> tuple[dict[str, int], list[Problem]]:
    """Each loser's hand value, from the number or the cards; problems say what is allowed.
    `held`: the most cards a loser can hold (by default a full hand)."""
    held = rules.hand_size if held is None else held
    low, high = rules.hand_value_bounds(held)
    values: dict[str, int] = {}
    problems: list[Problem] = []
    for player in losers:
        given = player in hand.penalties
        listed = player in hand.cards
        if given and listed:
            problems.append(Problem("give a hand value or a card list, not both", number, player))
            continue
        if listed:
            try:
                values[player] = cards_value(hand.cards[player], rules, held)
            except ValueError as exc:
                problems.append(Problem(str(exc), number, player, "cards"))
                continue
        elif given:
            value = hand.penalties[player]
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(
                    Problem(f"a hand value is a whole number from {low} to {high}", number, player)
                )
                continue
            values[player] = value
        else:
            problems.append(
                Problem(
                    f"no hand value recorded for a player still in: enter a number from {low} "
                    f"to {high} or the cards left in their hand",
                    number,
                    player,
                )
            )
            continue
        value = values[player]
        if value > high:
            problems.append(
                Problem(
                    f"no {held}-card hand is worth more than {high} (entered {value})",
                    number,
                    player,
                    "value",
                )
            )
        elif value < low:
            problems.append(
                Problem(
                    f"a loser's hand is worth at least {low}: one card (entered {value})",
                    number,
                    player,
                    "value",
                )
            )
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
        except ValueError as exc:
            message = f"{exc}, but the card lists of {' and '.join(listed)} hold more between them"
            return [Problem(message, number, player, "cards")]
    return []


class _Replay:
    """The running state of one replay; `run` turns it into an immutable Ledger."""

    def __init__(self, game: Game) -> None:
        check_setup(game)
        self.game = game
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
    def resuming(cls, ledger: "Ledger") -> "_Replay":
        """The state a replay had when it produced `ledger`, ready to play on (in progress only)."""
        state = cls(ledger.game)
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
        values: Mapping[str, int] = _NOTHING,
        scored: Mapping[str, int] = _NOTHING,
        payments: Mapping[str, Decimal] = _NOTHING,
        buy_in_offers: tuple[str, ...] = (),
        bought_in: tuple[str, ...] = (),
        out: tuple[str, ...] = (),
        reset_to: int | None = None,
        awaiting: tuple[str, ...] = (),
        problems: tuple[Problem, ...] | None = None,
        deal_fields: dict | None = None,
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
            )
        )

    def problems_of(self, number: int) -> tuple[Problem, ...]:
        if not self.problems:
            return ()
        return tuple(p for p in self.problems if p.hand == number)

    def result_text(self) -> str:
        return f"{self.winner} won" if self.winner else f"{' and '.join(self.sharers)} tied"

    def finish(self, number: int) -> None:
        """The game is over after hand `number`: the best total wins, all who share it tie."""
        totals = [self.totals[p] for p in self.seats]
        best = min(totals) if self.rules.lowest_wins() else max(totals)
        self.sharers = tuple(p for p in self.seats if self.totals[p] == best)
        self.winner = self.sharers[0] if len(self.sharers) == 1 else None
        self.finished_after = number

    def leaders_take(self, still_in: set[str], digits: int) -> dict[str, Decimal]:
        """A game stopped with "leader": the best total among those still in takes the pot;
        leaders who tie split it as at a finish. Elimination has no leader: a problem."""
        share = dict.fromkeys(self.seats, ZERO)
        if self.rules.family == "elimination":
            self.problems.append(Problem(NO_LEADER))
            return dict(self.paid_in)
        totals = [self.totals[p] for p in self.seats if p in still_in]
        best = min(totals) if self.rules.lowest_wins() else max(totals)
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
        """Points a player can still take and stay in (families without a limit: none)."""
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
            message = f"a game has at most {MAX_HANDS:,} hands: start a new game to play on"
            self.conflict(number, hand, [Problem(message, number)])
            return
        if self.finished_after is not None:
            message = (
                f"the game was over after hand {self.finished_after} ({self.result_text()}): "
                "delete this hand or correct an earlier one"
            )
            self.conflict(number, hand, [Problem(message, number)])
            return
        in_game = [p for p in self.seats if p not in self.out_after]
        problems, values = self.check_entries(number, hand, in_game)
        if problems:
            self.conflict(number, hand, problems)
            return
        dealer = self.seats[self.dealer_index]
        if hand.void:
            if hand.buy_ins:
                self.problems.append(
                    Problem("a void hand scores nothing, so no buy-in follows it", number)
                )
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
            if player not in known:
                problems.append(
                    Problem(
                        f"there is no player called {player!r} (players: {', '.join(self.seats)})",
                        number,
                    )
                )
        if hand.void:
            if hand.winner or entered:
                problems.append(Problem("a void hand has no winner and no hand values", number))
            return problems, {}
        # Other families' entries would be silently ignored here, so they are refused.
        problems.extend(self.foreign_entries(number, hand))
        if hand.winner is None:
            problems.append(Problem("choose who won the hand, or mark it void", number))
            return problems, {}
        if hand.winner not in known:
            # Without a known winner nobody can be scored; say so instead of failing later.
            problems.append(
                Problem(
                    f"the winner {hand.winner!r} is not one of the players "
                    f"({', '.join(self.seats)})",
                    number,
                )
            )
            return problems, {}
        if hand.winner not in in_game:
            problems.append(
                Problem(
                    f"is out of the game after hand {self.out_after[hand.winner]} and can't win",
                    number,
                    hand.winner,
                )
            )
        if hand.winner in entered:
            problems.append(Problem("won the hand, so has no hand value", number, hand.winner))
        for player in sorted(entered & known - set(in_game) - {hand.winner}):
            problems.append(
                Problem(
                    f"is out of the game after hand {self.out_after[player]} "
                    "and has no hand value any more",
                    number,
                    player,
                )
            )
        if problems:
            return problems, {}
        losers = [p for p in in_game if p != hand.winner]
        return self.loser_values(number, hand, losers)

    # What this family's hands record besides a winner; anything else would be silently ignored.
    takes: frozenset[str] = frozenset({"values", "buy_ins"})

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
            refused.append((set(hand.penalties) | set(hand.cards), VALUES_ELSEWHERE))
        if "counts" not in self.takes:
            refused.append((hand.counts, COUNTS_ELSEWHERE))
        if "adjustments" not in self.takes:
            refused.append((set(hand.adjustments) | set(hand.reasons), ADJUSTMENTS_ELSEWHERE))
        if "buy_ins" not in self.takes:
            refused.append((hand.buy_ins, BUY_INS_ELSEWHERE))
        return [
            Problem(message, number, player)
            for players, message in refused
            for player in sorted(players)
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
                self.problems.append(
                    Problem(
                        f"the game finished after hand {self.finished_after} "
                        f"({self.result_text()}), "
                        "so it can't be stopped early as well: remove the early stop"
                    )
                )
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
            sharers=self.sharers if status == "finished" or game.stopped == "leader" else (),
            next_deal=deal.get("deal"),
            next_contract=deal.get("contract"),
        )


class _Elimination(_Replay):
    """British club Kalookie and its variants: out over the limit, buy-ins, the pool."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        # A total above this is over the limit (out_at "over" or "reach" alike).
        self.highest_within = self.rules.highest_within()
        self._payments: dict[tuple[bool, int], tuple[Decimal, Decimal]] = {}

    def room(self, total: int) -> int | None:
        return self.highest_within - total

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
        factor = 2 if hand.kalookie and rules.kalookie_doubles_penalties else 1
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
            reason = self.why_no_offer(player, in_game, over, within)
            self.problems.append(
                Problem(
                    f"was not offered a buy-in after this hand: {reason}; remove the decision",
                    number,
                    player,
                    "buy_ins",
                )
            )
        bought_in: list[str] = []
        awaiting: list[str] = []
        for player in offers:
            decision = hand.buy_ins.get(player)
            if decision is None and is_last:
                awaiting.append(player)
                continue
            if decision is None:
                self.problems.append(
                    Problem(
                        "was offered a buy-in after this hand and no decision is recorded: "
                        "record whether they bought in or dropped out",
                        number,
                        player,
                        "buy_ins",
                    )
                )
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
    ) -> str:
        if player not in in_game:
            return f"they were already out of the game after hand {self.out_after[player]}"
        if player not in over:
            return "they are within the limit"
        if len(within) == 1:
            return f"only {within[0]} is within the limit, so the game is over"
        if len(within) < self.rules.buy_in_needs_remaining:
            return (
                f"buy-ins need {self.rules.buy_in_needs_remaining} players within the limit "
                f"and only {len(within)} are"
            )
        if self.rules.max_buy_ins == 0:
            return "this game allows no buy-ins"
        return f"they have used all {self.rules.max_buy_ins} buy-ins"


class _PointsFamily(_Replay):
    """Families where nobody goes out: a hand scores, pays by the point, and the deal moves on."""

    takes = frozenset({"values"})

    def points(self, hand: Hand, values: dict[str, int], losers: list[str]) -> dict[str, int]:
        """What each loser's hand counts against them this hand."""
        factor = 2 if hand.kalookie and self.rules.kalookie_doubles_penalties else 1
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
        )


class _Positive(_PointsFamily):
    """North American Kaluki: the winner scores the losers' hand values; highest total wins."""

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        won = sum(points.values())
        return {p: points.get(p, won) if p == hand.winner else 0 for p in in_game}

    def room(self, total: int) -> int | None:
        return None if self.rules.target is None else max(0, self.rules.target - total)

    def game_over(self) -> bool:
        target, deals = self.rules.target, self.rules.deal_count()
        reached = target is not None and max(self.totals.values()) >= target
        return reached or (deals is not None and self.deals_played >= deals)


class _PerHand(_PointsFamily):
    """Scarne's East Coast Kaluki: a point a card left, one more a joker, doubled on a kaluki;
    every hand settles by itself and the table stops when it likes."""

    takes = frozenset({"counts"})

    def loser_values(
        self, number: int, hand: Hand, losers: list[str]
    ) -> tuple[list[Problem], dict[str, int]]:
        held, jokers = self.held(), self.rules.jokers
        problems, values = [], {}
        for player in losers:
            count = hand.counts.get(player)
            if count is None:
                problems.append(
                    Problem(
                        f"no count recorded for a player still in: give the cards left in hand "
                        f"(1 to {held}) and how many of them are jokers",
                        number,
                        player,
                    )
                )
            elif not 1 <= count.cards <= held:
                problems.append(
                    Problem(
                        f"a loser holds 1 to {held} cards, not {count.cards}",
                        number,
                        player,
                        "cards",
                    )
                )
            elif not 0 <= count.jokers <= min(count.cards, jokers):
                problems.append(
                    Problem(
                        f"{count.jokers} jokers among {count.cards} cards can't be: "
                        f"0 to {min(count.cards, jokers)} (the deck has {jokers})",
                        number,
                        player,
                        "jokers",
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


class _FixedDeals(_PointsFamily):
    """Caribbean Kalooki (Jamaica, Trinidad): a set number of deals with their contracts;
    bending the table doubles the others' points where the rules say so (Jamaica; Trinidad
    only by house rule); penalty adjustments; lowest total wins."""

    takes = frozenset({"values", "adjustments"})

    def foreign_entries(self, number: int, hand: Hand) -> list[Problem]:
        problems = super().foreign_entries(number, hand)
        problems += [
            Problem(
                "a reason goes with a penalty adjustment: add the points or remove it", number, p
            )
            for p in sorted(set(hand.reasons) - set(hand.adjustments))
        ]
        for player, points in sorted(hand.adjustments.items()):
            if (
                isinstance(points, bool)
                or not isinstance(points, int)
                or not -1000 <= points <= 1000
            ):
                problems.append(
                    Problem(
                        f"a penalty adjustment is a whole number of points from -1000 to 1000, "
                        f"not {points!r}",
                        number,
                        player,
                        "adjustment",
                    )
                )
        return problems

    def held(self) -> int:
        return self.rules.cards_held(len(self.seats), self.deals_played + 1)

    def deal_fields(self) -> dict:
        schedule = self.rules.deal_schedule
        if not schedule:
            return {}
        deal = min(self.deals_played + 1, len(schedule))
        return {"deal": deal, "contract": schedule[deal - 1].contract}

    def points(self, hand: Hand, values: dict[str, int], losers: list[str]) -> dict[str, int]:
        double = hand.kalookie and self.rules.kalookie_doubles_penalties
        return {p: values[p] * (2 if double else 1) for p in losers}

    def scores(self, hand: Hand, points: dict[str, int], in_game: list[str]) -> dict[str, int]:
        return {p: points.get(p, 0) + hand.adjustments.get(p, 0) for p in in_game}

    def game_over(self) -> bool:
        deals = self.rules.deal_count()
        return deals is not None and self.deals_played >= deals


_REPLAYS: dict[str, type[_Replay]] = {
    "elimination": _Elimination,
    "positive": _Positive,
    "per-hand": _PerHand,
    "fixed-deals": _FixedDeals,
}


def extend(ledger: Ledger, hand: Hand) -> Ledger:
    """The ledger with one more hand, exactly as `replay(ledger.game.with_hand(hand))` gives it:
    a game in progress plays on from where it stands instead of from the first hand."""
    game = ledger.game.with_hand(hand)
    if ledger.status != "in-progress" or ledger.problems or game.stopped:
        return replay(game)
    state = _REPLAYS[game.rules.family].resuming(ledger)
    state.game = game
    state.play(len(game.hands), hand, is_last=True)
    return state.ledger()


def replay(game: Game) -> Ledger:
    """Everything derived from the recorded hands; conflicting hands are kept and explained."""
    return _REPLAYS.get(game.rules.family, _Elimination)(game).run()
