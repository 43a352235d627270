"""Each family's table on a phone at 390 by 844: two hands recorded, then a screenshot."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import shoot
from tests.games.web import family_game

pytestmark = pytest.mark.browser


@pytest.fixture
def family_table(phone):
    """Opens a fresh game of one preset on the phone: the page, and the errors its console
    reports from then on."""

    def open_family(preset: str, stakes: dict | None = None):
        errors: list[str] = []
        phone.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(family_game(preset, stakes=stakes).get_absolute_url())
        return phone, errors

    return open_family


def pick(page, winner: str) -> None:
    page.locator("label.pick", has_text=winner).click()


def value(page, name: str, points: int) -> None:
    page.locator(f'.value[data-player="{name}"] input').fill(str(points))


def deal(page, winner: str, kaluki: bool = False, **values: int) -> None:
    """The winner picked (gone out in one, with `kaluki`), then each loser's value typed."""
    pick(page, winner)
    if kaluki:
        page.get_by_label("Kaluki").check()
    for name, points in values.items():
        value(page, name, points)


def record(page, number: int) -> None:
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(rf"^Hand {number} · "))


def fits_and_shoot(page, screenshot: str) -> None:
    """The page is no wider than the phone; then its screenshot for docs/."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    shoot(page, screenshot)


def test_north_american_on_a_phone(family_table):
    page, errors = family_table("north-american", {"currency": "GBP", "per_point": "0.01"})
    deal(page, "Ann", Bob=85, Cy=40)
    record(page, 2)
    deal(page, "Bob", kaluki=True, Ann=20, Cy=10)
    record(page, 3)
    expect(page.locator("tr.leads")).to_contain_text("Ann")
    expect(page.locator("tr.leads")).to_contain_text("125")
    fits_and_shoot(page, "family-north-american")
    assert not errors


def test_scarne_on_a_phone(family_table):
    page, errors = family_table("scarne", {"currency": "units", "per_point": "1"})
    pick(page, "Ann")
    page.get_by_label("Bob: cards left").fill("5")
    page.locator("#jokers-1").fill("1")
    page.get_by_label("Cy: cards left").fill("3")
    record(page, 2)
    pick(page, "Cy")
    page.get_by_label("Ann: cards left").fill("2")
    page.get_by_label("Bob: cards left").fill("4")
    record(page, 3)
    expect(page.locator("tr.leads")).to_contain_text("Ann")
    fits_and_shoot(page, "family-scarne")
    assert not errors


def test_jamaica_on_a_phone(family_table):
    page, errors = family_table("jamaica")
    expect(page.locator(".deal")).to_contain_text("Deal 1 · 9 cards · three threes")
    deal(page, "Ann", Bob=40, Cy=25)
    page.locator("summary", has_text="Penalty points").click()
    page.get_by_label("Cy: penalty points").fill("50")
    page.locator("#reason-2").fill("False contract")
    record(page, 2)
    expect(page.locator(".deal")).to_contain_text("Deal 2 · 10 cards · two threes and one four")
    pick(page, "Bob")
    page.get_by_label("Bent the table").check()
    page.locator('.value[data-player="Ann"] button.count').click()
    page.locator(".counter button", has_text="A♠♣").click()
    page.locator(".counter button", has_text="A♥♦").click()
    expect(page.locator("#value-0")).to_have_value("16")
    value(page, "Cy", 20)
    record(page, 3)
    # Ann's two aces (15 + 1) doubled: 32, below Bob's 40 and Cy's 25 + 50 + 40.
    expect(page.locator("tr.leads")).to_contain_text("Ann")
    expect(page.locator("tr.leads")).to_contain_text("32")
    fits_and_shoot(page, "family-jamaica")
    assert not errors


def test_trinidad_on_a_phone(family_table):
    page, errors = family_table("trinidad")
    deal(page, "Ann", Bob=30, Cy=12)
    page.locator("summary", has_text="Penalty points").click()
    page.locator('input[name="challenge-1"]').check()
    expect(page.locator("#adjust-1")).to_have_value("50")
    expect(page.locator("#reason-1")).to_have_value("Lost a challenge")
    record(page, 2)
    deal(page, "Cy", Ann=15, Bob=22)
    record(page, 3)
    expect(page.locator(".deal")).to_contain_text("Deal 3 · 12 cards · 2 runs")
    expect(page.locator("tr.leads")).to_contain_text("Cy")
    fits_and_shoot(page, "family-trinidad")
    assert not errors
