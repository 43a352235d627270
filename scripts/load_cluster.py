"""Plays many tables through the cluster's nginx (scripts/cluster.py) and reports latency, errors,
lost hands and how many watcher polls reached Django.

Each table has a scorer recording a hand every few seconds, as the page does (its version and a
key of its own, retried with the same key when no answer comes), and watchers that open the watch
page and poll it every 3 s as it does (`?v=`, HX-Request, If-None-Match). Every connection is a
kept-alive HTTP/1.1 connection driven by asyncio, so one client process keeps up. Bounded: at most
200 tables, 20 watchers each and 300 seconds, loopback only. Run under scripts/with-postgres:

    scripts/with-postgres .venv/bin/python scripts/load_cluster.py [--tables 200] [--watchers 10]

With --boards N, N room boards (clubs/board.py) follow the tables too, as a TV or a phone does:
the tables are filed six to a club, each board shows one club's board, polls every table on it
through the table's panel every 3 s and the board's frame every 5 s. The report counts the
boards' polls that reached Django beside the watchers'.
"""

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import time
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/ is a folder, not a package

from cluster import Cluster
from load import (
    CSRF,
    FORM_VERSION,
    MAX_TABLES,
    PLAYERS,
    ROOT,
    VERSION,
    loopback_only,
    manage,
    new_games,
    percentile,
)

MAX_WATCHERS, MAX_SECONDS = 20, 300
POLL_SECONDS = 3.0  # the watch page's hx-trigger
FRAME_SECONDS = 5.0  # the board frame's hx-trigger
TIMEOUT = 30.0  # as long as gunicorn gives a request: a phone waits, it does not give up
POLL = re.compile(r'"GET /w/[A-Za-z0-9_-]+/\?v=')
PANEL_POLL = re.compile(r'"GET /w/[A-Za-z0-9_-]+/board/\?v=')
FRAME_POLL = re.compile(r'"GET /w/board/[^ ?]+\?v=')
PANEL = re.compile(r'hx-get="(/w/[A-Za-z0-9_-]+/board/)\?v=(\d+)"')
FRAME_KEY = re.compile(r'id="board" hx-get="[^"?]+\?v=([0-9a-f]+)"')
MAX_BOARDS, PER_CLUB = 200, 6
# Files the run's games six to a club and prints each club's board link (manage.py shell).
FILE_IN_CLUBS = """
import json, sys
from kalooki_ledger.clubs import board
from kalooki_ledger.clubs.models import Club, ClubGame
ids, tag, per = json.load(sys.stdin)
links = []
for start in range(0, len(ids), per):
    club = Club.objects.create(name=f"Load {tag} club {start}", slug=f"load-{tag}-{start}")
    ClubGame.objects.bulk_create(ClubGame(game_id=i, club=club) for i in ids[start:start + per])
    links.append(board.board_url("club", club.pk))
print(json.dumps(links))
"""


