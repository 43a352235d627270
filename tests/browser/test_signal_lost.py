"""A table whose signal is lost for real: the proxy between the phone and the server is stopped
(`Signal` in conftest.py), so requests fail while the browser still believes it is online, as on
a phone whose network drops. Hands are recorded online first, then without the network."""

import queue
import re
import socket
import threading

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import Signal, clock_held, later, look, new_phone
from tests.browser.test_offline import (
    HANDS,
    open_kept,
    post_hand,
    record,
    server_hands,
    until,
)
from tests.games.web import stored_game

pytestmark = pytest.mark.browser

SENT_BACK = 25_000  # ms: how long an expectation waits for the outbox (it asks every 2.5 s)
# The watch page's line while it counts itself fresh (under offline.js's STALE, 10 s), whatever
# the machine's pace: how many seconds is real time's, not the test's to bound.
FRESH = re.compile(r"^updated \d s ago$")


def one_hand_saved_one_kept(page, signal):
    """A new game opened with signal, its first hand saved, then the signal cut and the second
    hand kept on the phone."""
    game = stored_game()
    open_kept(page, game)
    record(page, *HANDS[0])
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))
    signal.cut()
    record(page, *HANDS[1])
    # Kept before anything else happens: a send still on its way could reach the server later.
    expect(page.locator("#outbox li.queued")).to_have_count(1, timeout=15_000)
    return game


def test_after_a_hand_saved_online_a_hand_kept_without_network_still_asks_the_buy_in(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    open_kept(page, game)
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 140})
    expect(page.locator("#signal")).to_have_text(re.compile(r"^Hand 1: .*: saved$"))
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))

    signal.cut()
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 15})
    ask = page.locator("#offline-ask")
    expect(ask).to_contain_text("Frank is on 155 — buy in for £0.50 and go back to 85?")
    expect(page.locator("form.hand")).to_be_hidden()
    ask.get_by_role("button", name="Buy in").click()
    expect(page.locator("#offline-ask")).to_have_count(0)
    record(page, "Mark", {"Andy": 5, "John": 7, "Frank": 9})
    expect(page.locator("#outbox li.queued")).to_have_count(3)
    assert len(server_hands(game)) == 1

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    hands = server_hands(game)
    assert [h["winner"] for h in hands] == ["John", "Andy", "Mark"]
    assert hands[1]["buy_ins"] == {"Frank": True}
    frank = Game.objects.get(pk=game.pk).ledger().standing("Frank")
    assert (frank.total, frank.buy_ins) == (85 + 9, 1)


