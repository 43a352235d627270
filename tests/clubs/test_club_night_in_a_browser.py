"""A club night in Chromium, at 360 and 390 pixels and at a laptop's size: the club's own sheet and
stakes, a finished tournament's money in the season, the organiser's desk with its bar in view, a
tournament table's phone, the charts' figures, the chores and a refusal. Screenshots go to
docs/screenshots/clubs-night-*.png."""

import random
from decimal import Decimal
from pathlib import Path

import pytest

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.filing import start_game
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
    play_through,
)
from tests.clubs.test_tournament_in_a_browser import (
    ARGS,
    CHROMIUM,
    NAMES,
    in_own_thread,
    no_sideways_scroll,
    serious_issues,
    shoot,
)
from tests.helpers import SCREENSHOTS

pytestmark = pytest.mark.browser

SIZES = {"360": (360, 740), "390": (390, 844), "laptop": (1280, 800)}


def club_night():
    """A GBP club with a played game, a finished tournament and one still in its heats."""
    club = make_club("Blackpool Tuesdays", "blackpool")
    for key, value in {
        "call_up": "0.10",
        "kalookie": "0.20",
        "initial": "0.50",
        "buy_in": "0.50",
    }.items():
        setattr(club, key, Decimal(value))
    club.currency = "GBP"
    club.save()
    join(club, make_user("neil"), "organiser")
    join(club, make_user("mo"), "member")
    people = make_players(club, NAMES)
    stakes = {
        "currency": "GBP",
        "call_up": "0.10",
        "kalookie": "0.20",
        "initial": "0.50",
        "buy_in": "0.50",
    }
    club_game(club, title="Warm-up at Mark's", played_on="2026-11-17", stakes=stakes)

    done = Tournament.objects.create(
        club=club, name="November Open", currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5)
    )
    tournaments.draw(done, people, random.Random(3))
    play_through(done, seed=3)

    live = Tournament.objects.create(
        club=club, name="December Open", currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5)
    )
    tournaments.draw(live, people, random.Random(4))
    heats = tournaments.load(live).heats
    for table in heats[:3]:
        finish_table(table.game)
    for person, state in tournaments.load(live).may_buy_in()[:3]:
        tournaments.buy_in(live, person, state.table, random.Random(4))
    names = list(heats[3].people)
    play_hand(heats[3].game, names[0], **{names[1]: 120, names[2]: 30, names[3]: 20})
    start_game(club, [names[2], "Visitor"], title="Side table")  # still seated elsewhere
    return club, done, live, heats[3].game


def one_line_money(page) -> list[str]:
    """The amounts broken across lines ("+" on one, "£45.00" on the next): none, we hope."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.money')].filter(e => {
              const r = document.createRange(); r.selectNodeContents(e);
              return new Set([...r.getClientRects()].map(b => Math.round(b.bottom))).size > 1;
           }).map(e => e.textContent)"""
    )


def tables_fit(page) -> bool:
    """Every table is whole on the screen: none needs scrolling sideways in its box."""
    return page.evaluate(
        "() => [...document.querySelectorAll('.fit')].every(f => f.scrollWidth <= f.clientWidth)"
    )


