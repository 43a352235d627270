"""The table, step by step, as a new scorer meets it on a phone: where the screen is after each
hand, what each tap does, and what a refusal keeps."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import look
from tests.browser.test_offline import open_kept, record
from tests.games.web import family_game, stored_game, worked_hands

pytestmark = pytest.mark.browser


def test_a_tapped_stake_is_replaced_by_what_is_typed(phone):
    phone.goto("/new/")
    stake = phone.get_by_label("Call-up (each loser pays the winner)")
    assert stake.input_value() == "" and stake.get_attribute("placeholder")  # the default shown
    stake.tap()
    phone.keyboard.type("0.25")
    expect(stake).to_have_value("0.25")


def type_hand_and_press_go(page, winner: str, values: dict[str, int]) -> None:
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        field = page.locator(f'.value[data-player="{name}"] input')
        field.fill(str(value))
    field.press("Enter")  # the Go key on the last value records the hand


def assert_winner_buttons_on_screen(page) -> None:
    """The next hand's first control is on screen, below the sticky strip."""
    box = page.locator("fieldset.winner label.pick").first.bounding_box()
    strip = page.locator(".strip").bounding_box()
    height = page.viewport_size["height"]
    assert strip["y"] + strip["height"] <= box["y"] and box["y"] + box["height"] <= height, (
        box,
        strip,
    )


@pytest.mark.parametrize("width", [360, 390])
def test_after_every_hand_the_next_hands_winner_buttons_are_on_screen(phone, width):
    page = phone
    page.set_viewport_size({"width": width, "height": 480})  # the keyboard up
    game = stored_game()
    page.goto(game.get_absolute_url())
    hands = [
        ("John", {"Andy": 85, "Mark": 42, "Frank": 30}),
        ("Andy", {"Mark": 50, "John": 45, "Frank": 30}),
    ]
    for number, (winner, values) in enumerate(hands, 2):
        type_hand_and_press_go(page, winner, values)
        expect(page.locator("#hand-title")).to_have_text(re.compile(rf"^Hand {number}\b"))
        # Focused, so scrolled too: app.js's nextHand does both in one go.
        expect(page.locator("#hand-title")).to_be_focused()
        assert_winner_buttons_on_screen(page)
        look(page, f"next-hand-{width}-{number}")
    page.context.set_offline(True)  # a hand kept on the phone: the form is cleared, not swapped
    type_hand_and_press_go(page, "Frank", {"Andy": 12, "Mark": 20, "John": 33})
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))
    expect(page.locator("#hand-title")).to_be_focused()
    assert_winner_buttons_on_screen(page)
    look(page, f"next-hand-{width}-kept")


def test_a_player_dropped_out_on_the_phone_stays_out_of_the_form_when_the_winner_is_tapped(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    open_kept(page, game)
    signal.cut()
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 148})
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 10})
    page.locator("#offline-ask").get_by_role("button", name="Drop out").click()
    frank = page.locator('.value[data-player="Frank"]')
    expect(frank).to_be_hidden()
    page.locator("label.pick", has_text="Mark").click()
    expect(frank).to_be_hidden()
    expect(frank.locator("input")).to_be_disabled()
    go = page.locator(".value input[enterkeyhint=go]")
    expect(go).to_have_count(1)
    expect(go).to_be_visible()
    expect(go).to_have_id(page.locator('.value[data-player="John"] input').get_attribute("id"))


def test_void_hand_on_an_empty_form_asks_first(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    asked = []
    phone.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    phone.get_by_role("button", name="Void hand").click()
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 1 · "))
    assert asked == ["Void hand 1? It counts for no one (the stock ran out twice)."]
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Void hand").click()
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    assert Game.objects.get(pk=game.pk).ledger().hands[0].void


LINES_PER_TEXT = """() => Array.from(document.querySelectorAll('table.sheet td')).map(td => {
  const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
  let most = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
    most = Math.max(most, tops.size);
  }
  return [td.textContent.trim(), most];
})"""


def test_the_score_sheets_amounts_stay_on_one_line_at_360_px(phone):
    game = stored_game(hands=worked_hands()[:4])
    phone.set_viewport_size({"width": 360, "height": 780})
    phone.goto(f"/g/{game.edit_token}/sheet/")
    cells = phone.evaluate(LINES_PER_TEXT)
    assert any(text.startswith("+") for text, _ in cells)
    assert [text for text, lines in cells if lines > 1] == []
    look(phone, "sheet-360", full_page=True)


def test_a_north_american_strip_says_how_far_each_player_is_from_the_target(phone):
    game = family_game("north-american")
    phone.goto(game.get_absolute_url())
    expect(phone.locator(".strip .compact li").first).to_have_text("Ann 0 (1000 to go)")
