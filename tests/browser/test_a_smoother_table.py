"""What a real table tripped over (issue 35), on a phone 360 px wide: the hand-over after hands
recorded on the page, a figure corrected by typing over it, the outbox sending as soon as the
signal is back, an offline undo's values, and the worker leaving a deleted hand's page alone."""

import json
import re
import socket
import threading

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import Signal, _close, clock_held, later, look, new_phone
from tests.browser.test_offline import (
    HANDS,
    open_kept,
    post_hand,
    record,
    server_hands,
    until,
)
from tests.browser.test_sheet_without_signal import edit_url, kept, sheet_url
from tests.games.web import stored_game

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 780}


def narrow_phone(browser, base_url: str, **options):
    return new_phone(browser, base_url, viewport=NARROW, **options)


@pytest.fixture
def phone(browser, live_server, transactional_db):
    page = narrow_phone(browser, live_server.url)
    yield page
    page.context.close()


@pytest.fixture
def phone_on_signal(browser, signal):
    page = narrow_phone(browser, signal.url)
    yield page
    page.context.close()


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_the_hand_over_works_on_the_first_tap_after_hands_recorded_on_the_page(phone):
    game = stored_game()
    page = phone
    page.goto(game.get_absolute_url())
    for winner, values in HANDS[:2]:
        record(page, winner, values)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))
    shown = page.locator("#live").get_attribute("data-version")
    # Every form of the page names the version the table now shows, the hand-over's too.
    versions = page.locator("input[name=version]")
    assert versions.count() >= 3
    assert set(versions.evaluate_all("inputs => inputs.map(i => i.value)")) == {shown}

    page.locator("#handover summary").click()
    page.get_by_role("button", name="Hand over the scoring").click()
    expect(page.locator("#handed-over-title")).to_be_visible()
    assert "Nothing was saved" not in page.locator("main").inner_text()
    assert Game.objects.get(pk=game.pk).edit_token != game.edit_token
    no_sideways_scroll(page)
    look(page, "i35-handed-over-after-hands")


def test_each_form_of_the_table_names_the_version_it_shows_after_hands(phone):
    game = stored_game()
    page = phone
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(game.get_absolute_url())
    record(page, *HANDS[0])
    record(page, *HANDS[1])
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))
    # Undo, then the stop: each right away, each accepted on its first tap.
    page.get_by_role("button", name="Undo last hand (2)").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))
    page.locator("details.stop summary").click()
    page.get_by_role("button", name="Stop and split").click()
    expect(page.locator("#over-title")).to_have_text("Game over")
    assert Game.objects.get(pk=game.pk).stopped == "split"
    assert len(server_hands(game)) == 1
    # And the settling up's first tick.
    page.locator("form.settle input[name=paid]").first.check()
    expect(page.locator("#signal")).to_have_text(re.compile(r": saved$"))
    assert Game.objects.get(pk=game.pk).paid_transfers.count() == 1
    assert "Nothing was saved" not in page.locator("main").inner_text()


def test_a_figure_is_selected_when_tapped_so_typing_replaces_it(phone):
    first = {"winner": "John", "penalties": {"Andy": 50, "Mark": 42, "Frank": 30}}
    game = stored_game(hands=[first])
    page = phone
    page.goto(game.get_absolute_url())
    page.locator("label.pick", has_text="Andy").click()
    mark = page.locator('.value[data-player="Mark"] input')
    mark.fill("50")
    page.locator('.value[data-player="John"] input').tap()
    mark.tap()
    page.keyboard.type("5")
    expect(mark).to_have_value("5")

    page.goto(f"/g/{game.edit_token}/hands/1/edit/")
    andy = page.locator('.value[data-player="Andy"] input')
    expect(andy).to_have_value("50")
    andy.tap()
    page.keyboard.type("5")
    expect(andy).to_have_value("5")
    no_sideways_scroll(page)


class WeakSignal(Signal):
    """A signal that can go weak: connections are taken but nothing goes through them (no
    answer, no refusal), as when a phone's network hangs; `restore()` makes it whole again, the
    hung connections staying hung."""

    def __init__(self, target: str):
        self.weak = False
        self.hung: list = []
        super().__init__(target)

    def fade(self) -> None:
        self.weak = True
        with self.lock:  # the connections open now are lost with the network
            for conn in self.open:
                _close(conn)
            self.open.clear()

    def _accept(self, listener) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if self.weak:
                self.hung.append(client)
                continue
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open |= {client, server}
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()


