"""The table on a phone: whole flows driven in Chromium at 390 by 844."""

import re

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from kalooki_ledger.games import commands
from tests.browser.conftest import shoot
from tests.games.web import over_limit_hands, stored_game, worked_hands

pytestmark = pytest.mark.browser


def record(page, winner: str, **values: int) -> None:
    """Fills the hand form as the scorer would: tap the winner, type each other value."""
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.get_by_role("button", name="Record hand").click()


def test_a_whole_game_from_new_game_to_settle_up(phone):
    page = phone
    # A Content-Security-Policy violation (inline script or style) shows up as a console error.
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/")
    page.get_by_role("link", name="New game").click()
    for i, name in enumerate(["Andy", "Mark", "John", "Frank"], 1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_label("Title").fill("Friday at Mark's")
    shoot(page, "new-game")
    page.get_by_role("button", name="Start the game").click()

    expect(page.locator(".status")).to_contain_text("Hand 1 · Andy deals · Mark plays first")
    record(page, "John", Andy=85, Mark=42, Frank=30)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    expect(page.locator("#hand-title")).to_be_focused()
    record(page, "Andy", Mark=50, John=45, Frank=30)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    page.get_by_label("Kalookie").check()
    record(page, "John", Andy=38, Mark=53, Frank=40)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4 · "))
    shoot(page, "table")
    record(page, "Frank", Andy=4, Mark=30, John=53)

    expect(page.locator(".ask")).to_have_text(
        "Mark is on 175 — buy in for £0.50 and go back to 127?"
    )
    expect(page.get_by_role("button", name="Record hand")).to_have_count(0)
    shoot(page, "buy-in")
    page.get_by_role("button", name="Buy in").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 5 · "))
    record(page, "John", Andy=29, Mark=71, Frank=60)

    expect(page.locator("#over-title")).to_have_text("Game over")
    expect(page.locator(".over")).to_contain_text("John wins the pool of £2.50.")
    page.get_by_label("Mark pays John").check()
    expect(page.get_by_label("Mark pays John")).to_be_checked()
    shoot(page, "game-over")
    page.reload()
    expect(page.get_by_label("Mark pays John")).to_be_checked()

    page.get_by_role("link", name="Score sheet").click()
    expect(page.locator("td.kalookie")).to_have_text("*K 45")
    expect(page.locator("td.buy-in")).to_have_text("(127)")
    shoot(page, "score-sheet")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors
    page.goto("/")
    expect(page.locator("ul.games")).to_contain_text("Friday at Mark's")
    shoot(page, "home")


def test_a_bad_value_is_refused_beside_its_field_and_kept(phone):
    game = stored_game()
    page = phone
    page.goto(game.get_absolute_url())
    record(page, "John", Andy=149, Mark=42, Frank=30)
    field = page.locator("#value-0")
    expect(page.locator("#value-0-error")).to_have_text(
        "No 13-card hand is worth more than 148 (entered 149)"
    )
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_value("149")
    expect(field).to_be_focused()
    expect(page.locator("#value-1")).to_have_value("42")
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 1 · "))
    shoot(page, "refused-value")


def test_a_full_database_says_nothing_was_saved_and_the_form_keeps_what_was_typed(
    phone, monkeypatch
):
    game = stored_game(hands=worked_hands()[:1])
    page = phone
    page.goto(game.get_absolute_url())

    def disk_full(*args, **kwargs):
        raise OperationalError("database or disk is full")

    with monkeypatch.context() as full:
        full.setattr(commands, "apply", disk_full)  # the live server runs in this process
        record(page, "Andy", Mark=50, John=45, Frank=30)
        note = page.locator("#live #fault")
        expect(note).to_contain_text("Nothing was saved")
        expect(page.get_by_role("radio", name="Andy")).to_be_checked()
        expect(page.locator('.value[data-player="Mark"] input')).to_have_value("50")
        expect(page.locator('.value[data-player="Frank"] input')).to_have_value("30")
        expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    page.get_by_role("button", name="Record hand").click()  # the disk has room again
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    expect(page.locator(".last")).to_contain_text("Last hand (2): Andy won")


def test_the_card_counter_fills_in_the_value(phone):
    game = stored_game()
    page = phone
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Count Andy's cards").click()
    counter = page.locator('.value[data-player="Andy"] .counter')
    for rank in ("A", "K", "Joker", "7"):
        counter.get_by_role("button", name=rank, exact=True).click()
    expect(page.locator("#value-0")).to_have_value("43")
    expect(counter.locator(".tally")).to_have_text("A + K + Joker + 7 = 43")
    counter.get_by_role("button", name="Take back the last card").click()
    expect(page.locator("#value-0")).to_have_value("36")


def test_the_card_counter_still_works_after_a_buy_in_swaps_the_form_in(phone):
    # The page opens on the buy-in question, so the hand form (and its Count buttons) only
    # arrives in the htmx fragment; the counter's keys sit outside it.
    game = stored_game(hands=over_limit_hands())
    page = phone
    page.goto(game.get_absolute_url())
    expect(page.get_by_role("button", name="Record hand")).to_have_count(0)
    page.get_by_role("button", name="Buy in").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 5 · "))
    page.get_by_role("button", name="Count Mark's cards").click()
    counter = page.locator('.value[data-player="Mark"] .counter')
    for rank in ("Q", "5"):
        counter.get_by_role("button", name=rank, exact=True).click()
    expect(page.locator("#value-1")).to_have_value("15")


def test_undo_takes_back_the_last_hand(phone):
    game = stored_game(hands=worked_hands()[:2])
    page = phone
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(game.get_absolute_url())
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    page.get_by_role("button", name="Undo last hand (2)").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    expect(page.locator(".standings tbody tr").first).to_contain_text("85")


def test_an_edit_that_conflicts_with_later_hands_is_explained(phone):
    game = stored_game(hands=worked_hands())
    page = phone
    page.goto(f"/g/{game.edit_token}/hands/2/edit/")
    page.locator('.value[data-player="Frank"] input').fill("148")
    page.locator("summary", has_text="Buy-in decisions").click()
    page.locator('select[name="decision-3"]').select_option("out")
    shoot(page, "edit-hand")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.locator(".messages")).to_contain_text("It conflicts with hand(s) 3, 4, 5")
    expect(page.locator("tr.conflict")).to_have_count(3)
    expect(page.locator("tr.conflict").first).to_contain_text(
        "Frank is out of the game after hand 2 and has no hand value any more"
    )
    shoot(page, "edit-conflict")


