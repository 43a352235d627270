"""nginx in front (deploy/nginx.conf, as make cluster fills it in): nginx accepts it, and it keeps
a watch poll for every watcher while a page that must not be kept passes through each time.
What reaches the app is counted, never timed: how long it takes is `make bench`'s."""

import http.client
import importlib.util
import os
import re
import subprocess
import tempfile
import threading
import urllib.request
from collections.abc import Iterator
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


def page_poll(url: str) -> str:
    """The `?v=` a watch page polls with."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return re.search(r"\?v=([0-9a-f]+)", response.read().decode()).group(1)


def get(url: str, **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers.get("X-Cache", "")


@contextmanager
def nginx_before(run_folder: Path, upstream: str) -> Iterator[str]:
    """nginx in front of `upstream`, once it listens; yields its address."""
    listen = f"127.0.0.1:{cluster.free_port()}"
    conf = cluster.prepare_nginx(run_folder, listen, [upstream])
    options = ["-p", str(run_folder), "-e", str(run_folder / "error.log"), "-c", str(conf)]
    # Its notices on stderr too: it starts its workers once its port is open.
    options += ["-g", "daemon off; error_log stderr notice;"]
    nginx = subprocess.Popen(
        [NGINX, *options], start_new_session=True, stderr=subprocess.PIPE, text=True
    )
    with running(nginx, "start worker process"):
        yield f"http://{listen}"


@needs_nginx
@pytest.mark.db_agnostic("nginx's cache before the live server; the database only holds the game")
@pytest.mark.django_db(transaction=True)
def test_a_second_watch_poll_is_answered_by_nginx(live_server, run_folder):
    game = stored_game(hands=worked_hands()[:2])
    upstream = f"127.0.0.1:{live_server.thread.port}"
    with nginx_before(run_folder, upstream) as base:
        fresh = page_poll(base + game.share_url())  # the page's freshness key, as it polls
        poll = f"{base}{game.share_url()}?v={fresh}"
        assert get(poll, **{"HX-Request": "true"}) == (204, "MISS")
        assert get(poll, **{"HX-Request": "true"}) == (204, "HIT")
        # The page and its fragment share a URL: each has its own entry.
        assert get(base + game.share_url())[1] in {"HIT", "STALE", "UPDATING"}  # kept before
        # A never-cached answer on a watch path still reaches the app every time.
        remember = f"{base}{game.share_url()}remember/"
        assert get(remember)[1] == get(remember)[1] == "MISS"


WATCHERS = 6


class HeldApp(BaseHTTPRequestHandler):
    """An app server that counts what reaches it and holds its answers: a poll until every
    watcher's poll has reached it (so they were all let through at once), a page until the test
    has sent every watcher's request (so the others came while the first was in the app)."""

    paths: list[str] = []
    polls = threading.Barrier(WATCHERS, timeout=20)
    sent = threading.Event()

    def do_GET(self):
        HeldApp.paths.append(self.path)
        if "?v=" in self.path:
            HeldApp.polls.wait()
        else:
            HeldApp.sent.wait(20)
        self.send_response(204)
        self.send_header("Cache-Control", "public, max-age=2")
        self.end_headers()

    def log_message(self, *args):
        pass


def together(base: str, path: str) -> list[int]:
    """`path` asked by every watcher at once, each on its own connection: every request sent
    before any answer is read (the app's held ones let go once all are sent); their statuses."""
    host, port = base.removeprefix("http://").split(":")
    connections = [http.client.HTTPConnection(host, int(port), timeout=30) for _ in range(WATCHERS)]
    for connection in connections:
        connection.request("GET", path)
    HeldApp.sent.set()
    try:
        return [connection.getresponse().status for connection in connections]
    finally:
        for connection in connections:
            connection.close()


@needs_nginx
@pytest.mark.db_agnostic("the threads are watchers racing nginx's lock; no database behind it")
def test_watchers_missing_a_new_poll_together_do_not_wait_on_the_lock(run_folder):
    app = ThreadingHTTPServer(("127.0.0.1", 0), HeldApp)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    try:
        with nginx_before(run_folder, f"127.0.0.1:{app.server_port}") as base:
            HeldApp.paths.clear()
            # Six watchers polling a version nobody has polled before reach the app side by
            # side: none waits on nginx's lock (the app answers none until all six are in).
            assert together(base, "/w/abc/?v=7") == [204] * WATCHERS
            assert not HeldApp.polls.broken
            assert HeldApp.paths.count("/w/abc/?v=7") == WATCHERS
            # The page opened by a table's watchers at once still reaches the app once.
            HeldApp.paths.clear()
            HeldApp.sent.clear()
            assert together(base, "/w/abc/") == [204] * WATCHERS
            assert HeldApp.paths == ["/w/abc/"], HeldApp.paths
    finally:
        HeldApp.sent.set()
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