def test_a_kept_hand_goes_within_3_s_of_the_server_answering_while_the_phone_stayed_online(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = one_hand_saved_one_kept(page, signal)
    later(page, seconds=60)  # a minute without the server: every try in it failed
    assert page.evaluate("navigator.onLine")
    assert len(server_hands(game)) == 1

    with clock_held(page):  # the phone's timers move only as the test moves them
        signal.restore()  # the server answers again
        later(page, seconds=3)
        expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    assert [h["winner"] for h in server_hands(game)] == ["John", "Andy"]


class SlowServer(Signal):
    """The signal, and a server that can turn slow (`slow`): then each answer to the outbox's
    cheap request (a `GET` of the game's API address) is held until the test lets it go, one
    event per request in `asked`, however far the page's clock moves on meanwhile."""

    CHEAP = re.compile(rb"GET /api/v1/games/\S* HTTP/1\.1\r\n")

    def __init__(self, target: str):
        self.slow = False
        self.asked: queue.Queue[threading.Event] = queue.Queue()
        self.holding: dict[socket.socket, threading.Event] = {}
        super().__init__(target)

    def _forward(self, data: bytes, source: socket.socket, sink: socket.socket) -> None:
        if self.slow and self.CHEAP.match(data):  # the phone asks: the answer waits
            self.holding[source] = go = threading.Event()
            self.asked.put(go)
        if go := self.holding.pop(sink, None):  # the server's answer to such a request
            go.wait()
        sink.sendall(data)

    def close(self) -> None:
        self.cut()
        while not self.asked.empty():  # answers still held: their threads may end
            self.asked.get().set()


@pytest.fixture
def slow_server(live_server, transactional_db):
    proxy = SlowServer(live_server.url)
    yield proxy
    proxy.close()


def test_a_kept_hand_goes_once_a_cheap_request_slower_than_the_next_try_is_answered(
    browser, slow_server
):
    page = new_phone(browser, slow_server.url)
    game = one_hand_saved_one_kept(page, slow_server)
    later(page, seconds=10)  # tried without the server for a while
    assert page.evaluate("navigator.onLine")

    with clock_held(page):  # the phone's timers move only as the test moves them
        slow_server.slow = True
        slow_server.restore()  # the server answers again, each cheap request slowly
        later(page, seconds=2.5)  # the next cheap request
        first = slow_server.asked.get(timeout=10)  # it reached the server, whose answer waits
        later(page, seconds=3)  # past the next try (2.5 s), within the request's 10 s
        first.set()  # the slow answer arrives
        expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    assert [h["winner"] for h in server_hands(game)] == ["John", "Andy"]
    page.context.close()


def clock_at(page, seconds: float) -> str:
    """HH:MM of a moment as the phone writes it (its own time zone)."""
    return page.evaluate(
        "s => { const d = new Date(s * 1000), two = n => String(n).padStart(2, '0');"
        " return two(d.getHours()) + ':' + two(d.getMinutes()); }",
        seconds,
    )


# Counts the watch page's polls answered or failed (`data-polls` on <html>) and keeps the Date
# of each answer (`heard`, ms): the freshness line is reckoned from those.
POLLS = """() => {
  const html = document.documentElement;
  html.dataset.polls = 0;
  window.heard = [];
  document.addEventListener("htmx:afterRequest", (event) => {
    const xhr = event.detail.xhr;
    if (event.detail.successful) { heard.push(Date.parse(xhr.getResponseHeader("Date"))); }
    html.dataset.polls = Number(html.dataset.polls) + 1;
  });
}"""


def polls(page) -> int:
    """How many of the watch page's polls were answered or failed (POLLS counts them)."""
    return int(page.locator("html").get_attribute("data-polls"))


def polled(page, since: int, times: int = 1) -> None:
    """Waits for `times` more of the watch page's polls (every 3 s) than `since`."""
    done = page.locator(f'html[data-polls="{since + times}"]')
    expect(done).to_have_count(1, timeout=times * 8000)


def test_a_watcher_without_network_sees_offline_and_the_true_time_of_the_last_update(
    browser, signal
):
    game = stored_game()
    page = new_phone(browser, signal.url)
    page.goto(game.share_url())
    freshness = page.locator("#freshness")
    expect(freshness).to_have_text(FRESH)
    page.evaluate(POLLS)
    polled(page, since=0, times=2)  # a few polls, some answered by the browser's cache
    expect(freshness).to_have_text(FRESH)

    signal.cut()
    with clock_held(page):  # the phone's timers move only as the test moves them
        # Ten seconds on: the polls in them fail, or the browser's cache answers them with the
        # Date it kept, so the newest state is now 10 s old.
        later(page, seconds=10)
        expect(freshness).to_have_text(re.compile(r"^offline, last update \d\d:\d\d$"))
        newest = page.evaluate("Math.max(...heard)") / 1000
        shown = freshness.inner_text().rsplit(" ", 1)[1]
        assert shown in {clock_at(page, newest), clock_at(page, newest - 1)}
        since = polls(page)
        later(page, seconds=3)
        polled(page, since)  # one more poll, whatever answered it: still offline
        expect(freshness).to_contain_text("offline, last update ")
        look(page, "watch-offline")
        # The phone's clock back where it was: the server's Dates are real time.
        page.clock.set_system_time(page.evaluate("Date.now()") / 1000 - 13)

    post_hand(game, 1, *HANDS[0])
    signal.restore()
    expect(page.locator(".status")).to_contain_text("Hand 2", timeout=40_000)
    expect(freshness).to_have_text(FRESH)
    page.context.close()


def test_a_table_opened_once_on_a_new_phone_reloads_without_network_as_the_table_styled(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    page.goto(game.get_absolute_url())
    until(page, "navigator.serviceWorker.controller !== null")
    styled = page.evaluate("getComputedStyle(document.querySelector('button.primary')).color")

    signal.cut()
    page.reload()
    expect(page.locator("h1")).to_have_text("Friday at Mark's")
    expect(page.locator("#offline")).to_contain_text("offline — showing the table as of ")
    expect(page.locator("form.hand")).to_be_visible()
    button = "getComputedStyle(document.querySelector('button.primary')).color"
    assert page.evaluate(button) == styled
    assert page.evaluate("typeof htmx") == "object"  # and its scripts
    look(page, "first-visit-offline")

    signal.back(page)  # the kept copy is replaced by the server's table once it answers
    expect(page.locator("#offline")).to_have_count(0, timeout=SENT_BACK)


def undo_kept(page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator('#live form[action$="/undo/"] button').click()


def test_a_kept_hand_refused_for_a_buy_in_question_goes_on_by_itself_once_it_is_answered(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    open_kept(page, game)
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 70})
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 70})
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))

    signal.cut()
    undo_kept(page)
    # The first kept undo shown before the second is tapped (else the tap finds the same form).
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))
    undo_kept(page)  # two hands back: further than the phone can reckon, so the server asks
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 1\b"))
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 140})
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 15})  # Frank on 155
    record(page, "Mark", {"Andy": 5, "John": 7, "Frank": 9})
    expect(page.locator("#outbox li.queued")).to_have_count(5)

    signal.back(page)
    refused = page.locator("#outbox li.refused")
    expect(refused).to_contain_text(
        "Frank must decide about buying in before the next hand.", timeout=SENT_BACK
    )
    expect(refused).not_to_contain_text("another phone")
    expect(refused.get_by_role("button", name=re.compile("Send it as hand"))).to_have_count(0)
    ask = page.locator("form.buy-in")
    expect(ask).to_contain_text("Frank is on 155")
    ask.get_by_role("button", name="Buy in").click()
    # The kept hand goes on by itself once the question is answered: no tap.
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=5000)
    hands = server_hands(game)
    assert [h["winner"] for h in hands] == ["John", "Andy", "Mark"]
    assert hands[1]["penalties"]["Frank"] == 15 and hands[1]["buy_ins"] == {"Frank": True}


