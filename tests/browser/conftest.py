"""One Chromium for the whole session, driven at a phone's size; Debian's, never a download."""

import contextlib
import os
import socket
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.helpers import LOOKS, SCREENSHOTS

# Playwright's sync API runs an event loop in this thread; Django's ORM must still be allowed.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


def new_phone(browser, base_url: str, viewport=PHONE, **options):
    """A fresh phone-sized page (own cookies) on `base_url`; `options` add to the context's.
    Its clock runs as a phone's does, and `later()` can move it on."""
    context = browser.new_context(
        viewport=viewport,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=base_url,
        **options,
    )
    context.clock.install()
    page = context.new_page()
    page.set_default_timeout(8000)
    return page


@pytest.fixture
def phone(browser, live_server, transactional_db):
    """A fresh phone-sized page (own cookies) on the live server."""
    page = new_phone(browser, live_server.url)
    yield page
    page.context.close()


@pytest.fixture
def second_phone(browser, live_server, transactional_db):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(8000)
    yield page
    context.close()


def later(*pages, seconds: float = 15) -> None:
    """Time the pages would wait, passed at once (Playwright's clock): every timer due within
    `seconds` fires, as it would have by then (the outbox's next try, a poll), without the
    test waiting for it in real time. The pages' contexts must have installed the clock."""
    for page in pages:
        page.clock.fast_forward(int(seconds * 1000))


@contextlib.contextmanager
def clock_held(*pages):
    """The pages' clocks stopped (Playwright's clock) for the block: no timer fires in it (no
    retry, no probe) unless the test moves the clock on, so what happens came of an event."""
    for page in pages:
        pause(page)
    try:
        yield
    finally:
        for page in pages:
            page.clock.resume()


def pause(page, tries: int = 5) -> None:
    """The page's clock paused just ahead of its now, read again should that moment have passed
    before the pause reached the page (a busy machine): no margin of real time to outlast."""
    from playwright.sync_api import Error

    for _ in range(tries):
        try:
            page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 0.05)
            return
        except Error as error:
            if "to the past" not in error.message:
                raise
    raise AssertionError(f"the clock ran past every moment it was to pause at ({tries} tries)")


def look(page, name: str, full_page: bool = False) -> None:
    """A screenshot to look at while working, outside the repository (docs/ keeps only the
    ones it shows: `shoot`)."""
    LOOKS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(LOOKS / f"{name}.png"), full_page=full_page)


def shoot(page, name: str) -> None:
    """A screenshot docs/ shows: saved there only by `make screenshots` (tests/helpers.py
    SCREENSHOTS), outside the repository on any other run."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


class Signal:
    """A TCP proxy between the phones and the live server: `cut()` stops it for real (open
    connections closed, new ones refused), as a lost signal does, while the browser still
    believes it is online; `restore()` listens again on the same port (same origin, same
    cookies, same service worker)."""

    def __init__(self, target: str):
        parts = urlsplit(target)
        self.target = (parts.hostname, parts.port)
        self.lock = threading.Lock()
        self.open: set[socket.socket] = set()
        self.listener: socket.socket | None = None
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def back(self, *pages, seconds: float = 15) -> None:
        """The signal back, and the pages' clocks moved on past the outbox's next cheap request
        (every 2.5 s while something waits): `later()`."""
        self.restore()
        later(*pages, seconds=seconds)

    def cut(self) -> None:
        listener, self.listener = self.listener, None
        if listener is not None:
            listener.shutdown(socket.SHUT_RDWR)  # wakes the thread blocked in accept()
            listener.close()
        with self.lock:
            for conn in self.open:
                _close(conn)
            self.open.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                if self.listener is not listener:  # cut meanwhile
                    _close(client)
                    _close(server)
                    return
                self.open |= {client, server}
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                self._forward(data, source, sink)
        except OSError:
            pass
        with self.lock:
            self.open -= {source, sink}
        _close(source)
        _close(sink)

    def _forward(self, data: bytes, source: socket.socket, sink: socket.socket) -> None:
        """One chunk on its way through the signal: a test's signal may look at it first."""
        sink.sendall(data)


def _close(conn: socket.socket) -> None:
    with contextlib.suppress(OSError):
        conn.shutdown(socket.SHUT_RDWR)
    conn.close()


@pytest.fixture
def signal(live_server, transactional_db):
    """The live server behind a proxy that a test can cut (see `Signal`)."""
    proxy = Signal(live_server.url)
    yield proxy
    proxy.cut()


@pytest.fixture
def phone_on_signal(browser, signal):
    """A phone that reaches the live server through `signal` (cut it to lose the network)."""
    page = new_phone(browser, signal.url)
    yield page
    page.context.close()
