"""The board for the room follows a Blackpool tournament from the draw to the final in Chromium
at 1920x1080: the tables of each round, who waits to buy in, who is out, the next round's
seating and the prize pot, and a plain line when the signal is lost (the pages turning and the
type's size: test_room_board_readable.py). Hands are recorded through the commands, as the
tables' phones record them; the board only polls. Screenshots to look at: look()
(docs/screenshots/board-*.png are copies of them)."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger import rules as engine
from kalooki_ledger.clubs import board, tournaments
from kalooki_ledger.clubs.models import Tournament
from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from tests.browser.conftest import later, look, new_phone
from tests.browser.test_room_board_readable import MEASURE
from tests.clubs.factories import make_club, tournament_with

pytestmark = pytest.mark.browser

SCREEN = {"width": 1920, "height": 1080}
FOLLOWS = 12_000  # ms: a panel polls every 3 s, the frame every 5 s
FOLLOWS_POLL = 5  # s: the longest of those, passed at once by polled()


def scored(game: Game, winner: str, **values: int) -> None:
    game = Game.objects.get(pk=game.pk)
    hand = engine.Hand(winner=winner, penalties=values)
    sent = commands.Sent(game.version, "", "table phone")
    command = commands.RecordHand(game.ledger().next_hand_number, hand=hand)
    assert commands.apply(game, sent, command).verdict is commands.Verdict.APPLIED


def finish(table: tournaments.TableState) -> None:
    """The first seat wins; the second outlasts the rest by a hand, so the ranking is clear."""
    names = [s.name for s in table.game.seats.all()]
    first, second, *rest = names
    scored(table.game, first, **{second: 20, **{n: 120 for n in rest}})
    scored(table.game, first, **{second: 120})


def polled(page) -> None:
    """The board's next polls made now, not when their seconds come round (`later()`)."""
    later(page, seconds=FOLLOWS_POLL)


def state() -> tournaments.State:
    return tournaments.load(Tournament.objects.get())


def shoot(page, name: str) -> None:
    look(page, f"board-{name}")


@pytest.fixture
def patient():
    """Assertions wait as long as a poll may take to come round; the default again after."""
    expect.set_options(timeout=FOLLOWS)
    yield
    expect.set_options(timeout=5_000)


def test_the_board_follows_a_tournament_from_the_draw_to_the_final(
    browser, live_server, transactional_db, patient
):
    club = make_club("Blackpool Tuesdays", "blackpool")
    tournament = tournament_with(club, count=24)
    context = browser.new_context(viewport=SCREEN, base_url=live_server.url, locale="en-GB")
    context.clock.install()  # the polls' waits passed at once: polled()
    page = context.new_page()
    page.set_default_timeout(FOLLOWS)
    page.goto(board.board_url("tournament", tournament.pk))

    # The draw: six tables of four on one page; nothing to press anywhere.
    panels = page.locator(".board-page:visible .room-table")
    expect(panels).to_have_count(6)
    expect(page.locator(".board-sub")).to_contain_text("Heats · 6 tables")
    expect(page.locator(".board-side")).to_contain_text("Prize pot 120")
    assert page.locator("a, button, input, form").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    shoot(page, "draw")

    # A hand at table 1 shows within seconds, through the table's own poll.
    first = state().heats[0]
    names = [s.name for s in first.game.seats.all()]
    scored(first.game, names[0], **{names[1]: 37, names[2]: 12, names[3]: 5})
    polled(page)
    expect(page.locator(".room-table", has_text="Table 1")).to_contain_text("37")

    # Tables 1 and 2 end; four of the out buy in (table 7 opens) and one more waits.
    for table in state().heats[:2]:
        finish(table)
    out = [(p, t.table) for t in state().heats[:2] for p in t.out()]
    for person, table in out[:5]:
        tournaments.buy_in(tournament, person, table)
    polled(page)
    expect(page.locator(".board-sub")).to_contain_text("7 tables")
    expect(page.locator(".board-page:visible .room-table")).to_have_count(7)  # twelve fit one
    expect(page.locator(".board-page-count")).to_be_hidden()
    expect(page.locator(".board-side")).to_contain_text("Waiting to buy in")
    waiting = out[4][0].name
    expect(page.locator(".board-waiting")).to_contain_text(waiting)
    expect(page.locator(".board-out")).to_contain_text(out[5][0].name)
    expect(page.locator(".board-side")).to_contain_text("Semi-final A")
    seen = page.evaluate(MEASURE)  # beside the pot and the queue, read across the room
    assert seen["cut"] == [] and not seen["tall"] and seen["names"] >= 32, seen
    shoot(page, "heats")

    # The heats end; the waiting player is refunded; the semi-finals are seated.
    for table in state().heats:
        if not table.finished:
            finish(table)
    tournaments.start_semis(tournament)
    polled(page)
    expect(page.locator(".board-sub")).to_contain_text("Semi-finals · 2 tables")
    expect(page.locator(".board-side")).not_to_contain_text("Waiting to buy in")
    expect(page.locator(".board-seating")).to_contain_text("Final")
    shoot(page, "semis")

    for semi in state().semis:
        finish(semi)
    polled(page)
    expect(page.locator(".board-seating")).to_contain_text("(4 of 4)")
    tournaments.start_final(tournament)
    polled(page)
    expect(page.locator(".board-sub")).to_contain_text("Final · 1 table")
    final = state().final
    finish(final)
    polled(page)
    champion = state().champion.name
    expect(page.locator(".board-champion")).to_have_text(f"{champion} wins the tournament.")
    expect(page.locator(".board-prizes li").first).to_contain_text(champion)
    shoot(page, "final")

    # The signal goes: the board says so, and since when; back, the line goes.
    context.set_offline(True)
    polled(page)
    signal = page.locator(".board-signal")
    expect(signal).to_be_visible()
    expect(signal).to_have_text(re.compile(r"No signal since \d\d:\d\d"))
    shoot(page, "offline")
    context.set_offline(False)
    polled(page)
    expect(signal).to_be_hidden()
    context.close()

    # The QR code's view on a phone: the same board, one column, no sideways scroll.
    phone = new_phone(browser, live_server.url)
    phone.goto(board.board_url("tournament", tournament.pk))
    expect(phone.locator(".board-champion")).to_have_text(f"{champion} wins the tournament.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    look(phone, "board-phone", full_page=True)
    phone.context.close()