class Connection:
    """One kept-alive HTTP/1.1 connection over asyncio streams, opened again when it closes."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: bytes = b""
    ) -> tuple[int, dict[str, list[str]], bytes]:
        try:
            return await asyncio.wait_for(self._request(method, path, headers, body), TIMEOUT)
        except BaseException:
            await self.close()  # a half-read answer leaves the connection useless
            raise

    async def _request(self, method, path, headers, body):
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("the server closed the connection")
        status = int(status_line.split()[1])
        got: dict[str, list[str]] = defaultdict(list)
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            got[name.strip().lower()].append(value.strip())
        content = b""
        if "chunked" in ",".join(got.get("transfer-encoding", [])).lower():
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                content += await self.reader.readexactly(size)
                await self.reader.readline()
            await self.reader.readline()
        elif got.get("content-length"):
            content = await self.reader.readexactly(int(got["content-length"][0]))
        elif status not in (204, 304) and method != "HEAD":
            content = await self.reader.read()  # no length: the body runs to the close
            got["connection"] = ["close"]
        if "close" in ",".join(got.get("connection", [])).lower():
            await self.close()
        return status, got, content


class Results:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, Counter] = defaultdict(Counter)
        self.errors: list[str] = []
        self.retries = 0

    def add(self, kind: str, status: int, seconds: float) -> None:
        self.latency[kind].append(seconds)
        self.statuses[kind][status] += 1


def cookies_from(headers: dict[str, list[str]], jar: dict[str, str]) -> None:
    for line in headers.get("set-cookie", []):
        name, _, value = line.split(";", 1)[0].partition("=")
        jar[name.strip()] = value.strip()


async def scorer(conn, origin, game, stop, results, acked) -> None:
    rng = random.Random(game["id"])
    jar: dict[str, str] = {}
    await asyncio.sleep(rng.random() * 5)  # tables sit down over the first few seconds
    try:
        started = time.monotonic()
        status, headers, body = await conn.request("GET", game["url"], {})
        results.add("table page", status, time.monotonic() - started)
        page = body.decode()
        token, version = CSRF.search(page).group(1), int(FORM_VERSION.search(page).group(1))
        cookies_from(headers, jar)
    except (OSError, TimeoutError, AttributeError, asyncio.IncompleteReadError) as exc:
        results.errors.append(f"table {game['id']}: could not open the table: {exc!r}")
        return
    number, next_at = 1, time.monotonic() + rng.uniform(0, 3)
    while next_at < stop:
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        next_at += rng.uniform(3, 7)  # a hand every few seconds, five on average
        winner = rng.randrange(len(PLAYERS))
        values = {seat: rng.randint(2, 9) for seat in range(len(PLAYERS)) if seat != winner}
        form = {"csrfmiddlewaretoken": token, "number": number, "winner": PLAYERS[winner]}
        form |= {"version": version, "key": f"cluster-{game['id']}-{number}"}
        form |= {f"value-{seat}": value for seat, value in values.items()}
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()),
            "Origin": origin,
            "Referer": origin + game["url"],
        }
        body = urllib.parse.urlencode(form).encode()
        # No answer is not a refusal: the same key again gets the first answer, never a 2nd hand.
        for attempt in range(4):
            started = time.monotonic()
            try:
                status, answer, _ = await conn.request(
                    "POST", game["url"] + "hands/", headers, body
                )
            except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
                results.retries += 1
                failure = f"{exc!r}"
                await asyncio.sleep(0.5 * (attempt + 1))
                continue
            results.add("record a hand", status, time.monotonic() - started)
            failure = "" if status in (302, 303) else f"HTTP {status}"
            break
        if failure:
            # Its fate is unknown, so the table stops here rather than guess its version.
            results.errors.append(f"table {game['id']} hand {number}: {failure}")
            acked[game["id"]]["unknown"] = number
            return
        cookies_from(answer, jar)
        acked[game["id"]]["hands"].append(
            (PLAYERS[winner], {PLAYERS[s]: v for s, v in values.items()})
        )
        number, version = number + 1, version + 1


async def watcher(conn, game, seat, stop, results) -> None:
    rng = random.Random(f"{game['id']}-{seat}")
    await asyncio.sleep(rng.random() * POLL_SECONDS)
    try:
        started = time.monotonic()
        status, _, body = await conn.request("GET", game["share_url"], {})
        results.add("watch page", status, time.monotonic() - started)
        version = VERSION.search(body.decode()).group(1)
    except (OSError, TimeoutError, AttributeError, asyncio.IncompleteReadError) as exc:
        results.errors.append(f"watcher {seat} of table {game['id']}: {exc!r}")
        return
    etags: dict[str, str] = {}
    next_at = time.monotonic() + POLL_SECONDS
    while next_at < stop:
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        next_at += POLL_SECONDS
        path = f"{game['share_url']}?v={version}"
        headers = {"HX-Request": "true"}
        if path in etags:  # as a browser revalidates what it holds for this URL
            headers["If-None-Match"] = etags[path]
        started = time.monotonic()
        try:
            status, answer, body = await conn.request("GET", path, headers)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
            results.errors.append(f"watcher {seat} of table {game['id']}: {exc!r}")
            continue
        results.add("watch poll", status, time.monotonic() - started)
        if status == 200:
            found = VERSION.search(body.decode())
            version = found.group(1) if found else version
        elif status not in (204, 304):
            results.errors.append(f"watcher {seat} of table {game['id']}: HTTP {status}")
        if answer.get("etag"):
            etags[path] = answer["etag"][0]


async def room_board(conn, url, number, stop, results) -> None:
    """One board on a screen: its frame, then each table's panel polled every 3 s and the frame
    every 5 s, revalidating what it holds as a browser does."""
    rng = random.Random(f"board-{number}")
    await asyncio.sleep(rng.random() * POLL_SECONDS)
    etags: dict[str, str] = {}

    async def get(kind: str, path: str) -> tuple[int, bytes]:
        headers = {"HX-Request": "true"} if "?" in path else {}
        if path in etags:
            headers["If-None-Match"] = etags[path]
        started = time.monotonic()
        status, answer, body = await conn.request("GET", path, headers)
        results.add(kind, status, time.monotonic() - started)
        if answer.get("etag"):
            etags[path] = answer["etag"][0]
        if status not in (200, 204, 304):
            results.errors.append(f"board {number}: {kind} HTTP {status}")
        return status, body

    try:
        _, body = await get("board page", url)
        page = body.decode()
        key, panels = FRAME_KEY.search(page).group(1), dict(PANEL.findall(page))
    except (OSError, TimeoutError, AttributeError, asyncio.IncompleteReadError) as exc:
        results.errors.append(f"board {number}: could not open the board: {exc!r}")
        return
    next_poll = next_frame = time.monotonic()
    next_poll += POLL_SECONDS
    next_frame += FRAME_SECONDS
    while min(next_poll, next_frame) < stop:
        await asyncio.sleep(max(0.0, min(next_poll, next_frame) - time.monotonic()))
        try:
            if next_frame <= next_poll:
                next_frame += FRAME_SECONDS
                status, body = await get("board frame poll", f"{url}?v={key}")
                if status == 200 and (found := FRAME_KEY.search(body.decode())):
                    key, panels = found.group(1), dict(PANEL.findall(body.decode()))
                continue
            next_poll += POLL_SECONDS
            for path, version in list(panels.items()):
                status, body = await get("board table poll", f"{path}?v={version}")
                if status == 200 and (found := VERSION.search(body.decode())):
                    panels[path] = found.group(1)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as exc:
            results.errors.append(f"board {number}: {exc!r}")


async def loop_lag(stop: float, lags: list[float]) -> None:
    """How late the client's own loop wakes: the part of each latency that is the client's."""
    while time.monotonic() < stop:
        started = time.monotonic()
        await asyncio.sleep(0.1)
        lags.append(time.monotonic() - started - 0.1)


async def play(base: str, games: list[dict], watchers: int, seconds: int, boards: list[str]):
    parts = urllib.parse.urlsplit(base)
    results, lags = Results(), []
    acked = {g["id"]: {"hands": [], "unknown": None} for g in games}
    connections: list[Connection] = []

    def connection() -> Connection:
        connections.append(Connection(parts.hostname, parts.port))
        return connections[-1]

    stop = time.monotonic() + seconds
    tasks = [scorer(connection(), base, g, stop, results, acked) for g in games]
    tasks += [watcher(connection(), g, s, stop, results) for g in games for s in range(watchers)]
    tasks += [room_board(connection(), url, n, stop, results) for n, url in enumerate(boards)]
    started = time.monotonic()
    await asyncio.gather(*tasks, loop_lag(stop, lags))
    elapsed = time.monotonic() - started
    for conn in connections:
        await conn.close()
    return results, acked, lags, elapsed


def hands_lost(env: dict[str, str], games: list[dict], acked: dict) -> tuple[int, int, list[str]]:
    """Every acknowledged hand stored once, in order: (lost, doubled, what differs)."""
    stored = {g["title"]: g["hands"] for g in json.loads(manage(env, "export_game"))}
    lost = doubled = 0
    problems = []
    for game in games:
        sent = acked[game["id"]]
        kept = [(h.get("winner"), h.get("penalties", {})) for h in stored.get(game["title"], [])]
        # A hand whose answer never came may or may not be there: both are right.
        if sent["unknown"] is not None and len(kept) == len(sent["hands"]) + 1:
            kept = kept[:-1]
        if kept != sent["hands"]:
            lost += max(0, len(sent["hands"]) - len(kept))
            doubled += max(0, len(kept) - len(sent["hands"]))
            problems.append(f"table {game['id']}: {len(sent['hands'])} sent, {len(kept)} kept")
    return lost, doubled, problems


def summary(results: Results) -> dict:
    kinds = {}
    for kind, values in sorted(results.latency.items()):
        kinds[kind] = {
            "requests": len(values),
            "p50_ms": round(statistics.median(values) * 1000, 1),
            "p95_ms": round(percentile(values, 0.95) * 1000, 1),
            "statuses": dict(sorted(results.statuses[kind].items())),
        }
    return kinds


def reached_django(cluster: Cluster, poll: re.Pattern = POLL) -> tuple[int, Counter]:
    """Polls of a kind (watch polls by default) the app servers answered (their access logs,
    background refreshes included), and nginx's cache status for every one it answered."""
    polls = sum(
        1 for log in cluster.app_logs for line in log.open(errors="replace") if poll.search(line)
    )
    statuses = Counter(
        line.split()[-2] for line in cluster.access_log.open(errors="replace") if poll.search(line)
    )
    return polls, statuses


