"""The pages a table uses, timed through Django's whole middleware stack with production settings,
each against a floor measured in the same run: a 404 through the same middleware.

- the table page and the score sheet for games of 10, 200 and 1,000 hands (the table page should
  not grow with the hands, and stays within 12x the floor; its queries are the same for 10 and
  1,000 hands);
- recording a hand (the POST and the fragment htmx swaps in), within 10x the floor;
- importing a 1,000-hand record.

Run: .venv/bin/python -m bench.pages   (DATABASE_URL picks the database; SQLite in a temporary
folder by default). `run()` returns the figures as a dict.
"""

import json
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

SIZES = (10, 200, 1_000)
RUNS = 15
PLAYERS = ["Andy", "Mark", "John", "Frank"]


def configure(folder: str) -> None:
    """Production settings (no debug, hashed static files) on a throwaway database."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "kalooki_ledger.settings",
            "DJANGO_DEBUG": "0",
            "DJANGO_HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "STATIC_ROOT": f"{folder}/static",
        }
    )
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)


def record(hands: int) -> dict:
    """A four-player record nobody goes out of (the limit is out of reach)."""
    rows = []
    for number in range(hands):
        if number % 50 == 49:
            rows.append({"void": True})
            continue
        winner = PLAYERS[number % 4]
        values = {p: 2 + (number * 7 + i) % 8 for i, p in enumerate(PLAYERS) if p != winner}
        rows.append({"winner": winner, "penalties": values})
    return {
        "format": "kalooki-game/1",
        "title": f"Benchmark, {hands} hands",
        "rules": {"preset": "british", "limit": 10_000},
        "stakes": {"currency": "GBP", "call_up": "0.10", "kalookie": "0.20", "initial": "0.50"},
        "players": PLAYERS,
        "hands": rows,
    }


def median_ms(work: Callable[[], object], runs: int = RUNS) -> float:
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 3)


def get(client, url: str, expect: int, **headers: str) -> Callable[[], object]:
    def work() -> object:
        response = client.get(url, headers=headers)
        assert response.status_code == expect, (url, response.status_code)
        return response

    return work


def queries(url: str) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        Client().get(url)
    return len(captured)


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="kalooki-bench-") as folder:
        configure(folder)
        from django.db import connection
        from django.test import Client

        from kalooki_ledger.games.store import import_record

        client = Client()
        floor = median_ms(get(client, "/no-such-page/", 404))
        pages = []
        for size in SIZES:
            game = import_record(record(size))
            table = game.get_absolute_url()
            pages.append(
                {
                    "hands": size,
                    "table_ms": median_ms(get(client, table, 200)),
                    "sheet_ms": median_ms(get(client, f"{table}sheet/", 200)),
                    "table_queries": queries(table),
                    "sheet_queries": queries(f"{table}sheet/"),
                }
            )
        for row in pages:
            row["table_x_floor"] = round(row["table_ms"] / floor, 1)
            row["sheet_x_floor"] = round(row["sheet_ms"] / floor, 1)

        game = import_record(record(200))
        post_url = f"{game.get_absolute_url()}hands/"
        numbers = iter(range(201, 10_000))

        def record_hand() -> object:
            number = next(numbers)
            winner = PLAYERS[number % 4]
            data = {"number": number, "winner": winner}
            data |= {f"value-{i}": 5 for i, p in enumerate(PLAYERS) if p != winner}
            response = client.post(post_url, data, headers={"HX-Request": "true"})
            assert response.status_code == 200, response.status_code
            return response

        record_ms = median_ms(record_hand)
        big = record(1_000)
        import_ms = median_ms(lambda: import_record(big), runs=3)
        vendor = connection.vendor
    by_size = {row["hands"]: row for row in pages}
    return {
        "name": "pages",
        "database": vendor,
        "floor_404_ms": floor,
        "pages": pages,
        "table_growth_10_to_1000": round(by_size[1_000]["table_ms"] / by_size[10]["table_ms"], 2),
        "table_queries_same": by_size[10]["table_queries"] == by_size[1_000]["table_queries"],
        "table_target_x_floor": 12,
        "record_hand_ms": record_ms,
        "record_hand_x_floor": round(record_ms / floor, 1),
        "record_target_x_floor": 10,
        "import_1000_hands_ms": import_ms,
    }


def main() -> None:
    result = run()
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print(f"{result['database']}: 404 floor {result['floor_404_ms']} ms")
    print(f"{'hands':>6}{'table ms':>10}{'x floor':>8}{'queries':>8}{'sheet ms':>10}{'x floor':>8}")
    for row in result["pages"]:
        print(
            f"{row['hands']:>6}{row['table_ms']:>10.2f}{row['table_x_floor']:>8.1f}"
            f"{row['table_queries']:>8}{row['sheet_ms']:>10.2f}{row['sheet_x_floor']:>8.1f}"
        )
    print(f"record a hand: {result['record_hand_ms']} ms ({result['record_hand_x_floor']}x floor)")
    print(f"import 1,000 hands: {result['import_1000_hands_ms']} ms")


if __name__ == "__main__":
    main()
