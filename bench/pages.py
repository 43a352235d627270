"""The pages a table uses, timed through Django's whole middleware stack with production settings,
each against a floor measured in the same run: a 404 through the same middleware, timed just
before each run of the page, so a noisy moment weighs on both (a ratio is the median of the pairs).

- the table page and the score sheet for games of 10, 200 and 1,000 hands (the table page should
  not grow with the hands, and stays within 2x the floor; its queries are the same for 10 and
  1,000 hands);
- recording a hand (the POST and the fragment htmx swaps in), within 10x the floor;
- the same through the JSON API beside it (POST /api/v1/games/…/hands, the record answered), and
  a game of 200 hands read through the API (GET /api/v1/games/…);
- importing a 1,000-hand record.

Run: .venv/bin/python -m bench.pages   (DATABASE_URL picks the database; SQLite in a temporary
folder by default). `run()` returns the figures as a dict.
"""

import json
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from urllib.parse import urlencode

SIZES = (10, 200, 1_000)
TABLE_TARGET = 2.5  # the table page within 2.5 times the 404 floor (issue 32)
RUNS = 25
PLAYERS = ["Andy", "Mark", "John", "Frank"]
FORM = "application/x-www-form-urlencoded"


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


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


class Floor:
    """The 404 floor, timed again before every timed page; keeps every sample it took."""

    def __init__(self, client) -> None:
        self.work = get(client, "/no-such-page/", 404)
        self.samples: list[float] = []

    def paired(self, work: Callable[[], object], runs: int = RUNS) -> tuple[float, float]:
        """The page's median time in ms and the median of its ratios to the floor beside it."""
        work()
        times, ratios = [], []
        for _ in range(runs):
            floor = timed(self.work)
            took = timed(work)
            self.samples.append(floor)
            times.append(took)
            ratios.append(took / floor)
        return round(statistics.median(times) * 1000, 3), round(statistics.median(ratios), 1)

    def median_ms(self) -> float:
        return round(statistics.median(self.samples) * 1000, 3)


def get(client, url: str, expect: int, **headers: str) -> Callable[[], object]:
    def work() -> object:
        response = client.get(url, headers=headers)
        assert response.status_code == expect, (url, response.status_code)
        return response

    return work


def queries(client, url: str) -> int:
    """The queries of the page for a phone that has opened it before."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return len(captured)


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="kalooki-bench-") as folder:
        configure(folder)
        from django.db import connection
        from django.test import Client

        from kalooki_ledger.games.store import import_record

        client = Client()
        floor = Floor(client)
        floor.work()
        pages = []
        for size in SIZES:
            game = import_record(record(size))
            table = game.get_absolute_url()
            table_ms, table_x = floor.paired(get(client, table, 200))
            sheet_ms, sheet_x = floor.paired(get(client, f"{table}sheet/", 200))
            pages.append(
                {
                    "hands": size,
                    "table_ms": table_ms,
                    "sheet_ms": sheet_ms,
                    "table_queries": queries(client, table),
                    "sheet_queries": queries(client, f"{table}sheet/"),
                    "table_x_floor": table_x,
                    "sheet_x_floor": sheet_x,
                }
            )

        game = import_record(record(200))
        post_url = f"{game.get_absolute_url()}hands/"
        numbers = iter(range(201, 10_000))

        def record_hand() -> object:
            number = next(numbers)
            winner = PLAYERS[number % 4]
            # The version the page shows: the import's 0, moved on by each hand recorded here.
            data = {"number": number, "winner": winner, "version": number - 201}
            data["key"] = f"bench-{game.pk}-{number}"
            data |= {f"value-{i}": 5 for i, p in enumerate(PLAYERS) if p != winner}
            # Form-encoded, as htmx and a plain form post send it.
            response = client.post(post_url, urlencode(data), FORM, headers={"HX-Request": "true"})
            assert response.status_code == 200, response.status_code
            return response

        record_ms, record_x = floor.paired(record_hand)

        # The API's cost beside the page's: a hand recorded (the record with its results
        # answered, as the outbox and any client get it), and the game read.
        sent = import_record(record(200))
        api = f"/api/v1/games/{sent.edit_token}"
        api_numbers = iter(range(201, 10_000))

        def api_hand() -> object:
            number = next(api_numbers)
            winner = PLAYERS[number % 4]
            body = {"number": number, "winner": winner}
            body["penalties"] = {p: 5 for p in PLAYERS if p != winner}
            key = {"Idempotency-Key": f"bench-api-{sent.pk}-{number}"}
            response = client.post(
                f"{api}/hands", json.dumps(body), "application/json", headers=key
            )
            assert response.status_code == 201, response.status_code
            return response

        api_record_ms, api_record_x = floor.paired(api_hand)
        api_read_ms, api_read_x = floor.paired(
            get(client, f"/api/v1/games/{game.share_token}", 200)
        )
        # A watcher's poll with nothing new: the freshness key the watch page polls with.
        watched = import_record(record(200))
        shown = client.get(watched.share_url()).content.decode()
        fresh = re.search(r"[?&]v=([0-9a-f]+)", shown)[1]
        poll = f"{watched.share_url()}?v={fresh}"
        poll_ms, poll_x = floor.paired(get(client, poll, 204, **{"HX-Request": "true"}))
        big = record(1_000)
        import_ms = median_ms(lambda: import_record(big), runs=3)
        vendor = connection.vendor
    by_size = {row["hands"]: row for row in pages}
    return {
        "name": "pages",
        "database": vendor,
        "floor_404_ms": floor.median_ms(),
        "pages": pages,
        "table_growth_10_to_1000": round(by_size[1_000]["table_ms"] / by_size[10]["table_ms"], 2),
        "table_queries_same": by_size[10]["table_queries"] == by_size[1_000]["table_queries"],
        "table_target_x_floor": TABLE_TARGET,
        "record_hand_ms": record_ms,
        "record_hand_x_floor": record_x,
        "record_target_x_floor": 6,
        "api_record_hand_ms": api_record_ms,
        "api_record_hand_x_floor": api_record_x,
        "api_read_ms": api_read_ms,
        "api_read_x_floor": api_read_x,
        "watch_poll_ms": poll_ms,
        "watch_poll_x_floor": poll_x,
        "watch_poll_target_x_floor": 2,
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
    api_hand, api_hand_x = result["api_record_hand_ms"], result["api_record_hand_x_floor"]
    print(f"API, record a hand: {api_hand} ms ({api_hand_x}x floor)")
    print(
        f"API, read a game of 200+ hands: {result['api_read_ms']} ms "
        f"({result['api_read_x_floor']}x floor)"
    )
    poll, poll_x = result["watch_poll_ms"], result["watch_poll_x_floor"]
    print(f"a watcher's poll, nothing new: {poll} ms ({poll_x}x floor)")
    print(f"import 1,000 hands: {result['import_1000_hands_ms']} ms")


if __name__ == "__main__":
    main()
