"""Side by side with a peer people self-host: ihatemoney (shared expenses, Flask), installed from
PyPI into its own virtualenv in .bench-peer/, never into the project's. Both run under gunicorn
with one worker on SQLite in a temporary folder, on 127.0.0.1; requests alternate between them
(which goes first alternates too), so a noisy moment weighs on both, and a ratio is the median of
the pairs' ratios (ours / theirs: below 1 is faster). Each timed request comes straight after an
untimed look at the same server's page, as a phone at the table has just loaded it: a server
timed straight after the other's answer is timed cold from its idling (this machine's processor
answers slower after it idles), and the faster side idles the longer, so its figure would grow
with the other's.

For 10, 100 and 1,000 entries (hands; bills):
- the page a player looks at: our table page; their project page (bills and balances);
- the settle-up page: our table page of a game that is over (who pays whom); their settle_bills;
- every entry listed: our score sheet (every hand); their bill list, every page of it (they show
  100 bills a page, so 10 pages at 1,000 bills);
- recording an entry as a phone does: our form posted by htmx, answered with the fragment it
  shows; their form posted, answered with a redirect to the project page, which a browser then
  loads (their POST alone is shown too).

Run: .venv/bin/python -m bench.peer [--json]   (the first run installs ihatemoney: needs PyPI)
"""

import base64
import http.client
import json
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from bench.pages import record

ROOT = Path(__file__).resolve().parent.parent
PEER = "ihatemoney==7.2.1"
HOME = ROOT / ".bench-peer"
SIZES = (10, 100, 1_000)
PAIRS = 21
# Ours at most a third of theirs at 100 and 1,000 entries, half at 10 (issue 40): a short game
# is a short page for them, while ours renders the forms a game keeps with every request.
TARGETS = {10: 1 / 2, 100: 1 / 3, 1_000: 1 / 3}
BILLS_A_PAGE = 100  # ihatemoney's list_bills paginates at 100
CSRF = re.compile(r'name="csrf(?:middleware)?_?token"[^>]*value="([^"]+)"')
FORM_VERSION = re.compile(r'name="version" value="(\d+)"')
NEXT_HAND = re.compile(r'name="number" value="(\d+)"')


def peer_python() -> Path:
    """ihatemoney's virtualenv, made once with the Python the project's venv comes from."""
    python = HOME / "venv" / "bin" / "python"
    done = HOME / "venv" / f".installed-{PEER}"
    if not done.exists():
        base = subprocess.run(
            [str(ROOT / "scripts" / "find-python")], capture_output=True, text=True, check=True
        ).stdout.strip()
        subprocess.run([base, "-m", "venv", str(HOME / "venv")], check=True)
        pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run([*pip, PEER, "gunicorn"], check=True, capture_output=True)
        done.touch()
    return python


