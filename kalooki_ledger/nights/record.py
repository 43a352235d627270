"""A night as JSON (`kalooki-night/1`): its group, its games' own records (each with its
results, as export_game writes it), the balances carried in, the payments made and what the
night's settle-up makes of them; and a group as JSON. Read back by `import_night`."""

from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from kalooki_ledger.games import commands
from kalooki_ledger.games.importing import import_game
from kalooki_ledger.rules.money import format_amount

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
    pass


def import_night(data: Any, who: str, group: Group | None = None) -> Night:
    """A night record stored as a new night (of `group`, or of a new group named as the record's):
    its games imported as any game record is (`games.importing`: the engine reads each, its
    first problem refuses the whole night), its payments and balances as they were. Run inside
    the `ImportNight` command's receipt."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NightRecordError(f"a night record has format {FORMAT}")
    with transaction.atomic():
        if group is None:
            about = data.get("group") or {}
            group = Group.objects.create(
                name=str(about.get("name", "")),
                currency=str(about.get("currency", data.get("currency", "units"))),
                regulars=list(about.get("regulars", [])),
            )
        number = (max(group.nights.values_list("number", flat=True), default=0)) + 1
        night = Night.objects.create(
            group=group,
            number=number,
            currency=str(data.get("currency", group.currency)),
            opening=dict(data.get("opening") or {}),
            closed=data.get("closed") or "",
            closing=dict(data.get("closing") or {}),
        )
        for position, record in enumerate(data.get("games") or []):
            game = import_game(record, commands.Sent(None, "", who))
            NightGameLink.objects.create(night=night, game=game, position=position)
        for p in data.get("payments") or []:
            NightPayment.objects.create(
                night=night,
                payer=p["from"],
                payee=p["to"],
                amount=Decimal(p["amount"]),
                at=parse_datetime(p.get("at", "")) or timezone.now(),
                who=p.get("by", ""),
            )
    return night