def test_a_send_hung_on_a_weak_signal_is_made_again_at_once_when_the_signal_is_back(
    browser, live_server, transactional_db
):
    signal = WeakSignal(live_server.url)
    page = narrow_phone(browser, signal.url)
    game = stored_game()
    open_kept(page, game)
    record(page, *HANDS[0])
    expect(page.locator("#signal")).to_have_text(re.compile(r": saved$"))
    signal.fade()
    record(page, *HANDS[1])  # no answer: kept after 10 s, then sent again, and hung again
    later(page, seconds=10)
    expect(page.locator("#outbox li.sending")).to_have_count(1, timeout=20_000)

    with clock_held(page):  # no timer fires: only the event can send it
        signal.weak = False
        page.evaluate("window.dispatchEvent(new Event('online'))")  # the browser says so
        expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=20_000)
    assert [h["winner"] for h in server_hands(game)] == ["John", "Andy"]
    page.context.close()
    for conn in signal.hung:
        _close(conn)
    signal.cut()


def tried_again(page) -> None:
    """The outbox's cheap requests while it waits (every 2.5 s) made and failed for a while, by
    moving the phone's clock on."""
    later(page, seconds=6)


def test_kept_hands_are_sent_on_the_signal_coming_back_without_waiting_for_a_timer(
    phone_on_signal, signal
):
    game = stored_game()
    page = phone_on_signal
    open_kept(page, game)
    record(page, *HANDS[0])
    expect(page.locator("#signal")).to_have_text(re.compile(r": saved$"))
    signal.cut()
    record(page, *HANDS[1])
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    tried_again(page)  # tried and failed a few times
    page.context.set_offline(True)  # the phone notices it has no network

    with clock_held(page):  # no timer fires: only the event can send it
        signal.restore()
        page.context.set_offline(False)  # and its network back: Chromium says "online"
        expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=10_000)
    assert len(server_hands(game)) == 2

    # Cut again, back without the browser noticing: the page looked at again sends at once.
    signal.cut()
    record(page, *HANDS[2])
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    tried_again(page)
    with clock_held(page):
        signal.restore()
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=10_000)
    assert len(server_hands(game)) == 3


class CountedSignal(Signal):
    """The signal, noting each request line that goes through it, in order."""

    def __init__(self, target: str):
        self.lines: list[str] = []
        super().__init__(target)

    def _forward(self, data, source, sink) -> None:
        for found in REQUEST.finditer(data):
            self.lines.append(found.group(1).decode())
        sink.sendall(data)


REQUEST = re.compile(rb"((?:GET|POST|PUT|DELETE) \S+) HTTP/1\.1\r\n")


@pytest.fixture
def counted(live_server, transactional_db):
    proxy = CountedSignal(live_server.url)
    yield proxy
    proxy.cut()


