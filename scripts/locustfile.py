"""A club evening for locust: 12 tables scoring (a hand every 2-5 s each, as the table page sends
it), 100 watchers polling as the watch page does and 2 room boards following the tables. After the
run every acknowledged hand must be stored once, in order, each moving its game's version by one;
a lost or doubled hand, or any request that errs, makes locust exit non-zero.

`make load` and `make load-cluster` run it headless on a throwaway PostgreSQL; by hand:

    scripts/with-postgres .venv/bin/locust -f scripts/locustfile.py --headless --serve prod \\
        --users 114 --spawn-rate 20 --run-time 5m --stop-timeout 30

--serve prod starts the site as `make serve-prod` does, --serve cluster as `make cluster` does
(nginx before two app servers), and makes the games; without it, --host names a running site
and --games a JSON file of its games (tests/test_locustfile.py). Only 127.0.0.1 is ever loaded.

The users are FastHttpUsers (geventhttpclient), the lighter client on the two cores it shares
with the site; watchers and boards poll each from a moment of its own (`every`).
"""

import html
import ipaddress
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from itertools import count
from pathlib import Path

import requests
from gevent.pool import Pool
from locust import FastHttpUser, between, events, task
from locust.exception import StopUser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))  # scripts/ is a folder, not a package

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
CLUB = "load-evening"
MAX_SECONDS = 3600  # a run is bounded: an hour at most
POLL_SECONDS = 3  # the watch page's and a board table's hx-trigger
FRAME_SECONDS = 5  # the board frame's hx-trigger
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_VERSION = re.compile(r'name="version" value="(\d+)"')
LIVE = re.compile(r'id="live" hx-get="([^"]+)"')  # the watch page's poll, ?v= its revision
PANEL = re.compile(r'class="room-live" hx-get="([^"?]+)\?v=([^"]*)"')
FRAME_KEY = re.compile(r'id="board"[^>]* hx-get="[^"?]+\?v=([0-9a-f]+)"')
# The club's board link, signed with the servers' key (manage.py shell, SECRET_KEY as theirs).
BOARD_LINK = f"""
from kalooki_ledger.clubs import board
from kalooki_ledger.clubs.models import Club
print(board.board_url("club", Club.objects.get(slug="{CLUB}").pk))
"""

# What the run shares: its games and boards, each table's acknowledged hands, and the server.
run: dict = {"games": [], "boards": [], "server": None, "problems": [], "first": {}}
acked: dict[str, list] = defaultdict(list)  # a game's url: [(winner, penalties), ...]
pending: dict[str, tuple] = {}  # a hand sent whose answer never came: stored or not, both right
tables, watchers, boards = count(), count(), count()


def every(seconds: float):
    """A wait_time: a poll every `seconds` from a moment of the user's own, as a phone polls from
    when its owner opened the page. Locust starts users in batches (--spawn-rate a second) and its
    constant_pacing keeps each batch in step: 40 polls landed in the same millisecond, which the
    server then queued (p50 17 ms counted for polls it answered in 2.5 ms)."""

    def wait_time(user) -> float:
        now = time.monotonic()
        if not hasattr(user, "due"):  # the first poll, at spawn: the next at a phase of its own
            user.due = now + random.uniform(0, seconds)
        else:
            user.due = max(user.due + seconds, now)
        return user.due - now

    return wait_time


COLUMNS = ("count", "errors", "req/s", "p50", "p95", "p99")


@events.init_command_line_parser.add_listener
def _options(parser) -> None:
    parser.add_argument("--serve", choices=["", "prod", "cluster"], default="", help="start it")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers a server")
    parser.add_argument("--tables", type=int, default=12, help="tables scoring")
    parser.add_argument("--boards", type=int, default=2, help="room boards following them")
    parser.add_argument("--games", default="", help="a running site's games (JSON)")
    parser.add_argument("--results", default="", help="write the acknowledged hands here")