def run(tables: int, watchers: int, seconds: int, workers: int, boards: int = 0) -> dict:
    tables = min(tables, MAX_TABLES)
    watchers, seconds = min(watchers, MAX_WATCHERS), min(seconds, MAX_SECONDS)
    boards = min(boards, MAX_BOARDS)
    env = dict(os.environ)
    load_before = os.getloadavg()[0]  # what else this machine is doing shows here
    with Cluster(servers=2, workers=workers) as cluster:
        base = loopback_only(cluster.url)
        tag = secrets.token_hex(4)
        games = new_games(env, tables, tag)
        links = []
        if boards:
            ids = json.dumps([[g["id"] for g in games], tag, PER_CLUB])
            # Signed with the app servers' key (serve-prod's), or the links would be refused.
            key = subprocess.run(["scripts/secret-key"], cwd=ROOT, capture_output=True, text=True)
            env["SECRET_KEY"] = key.stdout.strip()
            said = manage(env, "shell", "--no-imports", "-c", FILE_IN_CLUBS, stdin=ids)
            clubs = json.loads(said.strip().splitlines()[-1])
            links = [clubs[n % len(clubs)] for n in range(boards)]
        results, acked, lags, elapsed = asyncio.run(play(base, games, watchers, seconds, links))
        time.sleep(1.5)  # nginx writes its log each second
        django_polls, cache_status = reached_django(cluster)
        panel_polls, panel_status = reached_django(cluster, PANEL_POLL)
        frame_polls, frame_status = reached_django(cluster, FRAME_POLL)
        lost, doubled, problems = hands_lost(env, games, acked)
    polls = len(results.latency["watch poll"])
    requests = sum(len(v) for v in results.latency.values())
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return {
        "machine": f"{os.cpu_count()} cores, {memory / 2**30:.0f} GB, load average "
        f"{load_before:.1f} before the run",
        "tables": tables,
        "watchers": tables * watchers,
        "seconds": seconds,
        "app_servers": 2,
        "workers_each": workers,
        "requests": requests,
        "requests_per_second": round(requests / elapsed, 1),
        "kinds": summary(results),
        "hands_acknowledged": sum(len(a["hands"]) for a in acked.values()),
        "hands_lost": lost,
        "hands_doubled": doubled,
        "retries": results.retries,
        "errors": len(results.errors) + len(problems),
        "polls": polls,
        "polls_reaching_django": django_polls,
        "share_reaching_django": round(django_polls / polls, 3) if polls else None,
        "nginx_cache_status": dict(cache_status.most_common()),
        "boards": boards,
        "board_polls": len(results.latency["board table poll"])
        + len(results.latency["board frame poll"]),
        "board_table_polls_reaching_django": panel_polls,
        "board_frame_polls_reaching_django": frame_polls,
        "board_nginx_cache_status": dict((panel_status + frame_status).most_common()),
        "client_loop_lag_p95_ms": round(percentile(lags, 0.95) * 1000, 1),
        "first_errors": (problems + results.errors)[:10],
    }


