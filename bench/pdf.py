"""How long a five-player, 40-hand score sheet takes to render, against WeasyPrint laying out
a bare, unstyled table of the same cells (40 rows x 11) in the same process.

Run: .venv/bin/python -m bench.pdf   (prints a table; `run()` returns the figures as a dict)
"""

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from html import escape

RUNS = 5
PLAYERS = ("Andy", "Mark", "John", "Frank", "Sarah")
HANDS = 40


def setup_django() -> None:
    # The sheet is a Django template; rendering it needs settings, never the database.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kalooki_ledger.settings")
    import django

    django.setup()


def forty_hand_record():
    """A five-player GBP game of 40 hands that nobody goes out of, built in memory."""
    from decimal import Decimal

    from kalooki_ledger.rules import Game, GameRecord, Hand, Stakes

    hands = []
    for number in range(1, HANDS + 1):
        winner = PLAYERS[number % len(PLAYERS)]
        values = {p: 2 + (number + i) % 3 for i, p in enumerate(PLAYERS) if p != winner}
        hands.append(Hand(winner=winner, kalookie=number % 7 == 0, penalties=values))
    stakes = Stakes("GBP", Decimal("0.10"), Decimal("0.20"), Decimal("0.50"), Decimal("0.50"))
    game = Game(players=PLAYERS, stakes=stakes, hands=tuple(hands))
    return GameRecord(game, title="Benchmark: 40 hands")


def bare_table_html(ledger) -> str:
    """The same 40 x 11 cells (hand, five totals, five payments) with no style at all."""
    rows = []
    for row in ledger.hands:
        cells = [str(row.number)]
        cells += [str(row.totals[p]) for p in PLAYERS]
        cells += [str(row.payments[p]) for p in PLAYERS]
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    return f"<!doctype html><html><body><table>{''.join(rows)}</table></body></html>"


def timed(work: Callable[[], bytes]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def paired(sheet: Callable[[], bytes], table: Callable[[], bytes], runs: int) -> tuple:
    """Median seconds of each, and the median of their ratios timed back to back, so a noisy
    moment weighs on both."""
    sheet(), table()  # the first runs load fonts and caches; a table re-prints many sheets
    pairs = [(timed(sheet), timed(table)) for _ in range(runs)]
    return (
        statistics.median(s for s, _ in pairs),
        statistics.median(t for _, t in pairs),
        statistics.median(s / t for s, t in pairs),
    )


def run(runs: int = RUNS) -> dict:
    setup_django()
    from weasyprint import HTML

    from kalooki_ledger.rules import replay
    from kalooki_ledger.sheets.pdf import score_sheet_pdf

    record = forty_hand_record()
    ledger = replay(record.game)
    bare = bare_table_html(ledger)
    sheet, table, ratio = paired(
        lambda: score_sheet_pdf(record, ledger, "a4"), lambda: HTML(string=bare).write_pdf(), runs
    )
    return {
        "name": "pdf-score-sheet",
        "players": len(PLAYERS),
        "hands": HANDS,
        "runs": runs,
        "sheet_seconds": round(sheet, 4),
        "bare_table_seconds": round(table, 4),
        "ratio": round(ratio, 2),
        "target_ratio": 1.2,
    }


def main() -> None:
    result = run()
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print(f"{'render (median of ' + str(result['runs']) + ')':<34}{'seconds':>10}")
    print(f"{'score sheet, 5 players x 40 hands':<34}{result['sheet_seconds']:>10.3f}")
    print(f"{'bare table, 40 rows x 11 cells':<34}{result['bare_table_seconds']:>10.3f}")
    print(f"{'ratio (target <= 1.2)':<34}{result['ratio']:>10.2f}")


if __name__ == "__main__":
    main()