def loopback(url: str) -> str:
    host = urllib.parse.urlsplit(url).hostname or ""
    try:
        near = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name other than localhost
        near = False
    if not near:
        raise SystemExit(f"{url}: the load test only loads this machine (127.0.0.0/8, ::1)")
    return url.rstrip("/")


def manage(env: dict, *args: str, stdin: str = "") -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=stdin, text=True,
        capture_output=True, check=False,
    )  # fmt: skip
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


class Server:
    """`make serve-prod` on a free loopback port, its own process group; its log in a temporary
    folder, removed once it stops (kept, and named, should it not start)."""

    def __init__(self, workers: int) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="kalooki-load-"))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            address = f"127.0.0.1:{s.getsockname()[1]}"
        command = ["make", "-s", "serve-prod", f"HOST={address}", f"WORKERS={workers}"]
        with open(self.folder / "server.log", "wb") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.url = f"http://{address}"
        from cluster import wait_for  # one wait for a server, make cluster's

        try:
            wait_for(self.url + "/", 120, self.process)
        except BaseException:
            self.stop(keep=True)
            raise SystemExit(f"The server did not start: {self.folder / 'server.log'}") from None

    def stop(self, keep: bool = False) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        if not keep:
            shutil.rmtree(self.folder, ignore_errors=True)


def new_games(options) -> tuple[list[dict], list[str]]:
    """The evening's tables, filed under one club, and that club's board link for each board."""
    key = subprocess.check_output(["scripts/secret-key"], cwd=ROOT, text=True).strip()
    env = {**os.environ, "SECRET_KEY": key}
    # A limit nobody reaches in an evening keeps every table scoring for the whole run.
    records = [
        {
            "format": "kalooki-game/1",
            "title": f"Table {n + 1}",
            "rules": {"preset": "british", "limit": 10_000},
            "players": PLAYERS,
            "hands": [],
        }
        for n in range(options.tables)
    ]
    games = json.loads(manage(env, "import_game", "-", "--club", CLUB, stdin=json.dumps(records)))
    link = manage(env, "shell", "--no-imports", "-c", BOARD_LINK)
    return games, [link] * options.boards


@events.init.add_listener
def _start(environment, **_kwargs) -> None:
    """Starts the site when asked to, makes or reads the games, and sets the users' numbers."""
    options = environment.parsed_options
    if options is None:
        return
    if not options.headless or not 0 < (options.run_time or 0) <= MAX_SECONDS:
        raise SystemExit(f"The load test runs --headless, --run-time {MAX_SECONDS} s at most")
    if options.serve:
        if options.serve == "cluster":
            from cluster import Cluster

            server = Cluster(servers=2, workers=options.workers)
            server.__enter__()
        else:
            server = Server(options.workers)
        environment.host = server.url
        try:
            run["games"], run["boards"] = new_games(options)
        except BaseException:
            server.stop()
            raise
        run["server"] = server
    else:
        loopback(environment.host or "")
        with open(options.games) as file:
            made = json.load(file)
        run["games"], run["boards"] = made["games"], made["boards"]
    environment.host = loopback(environment.host)
    for user in (Table, Watcher, Board):
        user.host = environment.host
    Table.fixed_count = len(run["games"])
    Board.fixed_count = len(run["boards"])