def test_a_club_night_at_a_phones_size_and_a_laptops(live_server, transactional_db):
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's Chromium is not installed")
    from playwright.sync_api import expect, sync_playwright

    club, done, live, out_table = club_night()
    champion = tournaments.load(done).champion
    warm_up = club.club_games.get(game__title="Warm-up at Mark's").game

    def scenario():
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            try:
                for size, (width, height) in SIZES.items():
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        device_scale_factor=1 if size == "laptop" else 2,
                        is_mobile=size != "laptop",
                        has_touch=size != "laptop",
                        base_url=live_server.url,
                        color_scheme="dark" if size == "390" else "light",
                    )
                    page = context.new_page()
                    page.set_default_timeout(8000)
                    try:
                        run(page, expect, size, width)
                    finally:
                        context.close()
            finally:
                browser.close()

    def look(page, name, size, width):
        shoot(page, f"night-{name}-{size}")
        if size != "laptop":
            no_sideways_scroll(page, width)

    def run(page, expect, size, width):
        page.goto("/clubs/blackpool/")
        page.get_by_label("Username").fill("neil")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        expect(page.locator("h1")).to_have_text("Blackpool Tuesdays")

        # The club page: its table, the sheet, tournaments before games, money written one way.
        expect(page.get_by_role("link", name="Blank score sheet")).to_be_visible()
        expect(page.get_by_role("link", name="Blank sheets")).to_be_visible()  # the site's menu
        expect(page.locator("li", has_text="November Open")).to_contain_text("Finished")
        expect(page.get_by_role("heading", name="Being played")).to_be_visible()
        expect(page.locator("body")).not_to_contain_text("December Open · Table")
        expect(page.locator("table.stats")).to_contain_text("£")
        assert one_line_money(page) == [], size
        assert tables_fit(page), size
        look(page, "season", size, width)

        # The site's menu: its blank sheets page leads to the club's own.
        page.get_by_role("link", name="Blank sheets").click()
        page.get_by_role("link", name="Blackpool Tuesdays").click()
        expect(page.locator("h1")).to_have_text("Blank score sheet")
        page.goto("/clubs/blackpool/")

        # The champion's history lists the tournament with its money.
        page.get_by_role("link", name=champion.name, exact=True).first.click()
        expect(page.locator("table.stats")).to_contain_text("Won the tournament")
        assert one_line_money(page) == [], size
        assert tables_fit(page), size
        look(page, "person", size, width)

        # The desk of the tournament still being played: the bar stays in view.
        page.goto(live.get_absolute_url())
        bar = page.locator(".desk-bar")
        expect(bar).to_contain_text("Pot £95.00")
        expect(bar).to_contain_text("Waiting 3 of 4")
        expect(page.get_by_role("alert")).to_contain_text(
            "is still playing the club game Side table"
        )
        look(page, "desk", size, width)
        page.evaluate("scrollBy(0, 4000)")  # at once, unlike a wheel's: no scrolling to wait out
        box = bar.bounding_box()
        assert box is not None and 0 <= box["y"] < 5, box
        page.screenshot(path=str(SCREENSHOTS / f"clubs-night-desk-scrolled-{size}.png"))
        expect(page.locator("table.cash")).to_contain_text("In the tin")

        # A tournament table's phone: no money, the way back, and what an out player does.
        page.goto(out_table.get_absolute_url())
        expect(page.locator(".crumbs")).to_contain_text("December Open · Table 4")
        expect(page.locator("table.standings")).not_to_contain_text("Money")
        expect(page.locator(".out-note")).to_contain_text("see the organiser to buy in (£5.00)")
        look(page, "table-phone", size, width)

        # The warm-up's chart: axis titles, the buy-in's point over the limit, readable figures.
        page.goto(f"/clubs/blackpool/games/{warm_up.pk}/")
        expect(page.locator("svg.totals-chart")).to_contain_text("Hand")
        expect(page.get_by_role("link", name="Score sheet PDF")).to_be_visible()
        expect(page.get_by_role("link", name="Score this table")).to_have_count(0)
        smallest = page.evaluate(
            """() => Math.min(...[...document.querySelectorAll('svg.chart text')]
                  .map(t => t.getBoundingClientRect().height))"""
        )
        assert smallest >= 12, smallest
        look(page, "chart", size, width)

        # Starting a game: the club's stakes and rules, to change for this game alone.
        page.goto("/clubs/blackpool/games/new/")
        page.get_by_text("This game's rules and stakes").click()
        expect(page.get_by_label("Currency")).to_have_value("GBP")
        expect(page.get_by_label("Currency")).to_be_disabled()  # one currency for the season
        expect(page.locator("input[name=call_up]")).to_have_value("0.10")
        expect(page.locator("input[name=preset][value=british]")).to_be_checked()
        expect(page.get_by_label("Play to a target score")).to_be_hidden()  # not British rules
        expect(page.get_by_label("Buy-ins per player")).to_be_visible()
        look(page, "new-game", size, width)

        # Chores: the club's sheet, the pasted list of regulars, a removal asked first.
        page.goto("/clubs/blackpool/sheet/")
        look(page, "sheet-form", size, width)
        page.goto("/clubs/blackpool/members/")
        page.get_by_label("Names, one a line").fill(f"Ivy {size}\nJack {size}\nAndy")
        page.get_by_role("button", name="Add the players").click()
        expect(page.locator(".notice")).to_contain_text(f"2 new regulars: Ivy {size}, Jack {size}.")
        look(page, "members", size, width)
        page.get_by_role("button", name="Remove mo").click()
        expect(page.locator("h1")).to_have_text("Remove mo?")
        look(page, "remove", size, width)
        page.get_by_role("link", name="Keep them").click()
        expect(page.locator("h1")).to_have_text("Members and settings")

        # A new club's address is suggested from its name as it is typed.
        page.goto("/clubs/")
        page.locator("input[name=name]").fill("Tuesday Kalooki, Café")
        expect(page.locator("input[name=slug]")).to_have_attribute(
            "placeholder", "tuesday-kalooki-cafe"
        )

        # The club pages keep axe-core clean.
        for url in [
            "/clubs/blackpool/",
            live.get_absolute_url(),
            done.get_absolute_url(),
            f"/clubs/blackpool/people/{champion.pk}/",
            f"/clubs/blackpool/games/{warm_up.pk}/",
            "/clubs/blackpool/sheet/",
            "/clubs/blackpool/members/",
            "/clubs/blackpool/games/new/",
            out_table.get_absolute_url(),
        ]:
            page.goto(url)
            assert serious_issues(page) == [], (size, url)

        # A member's refusal: the site's layout, a sentence and the way back.
        page.context.clear_cookies()
        page.goto("/clubs/blackpool/")
        page.get_by_label("Username").fill("mo")
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        response = page.goto("/clubs/blackpool/games/new/")
        assert response.status == 403
        expect(page.locator("main")).to_contain_text(
            "Only Blackpool Tuesdays's scorers can do this"
        )
        expect(page.get_by_role("link", name="Your clubs")).to_be_visible()
        assert serious_issues(page) == []
        look(page, "refused", size, width)

    in_own_thread(scenario)
