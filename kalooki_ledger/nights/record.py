"""A night as JSON (`kalooki-night/1`): its group, its games' own records (each with its
results, as export_game writes it), the balances carried in, the payments made and what the
night's settle-up makes of them; and a group as JSON. Read back by `import_night`."""

import datetime
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
from kalooki_ledger.games.importing import IMPORTS_PER_HOUR, import_game
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import problem_text
from kalooki_ledger.rules.money import format_amount, minor_digits
from kalooki_ledger.rules.night import (
    NightGame,
    Payment,
    balance_amount,
    payment_amount,
    settle_night,
)

from .models import Group, Night, NightGameLink, NightPayment

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
        "balances": {
            p: format_amount(v, minor_digits(group.currency))
            for p, v in group.balances().items()
            if v != 0
        },
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
    engine's reading of every game, balances that sum to zero, payments between its players,
    and a closed night's closing what its settle-up owed."""

    name: str
    currency: str
    regulars: tuple[str, ...]
    opening: dict[str, Decimal]
    closed: str
    closing: dict[str, Decimal]
    games: tuple[Any, ...]  # each game's record, read by the engine already
    payments: tuple[tuple[str, str, Decimal, Any, str], ...]
    number: int | None = None
    played: tuple[engine.Game, ...] = ()  # the engine's reading of each game, in order


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


def _currency(data: dict, about: dict, group: Group | None) -> str:
    """The night's currency, the one its group (the record's, and the one imported into) has."""
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
    return currency


def _regulars(about: dict) -> dict[str, str]:
    """The record's group's regulars by their name key, each named once."""
    given = about.get("regulars") or []
    if not isinstance(given, list):
        raise _refuse(gettext("The group's regulars are a list of names."))
    regulars: dict[str, str] = {}
    for regular in given:
        name = _name(regular, gettext("A regular"))
        if engine.name_key(name) in regulars:
            raise _refuse(gettext("%(name)s is a regular twice."), name=name)
        regulars[engine.name_key(name)] = name
    return regulars


def _group_name(about: dict, group: Group | None) -> str:
    if group is not None:
        return group.name
    return _name(about.get("name"), gettext("The group's name"), gettext("a group's name"), 80)


def _closed(data: dict) -> str:
    closed = data.get("closed") or ""
    if closed not in ("", "carried", "written-off"):
        raise _refuse(gettext('closed is null, "carried" or "written-off".'))
    return closed


def _number(data: dict) -> int | None:
    number = data.get("number")
    if number is None:
        return None
    if not isinstance(number, int) or isinstance(number, bool) or not 0 < number < 10**6:
        raise _refuse(gettext("A night's number is a whole number from 1, such as 3."))
    return number


def _games(data: dict, currency: str) -> tuple[list, list[engine.Game]]:
    """The records of the night's games and the engine's reading of each (RecordError: a
    game's first problem), every one in the night's currency."""
    games = data.get("games") or []
    if not isinstance(games, list):
        raise _refuse(gettext("games is a list of game records."))
    if len(games) > MAX_GAMES:
        raise _refuse(
            gettext("A night record holds at most %(most)s games: this one has %(count)s."),
            most=MAX_GAMES,
            count=len(games),
        )
    played = []
    for record in games:
        read, _ = store.read_import(record)
        if read.game.stakes.currency != currency:
            raise _refuse(
                gettext(
                    "A game of this record is played in %(game)s and the night settles in "
                    "%(night)s: a night settles in one currency."
                ),
                game=read.game.stakes.currency,
                night=currency,
            )
        played.append(read.game)
    return games, played


def _owed_when_closed(played: list[engine.Game], opening: dict, payments: tuple) -> dict:
    """What the record's night owed before anything was carried on or written off: the
    engine's settle-up of its games, opening and payments."""
    nights = []
    for game in played:
        ledger = engine.replay(game)
        nights.append(NightGame("", {s.name: s.net for s in ledger.standings}, ledger.over))
    paid = [Payment(payer, payee, amount) for payer, payee, amount, _, _ in payments]
    return {p: v for p, v in settle_night(nights, opening, paid).owed.items() if v != 0}


def _check_closing(closed: str, closing: dict, owed: dict, currency: str) -> None:
    """A closed night's closing is what it owed when closed; an open one has none."""
    if closing and not closed:
        raise _refuse(gettext("An open night has nothing carried on or written off."))
    if closed and {p: v for p, v in closing.items() if v != 0} != owed:
        digits = minor_digits(currency)
        owed_text = ", ".join(f"{p} {format_amount(v, digits)}" for p, v in owed.items())
        raise _refuse(
            gettext(
                "What a closed night carried on or wrote off is what its games, the balances "
                "carried in and its payments left owing (%(owed)s): this record says otherwise. "
                "A night with a corrected hand's difference still open is imported once the "
                "difference is carried on or written off."
            ),
            owed=owed_text or gettext("nothing"),
        )