def play(page, winner: str, values: dict[str, int], button: str = "Record hand") -> None:
    until(page, "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.get_by_role("button", name=button).click()


# Six small hands, then two that leave Frank on 142; the next (kept) puts him over and he buys
# in. Deleting hand 8 then leaves him within after the new hand 8: a buy-in nobody was asked for.
ONLINE = [("Mark", {"Andy": 2, "John": 2, "Frank": 2})] * 6 + [
    ("John", {"Andy": 10, "Mark": 10, "Frank": 90}),
    ("Andy", {"Mark": 10, "John": 10, "Frank": 40}),
]
KEPT = [
    ("Mark", {"Andy": 5, "John": 5, "Frank": 20}),
    ("John", {"Andy": 5, "Mark": 5, "Frank": 5}),
]


def test_a_kept_delete_that_breaks_later_hands_warns_and_the_game_offers_no_stop_nor_money(
    browser, counted
):
    signal = counted
    page = narrow_phone(browser, signal.url)
    game = stored_game()
    for number, (winner, values) in enumerate(ONLINE, 1):
        post_hand(game, number, winner, values)
    open_kept(page, game)
    page.goto(sheet_url(game))
    for number in range(1, 9):
        kept(page, edit_url(game, number))
    page.goto(game.get_absolute_url())
    until(page, f"!!localStorage.getItem('kalooki-kit-{game.edit_token}')")

    signal.cut()
    record(page, *KEPT[0])
    page.locator("#offline-ask").get_by_role("button", name="Buy in").click()
    record(page, *KEPT[1])
    expect(page.locator("#outbox li.queued")).to_have_count(3)

    page.goto(edit_url(game, 8))  # the copy the worker kept
    asked: list[str] = []

    def refuse(dialog):
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    page.get_by_role("button", name="Delete hand 8").click()
    until(page, "true")
    assert asked and "later hands that no longer fit" in asked[0]
    expect(page.locator("#outbox li")).to_have_count(3)  # nothing kept
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete hand 8").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(4)

    page.goto(game.get_absolute_url())  # the kept table: no stop, and why
    expect(page.locator("#unfit")).to_contain_text("don't fit together")
    expect(page.locator("details.stop")).to_be_hidden()
    no_sideways_scroll(page)
    look(page, "i35-kept-delete-unfit", full_page=True)

    page.goto(sheet_url(game))  # the signal comes back on the score sheet
    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=30_000)
    stored = Game.objects.get(pk=game.pk)
    assert stored.ledger().problems and stored.stopped == ""
    assert len(server_hands(game)) == 9
    # The worker keeps the sheet's edit pages meanwhile, the last hand's last: once it holds
    # hand 9's as the delete left it (John's, hand 10 before), the round after the delete is done.
    kept_as(page, edit_url(game, 9), 'value="John" checked')
    deleted = next(i for i, line in enumerate(signal.lines) if line.startswith("DELETE "))
    assert f"GET {edit_url(game, 10)}" not in signal.lines[deleted + 1 :]

    page.goto(game.get_absolute_url())  # online: the table offers no stop nor money either
    expect(page.locator("#live")).to_contain_text("conflict")
    expect(page.locator("details.stop")).to_have_count(0)
    expect(page.locator("form.settle")).to_have_count(0)
    page.context.close()


def kept_as(page, path: str, text: str) -> None:
    """Waits until the worker holds a copy of the page with `text` in it."""
    found = "r => r ? r.text() : ''"
    until(
        page,
        f"caches.open('kalooki-pages').then(c => c.match('{path}')).then({found})"
        f".then(t => t.includes({json.dumps(text)}))",
    )


ENGLISH = ("Hand ", "not sent", "Counted", "undone", "values", "table below", "Record", "Undo")
ENGLISH += ("retry", " won", " deals", "to go", "Buy-ins", "Total", "Money", "Player")


