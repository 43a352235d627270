"""Plays many tables at once against this project's gunicorn on loopback and reports latency.

Each table has a scorer posting a hand every second and a watcher polling the read-only page, as
phones at a real table do. Bounded: at most 200 tables and 300 seconds, loopback addresses only.
Afterwards every game is exported and its hands counted against the posts that succeeded, so a
lost or doubled hand shows as an error.

    python scripts/load.py [--tables 50] [--seconds 60] [--workers 2] [--json results.json]
"""

import argparse
import http.cookiejar
import ipaddress
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES, MAX_SECONDS = 200, 300
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_VERSION = re.compile(r'name="version" value="(\d+)"')
VERSION = re.compile(r'data-version="(\d+)"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Stats:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = {"post": [], "watch": []}
        self.errors: list[str] = []

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latency[kind].append(seconds)

    def error(self, message: str) -> None:
        with self.lock:
            self.errors.append(message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_command(port: int, workers: int) -> list[str]:
    """`make serve-prod` itself (deploy check, static files, migrations, then gunicorn as
    deployed), on a free loopback port, so the load test measures what is deployed."""
    return ["make", "-s", "serve-prod", f"HOST=127.0.0.1:{port}", f"WORKERS={workers}"]


def loopback_only(url: str) -> str:
    host = urllib.parse.urlsplit(url).hostname or ""
    if host != "localhost" and not ipaddress.ip_address(host).is_loopback:
        raise SystemExit(f"{url}: the load test only targets this machine (127.0.0.0/8, ::1)")
    return url.rstrip("/")


def manage(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout


def new_games(env: dict[str, str], tables: int, run_id: str) -> list[dict]:
    # A limit nobody reaches in a few minutes keeps every table scoring for the whole run.
    records = [
        {
            "format": "kalooki-game/1",
            "title": f"Load {run_id} table {i + 1}",
            "rules": {"preset": "british", "limit": 10_000},
            "players": PLAYERS,
            "hands": [],
        }
        for i in range(tables)
    ]
    made = json.loads(manage(env, "import_game", "-", stdin=json.dumps(records)))
    return [{**game, "title": record["title"]} for game, record in zip(made, records, strict=True)]


def scorer(base: str, game: dict, stop: float, stats: Stats, posted: dict) -> None:
    jar = http.cookiejar.CookieJar()
    browse = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    post = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    rng = random.Random(game["id"])
    try:
        page = browse.open(base + game["url"], timeout=10).read().decode()
        token = CSRF.search(page).group(1)
        version = int(FORM_VERSION.search(page).group(1))
    except (OSError, AttributeError) as exc:
        stats.error(f"table {game['id']}: could not open the table: {exc}")
        return
    number = 1
    next_at = time.monotonic() + rng.random()
    while next_at < stop:
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at += 1.0
        winner = rng.randrange(len(PLAYERS))
        # The version the scorer's page shows (its own hands move it on by one) and a fresh key.
        form = {"csrfmiddlewaretoken": token, "number": number, "winner": PLAYERS[winner]}
        form |= {"version": version, "key": f"load-{game['id']}-{number}"}
        form |= {f"value-{seat}": rng.randint(2, 9) for seat in range(4) if seat != winner}
        request = urllib.request.Request(
            base + game["url"] + "hands/",
            data=urllib.parse.urlencode(form).encode(),
            headers={"Referer": base + game["url"]},
        )
        started = time.monotonic()
        try:
            post.open(request, timeout=10)
            stats.error(f"table {game['id']} hand {number}: no redirect after recording")
        except urllib.error.HTTPError as exc:
            if exc.code not in (302, 303):
                stats.error(f"table {game['id']} hand {number}: HTTP {exc.code}")
                continue
        except OSError as exc:
            stats.error(f"table {game['id']} hand {number}: {exc}")
            continue
        stats.add("post", time.monotonic() - started)
        posted[game["id"]] = number
        number += 1
        version += 1


def watcher(base: str, game: dict, stop: float, stats: Stats) -> None:
    """Polls as the watch page does: with the version it has, getting 204 while nothing changed."""
    opener = urllib.request.build_opener()
    rng = random.Random(-game["id"])
    version = ""
    time.sleep(rng.random() * 3)
    while time.monotonic() < stop:
        query = f"?v={version}" if version else ""
        request = urllib.request.Request(
            base + game["share_url"] + query, headers={"HX-Request": "true"}
        )
        started = time.monotonic()
        try:
            with opener.open(request, timeout=10) as response:
                body = response.read().decode()
            stats.add("watch", time.monotonic() - started)
            found = VERSION.search(body)
            version = found.group(1) if found else version
        except OSError as exc:
            stats.error(f"watching table {game['id']}: {exc}")
        time.sleep(3)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(tables: int, seconds: int, workers: int) -> dict:
    tables, seconds = min(tables, MAX_TABLES), min(seconds, MAX_SECONDS)
    with tempfile.TemporaryDirectory(prefix="kalooki-load-") as tmp:
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": f"{tmp}/static",
        }
        env.setdefault("DATABASE_URL", f"sqlite:///{tmp}/load.sqlite3")
        port = free_port()
        base = loopback_only(f"http://127.0.0.1:{port}")
        server = subprocess.Popen(
            server_command(port, workers),
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # make and its gunicorn stop together, as a group
        )
        try:
            for _ in range(600):  # serve-prod checks, collects and migrates before it serves
                try:
                    urllib.request.urlopen(base + "/", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.1)
            # The games are made once serve-prod has migrated the database.
            games = new_games(env, tables, secrets.token_hex(4))
            stats, posted = Stats(), dict.fromkeys((g["id"] for g in games), 0)
            stop = time.monotonic() + seconds
            threads = [
                threading.Thread(target=scorer, args=(base, g, stop, stats, posted)) for g in games
            ] + [threading.Thread(target=watcher, args=(base, g, stop, stats)) for g in games]
            started = time.monotonic()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.monotonic() - started
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
        exported = {g["title"]: len(g["hands"]) for g in json.loads(manage(env, "export_game"))}
    stored = {g["id"]: exported.get(g["title"], 0) for g in games}
    lost = {i: (posted[i], stored[i]) for i in posted if posted[i] != stored[i]}
    for game_id, (sent, kept) in lost.items():
        stats.errors.append(f"table {game_id}: {sent} hands recorded, {kept} stored")
    requests = len(stats.latency["post"]) + len(stats.latency["watch"])
    return {
        "tables": tables,
        "seconds": seconds,
        "workers": workers,
        "database": env["DATABASE_URL"].split(":", 1)[0],
        "hands_recorded": sum(posted.values()),
        "requests": requests,
        "requests_per_second": round(requests / elapsed, 1),
        "post_p50_ms": round(statistics.median(stats.latency["post"] or [0]) * 1000, 1),
        "post_p95_ms": round(percentile(stats.latency["post"], 0.95) * 1000, 1),
        "watch_p50_ms": round(statistics.median(stats.latency["watch"] or [0]) * 1000, 1),
        "watch_p95_ms": round(percentile(stats.latency["watch"], 0.95) * 1000, 1),
        "errors": len(stats.errors),
        "first_errors": stats.errors[:10],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    results = run(args.tables, args.seconds, args.workers)
    for key, value in results.items():
        if key != "first_errors":
            print(f"{key:>22}  {value}")
    for line in results["first_errors"]:
        print("error:", line)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    sys.exit(1 if results["errors"] else 0)


if __name__ == "__main__":
    main()
