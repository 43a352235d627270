"""nginx in front (deploy/nginx.conf, as make cluster fills it in): nginx accepts it, and it keeps
a watch poll for every watcher while a page that must not be kept passes through each time."""

import importlib.util
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.games.web import stored_game, worked_hands
from tests.helpers import running

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("cluster", ROOT / "scripts" / "cluster.py")
cluster = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cluster)

NGINX = cluster.nginx_binary()
needs_nginx = pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (make cluster installs it: apt-get install nginx)"
)


@pytest.fixture
def run_folder():
    # Not pytest's tmp_path: nginx's workers (www-data when root starts it) must reach it.
    with tempfile.TemporaryDirectory(prefix="kalooki-nginx-test-") as folder:
        os.chmod(folder, 0o755)
        yield Path(folder)


@needs_nginx
def test_the_template_is_filled_in_and_nginx_accepts_it(run_folder):
    conf = cluster.prepare_nginx(run_folder, "127.0.0.1:8080", ["127.0.0.1:8001", "127.0.0.1:8002"])
    text = conf.read_text()
    assert re.findall(r"@[A-Z]+@", text) == ["@NAMES@"]  # only the comment that explains them
    assert "server 127.0.0.1:8001;" in text and "server 127.0.0.1:8002;" in text
    checked = cluster.nginx_test(NGINX, conf)
    assert checked.returncode == 0, checked.stderr


def get(url: str, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers.get("X-Cache", "")


@contextmanager
def nginx_before(run_folder: Path, upstream: str, first: str) -> Iterator[str]:
    """nginx in front of `upstream`, once it answers `first`; yields its address."""
    listen = f"127.0.0.1:{cluster.free_port()}"
    conf = cluster.prepare_nginx(run_folder, listen, [upstream])
    options = ["-p", str(run_folder), "-e", str(run_folder / "error.log"), "-c", str(conf)]
    nginx = subprocess.Popen([NGINX, *options, "-g", "daemon off;"], start_new_session=True)
    base = f"http://{listen}"
    with running(nginx, lambda: get(base + first), tries=50):
        yield base


@needs_nginx
@pytest.mark.db_agnostic("nginx's cache before the live server; the database only holds the game")
@pytest.mark.django_db(transaction=True)
def test_a_second_watch_poll_is_answered_by_nginx(live_server, run_folder):
    game = stored_game(hands=worked_hands()[:2])
    upstream = f"127.0.0.1:{live_server.thread.port}"
    with nginx_before(run_folder, upstream, game.share_url()) as base:
        poll = f"{base}{game.share_url()}?v={game.revision}"
        assert get(poll, **{"HX-Request": "true"}) == (204, "MISS")
        assert get(poll, **{"HX-Request": "true"}) == (204, "HIT")
        # The page and its fragment share a URL: each has its own entry.
        assert get(base + game.share_url())[1] in {"HIT", "STALE", "UPDATING"}  # kept before
        # A never-cached answer on a watch path still reaches the app every time.
        remember = f"{base}{game.share_url()}remember/"
        assert get(remember)[1] == get(remember)[1] == "MISS"


class SlowApp(BaseHTTPRequestHandler):
    """An app server that takes 0.2 s over every answer, public for two seconds as a watch
    link's is, and counts what reaches it."""

    paths: list[str] = []

    def do_GET(self):
        SlowApp.paths.append(self.path)
        time.sleep(0.2)
        self.send_response(204)
        self.send_header("Cache-Control", "public, max-age=2")
        self.end_headers()

    def log_message(self, *args):
        pass


def together(url: str, count: int) -> list[float]:
    """Seconds each of `count` requests sent at the same moment took."""

    def timed(_):
        start = time.monotonic()
        get(url)
        return time.monotonic() - start

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(timed, range(count)))


@needs_nginx
@pytest.mark.db_agnostic("the threads are watchers racing nginx's lock; no database behind it")
def test_watchers_missing_a_new_poll_together_do_not_wait_on_the_lock(run_folder):
    app = ThreadingHTTPServer(("127.0.0.1", 0), SlowApp)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    try:
        with nginx_before(run_folder, f"127.0.0.1:{app.server_port}", "/w/abc/warm/") as base:
            SlowApp.paths.clear()
            # Six watchers polling a version nobody has polled before: each is answered as soon
            # as the app answers, none after nginx's half-second wake-up of a lock's waiters.
            polls = together(f"{base}/w/abc/?v=7", 6)
            assert max(polls) < 0.45, polls
            assert SlowApp.paths.count("/w/abc/?v=7") == 6
            # The page opened by a table's watchers at once still reaches the app once.
            SlowApp.paths.clear()
            pages = together(f"{base}/w/abc/", 6)
            assert SlowApp.paths == ["/w/abc/"], SlowApp.paths
            assert max(pages) >= 0.5  # the others waited for that one answer
    finally:
        app.shutdown()


def directives(text: str, start: str) -> list[str]:
    """The directives of the block opened on the line `start`, nested blocks too, without
    comments."""
    found, depth = [], 1
    for line in text[text.index(start) :].splitlines()[1:]:
        line = " ".join(line.split("#")[0].split())
        depth += line.count("{") - line.count("}")
        if depth == 0:
            return found
        if line:
            found.append(line)
    raise AssertionError(f"{start}: no closing brace")


def test_the_readme_shows_the_nginx_configuration_the_cluster_runs():
    readme = (ROOT / "README.md").read_text()
    template = (ROOT / "deploy" / "nginx.conf").read_text()
    for location in ("location /w/ {", "location /watch-poll/w/ {"):
        assert directives(readme, location) == directives(template, location)
    shown = {" ".join(line.split()) for line in readme.splitlines()}
    for line in template.splitlines():
        line = " ".join(line.split("#")[0].split())
        if line.startswith(("gzip", "proxy_set_header", "proxy_http_version", "least_conn")):
            assert line in shown, line