class Client:
    """A browser of one site: keep-alive where the server allows it, and its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict | None = None, **headers: str):
        body = urllib.parse.urlencode(form, doseq=True) if form is not None else None
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"http://127.0.0.1:{self.port}"
            headers["Referer"] = headers["Origin"] + "/"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        content = response.read()
        for line in response.headers.get_all("Set-Cookie") or []:
            name, _, value = line.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()  # http.client opens a new one for the next request
        return response.status, response.getheader("Location"), content.decode()


def serve(command: list[str], env: dict[str, str], port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(300):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("HEAD", "/")
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"{command[0]}: no answer on port {port}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Ours:
    def __init__(self, folder: str) -> None:
        self.env = {
            **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            "DJANGO_DEBUG": "0",
            "DJANGO_HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "STATIC_ROOT": f"{folder}/static",
            "DATABASE_URL": f"sqlite:///{folder}/ours.sqlite3",
        }
        self.manage("migrate", "--noinput", "-v0")
        self.manage("createcachetable")
        self.manage("collectstatic", "--noinput", "-v0")
        self.port = free_port()
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        command = [gunicorn, "kalooki_ledger.wsgi", f"--bind=127.0.0.1:{self.port}", "--workers=1"]
        self.server = serve(command, self.env, self.port)
        self.client = Client(self.port)

    def manage(self, *args: str, stdin: str | None = None) -> str:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def setup(self, entries: int) -> None:
        playing, over = record(entries - 1), record(entries)  # the hand recorded makes it so
        over["stopped"] = {"settle": "split"}
        made = json.loads(self.manage("import_game", "-", stdin=json.dumps([playing, over])))
        self.table, self.settle = made[0]["url"], made[1]["url"]
        self.client.request("GET", self.table)  # a phone that has opened its game before
        self.client.request("GET", self.settle)
        self.sheet = self.table + "sheet/"
        self.form = self.client.request("GET", self.table)[2]

    def page(self) -> None:
        assert self.client.request("GET", self.table)[0] == 200

    def settle_up(self) -> None:
        status, _, body = self.client.request("GET", self.settle)
        assert status == 200 and "Settle up" in body

    def every_entry(self) -> None:
        assert self.client.request("GET", self.sheet)[0] == 200

    def record_entry(self) -> float:
        winner = record(1)["players"][0]
        form = {
            "csrfmiddlewaretoken": CSRF.search(self.form).group(1),
            "version": FORM_VERSION.search(self.form).group(1),
            "key": secrets.token_hex(8),
            "number": NEXT_HAND.search(self.form).group(1),
            "winner": winner,
        }
        form |= {f"value-{seat}": 5 for seat in range(1, 4)}
        started = time.perf_counter()
        status, _, self.form = self.client.request(
            "POST", self.table + "hands/", form, **{"HX-Request": "true"}
        )
        took = time.perf_counter() - started
        assert status == 200 and FORM_VERSION.search(self.form), status
        # A game holds at most 1,000 hands: take the hand back (untimed) so every entry is
        # recorded into a game of the size measured.
        self.conn_api(
            "POST",
            self.table.replace("/g/", "/api/v1/games/").rstrip("/") + "/undo",
            {"number": int(form["number"])},
        )
        self.form = self.client.request("GET", self.table)[2]
        return took  # the fragment it answers with is what the phone shows

    def conn_api(self, method: str, path: str, body: dict) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Content-Type": "application/json", "Idempotency-Key": secrets.token_hex(8)}
        conn.request(method, path, body=json.dumps(body), headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        assert response.status == 200, response.status

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=20)


class Theirs:
    MEMBERS = ("Andy", "Mark", "John", "Frank")

    def __init__(self, folder: str) -> None:
        python = peer_python()
        config = Path(folder) / "ihatemoney.cfg"
        config.write_text(
            f'SQLALCHEMY_DATABASE_URI = "sqlite:///{folder}/theirs.sqlite3"\n'
            f'SECRET_KEY = "{secrets.token_urlsafe(32)}"\n'
            "ACTIVATE_DEMO_PROJECT = False\nSESSION_COOKIE_SECURE = False\n"
        )
        env = {**os.environ, "IHATEMONEY_SETTINGS_FILE_PATH": str(config)}
        self.port = free_port()
        gunicorn = str(python.parent / "gunicorn")
        command = [gunicorn, "ihatemoney.wsgi:application", f"--bind=127.0.0.1:{self.port}"]
        self.server = serve([*command, "--workers=1"], env, self.port)
        self.client = Client(self.port)
        self.number = 0
        self.posted: list[float] = []

    def api(self, path: str, form: dict, auth: str = "") -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if auth:
            headers["Authorization"] = "Basic " + base64.b64encode(auth.encode()).decode()
        conn.request("POST", path, urllib.parse.urlencode(form, doseq=True), headers)
        response = conn.getresponse()
        body = response.read().decode()
        if response.status >= 300:
            raise RuntimeError(f"ihatemoney {path}: HTTP {response.status} {body[:200]}")
        return body

    def setup(self, entries: int) -> None:
        self.number += 1
        project, password = f"bench{self.number}", secrets.token_hex(8)
        self.project = f"/{project}/"
        auth = f"{project}:{password}"
        form = {"name": project, "id": project, "password": password}
        self.api("/api/projects", form | {"contact_email": "bench@example.org"})
        members = [
            json.loads(self.api(f"/api/projects/{project}/members", {"name": m}, auth))
            for m in self.MEMBERS
        ]
        for n in range(entries):  # a bill per hand: one pays, the others owe
            bill = {"date": "2026-11-01", "what": f"hand {n + 1}", "amount": 2 + n % 8}
            bill |= {"payer": members[n % 4], "payed_for": members}
            self.api(f"/api/projects/{project}/bills", bill, auth)
        self.members, self.posted, self.entries = members, [], entries
        token = CSRF.search(self.client.request("GET", "/authenticate")[2]).group(1)
        login = {"csrf_token": token, "id": project, "password": password}
        assert self.client.request("POST", "/authenticate", login)[0] == 302
        self.form = self.client.request("GET", self.project)[2]

    def page(self) -> None:
        assert self.client.request("GET", self.project)[0] == 200

    def settle_up(self) -> None:
        assert self.client.request("GET", self.project + "settle_bills")[0] == 200

    def every_entry(self) -> None:
        """Every page of their bill list, as someone reading every bill loads them."""
        pages = -(-self.entries // BILLS_A_PAGE)
        for page in range(1, pages + 1):
            path = self.project if page == 1 else f"{self.project}?page={page}"
            assert self.client.request("GET", path)[0] == 200

    def record_entry(self) -> float:
        """Their POST and the page its redirect leads to; the POST alone goes in self.posted."""
        form = {
            "csrf_token": CSRF.search(self.form).group(1),
            "date": "2026-11-02",
            "what": "a hand",
            "payer": self.members[0],
            "amount": "7",
            "payed_for": self.members,
            "bill_type": "Expense",
            "submit": "Submit",
        }
        started = time.perf_counter()
        status, location, _ = self.client.request("POST", self.project + "add", form)
        self.posted.append(time.perf_counter() - started)
        assert status == 302, status
        status, _, self.form = self.client.request("GET", urllib.parse.urlsplit(location).path)
        return time.perf_counter() - started

    def stop(self) -> None:
        self.server.terminate()
        self.server.wait(timeout=20)


def timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def warm(site, what: str) -> float:
    """One timed `what` of a site (a method of Ours or Theirs), straight after an untimed look at
    its page."""
    site.page()
    if what == "record_entry":
        return site.record_entry()  # times its own request (the form's post)
    return timed(getattr(site, what))


def pairs(ours, theirs, what: str) -> dict:
    """Times `what` (`warm`) on ours and theirs PAIRS times, alternating (either first in turn),
    after one of each untimed."""
    warm(ours, what), warm(theirs, what)
    a, b = [], []
    for n in range(PAIRS):
        if n % 2:
            b.append(warm(theirs, what))
            a.append(warm(ours, what))
        else:
            a.append(warm(ours, what))
            b.append(warm(theirs, what))
    return {
        "ours_ms": round(statistics.median(a) * 1000, 1),
        "theirs_ms": round(statistics.median(b) * 1000, 1),
        "ratio": round(statistics.median(x / y for x, y in zip(a, b, strict=True)), 3),
    }


def run() -> dict:
    with tempfile.TemporaryDirectory(prefix="kalooki-peer-") as folder:
        ours, theirs = Ours(folder), None
        try:
            theirs = Theirs(folder)
            rows = []
            for entries in SIZES:
                ours.setup(entries)
                theirs.setup(entries)
                row = {"entries": entries}
                for key, what in MEASURED.items():
                    row[key] = pairs(ours, theirs, what)
                row["record"]["theirs_post_only_ms"] = round(
                    statistics.median(theirs.posted) * 1000, 1
                )
                rows.append(row)
        finally:
            ours.stop()
            if theirs is not None:
                theirs.stop()
    met = all(row[key]["ratio"] <= TARGETS[row["entries"]] for row in rows for key in NAMES)
    return {
        "peer": PEER,
        "workers": 1,
        "database": "sqlite",
        "pairs": PAIRS,
        "target_ratios": {str(n): round(ratio, 3) for n, ratio in TARGETS.items()},
        "target_met": met,
        "sizes": rows,
    }


# Each row's measures: the method of Ours and Theirs timed.
MEASURED = {
    "page": "page",
    "settle_up": "settle_up",
    "every_entry": "every_entry",
    "record": "record_entry",
}
NAMES = {
    "page": "the page a player looks at",
    "settle_up": "the settle-up page",
    "every_entry": "every entry listed (our score sheet; their bill list, every page)",
    "record": "record an entry (and what the phone shows next)",
}


def table(results: dict) -> str:
    if "error" in results:
        return f"Side by side with {PEER}: not run ({results['error']})."
    lines = [
        f"Side by side with {results['peer']}: gunicorn, 1 worker each, SQLite, "
        f"{results['pairs']} alternated pairs, each request after a look at the same server's "
        "page; ratio = ours / theirs (median of pairs); "
        "target: at least 2x ahead (ratio ≤ 0.5) at 10 entries, 3x (ratio ≤ 0.333) at 100 and "
        "1,000, on every page.",
        "",
        "| entries | what | ours | theirs | ratio | times ahead | target met |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in results["sizes"]:
        for key, name in NAMES.items():
            if key not in row:  # a results file from before the page was measured
                continue
            cell = row[key]
            theirs = f"{cell['theirs_ms']} ms"
            if key == "record":
                theirs += f" ({cell['theirs_post_only_ms']} ms before its redirect)"
            ahead = f"{1 / cell['ratio']:.1f}x" if cell["ratio"] else "-"
            met = "yes" if cell["ratio"] <= TARGETS.get(row["entries"], 1 / 3) else "no"
            lines.append(
                f"| {row['entries']:,} | {name} | {cell['ours_ms']} ms | {theirs} "
                f"| {cell['ratio']}x | {ahead} | {met} |"
            )
    return "\n".join(lines)


def main() -> None:
    try:
        results = run()
    except (OSError, subprocess.CalledProcessError, RuntimeError) as exc:
        results = {"error": f"{type(exc).__name__}: {exc}"}
    if "--json" in sys.argv:
        print(json.dumps(results))
    else:
        print(table(results))


if __name__ == "__main__":
    main()
