"""A night at the table: several games settled once. Each game's nets come from its own ledger
(a stopped game's already say refund, split or leader); a player who sat a game out nets 0 for
it. What is still owed is the games' totals and the balances carried in, less the payments
made, settled again in the fewest transfers."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import MappingProxyType

from .money import MAX_BALANCE, MAX_STAKE, parse_amount
from .settle import Transfer, fewest_transfers
from .words import gettext_noop as _

ZERO = Decimal(0)
MAX_PAYMENT = MAX_STAKE  # one payment at most 1,000,000 of the currency
PAYMENT = _("a payment")
BALANCE = _("a balance carried in or out")


def payment_amount(value: object, currency: str, *, exact: bool = False) -> Decimal:
    """A payment's amount, the one reading (pages, API, import, commands): more than 0, at most
    `MAX_PAYMENT`, the currency's places; `exact` for the API's and record's canonical form."""
    return parse_amount(value, PAYMENT, currency, positive=True, exact=exact, most=MAX_PAYMENT)


def balance_amount(value: object, currency: str) -> Decimal:
    """A player's balance carried into or out of a night, as a record writes it: signed."""
    return parse_amount(value, BALANCE, currency, signed=True, exact=True, most=MAX_BALANCE)


@dataclass(frozen=True)
class NightGame:
    """One game of the night as its ledger ends it: its nets, and whether it is over (a game
    still played holds its pool, so its nets don't settle yet and it counts once over)."""

    name: str
    nets: Mapping[str, Decimal]
    over: bool = True


@dataclass(frozen=True)
class Payment:
    """Money handed over: a fact, kept whatever later corrections make of the nets."""

    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True)
class PaymentLine:
    """A payment as the settle-up shows it: `fits` is False when it now runs against what is
    owed (Ann paid Bob, and now Bob owes Ann): the remaining transfers settle the difference."""

    payment: Payment
    fits: bool


@dataclass(frozen=True)
class NightGameRow:
    name: str
    nets: Mapping[str, Decimal]  # every player of the night: 0 for a game sat out
    over: bool
    played: tuple[str, ...]  # who sat at this game


@dataclass(frozen=True)
class NightSettle:
    """The night in figures: each game's row, each player's total, the opening balances carried
    in, what was paid, what is still owed and the fewest transfers that settle it."""

    players: tuple[str, ...]
    games: tuple[NightGameRow, ...]
    totals: Mapping[str, Decimal]  # the games that are over, summed
    opening: Mapping[str, Decimal]
    due: Mapping[str, Decimal]  # totals + opening: what the night settles before any payment
    paid: Mapping[str, Decimal]  # what each has paid less what each has received
    closing: Mapping[str, Decimal]  # carried into the next night or written off
    owed: Mapping[str, Decimal]  # due + paid - closing: still to receive (+) or to pay (-)
    payments: tuple[PaymentLine, ...]
    transfers: tuple[Transfer, ...]

    @property
    def settled(self) -> bool:
        return not self.transfers

    @property
    def playing(self) -> tuple[str, ...]:
        """The games still played, not counted yet."""
        return tuple(g.name for g in self.games if not g.over)


def _frozen(values: dict[str, Decimal]) -> Mapping[str, Decimal]:
    return MappingProxyType(values)


def players_of(
    games: Sequence[NightGame], opening: Mapping[str, Decimal], order: Sequence[str] = ()
) -> tuple[str, ...]:
    """The night's players: those named in `order` first (the group's regulars), then as they
    first appear in the balances carried in and the games."""
    seen: dict[str, None] = {}
    for name in order:
        seen.setdefault(name, None)
    for name in opening:
        seen.setdefault(name, None)
    for game in games:
        for name in game.nets:
            seen.setdefault(name, None)
    return tuple(seen)