def read_night(data: Any, group: Group | None = None) -> NightRecord:
    """A night record checked whole before anything is stored (NightRecordError says why)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(gettext("A night record has format %(format)s."), format=FORMAT)
    _only(data, KEYS, gettext("The night record"))
    about = _only(data.get("group") or {}, GROUP_KEYS, gettext("The record's group"))
    currency = _currency(data, about, group)
    regulars = _regulars(about)
    name = _group_name(about, group)
    closed, number = _closed(data), _number(data)
    games, played = _games(data, currency)
    players = dict(regulars)
    for game in played:
        players.update({engine.name_key(p): p for p in game.players})
    opening = _balances(data.get("opening"), currency, gettext("The balances carried in"))
    closing = _balances(data.get("closing"), currency, gettext("What was carried on"))
    players.update({engine.name_key(p): p for p in (*opening, *closing)})
    payments = _payments(data.get("payments"), currency, players)
    _check_closing(closed, closing, _owed_when_closed(played, opening, payments), currency)
    return NightRecord(
        name,
        currency,
        tuple(regulars.values()),
        opening,
        closed,
        closing,
        tuple(games),
        payments,
        number,
        tuple(played),
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
        when = _when(payment.get("at"))
        if payment.get("at") is not None and when is None:
            raise _refuse(gettext("A payment's time is written as 2026-05-01T21:30:00+00:00."))
        by = payment.get("by", "")
        if not isinstance(by, str) or len(by) > 60:
            raise _refuse(gettext("A payment's phone is a name of at most 60 characters."))
        names = players[engine.name_key(payer)], players[engine.name_key(payee)]
        read.append((*names, amount, when, by))
    return tuple(read)


def _when(at: Any) -> datetime.datetime | None:
    """A payment's time, or None when it is no time (2026-02-30, an offset of +25:00)."""
    try:
        return parse_datetime(at) if isinstance(at, str) and len(at) < 40 else None
    except ValueError:  # well formed, but no such day or offset
        return None


def _formatted(night: Night, amounts: dict[str, Decimal]) -> dict[str, str]:
    return {p: format_amount(v, night.digits()) for p, v in amounts.items() if v != 0}


def _holds_already(group: Group, checked: NightRecord) -> bool:
    """The group holds this night already: one of its games, or a night of the same number
    with the same games (imported again, every balance would count twice)."""
    games = Game.objects.filter(night_link__night__group=group).loaded()
    held = {game.pk: game.ledger().game for game in games}
    if any(game in held.values() for game in checked.played):
        return True
    same = group.nights.filter(number=checked.number).first()
    if checked.number is None or same is None:
        return False
    links = same.night_games.order_by("position", "id").values_list("game_id", flat=True)
    return [held[pk] for pk in links if pk in held] == list(checked.played)


def _carry_lines(night: Night, following: Night, who: str) -> None:
    """The import's carry in both nights' history, as `CarryOver` writes it."""
    money = {"balances": night.closing, "currency": night.currency, "digits": night.digits()}
    night.add_line(commands.Sent(None, "", who), "carry", {"to": following.number, **money}, "")
    following.add_line(
        commands.Sent(None, "", who), "carried-in", {"from": night.number, **money}, ""
    )


def _stored(group: Group, checked: NightRecord, who: str) -> Night:
    """The record's night stored as the group's next: its games, balances and payments."""
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
            night=night, payer=payer, payee=payee, amount=amount, at=when or timezone.now(), who=by
        )
    return night


def import_night(data: Any, who: str, group: Group | None = None) -> Night:
    """A night record stored as a new night of `group`, or of a new group named as the
    record's: checked whole first (`read_night`), its games imported as any game record is
    (`games.importing`), its payments and balances as they were. What it carried in came from
    outside the group (`brought`); what it carried on lands in a new night after it, with a
    history line on both, so the group's balances keep every amount. A group that holds the
    night already is refused. Run inside the `ImportNight` command's receipt."""
    checked = read_night(data, group)
    with transaction.atomic():
        if group is None:
            group = Group.objects.create(
                name=checked.name, currency=checked.currency, regulars=list(checked.regulars)
            )
        group = Group.objects.select_for_update().get(pk=group.pk)
        if _holds_already(group, checked):
            raise _refuse(
                gettext(
                    "This group holds this night already (the same games): imported again, "
                    "every balance would count twice. Import it as a new group instead."
                )
            )
        night = _stored(group, checked, who)
        if checked.closed == "carried":  # what it carried on lands in the group, never lost
            following = Night.objects.create(
                group=group,
                number=night.number + 1,
                currency=checked.currency,
                opening=night.closing,
            )
            night.carried_to = following
            night.save(update_fields=["carried_to"])
            _carry_lines(night, following, who)
    return night
