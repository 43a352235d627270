"""A small Blackpool tournament driven in Chromium at phone size, from the draw to the final.

Table results are recorded with the games app's store (`add_hands`), as a table's own phone would
record them; everything the organiser does goes through the club pages.
"""

import re
import threading
from pathlib import Path

import pytest
from django.db import connections

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.models import Tournament
from tests.clubs.factories import (
    PASSWORD,
    club_game,
    finish_table,
    join,
    make_club,
    make_players,
    make_user,
    play_hand,
)
from tests.helpers import SCREENSHOTS

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NAMES = "Andy Mark John Frank Neil Damian Spencer Bob David Andrew Sally Rita Joan Mavis Pat Doreen"


STUCK = 240  # s: several times the longest scenario here (the club night's) on a busy machine


def in_own_thread(scenario) -> None:
    """Runs Playwright's sync API in a thread of its own, so it never nests inside another
    session's Playwright; the thread shares the test's database connection, as Django's
    live server thread does."""
    main = connections["default"]
    failure: list[BaseException] = []

    def run():
        connections["default"] = main
        try:
            scenario()
        except BaseException as exc:  # handed back to the test's thread
            failure.append(exc)

    main.inc_thread_sharing()
    try:
        worker = threading.Thread(target=run)
        worker.start()
        # A ceiling on the wait, as an expect's timeout is, not a timing: it only catches a wait
        # that has none of its own (an evaluate's promise never settled) hanging the whole run.
        worker.join(timeout=STUCK)
        assert not worker.is_alive(), "the browser scenario is stuck: a wait never ended"
    finally:
        main.dec_thread_sharing()
    if failure:
        raise failure[0]


def shoot(page, name: str) -> None:
    """For docs/ under `make screenshots`, outside the repository otherwise (tests/helpers.py)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"clubs-{name}.png"), full_page=True)


def no_sideways_scroll(page, width: int = 390) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def state():
    return tournaments.load(Tournament.objects.get())


def serious_issues(page) -> list[str]:
    """axe-core's serious and critical findings on the page, if axe is installed."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return []
    violations = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


def buy_in_all(page, count: int) -> None:
    """Taps "X buys in" for the first player offered, `count` times."""
    for _ in range(count):
        page.locator("form:has(input[value=buy-in]) button").first.click()
        page.wait_for_load_state()