def settle_night(
    games: Sequence[NightGame],
    opening: Mapping[str, Decimal] | None = None,
    payments: Sequence[Payment] = (),
    order: Sequence[str] = (),
    closing: Mapping[str, Decimal] | None = None,
) -> NightSettle:
    """The night's settle-up. The opening balances sum to zero (they are a night's leftovers);
    each game over has nets that sum to zero; so what is still owed settles exactly. `closing`
    is what was carried out of the night or written off (it too sums to zero)."""
    opening = dict(opening or {})
    closing = dict(closing or {})
    named = players_of(games, {**opening, **closing}, order)
    extra = tuple(
        n for p in payments for n in (p.payer, p.payee) if n not in named
    )  # a payment between people no game names still counts
    players = named + tuple(dict.fromkeys(extra))
    rows = tuple(
        NightGameRow(
            game.name,
            _frozen({p: game.nets.get(p, ZERO) for p in players}),
            game.over,
            tuple(p for p in players if p in game.nets),
        )
        for game in games
    )
    totals = {p: sum((r.nets[p] for r in rows if r.over), ZERO) for p in players}
    due = {p: totals[p] + opening.get(p, ZERO) for p in players}
    paid = dict.fromkeys(players, ZERO)
    for payment in payments:
        paid[payment.payer] += payment.amount
        paid[payment.payee] -= payment.amount
    owed = {p: due[p] + paid[p] - closing.get(p, ZERO) for p in players}
    lines = tuple(PaymentLine(p, due[p.payer] < 0 < due[p.payee]) for p in payments)
    return NightSettle(
        players=players,
        games=rows,
        totals=_frozen(totals),
        opening=_frozen({p: opening.get(p, ZERO) for p in players}),
        due=_frozen(due),
        paid=_frozen(paid),
        closing=_frozen({p: closing.get(p, ZERO) for p in players}),
        owed=_frozen(owed),
        payments=lines,
        transfers=fewest_transfers(owed, players),
    )


def carried(night: NightSettle) -> dict[str, Decimal]:
    """What a night leaves unpaid, carried into the group's next night as opening balances."""
    return {p: v for p, v in night.owed.items() if v != 0}


OPEN, CARRIED, WRITTEN_OFF = "", "carried", "written-off"


@dataclass(frozen=True)
class GroupNight:
    """A night as its group's money reads it: its settle-up, how it was closed, the number of
    the night its unpaid money was last carried into, and `brought`: the part of its opening
    that came from outside the group (a night imported with balances carried in), and `ticked`:
    the games of it settled on their own page too (each game's money is asked in one place)."""

    number: int
    settle: NightSettle
    closed: str = OPEN
    carried_to: int | None = None
    brought: Mapping[str, Decimal] = MappingProxyType({})
    ticked: frozenset[str] = frozenset()  # its games with transfers ticked on their own page

    @property
    def leftover(self) -> Mapping[str, Decimal]:
        """A closed night's difference after a hand was corrected: still to carry or write off."""
        if not self.closed:
            return MappingProxyType({})
        return MappingProxyType({p: v for p, v in self.settle.owed.items() if v != 0})


@dataclass(frozen=True)
class GroupMoney:
    """The group's money: each player's balance (every night's still owed: an open night's, and
    a closed night's difference after a correction) and where every amount went."""

    balances: Mapping[str, Decimal]
    games_and_payments: Mapping[str, Decimal]  # every game's net and payment, counted once
    brought: Mapping[str, Decimal]  # balances that came in from outside (imports)
    written_off: Mapping[str, Decimal]
    problems: tuple[str, ...]  # the conservation invariant broken, said in plain English

    @property
    def conserved(self) -> bool:
        return not self.problems


def _add(into: dict[str, Decimal], values: Mapping[str, Decimal], sign: int = 1) -> None:
    for p, v in values.items():
        into[p] = into.get(p, ZERO) + sign * v


def _nonzero(values: Mapping[str, Decimal]) -> dict[str, Decimal]:
    return {p: v for p, v in values.items() if v != 0}


