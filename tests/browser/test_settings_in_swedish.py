"""The new-game page on a 360 px phone set to Swedish (Chromium's locale sv-SE): Swedish words,
stakes with a decimal comma typed and shown, nothing wider than the screen."""

from decimal import Decimal

import pytest

from kalooki_ledger.games.models import Game
from tests.browser.conftest import new_phone, shoot
from tests.browser.test_accessibility import serious_issues

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 800}
WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .map(e => e.tagName + (e.id ? '#' + e.id : '') + ' ' + e.textContent.slice(0, 40))"""


@pytest.fixture
def swedish_phone(browser, live_server, transactional_db):
    page = new_phone(browser, live_server.url, locale="sv-SE")
    page.set_viewport_size(NARROW)
    yield page
    page.context.close()


def test_a_new_game_on_a_narrow_phone_in_swedish(swedish_phone):
    page = swedish_phone
    page.goto("/new/")
    assert page.locator("html").get_attribute("lang") == "sv"
    page.get_by_role("heading", name="Nytt parti").wait_for()
    # Empty, its default shown as Swedish writes it: typing a stake clears nothing first.
    assert page.locator("#id_initial").input_value() == ""
    assert page.locator("#id_initial").get_attribute("placeholder") == "0,50"
    assert page.locator("#id_initial").get_attribute("inputmode") == "decimal"
    page.locator("summary", has_text="Ändra en regel").click()
    assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    assert not serious_issues(page)
    shoot(page, "new-game-in-swedish")

    page.fill("#id_player_1", "Agneta")
    page.fill("#id_player_2", "Bosse")
    page.fill("#id_call_up", "0,25")
    page.get_by_role("button", name="Starta partiet").click()
    page.wait_for_url("**/g/**")
    game = Game.objects.get()
    assert (game.call_up, game.initial) == (Decimal("0.25"), Decimal("0.50"))


def test_lookalike_names_and_a_stake_in_thousands_on_a_narrow_phone_in_swedish(swedish_phone):
    """Issue 24: a Cyrillic lookalike refused naming both names; "1 000" read as a thousand."""
    page = swedish_phone
    page.goto("/new/")
    page.fill("#id_player_1", "Ann")
    page.fill("#id_player_2", "\u0410nn")
    page.fill("#id_initial", "1 000")
    page.get_by_role("button", name="Starta partiet").click()
    page.get_by_text("ser likadana ut").wait_for()
    assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    shoot(page, "lookalike-names-in-swedish")

    page.fill("#id_player_2", "Bosse")
    page.fill("#id_call_up", "1e3")
    page.get_by_role("button", name="Starta partiet").click()
    page.get_by_text("inte ”1e3”").wait_for()
    assert not Game.objects.exists()

    page.fill("#id_call_up", "0,10")
    page.get_by_role("button", name="Starta partiet").click()
    page.wait_for_url("**/g/**")
    assert Game.objects.get().initial == Decimal("1000")
