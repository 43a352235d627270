"""The per-process caches probed as a hostile tester would, against real processes: gunicorn with
four workers on loopback, over a database of its own (SQLite in a file, or a fresh PostgreSQL
database), every read and write through HTTP. Each worker keeps its own caches, so what one
worker kept is served by it alone: many requests at once reach every worker.

- A prefix header (SCRIPT_NAME, which gunicorn takes from 127.0.0.1) changes no later page.
- After a restore every worker serves the restored game, and the next command is decided
  against it (a version number repeats after a restore; a revision never does).
- Two writers and five readers across the workers see no torn read: the version a page or an
  API answer names is the state it shows."""

import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.conf import settings

from kalooki_ledger import rules as engine
from tests.games.test_backup_under_load import postgres_databases
from tests.helpers import manage, running
from tests.test_production import free_port

pytestmark = pytest.mark.db_specific

ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
VENV_BIN = Path(sys.executable).parent
WORKERS = 4
PLAYERS = ["Andy", "Mark", "John", "Frank"]


@pytest.fixture
def database_url(tmp_path):
    if ON_POSTGRES:
        for urls in postgres_databases(1):
            yield urls[0]
    else:
        yield f"sqlite:///{tmp_path / 'site.sqlite3'}"


def hand(number: int, winner: str, **values: int) -> dict:
    return {"number": number, "winner": winner, "penalties": values}


def small_hand(number: int) -> dict:
    """A hand nobody goes out on, however many are played: the win goes round."""
    winner = PLAYERS[number % 4]
    return hand(
        number, winner, **{p: 2 + (number + i) % 3 for i, p in enumerate(PLAYERS) if p != winner}
    )