def test_a_small_tournament_from_the_draw_to_the_final(live_server, transactional_db):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    from playwright.sync_api import expect, sync_playwright

    club = make_club("Blackpool Tuesdays", "blackpool")
    club.currency = "GBP"  # the club's currency: its tournaments' too
    club.save(update_fields=["currency"])
    join(club, make_user("neil"), "organiser")
    make_players(club, NAMES)
    club_game(club, title="Warm-up at Mark's", played_on="2026-11-17")

    def scenario():
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
                base_url=live_server.url,
                color_scheme="dark",
            )
            page = context.new_page()
            page.set_default_timeout(8000)
            try:
                run(page, expect)
            finally:
                context.close()
                browser.close()

    def run(page, expect):
        page.goto("/clubs/blackpool/")
        expect(page).to_have_url("/clubs/accounts/login/?next=%2Fclubs%2Fblackpool%2F")
        shoot(page, "login")
        page.get_by_label("Username").fill("neil")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.locator("h1")).to_have_text("Blackpool Tuesdays")
        shoot(page, "season")
        no_sideways_scroll(page)

        # A scorer starts an ordinary club game: seats named clockwise, regulars suggested.
        page.get_by_role("link", name="Start a game").click()
        page.get_by_label("Title").fill("Tuesday side table")
        for number, name in enumerate(["Rita", "Joan", "Mavis"], 1):
            page.get_by_label(f"Seat {number}", exact=False).fill(name)
        shoot(page, "new-game")
        no_sideways_scroll(page)
        page.get_by_role("button", name="Start and score it").click()
        expect(page).to_have_url(re.compile(r"/g/[\w-]+/$"))
        page.goto("/clubs/blackpool/")
        expect(page.get_by_role("heading", name="Being played")).to_be_visible()

        # The draw: sixteen entrants make four tables of four.
        page.get_by_role("link", name="New tournament").click()
        page.get_by_label("Name").fill("Tuesday Open")
        for name in NAMES.split():
            page.get_by_label(name, exact=True).check()
        shoot(page, "new-tournament")
        no_sideways_scroll(page)
        page.get_by_role("button", name="Make the draw").click()
        expect(page.locator(".table-card")).to_have_count(4)
        expect(page.locator(".summary")).to_contain_text("£80.00")
        shoot(page, "tournament-draw")
        no_sideways_scroll(page)
        page.get_by_role("link", name="QR for its phone").first.click()  # Table 1: in order
        expect(page.get_by_role("img", name="QR code of Table 1's scoring link")).to_be_visible()
        shoot(page, "table-qr")
        no_sideways_scroll(page)
        page.go_back()

        # Every first table ends; eight of the twelve out buy in: tables 5 and 6 start.
        for table in state().heats:
            finish_table(table.game)
        page.reload()
        buy_in_all(page, 6)
        expect(page.locator(".table-card")).to_have_count(5)
        expect(page.get_by_role("heading", name="Waiting for a new table")).to_be_visible()
        expect(page.locator(".summary")).to_contain_text("£110.00")
        shoot(page, "tournament-waiting")
        no_sideways_scroll(page)
        buy_in_all(page, 2)
        expect(page.locator(".table-card")).to_have_count(6)
        expect(page.locator(".summary")).to_contain_text("£120.00")

        # Tables 5 and 6 end; nobody else buys in; six winners play two semi-finals of three.
        for table in state().heats[4:]:
            finish_table(table.game)
        page.reload()
        page.get_by_role("button", name="Close buying in and seat the semi-finals").click()
        expect(page.get_by_role("heading", name="Semi-finals")).to_be_visible()
        semis = state().semis
        assert [len(s.people) for s in semis] == [3, 3]
        for semi in semis:
            first, second, third = (s.name for s in semi.ledger.standings)
            play_hand(semi.game, first, **{second: 20, third: 120})
            play_hand(semi.game, first, **{second: 110})
        page.reload()
        page.get_by_role("button", name="Seat the final").click()
        expect(page.get_by_role("heading", name="Final", exact=True)).to_be_visible()

        # The final: four players, the winner takes half the pot.
        final = state().final
        a, b, c, d = (s.name for s in final.ledger.standings)
        play_hand(final.game, a, **{b: 10, c: 120, d: 20})
        play_hand(final.game, a, **{b: 20, d: 120})
        play_hand(final.game, a, **{b: 120})
        page.reload()
        expect(page.locator(".champion")).to_have_text(f"{a} wins the tournament.")
        expect(page.locator(".cards").filter(has_text="1st")).to_contain_text(f"1st: {a} · £60.00")
        expect(page.locator(".cards").filter(has_text="2nd")).to_contain_text(f"2nd: {b} · £36.00")
        shoot(page, "tournament-final")
        no_sideways_scroll(page)

        # The final's chart: a line per finalist, the limit of 100 across.
        page.get_by_role("link", name="Chart").last.click()  # the final: last in order
        expect(page.locator("svg.totals-chart polyline")).to_have_count(4)
        expect(page.locator("svg.totals-chart")).to_contain_text("limit 100")

        # The warm-up game's chart, with Mark's buy-in ringed; then Mark's season.
        page.goto("/clubs/blackpool/")
        page.get_by_role("link", name="Warm-up at Mark's").click()
        expect(page.locator("svg.totals-chart circle.buy-in")).to_have_count(1)
        shoot(page, "game-chart")
        no_sideways_scroll(page)
        page.goto("/clubs/blackpool/")
        page.get_by_role("link", name="Mark", exact=True).click()
        expect(page.locator("svg.net-chart")).to_contain_text("Warm-up at Mark's: -£16.00")
        shoot(page, "person")
        no_sideways_scroll(page)

        # The light theme draws the same chart in its own colours; the members page fits too.
        page.emulate_media(color_scheme="light")
        page.go_back()
        page.get_by_role("link", name="Warm-up at Mark's").click()
        shoot(page, "game-chart-light")
        page.goto("/clubs/blackpool/members/")
        expect(page.get_by_role("heading", name="Regular players")).to_be_visible()
        shoot(page, "members")
        no_sideways_scroll(page)

        # No serious accessibility issue on the club's pages, in either theme.
        tournament = Tournament.objects.get()
        mark = club.players.get(name="Mark")
        pages = [
            "/clubs/blackpool/",
            tournament.get_absolute_url(),
            f"/clubs/blackpool/people/{mark.pk}/",
            "/clubs/blackpool/games/new/",
            "/clubs/blackpool/members/",
            f"/clubs/blackpool/games/{tournament.tables.get(round='final').game_id}/",
        ]
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            for url in pages:
                page.goto(url)
                assert serious_issues(page) == [], (scheme, url)

        # The narrowest phones: nothing scrolls sideways at 360 pixels.
        page.set_viewport_size({"width": 360, "height": 740})
        for url in [
            "/clubs/blackpool/",
            tournament.get_absolute_url(),
            "/clubs/blackpool/tournaments/new/",
            "/clubs/blackpool/games/new/",
            f"/clubs/blackpool/people/{mark.pk}/",
        ]:
            page.goto(url)
            no_sideways_scroll(page, 360)

    in_own_thread(scenario)
    assert Tournament.objects.get().stage == Tournament.FINAL
