"""A night as JSON (`kalooki-night/1`): its group, its games' own records (each with its
results, as export_game writes it), the balances carried in, the payments made and what the
night's settle-up makes of them; and a group as JSON. Read back by `import_night`."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import capfirst
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands, store
from kalooki_ledger.games.importing import import_game
from kalooki_ledger.games.present import problem_text
from kalooki_ledger.rules.money import format_amount
from kalooki_ledger.rules.night import balance_amount, payment_amount
from kalooki_ledger.sheets.views import IMPORTS_PER_HOUR

from .models import Group, Night, NightGameLink, NightPayment
from .pages import balances

FORMAT = "kalooki-night/1"


def _amounts(values, digits: int) -> dict[str, str]:
    return {p: format_amount(Decimal(v), digits) for p, v in values.items()}


def night_json(night: Night) -> dict[str, Any]:
    games = night.games()
    settled = night.settle(games)
    digits = night.digits(games)
    return {
        "format": FORMAT,
        "group": {
            "name": night.group.name,
            "currency": night.group.currency,
            "regulars": list(night.group.regulars),
        },
        "number": night.number,
        "currency": night.currency,
        "version": night.version,
        "opening": _amounts(night.opening, digits),
        "closed": night.closed or None,
        "closing": _amounts(night.closing, digits),
        "games": [game.to_json() for game in games],
        "payments": [
            {
                "from": p.payer,
                "to": p.payee,
                "amount": format_amount(p.amount, digits),
                "at": p.at.replace(microsecond=0).isoformat(),  # to the second, as kept exactly
                "by": p.who,
            }
            for p in night.payments()
        ],
        "results": {
            "players": list(settled.players),
            "totals": _amounts(settled.totals, digits),
            "paid": _amounts(settled.paid, digits),
            "still_owed": _amounts(settled.owed, digits),
            "transfers": [
                {"from": t.payer, "to": t.payee, "amount": format_amount(t.amount, digits)}
                for t in settled.transfers
            ],
            "payments_that_no_longer_fit": [
                i for i, line in enumerate(settled.payments) if not line.fits
            ],
        },
    }


def group_json(group: Group) -> dict[str, Any]:
    return {
        "format": "kalooki-group/1",
        "name": group.name,
        "currency": group.currency,
        "regulars": list(group.regulars),
        "version": group.version,
        "nights": [
            {"number": n.number, "closed": n.closed or None, "version": n.version}
            for n in group.nights.order_by("number")
        ],
        "balances": {p: f"{v:f}" for p, v in balances(group).items() if v != 0},
    }


class NightRecordError(ValueError):
    """A night record refused, with the sentence that says why (in the reader's language)."""


# A night record's keys; `version` and `results` are what the night was, read by nobody.
KEYS = frozenset(
    {"format", "group", "number", "currency", "version", "opening", "closed", "closing"}
    | {"games", "payments", "results"}
)
GROUP_KEYS = frozenset({"name", "currency", "regulars"})
PAYMENT_KEYS = frozenset({"from", "to", "amount", "at", "by"})
# A night brings in at most as many games as one address may import in an hour.
MAX_GAMES = IMPORTS_PER_HOUR
MAX_PAYMENTS = 500


@dataclass(frozen=True)
class NightRecord:
    """A night record read and checked as a command checks what it is sent: one currency, the
    engine's reading of every game, balances that sum to zero, payments between its players."""

    name: str
    currency: str
    regulars: tuple[str, ...]
    opening: dict[str, Decimal]
    closed: str
    closing: dict[str, Decimal]
    games: tuple[Any, ...]  # each game's record, read by the engine already
    payments: tuple[tuple[str, str, Decimal, Any, str], ...]


def _refuse(message: str, **values: Any) -> NightRecordError:
    return NightRecordError(message % values if values else message)


def _only(value: Any, keys: frozenset[str], what: str) -> dict:
    if not isinstance(value, dict):
        raise _refuse(gettext("%(what)s is a JSON object."), what=what)
    extra = sorted(set(value) - keys)
    if extra:
        raise _refuse(
            gettext("%(what)s has keys no night record has: %(extra)s."),
            what=what,
            extra=", ".join(extra)[:200],
        )
    return value


def _name(value: Any, what: str, *kind: Any) -> str:
    name, problem = engine.name_problem(value if isinstance(value, str) else "", *kind)
    if problem is not None:
        raise _refuse(gettext("%(what)s: %(problem)s"), what=what, problem=problem_text(problem))
    return name


def _balances(value: Any, currency: str, what: str) -> dict[str, Decimal]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _refuse(gettext("%(what)s is a JSON object of names and amounts."), what=what)
    amounts = {}
    for name, amount in value.items():
        try:
            amounts[_name(name, what)] = balance_amount(amount, currency)
        except engine.RecordError as error:
            raise _refuse(
                "%(what)s: %(problem)s", what=what, problem=problem_text(error.problem)
            ) from None
    if sum(amounts.values(), Decimal(0)) != 0:
        raise _refuse(
            gettext("%(what)s must sum to zero: what one player is owed, others owe."), what=what
        )
    return amounts


def read_night(data: Any, group: Group | None = None) -> NightRecord:
    """A night record checked whole before anything is stored (NightRecordError says why)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(gettext("A night record has format %(format)s."), format=FORMAT)
    _only(data, KEYS, gettext("The night record"))
    about = _only(data.get("group") or {}, GROUP_KEYS, gettext("The record's group"))
    currency = data.get("currency", about.get("currency", "units"))
    shaped = isinstance(currency, str) and (
        currency == "units" or (len(currency) == 3 and currency.isalpha() and currency.isupper())
    )
    if not shaped:
        raise _refuse(gettext("A night's currency is its three-letter code (GBP, SEK) or units."))
    for other in (about.get("currency", currency), None if group is None else group.currency):
        if other is not None and other != currency:
            raise _refuse(
                gettext("The night settles in %(night)s and its group in %(group)s: one currency."),
                night=str(currency),
                group=str(other)[:20],
            )
    regulars_given = about.get("regulars") or []
    if not isinstance(regulars_given, list):
        raise _refuse(gettext("The group's regulars are a list of names."))
    regulars: dict[str, str] = {}
    for regular in regulars_given:
        name = _name(regular, gettext("A regular"))
        if engine.name_key(name) in regulars:
            raise _refuse(gettext("%(name)s is a regular twice."), name=name)
        regulars[engine.name_key(name)] = name
    name = str(about.get("name", "")) if group is None else group.name
    if group is None:
        name = _name(about.get("name"), gettext("The group's name"), gettext("a group's name"), 80)
    closed = data.get("closed") or ""
    if closed not in ("", "carried", "written-off"):
        raise _refuse(gettext('closed is null, "carried" or "written-off".'))
    games = data.get("games") or []
    if not isinstance(games, list):
        raise _refuse(gettext("games is a list of game records."))
    if len(games) > MAX_GAMES:
        raise _refuse(
            gettext("A night record holds at most %(most)s games: this one has %(count)s."),
            most=MAX_GAMES,
            count=len(games),
        )
    players = dict(regulars)
    for record in games:
        read, _ = store.read_import(record)  # RecordError: the game's first problem
        if read.game.stakes.currency != currency:
            raise _refuse(
                gettext(
                    "A game of this record is played in %(game)s and the night settles in "
                    "%(night)s: a night settles in one currency."
                ),
                game=read.game.stakes.currency,
                night=currency,
            )
        players.update({engine.name_key(p): p for p in read.game.players})
    opening = _balances(data.get("opening"), currency, gettext("The balances carried in"))
    closing = _balances(data.get("closing"), currency, gettext("What was carried on"))
    if closing and not closed:
        raise _refuse(gettext("An open night has nothing carried on or written off."))
    players.update({engine.name_key(p): p for p in (*opening, *closing)})
    payments = _payments(data.get("payments"), currency, players)
    return NightRecord(
        name, currency, tuple(regulars.values()), opening, closed, closing, tuple(games), payments
    )


def _payments(value: Any, currency: str, players: dict[str, str]) -> tuple:
    value = value or []
    if not isinstance(value, list) or len(value) > MAX_PAYMENTS:
        raise _refuse(gettext("payments is a list of at most %(most)s."), most=MAX_PAYMENTS)
    read = []
    for payment in value:
        _only(payment, PAYMENT_KEYS, gettext("A payment"))
        payer, payee = (payment.get(k) for k in ("from", "to"))
        known = {engine.name_key(p) for p in (payer, payee) if isinstance(p, str)}
        if payer == payee or len(known) != 2 or not known <= set(players):
            raise _refuse(gettext("A payment is from one of the night's players to another."))
        try:
            amount = payment_amount(payment.get("amount"), currency, exact=True)
        except engine.RecordError as error:
            raise NightRecordError(capfirst(problem_text(error.problem))) from None
        at = payment.get("at")
        when = parse_datetime(at) if isinstance(at, str) and len(at) < 40 else None
        if at is not None and when is None:
            raise _refuse(gettext("A payment's time is written as 2026-05-01T21:30:00+00:00."))
        by = payment.get("by", "")
        if not isinstance(by, str) or len(by) > 60:
            raise _refuse(gettext("A payment's phone is a name of at most 60 characters."))
        names = players[engine.name_key(payer)], players[engine.name_key(payee)]
        read.append((*names, amount, when, by))
    return tuple(read)


def _formatted(night: Night, amounts: dict[str, Decimal]) -> dict[str, str]:
    return {p: format_amount(v, night.digits()) for p, v in amounts.items() if v != 0}


def import_night(data: Any, who: str, group: Group | None = None) -> Night:
    """A night record stored as a new night of `group`, or of a new group named as the
    record's: checked whole first (`read_night`), its games imported as any game record is
    (`games.importing`), its payments and balances as they were. What it carried in came from
    outside the group (`brought`); what it carried on lands in the group's first open night
    after it (started when there is none), so the group's balances keep every amount. Run
    inside the `ImportNight` command's receipt."""
    checked = read_night(data, group)
    with transaction.atomic():
        if group is None:
            group = Group.objects.create(
                name=checked.name, currency=checked.currency, regulars=list(checked.regulars)
            )
        group = Group.objects.select_for_update().get(pk=group.pk)
        number = (max(group.nights.values_list("number", flat=True), default=0)) + 1
        night = Night.objects.create(group=group, number=number, currency=checked.currency)
        for position, record in enumerate(checked.games):
            game = import_game(record, commands.Sent(None, "", who))
            NightGameLink.objects.create(night=night, game=game, position=position)
        night.opening = night.brought = _formatted(night, checked.opening)
        night.closed = checked.closed
        night.closing = _formatted(night, checked.closing)
        night.save(update_fields=["opening", "brought", "closed", "closing"])
        for payer, payee, amount, when, by in checked.payments:
            NightPayment.objects.create(
                night=night,
                payer=payer,
                payee=payee,
                amount=amount,
                at=when or timezone.now(),
                who=by,
            )
        if checked.closed == "carried":  # what it carried on lands in the group, never lost
            following = Night.objects.create(
                group=group, number=number + 1, currency=checked.currency, opening=night.closing
            )
            night.carried_to = following
            night.save(update_fields=["carried_to"])
    return night
