"""A game's hands as CSV: a row per hand, a column per player for scored points, totals and
payments, so a spreadsheet can check the sheet. Amounts are plain numbers (a spreadsheet sums
them), their currency in a column of its own."""

import csv
import io

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount

# A cell a spreadsheet would read as a formula (or the start of one): OWASP's list.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """Text the table typed (a name, a contract), kept from running as a formula by a leading
    quote, as spreadsheets expect; the numbers this file writes never pass through here."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def header(players: tuple[str, ...], fixed_deals: bool = False) -> list[str]:
    return [
        "hand",
        "dealer",
        "void",
        "winner",
        "kalookie",
        *(("deal", "contract") if fixed_deals else ()),
        *(text_cell(f"{p} scored") for p in players),
        *(text_cell(f"{p} total") for p in players),
        *(text_cell(f"{p} payment") for p in players),
        "bought in",
        "out",
        "currency",
    ]


def hand_rows(ledger: engine.Ledger) -> list[list[str]]:
    players, digits = ledger.game.players, ledger.money_digits
    fixed_deals = engine.family_of(ledger.game.rules.family).plays_deals
    currency = text_cell(ledger.game.stakes.currency)
    rows = []
    for row in ledger.hands:
        # A player out of the game, or every player on an unscored hand, has empty cells.
        rows.append(
            [
                str(row.number),
                text_cell(row.dealer),
                "yes" if row.void else "no",
                text_cell(row.winner or ""),
                "yes" if row.kalookie else "no",
                *((str(row.deal or ""), text_cell(row.contract or "")) if fixed_deals else ()),
                *(str(row.scored[p]) if p in row.scored else "" for p in players),
                *(str(row.totals[p]) if p in row.scored else "" for p in players),
                *(
                    format_amount(row.payments[p], digits) if p in row.payments else ""
                    for p in players
                ),
                text_cell("; ".join(row.bought_in)),
                text_cell("; ".join(row.out)),
                currency,
            ]
        )
    return rows


def game_csv(ledger: engine.Ledger) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    fixed_deals = engine.family_of(ledger.game.rules.family).plays_deals
    writer.writerow(header(ledger.game.players, fixed_deals))
    writer.writerows(hand_rows(ledger))
    return out.getvalue()