class Table(FastHttpUser):
    """A table's phone: opens the table page, then records a hand every 2-5 s as the page does
    (its version and a key of its own); a send with no answer goes again with the same key."""

    wait_time = between(2, 5)
    weight, fixed_count = 0, 12  # as many as --tables

    def on_start(self) -> None:
        self.game = run["games"][next(tables) % len(run["games"])]
        self.url = self.game["url"]
        self.rng = random.Random(self.url)
        with self.client.get(self.url, name="table page", catch_response=True) as answer:
            token, version = CSRF.search(answer.text), FORM_VERSION.search(answer.text)
            if not (token and version):
                answer.failure("no form on the table page")
                raise StopUser()
        self.token, self.version = token.group(1), int(version.group(1))
        run["first"].setdefault(self.url, self.version)

    @task
    def record_a_hand(self) -> None:
        number = len(acked[self.url]) + 1
        winner = self.rng.randrange(len(PLAYERS))
        values = {seat: self.rng.randint(2, 9) for seat in range(len(PLAYERS)) if seat != winner}
        form = {"csrfmiddlewaretoken": self.token, "number": number, "winner": PLAYERS[winner]}
        form |= {"version": self.version, "key": f"load-{self.game['id']}-{number}"}
        form |= {f"value-{seat}": value for seat, value in values.items()}
        hand = (PLAYERS[winner], {PLAYERS[s]: v for s, v in values.items()})
        origin = self.host
        headers = {"Origin": origin, "Referer": origin + self.url}
        pending[self.url] = hand
        for attempt in range(4):  # no answer is not a refusal: the same key gets the first answer
            with self.client.post(
                self.url + "hands/", data=form, headers=headers, allow_redirects=False,
                name="record a hand", catch_response=True,
            ) as answer:  # fmt: skip
                if answer.status_code in (302, 303):
                    del pending[self.url]
                    acked[self.url].append(hand)
                    self.version += 1
                    return
                if answer.status_code:  # an answer that refused it: the table stops here
                    answer.failure(f"HTTP {answer.status_code}: {answer.text[:2000]}")
                    raise StopUser()
            time.sleep(0.5 * (attempt + 1))
        raise StopUser()


class Watcher(FastHttpUser):
    """A phone on the watch link: its page, then a poll every 3 s as the page sends it (`?v=`,
    HX-Request, revalidating what it holds)."""

    wait_time = every(POLL_SECONDS)
    weight = 1

    def on_start(self) -> None:
        self.game = run["games"][next(watchers) % len(run["games"])]
        self.etags: dict[str, str] = {}
        with self.client.get(
            self.game["share_url"], name="watch page", catch_response=True
        ) as answer:
            found = LIVE.search(answer.text)
            if not found:
                answer.failure("no standings on the watch page")
                raise StopUser()
        self.path = html.unescape(found.group(1))

    @task
    def poll(self) -> None:
        if found := LIVE.search(poll(self, "watch poll", self.path)):
            self.path = html.unescape(found.group(1))


def poll(user: FastHttpUser, name: str, path: str) -> str:
    """A poll as htmx sends it; a 204 or 304 (nothing new) is a success. The new body, or ''."""
    headers = {"HX-Request": "true"}
    if path in user.etags:  # as a browser revalidates what it holds for this URL
        headers["If-None-Match"] = user.etags[path]
    with user.client.get(path, headers=headers, name=name, catch_response=True) as answer:
        if answer.status_code not in (200, 204, 304):
            answer.failure(f"HTTP {answer.status_code}")
            return ""
        answer.success()
        if answer.headers.get("ETag"):
            user.etags[path] = answer.headers["ETag"]
        return answer.text if answer.status_code == 200 else ""


class Board(FastHttpUser):
    """A room board on a screen: its page, then each table's panel every 3 s and its frame
    every 5 s, as board.html's htmx does."""

    wait_time = every(POLL_SECONDS)
    weight, fixed_count = 0, 2  # as many as --boards

    def on_start(self) -> None:
        self.url = run["boards"][next(boards) % len(run["boards"])]
        self.etags: dict[str, str] = {}
        self.framed = time.monotonic()
        with self.client.get(self.url, name="board page", catch_response=True) as answer:
            key = FRAME_KEY.search(answer.text)
            if not key:
                answer.failure("no board on the board page")
                raise StopUser()
        self.key, self.panels = key.group(1), dict(PANEL.findall(answer.text))

    @task
    def follow(self) -> None:
        if time.monotonic() - self.framed >= FRAME_SECONDS:
            self.framed = time.monotonic()
            frame = poll(self, "board frame poll", f"{self.url}?v={self.key}")
            if key := FRAME_KEY.search(frame):
                self.key, self.panels = key.group(1), dict(PANEL.findall(frame))
        # Each table's panel polls by itself (its own hx-trigger), so side by side here too, on
        # at most six connections, as a browser has to one server.
        Pool(6).map(self.follow_table, list(self.panels.items()))

    def follow_table(self, panel: tuple[str, str]) -> None:
        path, version = panel
        if new := PANEL.search(poll(self, "board table poll", f"{path}?v={version}")):
            self.panels[path] = new.group(2)


