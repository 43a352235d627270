"""A game's hands as CSV: a row per hand, a column per player for scored points, totals and
payments, so a spreadsheet can check the sheet."""

import csv
import io

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount


def header(players: tuple[str, ...]) -> list[str]:
    return [
        "hand",
        "dealer",
        "void",
        "winner",
        "kalookie",
        *(f"{p} scored" for p in players),
        *(f"{p} total" for p in players),
        *(f"{p} payment" for p in players),
        "bought in",
        "out",
    ]


def hand_rows(ledger: engine.Ledger) -> list[list[str]]:
    players, digits = ledger.game.players, ledger.money_digits
    rows = []
    for row in ledger.hands:
        # A player out of the game, or every player on an unscored hand, has empty cells.
        rows.append(
            [
                str(row.number),
                row.dealer,
                "yes" if row.void else "no",
                row.winner or "",
                "yes" if row.kalookie else "no",
                *(str(row.scored[p]) if p in row.scored else "" for p in players),
                *(str(row.totals[p]) if p in row.scored else "" for p in players),
                *(
                    format_amount(row.payments[p], digits) if p in row.payments else ""
                    for p in players
                ),
                "; ".join(row.bought_in),
                "; ".join(row.out),
            ]
        )
    return rows


def game_csv(ledger: engine.Ledger) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header(ledger.game.players))
    writer.writerows(hand_rows(ledger))
    return out.getvalue()