def test_without_signal_in_swedish_one_set_of_figures_and_an_undo_puts_its_values_back(
    browser, signal
):
    page = narrow_phone(browser, signal.url, locale="sv-SE")
    page.on("dialog", lambda dialog: dialog.accept())
    game = stored_game()
    open_kept(page, game)
    play(page, "John", {"Andy": 20, "Mark": 30, "Frank": 40}, "För in given")
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Giv 2\b"))
    before = money_column(page)

    signal.cut()
    play(page, "Andy", {"Mark": 5, "John": 7, "Frank": 9}, "För in given")
    play(page, "Mark", {"Andy": 11, "John": 13, "Frank": 15}, "För in given")
    expect(page.locator("#outbox li.queued")).to_have_count(2)
    frank = page.locator("#live table.standings tbody tr", has=page.locator("th", has_text="Frank"))
    expect(frank.locator("td").first).to_have_text("64")  # 40 + 9 + 15, as the strip counts
    strip = page.locator("form.hand .strip li").evaluate_all(
        "rows => rows.map(r => [r.firstChild.textContent.trim(),"
        " r.querySelector('strong').textContent])"
    )
    board = page.locator("#live table.standings tbody tr").evaluate_all(
        "rows => rows.map(r => [r.querySelector('th').firstChild.textContent.trim(),"
        " r.querySelector('td').textContent])"
    )
    assert sorted(strip) == sorted(board)
    expect(page.locator("#reckoned")).to_have_text(
        "Räknat på telefonen med givarna som inte har skickats än; pengarna när de når servern."
    )
    # One set of figures: the money the server last worked out waits for the hands too.
    expect(page.locator("#live table.standings tbody td.waiting")).to_have_count(4)
    expect(page.locator("#live table.standings tbody td.waiting").first).to_have_text("…")
    expect(page.locator("#signal")).to_contain_text("Giv 3: Mark vann")
    expect(page.locator("#signal")).to_contain_text("försöker igen")

    page.get_by_role("button", name="Ångra senaste given (3)").click()
    expect(page.locator(".notice.restored")).to_have_text(
        "Giv 3 ångrad — dess värden är tillbaka i formuläret."
    )
    expect(page.locator('input[name=winner][value="Mark"]')).to_be_checked()
    for name, value in {"Andy": "11", "John": "13", "Frank": "15"}.items():
        expect(page.locator(f'.value[data-player="{name}"] input')).to_have_value(value)
    expect(frank.locator("td").first).to_have_text("49")
    # Hand 3 is to play again, dealt by John, whom the board names: no line of the server's left.
    expect(page.locator("#hand-title")).to_have_text("Giv 3 · John ger")
    expect(page.locator("#live table.standings .tag:visible", has_text="ger")).to_have_count(1)
    john = page.locator("#live table.standings tbody tr", has=page.locator("th", has_text="John"))
    expect(john.locator(".tag", has_text="ger")).to_be_visible()
    expect(page.locator("#live p.status")).to_be_hidden()
    shown = " ".join(page.locator(s).inner_text() for s in ("#outbox", "#signal", "#live"))
    assert [word for word in ENGLISH if word in shown] == []
    no_sideways_scroll(page)
    look(page, "i35-offline-undo-in-swedish", full_page=True)

    page.context.set_offline(True)  # the phone notices it has no network
    money = page.locator("#live table.standings tbody tr td:nth-child(5)")
    with clock_held(page):  # no timer fires: fresh money can come only of the send's own answer
        signal.restore()
        page.context.set_offline(False)  # the network back: "online", and the outbox sends
        # Issue 42: the undo sent, the money is the server's within 2 s (no reload, no poll).
        expect(page.locator("#live table.standings tbody td.waiting")).to_have_count(
            0, timeout=2000
        )
        expect(money).not_to_have_text(before, timeout=2000)
        expect(page.locator("#outbox h2")).to_have_text("Alla givar är sparade", timeout=2000)
        assert [h["winner"] for h in server_hands(game)] == ["John", "Andy"]
        other = narrow_phone(browser, signal.url, locale="sv-SE")
        other.goto(game.get_absolute_url())
        servers = money_column(other)
        assert len(servers) == 4 and "…" not in servers and servers != before
        expect(money).to_have_text(servers, timeout=2000)  # what it showed, by then, all along
    # The undone values kept in the fresh form.
    expect(page.locator('input[name=winner][value="Mark"]')).to_be_checked()
    expect(page.locator('.value[data-player="Frank"] input')).to_have_value("15")
    other.context.close()
    page.context.close()


def money_column(page) -> list[str]:
    """The standings' money column, as the page shows it."""
    cells = page.locator("#live table.standings tbody tr td:nth-child(5)")
    return [text.strip() for text in cells.all_inner_texts()]


def test_a_hand_kept_without_network_is_said_counted_by_the_note_and_the_mark_alike(
    browser, signal
):
    page = narrow_phone(browser, signal.url, locale="sv-SE")
    open_kept(page, stored_game())
    play(page, "John", {"Andy": 20, "Mark": 30, "Frank": 40}, "För in given")
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Giv 2\b"))
    page.context.set_offline(True)  # no network: the outbox can't try, so it says it once
    play(page, "Andy", {"Mark": 5, "John": 7, "Frank": 9}, "För in given")
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    expect(page.locator("#reckoned")).to_be_visible()
    # The outbox's note above the table says what the mark says: the table counts the hand.
    expect(page.locator("#outbox p.muted")).not_to_contain_text("räknar inte med dem")
    page.context.set_offline(False)