def _night_problems(night: GroupNight, numbers: Mapping[int, GroupNight]) -> list[str]:
    """What one night breaks: a carry into no later night, money carried out of an open night,
    an opening, closing or brought that does not sum to zero, a game over whose nets don't."""
    s = night.settle
    problems: list[str] = []
    if night.closed == CARRIED:
        target = numbers.get(night.carried_to or 0)
        if target is None or target.number <= night.number:
            problems.append(f"night {night.number} was carried into no later night")
    elif not night.closed and any(s.closing.values()):
        problems.append(f"night {night.number} is open and has money carried out")
    for what, values in (
        ("opening", s.opening),
        ("closing", s.closing),
        ("brought", night.brought),
    ):
        if sum(values.values(), ZERO) != 0:
            problems.append(f"night {night.number}'s {what} does not sum to zero")
    for game in s.games:
        if game.over and sum(game.nets.values(), ZERO) != 0:
            problems.append(f"game {game.name} of night {night.number} does not sum to zero")
    return problems


def _settled_once(nights: Sequence[GroupNight]) -> list[str]:
    """Each game's net is settled in exactly one place: one night, never also its own ticks."""
    problems: list[str] = []
    seen: dict[str, int] = {}
    for night in nights:
        for game in night.settle.games:
            if game.name in seen:
                problems.append(
                    f"game {game.name} is settled in night {seen[game.name]} and {night.number}"
                )
            seen.setdefault(game.name, night.number)
            if game.name in night.ticked:
                problems.append(
                    f"game {game.name} of night {night.number} was also ticked paid on its page"
                )
    return problems


@dataclass
class _Sums:
    """Every night's figures summed, per player: where the group's money came from and went."""

    balances: dict[str, Decimal]
    counted: dict[str, Decimal]
    brought: dict[str, Decimal]
    written_off: dict[str, Decimal]
    opened: dict[str, Decimal]
    carried: dict[str, Decimal]


def _summed(nights: Sequence[GroupNight]) -> _Sums:
    sums = _Sums({}, {}, {}, {}, {}, {})
    for night in nights:
        s = night.settle
        _add(sums.balances, s.owed)
        _add(sums.counted, {p: s.totals[p] + s.paid[p] for p in s.players})
        _add(sums.brought, night.brought)
        _add(sums.opened, s.opening)
        if night.closed == WRITTEN_OFF:
            _add(sums.written_off, s.closing)
        elif night.closed == CARRIED:
            _add(sums.carried, s.closing)
    return sums


def _conservation_problems(sums: _Sums) -> list[str]:
    problems = []
    landed = dict(sums.brought)
    _add(landed, sums.carried)
    if _nonzero(sums.opened) != _nonzero(landed):
        problems.append("the nights' openings are not what was carried and brought into them")
    expected = dict(sums.counted)
    _add(expected, sums.brought)
    _add(expected, sums.written_off, -1)
    if _nonzero(sums.balances) != _nonzero(expected):
        problems.append("the balances are not the games, payments and balances brought in")
    if sum(sums.balances.values(), ZERO) != 0:
        problems.append("the balances do not sum to zero")
    return problems


def group_money(nights: Sequence[GroupNight]) -> GroupMoney:
    """The group's balances and the conservation invariant (docs/nights.md), for every player:

        balance = every night's still owed
                = games' nets + payments + brought in - written off

    where a carry moves money between nights and never makes or loses any: every night's
    opening is what was brought into it from outside plus what was carried into it, each
    carried amount landing in one night after the one it left, whose money was open then; and
    each game's net is settled in exactly one place (one night, not also on its own page)."""
    numbers = {n.number: n for n in nights}
    problems = [p for night in nights for p in _night_problems(night, numbers)]
    problems += _settled_once(nights)
    sums = _summed(nights)
    problems += _conservation_problems(sums)
    return GroupMoney(
        balances=_frozen(_nonzero(sums.balances)),
        games_and_payments=_frozen(_nonzero(sums.counted)),
        brought=_frozen(_nonzero(sums.brought)),
        written_off=_frozen(_nonzero(sums.written_off)),
        problems=tuple(problems),
    )