class Site:
    """The site served by gunicorn's workers, and the one game it holds."""

    def __init__(self, base: str, env: dict, token: str, share: str) -> None:
        self.base, self.env, self.token, self.share = base, env, token, share

    def get(self, path: str, **headers: str) -> tuple[int, dict, str]:
        request = urllib.request.Request(self.base + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def post_hand(self, body: dict) -> tuple[int, dict, str]:
        request = urllib.request.Request(
            f"{self.base}/api/v1/games/{self.token}/hands",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def api(self) -> tuple[int, dict]:
        status, headers, body = self.get(f"/api/v1/games/{self.token}")
        assert status == 200, body
        # The ETag names the version and the revision: "12.<revision>".
        return int(headers["ETag"].strip('"').split(".")[0]), json.loads(body)

    def at_once(self, path: str, times: int, **headers: str) -> list[str]:
        """`path` asked `times` times at once, so every worker answers some."""
        with ThreadPoolExecutor(max_workers=8) as pool:
            answers = list(pool.map(lambda _: self.get(path, **headers), range(times)))
        assert all(status == 200 for status, _, _ in answers), answers[0]
        return [body for _, _, body in answers]


@pytest.fixture
def site(tmp_path, database_url):
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": database_url,
        "DATABASE_CONN_MAX_AGE": "600",  # as in production: each worker keeps its connection
        "DJANGO_DEBUG": "1",  # static files from the source folders: no collectstatic
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    for step in (("migrate", "--noinput", "-v0"), ("createcachetable",)):
        done = manage(env, *step)
        assert done.returncode == 0, done.stderr
    record = tmp_path / "game.json"
    first = [{k: v for k, v in small_hand(n).items() if k != "number"} for n in (1, 2)]
    record.write_text(json.dumps({"format": "kalooki-game/1", "players": PLAYERS, "hands": first}))
    done = manage(env, "import_game", str(record))
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    token = made["url"].strip("/").split("/")[-1]
    share = made["share_url"].strip("/").split("/")[-1]
    port = free_port()
    server = subprocess.Popen(
        [
            *(str(VENV_BIN / "gunicorn"), "kalooki_ledger.wsgi", "--bind", f"127.0.0.1:{port}"),
            *("--workers", str(WORKERS), "--forwarded-allow-ips", "127.0.0.1"),
            *("--graceful-timeout", "3"),  # stopped at the end: no request is left to finish
        ],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    with running(server, "Booting worker"):  # listening: a request waits for a worker
        yield Site(f"http://127.0.0.1:{port}", env, token, share)


def test_a_prefix_header_changes_no_later_page(site):
    evil = site.at_once(f"/evil/g/{site.token}/", 12, SCRIPT_NAME="/evil")
    evil += site.at_once(f"/evil/g/{site.token}/sheet/", 12, SCRIPT_NAME="/evil")
    assert all(f"/evil/g/{site.token}/" in page for page in evil)  # the header did take
    tables = site.at_once(f"/g/{site.token}/", 20)
    sheets = site.at_once(f"/g/{site.token}/sheet/", 20)
    watched = site.at_once(f"/w/{site.share}/", 20)
    assert [page for page in tables + sheets + watched if "/evil" in page] == []
    assert all(f'action="/g/{site.token}/hands/"' in page for page in tables)


def sheet_rows(page: str) -> str:
    """The score sheet's points table, without what differs by request."""
    return re.search(r"<tbody>.*?</tbody>", page, re.S).group(0)


PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))


def backed_up(site: Site, tmp_path: Path, how: str):
    """The site backed up now; returns how to restore it while the workers serve: `manage.py
    restore` into the flushed database, or (PostgreSQL) `pg_restore --clean` as README says."""
    if how == "manage.py":
        backup = tmp_path / "at-hand-2.json"
        done = manage(site.env, "backup", str(backup))
        assert done.returncode == 0, done.stderr

        def restore() -> None:
            for step in (("flush", "--no-input"), ("restore", str(backup))):
                done = manage(site.env, *step)
                assert done.returncode == 0, done.stderr

        return restore
    url, dump = site.env["DATABASE_URL"], tmp_path / "at-hand-2.dump"
    subprocess.run([PG_BIN[-1] / "pg_dump", "-Fc", "-f", dump, url], check=True)

    def pg_restore() -> None:
        command = [PG_BIN[-1] / "pg_restore", "--clean", "--if-exists", "-d", url, dump]
        subprocess.run(command, check=True)

    return pg_restore


@pytest.mark.parametrize(
    "how", ["manage.py", pytest.param("pg_restore", marks=pytest.mark.only_on("postgresql"))]
)
def test_after_a_restore_every_worker_serves_the_restored_game_and_decides_against_it(
    site, tmp_path, how
):
    restore = backed_up(site, tmp_path, how)
    discarded = hand(3, "John", Andy=71, Mark=67, Frank=59)
    assert site.post_hand(discarded)[0] == 201
    # Every worker reads hand 3 (and keeps it, by the game's version before this change).
    for body in site.at_once(f"/api/v1/games/{site.token}", 24):
        assert json.loads(body)["hands"][2]["penalties"]["Andy"] == 71
    old_sheets = {sheet_rows(page) for page in site.at_once(f"/g/{site.token}/sheet/", 24)}

    restore()
    assert len(site.api()[1]["hands"]) == 2
    assert site.post_hand(hand(3, "Frank", Andy=12, Mark=14, John=16))[0] == 201

    for body in site.at_once(f"/api/v1/games/{site.token}", 24):
        assert json.loads(body)["hands"][2]["penalties"] == {"Andy": 12, "Mark": 14, "John": 16}
    sheets = {sheet_rows(page) for page in site.at_once(f"/g/{site.token}/sheet/", 24)}
    assert len(sheets) == 1 and not sheets & old_sheets
    # The next command, on any worker, is decided against the restored hand 3.
    for number in (4, 5, 6):
        status, _, body = site.post_hand(small_hand(number))
        assert status == 201, body
        answer = json.loads(body)
        assert answer["hands"][2]["winner"] == "Frank"
        played = engine.parse_record({k: v for k, v in answer.items() if k != "results"})
        replayed = engine.record_to_json(played, engine.replay(played.game))
        assert json.loads(json.dumps(replayed, default=str)) == answer


HANDS_WRITTEN = 24  # nobody goes out of `small_hand`s in this many
TRIES = 4 * HANDS_WRITTEN  # a writer's posts at most: each race it loses costs it one more
READS = 2000  # a reader's reads at most, should the writers never finish


def test_two_writers_and_five_readers_see_no_torn_read(site):
    first_version, first = site.api()
    held = len(first["hands"])
    written = threading.Event()
    torn: list[str] = []
    reads: list[int] = []
    lock = threading.Lock()

    def write() -> None:
        for _ in range(TRIES):
            _, now = site.api()
            number = len(now["hands"]) + 1
            if number > held + HANDS_WRITTEN:
                return
            site.post_hand(small_hand(number))  # a race lost is a 409: read and go again

    def shows(version: int, hands: int, what: str) -> None:
        # Hands alone change this game: each moves the version by one.
        with lock:
            reads.append(1)
            if hands - held != version - first_version:
                torn.append(f"{what}: version {version} with {hands} hands")

    def read(which: int) -> None:
        for _ in range(READS):
            if written.is_set():
                return
            if which % 2:
                version, record = site.api()
                shows(version, len(record["hands"]), "API")
            else:
                status, _, page = site.get(f"/g/{site.token}/")
                assert status == 200
                version = int(re.search(r'id="live" data-version="(\d+)"', page).group(1))
                number = int(re.search(r'name="number" value="(\d+)"', page).group(1))
                shows(version, number - 1, "table page")

    writers = [threading.Thread(target=write) for _ in range(2)]
    readers = [threading.Thread(target=read, args=(i,)) for i in range(5)]
    for thread in writers + readers:
        thread.start()
    for thread in writers:
        thread.join()
    written.set()  # the readers read for as long as the writers wrote
    for thread in readers:
        thread.join()
    final_version, final = site.api()
    assert len(final["hands"]) == held + HANDS_WRITTEN  # the writers finished in their tries
    assert final_version - first_version == HANDS_WRITTEN
    assert len(reads) >= 50 and torn == []
