"""Time to record a hand, counted in a thumb's movements: the taps and keystrokes of a
four-player hand, typed as numbers and counted card by card, until the next hand's form shows.
docs/time-to-record.md gives the figures; no change may make a hand take more. How many
milliseconds it takes is `make bench`'s, not a test's."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from tests.games.web import stored_game, stored_ledger

pytestmark = pytest.mark.browser


class Scorer:
    """Drives the page as a thumb and counts what it does."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1

    def type(self, text: str) -> None:
        for key in text:
            self.page.keyboard.press("Enter" if key == "\n" else key)
            self.keys += 1


def test_a_hand_typed_as_numbers_takes_one_tap_and_nine_keystrokes(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    scorer = Scorer(phone)
    scorer.tap(phone.locator("label.pick", has_text="John"))  # focus moves to Andy's value
    scorer.type("85\n42\n30\n")  # Next, Next, then Go on the last value records the hand
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    assert (scorer.taps, scorer.keys) == (1, 9)
    assert [s.total for s in stored_ledger(game).standings] == [85, 42, 0, 30]


def test_a_hand_counted_card_by_card_takes_a_tap_a_card(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    scorer = Scorer(phone)
    hands = {"Andy": ["K", "Q", "5"], "Mark": ["A", "Joker"], "Frank": ["9", "9", "2"]}
    scorer.tap(phone.locator("label.pick", has_text="John"))
    for name, cards in hands.items():
        scorer.tap(phone.get_by_role("button", name=f"Count {name}'s cards"))
        counter = phone.locator(f'.value[data-player="{name}"] .counter')
        for rank in cards:
            scorer.tap(counter.get_by_role("button", name=rank, exact=True))
    scorer.tap(phone.get_by_role("button", name="Record hand"))
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    # The winner, a Count button per loser, a tap a card, Record: 1 + 3 + 8 + 1.
    assert (scorer.taps, scorer.keys) == (13, 0)
    assert [s.total for s in stored_ledger(game).standings] == [25, 26, 0, 20]


def test_a_stake_is_typed_with_no_default_to_clear_first(browser, live_server, transactional_db):
    from kalooki_ledger.games.models import Game
    from tests.browser.conftest import look, new_phone

    page = new_phone(browser, live_server.url, locale="sv-SE")
    page.goto("/new/")
    for i, name in enumerate(("Ann", "Bob"), 1):
        page.locator(f'input[name="player_{i}"]').fill(name)
    stake = page.locator('input[name="call_up"]')
    expect(stake).to_have_value("")
    expect(stake).to_have_attribute("placeholder", "0,10")
    scorer = Scorer(page)
    scorer.tap(stake)
    scorer.type("0,50")  # no backspace: the field is empty, its default only shown
    assert scorer.keys == 4
    look(page, "new-game-stakes", full_page=True)
    page.locator("form.new-game button[type=submit]").click()
    expect(page.locator("#hand-title")).to_be_visible()
    game = Game.objects.get()
    assert (game.call_up, game.kalookie, game.buy_in) == (
        Decimal("0.50"),  # as typed
        Decimal("0.20"),  # left empty: the default
        Decimal("0.50"),
    )
    page.context.close()