def stored(host: str, game: dict) -> list[str]:
    """What differs between the hands a table had acknowledged and the game's stored record."""
    record = requests.get(host + game["record"], timeout=30).json()
    kept = [(h.get("winner"), h.get("penalties", {})) for h in record["hands"]]
    sent = acked[game["url"]]
    if game["url"] in pending and kept == [*sent, pending[game["url"]]]:
        kept = kept[:-1]  # its answer never came, but it was stored: right as well
    # The scoring page, which no cache keeps (nginx keeps the watch page for two seconds).
    version = int(FORM_VERSION.search(requests.get(host + game["url"], timeout=30).text)[1])
    problems = []
    if kept != sent:
        problems.append(f"{game['url']}: {len(sent)} hands acknowledged, {len(kept)} stored")
    elif game["url"] in run["first"] and version != run["first"][game["url"]] + len(kept):
        problems.append(f"{game['url']}: version {version} after {len(kept)} hands")
    return problems


@events.test_stop.add_listener
def _check(environment, **_kwargs) -> None:
    """Every acknowledged hand stored once, in order, its versions contiguous."""
    for game in run["games"]:
        game.setdefault("record", game["url"].replace("/g/", "/sheets/g/", 1) + "record.json")
        try:
            run["problems"] += stored(environment.host, game)
        except (requests.RequestException, ValueError, KeyError, TypeError) as exc:
            run["problems"].append(f"{game['url']}: could not read it back: {exc!r}")


def figures(stats) -> dict:
    """The run in figures for bench/run.py: requests, requests/s, p50/p95/p99 (ms) per kind."""
    kinds = {
        e.name: {
            "requests": e.num_requests,
            "errors": e.num_failures,
            "requests_per_second": round(e.total_rps, 1),
            **{f"p{p}_ms": e.get_response_time_percentile(p / 100) for p in (50, 95, 99)},
        }
        for e in stats.entries.values()
    }
    total = stats.total
    return {
        "requests": total.num_requests,
        "requests_per_second": round(total.total_rps, 1),
        "errors": total.num_failures,
        "kinds": kinds,
    }


@events.quitting.add_listener
def _report(environment, **_kwargs) -> None:
    stats = environment.stats
    print("\n" + "  ".join(["request".ljust(18), *(w.rjust(6) for w in COLUMNS)]))
    for entry in [*sorted(stats.entries.values(), key=lambda e: e.name), stats.total]:
        cells = [entry.get_response_time_percentile(p) for p in (0.5, 0.95, 0.99)]
        row = [entry.num_requests, entry.num_failures, f"{entry.total_rps:.1f}"]
        row += [f"{c:.0f}ms" for c in cells]
        print("  ".join([entry.name.ljust(18), *(str(c).rjust(6) for c in row)]))
    hands = sum(len(h) for h in acked.values())
    print(f"hands acknowledged {hands}, all stored once: {'no' if run['problems'] else 'yes'}")
    for problem in run["problems"]:
        print("lost or doubled:", problem)
    if environment.parsed_options and environment.parsed_options.results:
        summary = {"acked": acked, "hands": hands, "problems": run["problems"]}
        Path(environment.parsed_options.results).write_text(json.dumps(summary | figures(stats)))
    if run["problems"] or stats.total.num_failures:
        environment.process_exit_code = 1
    if run["server"] is not None:
        server, run["server"] = run["server"], None
        server.stop()
