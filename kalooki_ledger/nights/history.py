"""A group's and its nights' history lines, written from their values in the reader's language
(one writer per action, as games/present/history.py does for a game)."""

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext

from kalooki_ledger.games.present.money import money

Values = dict[str, Any]


def amount_text(v: Values, amount: str) -> str:
    return money(Decimal(amount), v.get("currency", "units"), int(v.get("digits", 0)))


def _balances(v: Values) -> str:
    return ", ".join(
        f"{name} {money(Decimal(a), v.get('currency', 'units'), int(v.get('digits', 0)), True)}"
        for name, a in v.get("balances", {}).items()
    )


def _start_group(v: Values) -> str:
    return gettext("Started the group %(name)s") % {"name": v["name"]}


def _start_night(v: Values) -> str:
    return gettext("Started night %(number)s") % {"number": v["number"]}


def _add_game(v: Values) -> str:
    return gettext("Added a game to the night: %(title)s") % {"title": v["title"]}


def _take_out(v: Values) -> str:
    return gettext("Took a game out of the night: %(title)s") % {"title": v["title"]}


def _payment(v: Values) -> str:
    return gettext("Paid: %(payer)s paid %(payee)s %(amount)s") % {
        "payer": v["payer"],
        "payee": v["payee"],
        "amount": amount_text(v, v["amount"]),
    }


def _unpay(v: Values) -> str:
    return gettext("Payment taken back: %(payer)s paid %(payee)s %(amount)s") % {
        "payer": v["payer"],
        "payee": v["payee"],
        "amount": amount_text(v, v["amount"]),
    }


def _carry(v: Values) -> str:
    if not v.get("balances"):
        return gettext("Closed the night: nothing was left unpaid")
    return gettext("Carried what is unpaid into night %(number)s: %(balances)s") % {
        "number": v["to"],
        "balances": _balances(v),
    }


def _carried_in(v: Values) -> str:
    return gettext("Opening balances carried in from night %(number)s: %(balances)s") % {
        "number": v["from"],
        "balances": _balances(v),
    }


def _write_off(v: Values) -> str:
    return gettext("Wrote off what was left unpaid: %(balances)s") % {"balances": _balances(v)}


def _regular(v: Values) -> str:
    return gettext("Added a regular player: %(name)s") % {"name": v["name"]}


def _learned(v: Values) -> str:
    if v.get("stakes"):
        return gettext("Took the stakes and rules of %(title)s for the group's games") % {
            "title": v["title"]
        }
    return gettext("Took the pay handles of %(names)s from %(title)s") % {
        "names": ", ".join(v["handles"]),
        "title": v["title"],
    }


def _group_handle(v: Values) -> str:
    if not v.get("service"):
        return gettext("Removed %(name)s's pay handle") % {"name": v["player"]}
    return gettext("%(name)s can be paid by %(service)s in every game of the group") % {
        "name": v["player"],
        "service": v["service"],
    }


def _group_zone(v: Values) -> str:
    if not v.get("zone"):
        return gettext("The group's times are the site's again")
    return gettext("The group's time zone: %(zone)s") % {"zone": v["zone"]}


WRITERS: dict[str, Callable[[Values], str]] = {
    "start-group": _start_group,
    "start-night": _start_night,
    "add-game": _add_game,
    "take-out": _take_out,
    "payment": _payment,
    "unpay": _unpay,
    "carry": _carry,
    "carried-in": _carried_in,
    "write-off": _write_off,
    "regular": _regular,
    "group-learned": _learned,
    "group-handle": _group_handle,
    "group-zone": _group_zone,
}


def history_text(action: str, values: Values | None) -> str:
    writer = WRITERS.get(action)
    if writer is None or not values:
        return action
    try:
        return writer(values)
    except (KeyError, TypeError, ValueError, InvalidOperation):
        return action
