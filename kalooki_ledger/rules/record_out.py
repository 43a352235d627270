"""Writing a game out in the record's terms: its hands, its stakes, and the `results` derived
from its ledger that export_game adds (and an import compares, to take a game back as it was)."""

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from .config import STAKE_KEYS, Stakes
from .families import family_of
from .game import Hand
from .ledger import Ledger
from .money import format_amount


def hand_to_json(hand: Hand) -> dict[str, Any]:
    if hand.void:
        return {"void": True}
    out: dict[str, Any] = {"winner": hand.winner}
    if hand.kalookie:
        out["kalookie"] = True
    for key, value in (
        ("penalties", dict(hand.penalties)),
        ("cards", {p: list(c) for p, c in hand.cards.items()}),
        ("counts", {p: {"cards": c.cards, "jokers": c.jokers} for p, c in hand.counts.items()}),
        ("adjustments", dict(hand.adjustments)),
        ("reason", dict(hand.reasons)),
        ("buy_ins", dict(hand.buy_ins)),
    ):
        if value:
            out[key] = value
    return out


def stakes_to_json(stakes: Stakes, digits: int, family: str) -> dict[str, str]:
    out = {"currency": stakes.currency}
    for key in STAKE_KEYS:
        amount = getattr(stakes, key)
        # per_point belongs to the point-paying families; elsewhere it is written only when set.
        if key != "per_point" or amount or key in family_of(family).stakes:
            out[key] = format_amount(amount, digits)
    return out


def exported_as_is(results: Any, ledger: Ledger) -> bool:
    """Whether `results` are exactly what export_game writes for this ledger: then the record
    is a game the site held, conflicts and all (an edit can leave later hands to correct), and
    it comes back with them; a record written by hand must have none."""
    if not isinstance(results, Mapping):
        return False
    # Through JSON and back, as the record came: tuples become lists, amounts stay strings.
    return json.loads(json.dumps(results_to_json(ledger))) == json.loads(
        json.dumps(results, default=str)
    )


def results_to_json(ledger: Ledger) -> dict[str, Any]:
    digits = ledger.money_digits

    def money(amount: Decimal) -> str:
        return format_amount(amount, digits)

    return {
        "status": ledger.status,
        "winner": ledger.winner,
        "next_dealer": ledger.dealer,
        "awaiting_buy_ins": list(ledger.awaiting_buy_ins),
        "pool": money(ledger.pool),
        "players": {
            s.name: {"total": s.total, "buy_ins": s.buy_ins, "out": s.out, "net": money(s.net)}
            for s in ledger.standings
        },
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": money(t.amount)} for t in ledger.transfers
        ],
        "hands": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "void": row.void,
                "winner": row.winner,
                "kalookie": row.kalookie,
                "scored": dict(row.scored),
                "totals": dict(row.totals),
                "payments": {p: money(a) for p, a in row.payments.items()},
                "buy_in_offers": list(row.buy_in_offers),
                "bought_in": list(row.bought_in),
                "out": list(row.out),
                **({"deal": row.deal, "contract": row.contract} if row.deal is not None else {}),
            }
            for row in ledger.hands
        ],
    }
