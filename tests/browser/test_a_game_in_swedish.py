"""A whole game on a phone set to Swedish (Chromium's locale sv-SE): start it, record hands,
undo one, answer a buy-in, settle up and read the score sheet, every word of the game's own
pages in Swedish; screenshots of the table and the sheet."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import new_phone, shoot
from tests.i18n.games import PLAYERS

pytestmark = pytest.mark.browser

AGNETA, BOSSE, CISSI, DAGGE = PLAYERS
# English the game's own pages wrote before they spoke Swedish: none of it may be left.
ENGLISH = (
    "Record hand",
    "Void hand",
    "Undo",
    "Buy in",
    "Score sheet",
    "Rules card",
    "Stop the game",
    "Let the table watch",
    "Score on another phone",
    "Settle up",
    "Nobody owes",
    "Share the result",
    "Back to the table",
    "Payments",
    "History of changes",
    "Who won?",
    "What the others held",
    "Penalty points (0",
)


@pytest.fixture
def swedish_phone(browser, live_server, transactional_db):
    page = new_phone(browser, live_server.url, locale="sv-SE")
    yield page
    page.context.close()


def record(page, winner: str, **values: int) -> None:
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.get_by_role("button", name="För in given").click()


def no_english(page) -> None:
    text = page.locator("body").inner_text()
    left = [words for words in ENGLISH if words in text]
    assert not left, left


def test_a_whole_game_on_a_phone_in_swedish(swedish_phone):
    page = swedish_phone
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "sv"
    page.get_by_role("link", name="Nytt parti").click()
    # The new-game form is another helper's page: filled by its fields' names.
    for i, name in enumerate(PLAYERS, 1):
        page.locator(f'input[name="player_{i}"]').fill(name)
    page.locator('input[name="title"]').fill("Fredag")
    page.locator('input[name="currency"]').fill("SEK")
    page.locator("form.new-game button[type=submit]").click()

    title = page.locator("#hand-title")
    expect(title).to_have_text(f"Giv 1 · {AGNETA} ger")
    expect(page.get_by_role("group", name="Vem vann?")).to_be_visible()
    record(page, CISSI, **{AGNETA: 85, BOSSE: 42, DAGGE: 30})
    expect(title).to_have_text(re.compile(r"^Giv 2 · "))
    record(page, AGNETA, **{BOSSE: 50, CISSI: 45, DAGGE: 31})  # a slip: Dagge held 30

    # Undo asks in Swedish, then puts the hand back in the form to mend.
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Ångra senaste given (2)").click()
    expect(page.locator(".notice.restored")).to_have_text(
        "Giv 2 ångrad — dess värden är tillbaka i formuläret."
    )
    assert asked == ["Ångra giv 2?"]
    expect(title).to_have_text(re.compile(r"^Giv 2 · "))
    page.locator(f'.value[data-player="{DAGGE}"] input').fill("30")
    page.get_by_role("button", name="För in given").click()
    expect(title).to_have_text(re.compile(r"^Giv 3 · "))
    page.locator('input[name="kalookie"]').check()
    record(page, CISSI, **{AGNETA: 38, BOSSE: 53, DAGGE: 40})
    expect(title).to_have_text(re.compile(r"^Giv 4 · "))
    expect(page.get_by_role("button", name="Ångra senaste given (3)")).to_be_visible()
    assert page.locator("html").get_attribute("lang") == "sv"
    no_english(page)
    shoot(page, "table-in-swedish")

    record(page, DAGGE, **{AGNETA: 4, BOSSE: 30, CISSI: 53})
    expect(page.get_by_role("heading", name="Köpa in?")).to_be_visible()
    expect(page.locator(".ask")).to_contain_text(f"{BOSSE} har 175")
    page.get_by_role("button", name="Köpa in", exact=True).click()
    expect(title).to_have_text(re.compile(r"^Giv 5 · "))
    record(page, CISSI, **{AGNETA: 29, BOSSE: 71, DAGGE: 60})

    expect(page.locator("#over-title")).to_have_text("Partiet är slut")
    expect(page.get_by_role("heading", name="Gör upp")).to_be_visible()
    paid = page.locator(".settle input[type=checkbox]").first
    # The tick is saved by htmx: reload only once the server has answered, or the reload cancels it.
    with page.expect_response(lambda r: "/paid" in r.url and r.request.method == "POST"):
        paid.check()
    expect(paid).to_be_checked()
    page.reload()
    expect(page.locator(".settle input[type=checkbox]").first).to_be_checked()
    no_english(page)

    page.get_by_role("link", name="Protokoll", exact=True).click()
    expect(page.get_by_role("heading", name="Protokoll", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name="Betalningar (löpande)")).to_be_visible()
    page.locator("summary", has_text="Ändringshistorik").click()
    expect(page.locator("ol.changes")).to_contain_text("Ångrade giv 2")
    no_english(page)
    shoot(page, "sheet-in-swedish")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors

    page.goto("/")
    expect(page.get_by_role("heading", name="Dina partier")).to_be_visible()
    expect(page.locator("ul.games")).to_contain_text("Fredag")
