"""The history of a game as data, and written for people: each change is stored as its action
and a dict of plain values (names, numbers, hands as the record writes them), never as a
sentence, and written here in the reader's language when shown. A line stored before history
was data (or that couldn't be read back) keeps its old text, shown as it was written.

A command gives its values in one place (its `Decision.values`); `WRITERS` holds one writer per
action. docs/commands.md describes the pattern."""

import datetime
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.dateformat import format as format_date
from django.utils.translation import gettext, ngettext, pgettext

from kalooki_ledger import rules as engine

from .hands import describe_hand
from .money import money
from .words import joined

Values = dict[str, Any]


def hand_values(hand: engine.Hand) -> dict[str, Any]:
    """A hand as plain values (the record's JSON form of a hand)."""
    return engine.record.hand_to_json(hand)


def _hand(data: Any) -> engine.Hand:
    """A hand back from its values; the names it holds are the players it may name."""
    names: set[str] = set()
    if isinstance(data, dict):
        if isinstance(data.get("winner"), str):
            names.add(data["winner"])
        for key in ("penalties", "cards", "counts", "adjustments", "reason", "buy_ins"):
            if isinstance(data.get(key), dict):
                names.update(data[key])
    return engine.record.parse_hand(data, tuple(sorted(names)), 0)


def _family(values: Values) -> engine.Family:
    return engine.family_of(values.get("family") or engine.Rules().family)


def _described(values: Values, key: str = "hand") -> str:
    return describe_hand(_hand(values[key]), _family(values))


def hand_line(number: int, what: str) -> str:
    return gettext("Hand %(number)s: %(what)s") % {"number": number, "what": what}


def _start(v: Values) -> str:
    players = {"players": ", ".join(v["players"])}
    if v.get("imported"):
        return gettext("Imported the game: %(players)s") % players
    text = gettext("Started the game: %(players)s") % players
    if v.get("drawn"):
        ace = pgettext("the card drawn", "A")
        draw = ", ".join(f"{ace if c == 1 else c} {n}" for c, n in v["drawn"])
        text += gettext("; seats drawn: %(draw)s") % {"draw": draw}
    return text


def _record(v: Values) -> str:
    return hand_line(v["number"], _described(v))


def _buy_in(v: Values) -> str:
    what = gettext("%(name)s bought in") if v["bought_in"] else gettext("%(name)s dropped out")
    return hand_line(v["number"], what % {"name": v["player"]})


def _undo(v: Values) -> str:
    return gettext("Undid hand %(number)s: %(what)s") % {
        "number": v["number"],
        "what": _described(v),
    }


def _edit(v: Values) -> str:
    return gettext("Edited hand %(number)s: was %(before)s; now %(after)s") % {
        "number": v["number"],
        "before": _described(v, "before"),
        "after": _described(v, "after"),
    }


def _delete(v: Values) -> str:
    return gettext("Deleted hand %(number)s: %(what)s") % {
        "number": v["number"],
        "what": _described(v),
    }


def _stop(v: Values) -> str:
    settle, sharers = v.get("settle", ""), v.get("sharers", [])
    names = {"names": joined(sharers)}
    if not settle:
        return gettext("Took back the stop: the game goes on")
    if settle == "leader" and v.get("staked"):
        return (
            ngettext(
                "Stopped the game: %(names)s takes the pot",
                "Stopped the game: %(names)s share the pot",
                len(sharers),
            )
            % names
        )
    if settle == "leader":
        return (
            ngettext(
                "Stopped the game with %(names)s in the lead",
                "Stopped the game with %(names)s sharing the lead",
                len(sharers),
            )
            % names
        )
    if not v.get("staked"):
        return gettext("Stopped the game")
    pot = v.get("pot") == "pot"
    if settle == "refund":
        if pot:
            return gettext("Stopped the game: the pot is refunded")
        return gettext("Stopped the game: the pool is refunded")
    if pot:
        return gettext("Stopped the game: the pot is split among the players")
    return gettext("Stopped the game: the pool is split among the players still in")


def _paid(v: Values) -> str:
    def told(t: list) -> dict[str, str]:
        payer, payee, amount = t
        written = money(Decimal(amount), v.get("currency", "units"), int(v.get("digits", 0)))
        return {"payer": payer, "payee": payee, "amount": written}

    paid = gettext("paid: %(payer)s pays %(payee)s %(amount)s")
    unpaid = gettext("not paid after all: %(payer)s pays %(payee)s %(amount)s")
    lines = [paid % told(t) for t in v.get("pay", [])]
    lines += [unpaid % told(t) for t in v.get("unpay", [])]
    return gettext("Marked %(lines)s") % {"lines": "; ".join(lines)}


def day_text(day: datetime.date) -> str:
    return format_date(day, gettext("j M Y"))


def _date(v: Values) -> str:
    day = datetime.date.fromisoformat(v["day"])
    return gettext("Set the date played: %(day)s") % {"day": day_text(day)}


def _admin(v: Values) -> str:
    fields = ", ".join(v.get("fields", []))
    if not fields:
        return gettext("Changed in the admin: saved unchanged")
    return gettext("Changed in the admin: %(fields)s") % {"fields": fields}


def _handle(v: Values) -> str:
    names = {"name": v["player"], "service": v["service"]}
    if not v["service"]:
        return gettext("Removed %(name)s's payment handle") % names
    return gettext("Set %(name)s's payment handle (%(service)s)") % names


def _handover(v: Values) -> str:
    return gettext("Scoring handed over to another phone (a new link)")


WRITERS: dict[str, Callable[[Values], str]] = {
    "start": _start,
    "record": _record,
    "buy-in": _buy_in,
    "undo": _undo,
    "edit": _edit,
    "delete": _delete,
    "stop": _stop,
    "paid": _paid,
    "date": _date,
    "admin": _admin,
    "handle": _handle,
    "handover": _handover,
}


def history_text(action: str, values: Values | None, fallback: str = "") -> str:
    """A history line in the active language, from the action and its values; the old stored
    text when there are no values (a line from before) or they can't be read."""
    writer = WRITERS.get(action)
    if writer is None or not values:
        return fallback
    try:
        return writer(values)
    except (KeyError, TypeError, ValueError, InvalidOperation, engine.RecordError):
        return fallback
