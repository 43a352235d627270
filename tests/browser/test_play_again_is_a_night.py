"""Play again is a night, on a phone at 390 px: three games through "New game with the same
players" from a game in no night, settled once, in the fewest transfers; the group's next night
starts its first game with the group's stakes and a regular's pay handle, nothing typed."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from kalooki_ledger.nights.models import Night
from tests.browser.conftest import look
from tests.browser.test_a_night_of_three_games import check_settle_up, players_typed, record
from tests.browser.test_accessibility import serious_issues

pytestmark = pytest.mark.browser


def stop_and_split(page) -> None:
    """Opens "Stop the game early" (again, if the hand's answer swapped the table under the
    tap) and splits the pool."""
    split = page.get_by_role("button", name="Stop and split")
    for _ in range(3):
        if not split.is_visible():
            page.locator("details.stop:not([open]) summary").click()
        try:
            split.click(timeout=2000)
            break
        except PlaywrightTimeout:
            continue
    expect(page.locator("details.stop")).to_have_count(0)


def test_three_games_through_play_again_are_one_night_settled_once(phone):
    page = phone
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/new/")
    players_typed(page, ["Ann", "Bob", "Cy", "Dee"])
    page.get_by_role("button", name="Start the game").click()
    record(page, "Ann", Bob=85, Cy=42, Dee=30)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    record(page, "Bob", Ann=50, Cy=45, Dee=30)
    # Stop on the state after hand 2: a stop sent on the page before it is rightly refused (409).
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    stop_and_split(page)
    expect(page.locator(".in-night")).to_have_count(0)  # a game in no night
    ann = page.locator("form.pay-handle", has=page.locator('input[name="player"][value="Ann"]'))
    ann.locator('select[name="service"]').select_option("monzo")
    ann.locator('input[name="handle"]').fill("annsmonzo")
    ann.get_by_role("button", name="Save handle").click()
    expect(page.locator(".messages, .notice").first).to_contain_text("Monzo")

    # Game 2: Play again offers a night of both games, the group named on the spot.
    page.get_by_role("link", name="New game with the same players").click()
    keep = page.get_by_label("Put this game and the one before into one night", exact=False)
    expect(keep).to_be_checked()
    page.get_by_label("The group's name", exact=False).fill("Fredagsgänget")
    look(page, "play-again-night-form", full_page=True)
    assert not serious_issues(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".night-crumb")).to_contain_text("Fredagsgänget · night 1")
    record(page, "Cy", Ann=100, Bob=60, Dee=20)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    stop_and_split(page)
    expect(page.locator(".in-night")).to_contain_text("Fredagsgänget · night 1")

    # Game 3: Play again within the night joins it.
    page.get_by_role("link", name="New game with the same players").click()
    expect(page.locator('input[name="as_night"]')).to_have_count(0)
    page.get_by_role("button", name="Start the game").click()
    record(page, "Ann", Bob=40, Cy=70, Dee=10)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    stop_and_split(page)

    page.locator(".night-crumb a").click()
    night = Night.objects.get(number=1)
    expect(page.locator("h1")).to_have_text("Fredagsgänget · night 1")
    expect(page.locator("li.night-game")).to_have_count(3)
    assert night.night_games.count() == 3
    transfers = check_settle_up(page, night)
    assert transfers, "the games moved money"
    look(page, "play-again-night", full_page=True)
    assert not serious_issues(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Night 2 of the group: its first game has the group's stakes and Ann's handle, untyped.
    page.goto("/")
    expect(page.locator(".phone-groups")).to_contain_text("Fredagsgänget")
    page.locator(".phone-groups a", has_text="Fredagsgänget").click()
    page.get_by_role("button", name="Start a night").click()
    expect(page.locator("h1")).to_have_text("Fredagsgänget · night 2")
    page.get_by_role("link", name="Start the first game").click()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ann")
    expect(page.locator('input[name="currency"]')).to_have_value("GBP")
    expect(page.locator('input[name="kalookie"]')).to_have_value("0.20")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".night-crumb")).to_contain_text("Fredagsgänget · night 2")
    newest = Game.objects.latest("pk")
    assert newest.pay_handles == {"Ann": ["monzo", "annsmonzo"]}
    page.goto("/")
    expect(page.locator(".phone-nights")).to_contain_text("Fredagsgänget · night 2")
    expect(page.locator(".phone-nights")).to_contain_text("Fredagsgänget · night 1")
    assert errors == []