def test_the_watch_page_follows_a_new_hand_without_reloading(phone, second_phone):
    game = stored_game(hands=worked_hands()[:1])
    watcher = second_phone
    watcher.goto(game.share_url())
    watcher.evaluate("window.stillTheSamePage = true")
    expect(watcher.locator(".standings")).not_to_contain_text("92")
    expect(watcher.locator("form")).to_have_count(0)
    expect(watcher.locator("button")).to_have_count(0)

    phone.goto(game.get_absolute_url())
    phone.locator("summary", has_text="Let the table watch").click()
    expect(phone.get_by_role("img", name="QR code of the watch link")).to_be_visible()
    shoot(phone, "table-with-share")
    record(phone, "Andy", Mark=50, John=45, Frank=30)
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))

    expect(watcher.locator(".standings")).to_contain_text("92", timeout=6000)
    expect(watcher.locator(".last")).to_have_text(re.compile(r"Last hand \(2\): Andy won"))
    assert watcher.evaluate("window.stillTheSamePage") is True
    shoot(watcher, "watch")


def test_the_rules_card_is_a_tap_away(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    phone.get_by_role("link", name="Rules card").click()
    expect(phone.locator("h1")).to_have_text("Rules: British club")
    shoot(phone, "rules-card")


def test_enter_moves_on_to_the_next_players_value(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    phone.locator("label.pick", has_text="Mark").click()
    expect(phone.locator("#value-0")).to_be_focused()
    expect(phone.locator("#value-1")).to_be_disabled()
    phone.keyboard.type("12")
    phone.keyboard.press("Enter")
    expect(phone.locator("#value-2")).to_be_focused()
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 1 · "))


def test_a_hand_is_recorded_with_javascript_off(browser, live_server, transactional_db):
    game = stored_game()
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(live_server.url + game.get_absolute_url())
    page.get_by_role("radio", name="John").check()
    page.locator("#value-0").fill("85")
    page.locator("#value-1").fill("42")
    page.locator("#value-3").fill("30")
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    expect(page.locator(".standings")).to_contain_text("85")
    context.close()


@pytest.mark.parametrize("url_of", ["table", "sheet", "new"])
def test_nothing_scrolls_sideways_at_360_pixels_with_six_long_names(
    browser, live_server, transactional_db, url_of
):
    names = "Bartholomew Maximiliana Christopher Alexandrina Konstantinos Evangelina"
    hands = [{"winner": "Bartholomew", "penalties": {n: 148 for n in names.split()[1:]}}]
    game = stored_game(names, hands=hands)
    url = {
        "table": game.get_absolute_url(),
        "sheet": f"/g/{game.edit_token}/sheet/",
        "new": "/new/",
    }[url_of]
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(live_server.url + url)
    page.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()


def test_the_scorer_names_this_phone_for_the_history(phone):
    game = stored_game(hands=worked_hands()[:2])
    phone.goto(f"/g/{game.edit_token}/sheet/")
    phone.locator("summary", has_text="History of changes").click()
    phone.get_by_label(re.compile("Name it for the changes")).fill("Mark's phone")
    phone.get_by_role("button", name="Name this phone").click()
    expect(phone.locator(".messages")).to_contain_text("now show as “Mark's phone”")
    expect(phone.locator("#history label")).to_contain_text("This phone shows as “Mark's phone”")
    shoot(phone, "phone-name")


def test_the_dark_theme_follows_the_phone(phone):
    game = stored_game(hands=worked_hands()[:3])
    phone.emulate_media(color_scheme="dark")
    phone.goto(game.get_absolute_url())
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(17, 20, 23)"
    shoot(phone, "table-dark")
    phone.goto(f"/g/{game.edit_token}/sheet/")
    shoot(phone, "score-sheet-dark")


def test_the_new_game_form_shows_what_each_preset_sets(phone):
    phone.goto("/new/")
    phone.locator("summary", has_text="Change a rule").click()
    expect(phone.get_by_label("Limit")).to_have_attribute("placeholder", "150 (preset)")
    phone.locator("label.choice", has_text="Three decks").click()
    expect(phone.get_by_label("Limit")).to_have_attribute("placeholder", "301 (preset)")
    expect(phone.get_by_label("A joker in hand counts")).to_have_attribute(
        "placeholder", "25 (preset)"
    )
    expect(phone.locator("#id_max_buy_ins option").first).to_have_text("As the preset (2)")