def test_a_hand_a_second_phone_already_scored_the_same_is_dropped_by_default(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = one_hand_saved_one_kept(page, signal)
    post_hand(game, 2, *HANDS[1])  # the second phone scored the same deal, the same way

    signal.back(page)
    conflict = page.locator("#outbox li.conflict")
    expect(conflict).to_contain_text("not sent: the server already has a hand 2", timeout=SENT_BACK)
    expect(conflict).to_contain_text("The server already has this very hand as hand 2")
    buttons = conflict.locator(".buttons button")
    expect(buttons).to_have_text(["Drop it", "Send it as hand 3"])
    expect(buttons.first).to_have_class("primary")
    look(page, "conflict-twin")
    buttons.first.click()  # no confirmation: the server has it
    expect(page.locator("#outbox")).to_be_hidden()
    expect(page.locator("#signal")).to_have_text("")
    assert len(server_hands(game)) == 2
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))


def test_after_an_undo_kept_offline_the_phone_still_reckons_totals_dealer_and_buy_ins(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    open_kept(page, game)
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 140})
    expect(page.locator("#hand-title")).to_have_text("Hand 2 · Mark deals")

    signal.cut()
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 5})
    expect(page.locator("#hand-title")).to_have_text("Hand 3 · John deals")
    expect(page.locator(".strip .compact")).to_contain_text("Frank 145 (5 to go)")
    undo_kept(page)
    expect(page.locator("#hand-title")).to_have_text("Hand 2 · Mark deals")
    expect(page.locator(".strip .compact")).to_contain_text("Frank 140 (10 to go)")
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 15})
    expect(page.locator("#offline-ask")).to_contain_text("Frank is on 155")
    page.locator("#offline-ask").get_by_role("button", name="Drop out").click()
    expect(page.locator("#hand-title")).to_have_text("Hand 3 · John deals")
    expect(page.locator(".strip .compact")).not_to_contain_text("Frank")

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    ledger = Game.objects.get(pk=game.pk).ledger()
    assert ledger.dealer == "John" and ledger.standing("Frank").out
    assert [h.penalties.get("Frank") for h in ledger.game.hands] == [140, 15]


def test_a_hand_over_kept_without_signal_gives_the_new_phone_the_scoring_when_it_returns(
    browser, phone_on_signal, signal
):
    old = phone_on_signal
    game = one_hand_saved_one_kept(old, signal)
    old.locator("summary", has_text="Score on another phone").click()
    old.get_by_role("button", name="Hand over the scoring").click()  # kept, behind the hand
    expect(old.locator("#outbox li.queued")).to_have_count(2)
    expect(old.locator("#outbox li").last).to_contain_text("Hand over the scoring")
    assert Game.objects.get(pk=game.pk).edit_token == game.edit_token

    signal.back(old)  # the hand goes first, then the hand-over, whose new link is shown
    title = old.locator("#handed-over-title")
    expect(title).to_have_text("Scan this on the new scoring phone", timeout=SENT_BACK)
    assert len(server_hands(game)) == 2
    link = old.locator(".handed-over a[rel=nofollow]").inner_text()
    look(old, "handed-over")
    assert old.evaluate("document.documentElement.scrollWidth") <= 390
    new = new_phone(browser, signal.url)
    new.goto(link)
    record(new, *HANDS[2])
    expect(new.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))

    old.goto(game.get_absolute_url())  # the old link: a watcher now, and it says so
    expect(old.locator(".notice")).to_contain_text("handed over to another phone")
    expect(old.locator("form.hand")).to_have_count(0)
    expect(old.locator(".status")).to_contain_text("Hand 4")
    assert server_hands(game) == [{"winner": w, "penalties": v} for w, v in HANDS]
    new.context.close()


def test_a_stop_and_payments_are_kept_without_network_and_sent_in_order(phone_on_signal, signal):
    page = phone_on_signal
    game = one_hand_saved_one_kept(page, signal)
    page.locator("summary", has_text="Stop the game early").click()
    page.get_by_role("button", name="Stop and split").click()
    expect(page.locator("#outbox li.queued")).to_have_count(2)
    expect(page.locator("#offline-ask")).to_contain_text("Stopped on this phone")
    expect(page.locator("form.hand")).to_be_hidden()

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    stored = Game.objects.get(pk=game.pk)
    assert stored.stopped == "split" and len(server_hands(game)) == 2
    expect(page.locator("#over-title")).to_be_visible()

    signal.cut()  # settling up at the table, still without signal
    first = page.locator("form.settle input[name=paid]").first
    first.check()
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    assert Game.objects.get(pk=game.pk).paid_transfers.count() == 1