def table(r: dict) -> str:
    lines = ["| request | count | p50 | p95 | answers |", "|---|---|---|---|---|"]
    for kind, k in r["kinds"].items():
        answers = ", ".join(f"{n:,} x {s}" for s, n in k["statuses"].items())
        lines.append(
            f"| {kind} | {k['requests']:,} | {k['p50_ms']} ms | {k['p95_ms']} ms | {answers} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--watchers", type=int, default=10, help="per table")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--boards", type=int, default=0, help="room boards following the tables")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    r = run(args.tables, args.watchers, args.seconds, args.workers, args.boards)
    print(
        f"{r['tables']} tables, {r['watchers']:,} watchers, {r['seconds']} s through nginx to "
        f"{r['app_servers']} app servers x {r['workers_each']} workers: "
        f"{r['requests']:,} requests ({r['requests_per_second']}/s) on {r['machine']}\n"
    )
    print(table(r) + "\n")
    print(
        f"hands acknowledged {r['hands_acknowledged']:,}, lost {r['hands_lost']}, "
        f"doubled {r['hands_doubled']}; errors {r['errors']} (retries {r['retries']})\n"
        f"watch polls {r['polls']:,}, reaching Django {r['polls_reaching_django']:,} "
        f"({r['share_reaching_django']:.1%}); nginx cache: {r['nginx_cache_status']}\n"
        f"client loop lag p95 {r['client_loop_lag_p95_ms']} ms"
    )
    if r["boards"]:
        reached = r["board_table_polls_reaching_django"] + r["board_frame_polls_reaching_django"]
        print(
            f"{r['boards']} boards: polls {r['board_polls']:,}, reaching Django {reached:,} "
            f"(tables {r['board_table_polls_reaching_django']:,}, frames "
            f"{r['board_frame_polls_reaching_django']:,}); nginx cache: "
            f"{r['board_nginx_cache_status']}"
        )
    for line in r["first_errors"]:
        print("error:", line)
    if args.json:
        Path(args.json).write_text(json.dumps(r, indent=2) + "\n")
    sys.exit(1 if r["errors"] or r["hands_lost"] or r["hands_doubled"] else 0)


if __name__ == "__main__":
    main()
