"""The table smoothed by a real game (issue 15), in Chromium at 390 by 844 and at 360 pixels,
light and dark: the standing in view, slips mended, every problem at once, the record whole."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, shoot
from tests.games.web import jamaica_with_penalties, stored_game, worked_hands

pytestmark = pytest.mark.browser

SIX = "Alexandra Bartholomew Christopher Evangelina Konstantinos Maximiliana"


def narrow(browser, live_server, scheme: str = "light", width: int = 360, js: bool = True):
    context = browser.new_context(
        viewport={"width": width, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
        color_scheme=scheme,
        java_script_enabled=js,
    )
    page = context.new_page()
    page.set_default_timeout(8000)
    return context, page


def fits(page, width: int) -> None:
    scrolled = page.evaluate("document.scrollingElement.scrollWidth")
    assert scrolled <= width, f"the page scrolls sideways: {scrolled}px"


def shoot_screen(page, name: str) -> None:
    """What the phone's screen shows (a full-page shot can't show what stays in view)."""
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def pick(page, name: str) -> None:
    page.locator("label.pick", has_text=name).click()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_standing_stays_in_view_while_the_values_are_typed(phone, scheme):
    game = stored_game(hands=worked_hands()[:2])
    phone.emulate_media(color_scheme=scheme)
    phone.goto(game.get_absolute_url())
    pick(phone, "John")
    phone.locator("#value-3").fill("30")  # the last value: the page has scrolled down to it
    strip = phone.locator(".strip")
    expect(strip).to_contain_text("Hand 3 · John deals")
    expect(strip).to_contain_text("Mark 92 (58 to go)")
    box = strip.bounding_box()
    assert box is not None and 0 <= box["y"] < 20, box  # stuck to the top of the screen
    assert phone.evaluate("window.scrollY") > 200
    shoot_screen(phone, f"strip-in-view-{scheme}")


def test_void_asks_first_when_values_are_typed(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    pick(phone, "John")
    phone.locator("#value-0").fill("85")
    phone.get_by_role("button", name="Void hand").click()
    expect(phone.locator("#void-ask")).to_contain_text("Values are typed for hand 1")
    expect(phone.get_by_role("button", name="Yes, void hand 1")).to_be_focused()
    expect(phone.locator("#value-0")).to_have_value("85")
    shoot_screen(phone, "void-asks")
    phone.get_by_role("button", name="Yes, void hand 1").click()
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2 · "))
    expect(phone.locator(".last")).to_contain_text("Last hand (1): void")


def test_undo_puts_the_hand_back_in_the_form_with_the_notice_in_view(phone):
    game = stored_game(hands=worked_hands()[:2])
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.goto(game.get_absolute_url())
    phone.get_by_role("button", name="Undo last hand (2)").click()
    notice = phone.locator(".notice.restored")
    expect(notice).to_have_text("Hand 2 undone — its values are back in the form.")
    expect(notice).to_be_focused()
    expect(notice).to_be_in_viewport()
    expect(phone.get_by_role("radio", name="Andy")).to_be_checked()
    expect(phone.locator("#value-1")).to_have_value("50")
    shoot_screen(phone, "undo-restores")
    phone.get_by_role("button", name="Record hand").click()  # a mistaken undo, taken back
    expect(phone.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3 · "))
    expect(phone.locator(".last")).to_contain_text("Last hand (2): Andy won")


def test_undo_without_javascript_brings_the_values_back_too(browser, live_server):
    game = stored_game(hands=worked_hands()[:2])
    context, page = narrow(browser, live_server, width=390, js=False)
    page.goto(game.get_absolute_url())
    page.get_by_role("button", name="Undo last hand (2)").click()
    expect(page.locator(".notice.restored")).to_be_in_viewport()
    expect(page.locator("#value-2")).to_have_value("45")
    expect(page.get_by_role("button", name="Count Mark's cards")).to_be_hidden()
    shoot_screen(page, "undo-restores-no-js")
    context.close()


def test_the_last_value_says_go_and_kalookie_keeps_the_typing_in_the_values(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    pick(phone, "Frank")  # the last seat wins: John's value is the last one shown
    hints = phone.locator(".value input:enabled").evaluate_all(
        "all => all.map(i => i.getAttribute('enterkeyhint'))"
    )
    assert hints == ["next", "next", "go"]
    phone.locator("#value-0").fill("85")
    phone.get_by_label("Kalookie").check()
    expect(phone.locator("#value-1")).to_be_focused()  # the first value still to type
    phone.keyboard.type("42")
    phone.keyboard.press("Enter")
    expect(phone.locator("#value-2")).to_be_focused()


def test_every_fields_problem_is_flagged_at_once(phone):
    game = stored_game()
    phone.goto(game.get_absolute_url())
    pick(phone, "John")
    phone.locator("#value-0").fill("149")
    phone.locator("#value-1").fill("1")
    phone.locator("#value-3").fill("abc")
    phone.get_by_role("button", name="Record hand").click()
    expect(phone.locator("[aria-invalid=true]")).to_have_count(3)
    expect(phone.locator("#value-0")).to_be_focused()
    shoot(phone, "every-problem-at-once")


def test_the_winners_penalty_points_are_flagged_in_view_with_the_losers_values(phone):
    game = stored_game("Ann Bob Cy", rules={"preset": "jamaica"}, stakes={"initial": "1"})
    phone.goto(game.get_absolute_url())
    pick(phone, "Ann")  # her value box is hidden: she won
    phone.locator("#value-1").fill("999")
    phone.locator("#value-2").fill("25")
    phone.locator("summary", has_text="Penalty points").click()
    phone.get_by_label("Ann: penalty points").fill("1001")
    phone.get_by_role("button", name="Record hand").click()
    expect(phone.locator("[aria-invalid=true]")).to_have_count(2)
    expect(phone.locator("#adjust-0-error")).to_be_visible()
    expect(phone.locator("#adjust-0-error")).to_contain_text("from -1000 to 1000, not 1001")
    expect(phone.locator("#value-1-error")).to_be_visible()
    shoot(phone, "penalty-points-flagged")
    from tests.browser.test_accessibility import serious_issues

    assert not serious_issues(phone)


def test_a_missing_buy_in_decision_after_an_edit_is_told_beside_its_control(phone):
    game = stored_game(hands=worked_hands()[:3])
    phone.goto(f"/g/{game.edit_token}/hands/2/edit/")
    phone.locator("#value-1").fill("120")
    phone.get_by_role("button", name="Save hand 2").click()
    select = phone.locator("#decision-1")
    expect(select).to_be_visible()
    expect(select).to_have_attribute("aria-invalid", "true")
    expect(phone.locator("#decision-1-error")).to_contain_text("no decision is recorded")
    shoot_screen(phone, "edit-decision-beside")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_penalty_points_show_on_the_sheet_and_the_table(phone, scheme):
    game = jamaica_with_penalties()
    phone.emulate_media(color_scheme=scheme)
    phone.goto(game.get_absolute_url())
    expect(phone.locator(".last")).to_contain_text("penalty points Cy +50 (Lost a challenge)")
    penalties = phone.locator("summary", has_text="Penalty points")
    assert penalties.evaluate("s => getComputedStyle(s, '::before').borderLeftWidth") != "0px"
    penalties.click()
    phone.get_by_role("combobox", name="Ann: add the points or take them off").select_option("-")
    shoot(phone, f"penalty-table-{scheme}")
    phone.get_by_role("link", name="Score sheet").click()
    expect(phone.locator("sup.note")).to_have_text("†1")
    expect(phone.locator("ul.notes")).to_have_text(
        "†1 Hand 2, Cy: +50 penalty points — Lost a challenge"
    )
    expect(phone.get_by_role("link", name="Edit hand 2")).to_contain_text("Edit")
    shoot(phone, f"penalty-sheet-{scheme}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_360_pixels_names_stay_whole_and_the_sheet_keeps_its_hand_column(
    browser, live_server, transactional_db, scheme
):
    names = SIX.split()
    hands = [{"winner": names[0], "penalties": {n: 30 + i for i, n in enumerate(names[1:])}}]
    hands += [{"winner": names[1], "penalties": {n: 20 for n in names if n != names[1]}}]
    game = stored_game(SIX, hands=hands)
    context, page = narrow(browser, live_server, scheme)
    page.goto(game.get_absolute_url())
    fits(page, 360)
    # A name's text sits on one line: no "Alexan/dra".
    lines = page.locator(".standings th[scope=row]").evaluate_all(
        """all => all.map(th => {
            const range = document.createRange();
            range.selectNodeContents(th.firstChild);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        })"""
    )
    assert lines == [1] * 6, lines
    shoot(page, f"standings-360-{scheme}")
    page.goto(f"/g/{game.edit_token}/sheet/")
    fits(page, 360)
    legend = page.locator("#points-title")
    scroller = page.locator(".scroll").first
    assert scroller.locator("#points-title").count() == 0
    expect(legend).to_be_in_viewport()
    scroller.evaluate("el => el.scrollLeft = 400")
    column = page.get_by_role("link", name="Edit hand 1")
    box, frame = column.bounding_box(), scroller.bounding_box()
    assert box is not None and frame is not None
    assert box["x"] >= frame["x"] - 1 and box["x"] < frame["x"] + 30, (box, frame)
    shoot(page, f"sheet-six-360-{scheme}")
    context.close()


def test_without_javascript_the_count_buttons_do_not_show(browser, live_server, transactional_db):
    game = stored_game()
    context, page = narrow(browser, live_server, width=390, js=False)
    page.goto(game.get_absolute_url())
    expect(page.locator("button.count")).to_have_count(4)
    expect(page.get_by_role("button", name="Count Andy's cards")).to_be_hidden()
    shoot(page, "no-js-table")
    context.close()


def test_stakes_use_the_decimal_keypad_and_typing_replaces_the_figure(phone):
    phone.goto("/new/")
    stake = phone.get_by_label("Call-up (each loser pays the winner)")
    expect(stake).to_have_attribute("inputmode", "decimal")
    stake.click()
    phone.keyboard.type("0.25")
    expect(stake).to_have_value("0.25")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_foldable_sections_carry_the_disclosure_marker(phone, scheme):
    game = stored_game(hands=worked_hands()[:2])
    phone.emulate_media(color_scheme=scheme)
    phone.goto(game.get_absolute_url())
    for name in ("Stop the game early", "Let the table watch", "Score on another phone"):
        marker = phone.locator("summary", has_text=name).evaluate(
            "s => getComputedStyle(s, '::before').borderLeftWidth"
        )
        assert marker != "0px", name
    summary = phone.locator("summary", has_text="Stop the game early")
    closed = summary.evaluate("s => getComputedStyle(s, '::before').transform")
    assert summary.evaluate("s => getComputedStyle(s, '::before').borderLeftWidth") != "0px"
    summary.click()
    opened = summary.evaluate("s => getComputedStyle(s, '::before').transform")
    assert closed != opened
    shoot(phone, f"disclosure-{scheme}")


def test_stopping_a_jamaica_game_early_the_leader_takes_the_pot(phone):
    game = jamaica_with_penalties(hands=1)
    phone.goto(game.get_absolute_url())
    phone.locator("summary", has_text="Stop the game early").click()
    expect(phone.locator(".stop p")).to_contain_text("or let the leader (Ann) take it?")
    shoot(phone, "stop-leader-offer")
    phone.get_by_role("button", name="Stop: the leader takes the pot").click()
    expect(phone.locator(".over")).to_contain_text("the leader, Ann, takes the pot of £3.00")
    expect(phone.locator(".over")).to_contain_text("Bob pays Ann £1.00")
    shoot(phone, "stop-leader-over")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_game_without_a_pot_stops_with_its_leader_named_and_no_pot_of_nothing(
    browser, live_server, transactional_db, scheme
):
    counts = {"Bob": {"cards": 3}, "Cy": {"cards": 2, "jokers": 1}}
    game = stored_game(
        "Ann Bob Cy",
        hands=[{"winner": "Ann", "counts": counts}],
        rules={"preset": "scarne"},
        stakes={"currency": "GBP", "per_point": "0.01"},
    )
    context, page = narrow(browser, live_server, scheme)
    page.goto(game.get_absolute_url())
    page.locator("summary", has_text="Stop the game early").click()
    expect(page.locator(".stop p")).to_have_text(
        "No pot was staked: the game ends as it stands, with Ann in the lead."
    )
    page.get_by_role("button", name="Stop the game", exact=True).click()
    over = page.locator(".over")
    expect(over).to_contain_text("The game was stopped early with Ann in the lead.")
    expect(page.locator(".standings .tag.lead")).to_have_text("leads")
    fits(page, 360)
    shoot(page, f"stop-without-a-pot-360-{scheme}")
    context.close()


def test_share_the_result_copies_it_where_there_is_no_share_sheet(browser, live_server):
    game = stored_game(hands=worked_hands())
    context, page = narrow(browser, live_server, width=390)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(game.get_absolute_url())
    page.evaluate("delete Navigator.prototype.share")
    page.get_by_role("button", name="Share the result").click()
    expect(page.locator(".shared")).to_have_text("Copied: paste it into the group chat.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Friday at Mark's: John wins the pool of £2.50.\n")
    assert "Mark pays John £1.60" in copied and game.share_url() in copied
    shoot(page, "share-result")
    page.get_by_role("link", name="New game with the same players").click()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Mark")
    expect(page.get_by_label("Player 4", exact=True)).to_have_value("Andy")
    shoot(page, "new-game-again")
    context.close()


def test_share_the_result_opens_the_phones_share_sheet_with_the_text_and_watch_link(phone):
    game = stored_game(hands=worked_hands())
    # The share sheet is the phone's own: the page is checked on what it hands to it.
    phone.add_init_script(
        "navigator.share = data => { window.shared = data; return Promise.resolve(); };"
    )
    phone.goto(game.get_absolute_url())
    phone.get_by_role("button", name="Share the result").click()
    shared = phone.wait_for_function("window.shared").json_value()
    assert shared["title"] == "Friday at Mark's"
    assert shared["text"].startswith("Friday at Mark's: John wins the pool of £2.50.\n")
    assert "Andy -£0.70, Mark -£1.60, John +£3.00, Frank -£0.70" in shared["text"]
    assert "Mark pays John £1.60" in shared["text"]
    assert shared["url"].endswith(game.share_url())


def test_the_scoring_code_waits_behind_a_warning(phone):
    game = stored_game(hands=worked_hands()[:1])
    phone.goto(game.get_absolute_url())
    phone.locator("summary", has_text="Score on another phone").click()
    expect(phone.locator(".handover")).to_contain_text("lets that phone record, undo and delete")
    phone.get_by_role("button", name="Show the scoring code").click()
    expect(phone.get_by_role("img", name="QR code of the scoring link")).to_be_in_viewport()
    shoot(phone, "score-on-another-phone")
    phone.set_viewport_size({"width": 360, "height": 740})
    fits(phone, 360)  # the scoring link written out breaks rather than pushing the page wide


def test_home_lists_dates_and_removes_a_game_from_this_phone(phone):
    game = stored_game(title="", played_on="2026-11-20")
    phone.goto(game.get_absolute_url())
    phone.goto("/")
    expect(phone.locator("ul.games")).to_contain_text("Andy, Mark, John and Frank · 20 Nov 2026")
    shoot(phone, "home-dates")
    phone.get_by_role("button", name=re.compile("^Remove")).click()
    expect(phone.locator("ul.games")).to_have_count(0)


def test_the_date_played_is_changed_on_the_score_sheet(phone):
    game = stored_game(hands=worked_hands()[:1])
    phone.goto(f"/g/{game.edit_token}/sheet/")
    phone.get_by_label("Played on").fill("2026-11-20")
    phone.get_by_role("button", name="Change the date").click()
    expect(phone.locator(".messages")).to_contain_text("The game's date is now 20 Nov 2026.")
    shoot(phone, "sheet-date")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_new_states_have_no_serious_accessibility_issue(phone, scheme):
    from tests.browser.test_accessibility import serious_issues

    phone.emulate_media(color_scheme=scheme)
    jamaica = jamaica_with_penalties(stakes={"initial": "1"})
    found = {}
    for url in (f"/g/{jamaica.edit_token}/sheet/", jamaica.get_absolute_url() + "?handover=1"):
        phone.goto(url)
        phone.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
        found[url] = serious_issues(phone)
    game = stored_game()
    phone.goto(game.get_absolute_url())
    pick(phone, "John")
    phone.locator("#value-0").fill("85")
    phone.get_by_role("button", name="Void hand").click()
    expect(phone.locator("#void-ask")).to_be_visible()
    found["void asked"] = serious_issues(phone)
    assert not any(found.values()), found


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_no_page_of_a_game_scrolls_sideways_at_360_pixels_in_dark(
    browser, live_server, transactional_db, js
):
    over = stored_game(hands=worked_hands())
    jamaica = jamaica_with_penalties(title="")
    names = SIX.split()
    six = stored_game(SIX, hands=[{"winner": names[0], "penalties": dict.fromkeys(names[1:], 20)}])
    context, page = narrow(browser, live_server, "dark", js=js)
    urls = [
        over.get_absolute_url(),
        over.share_url(),
        f"/new/?again={over.edit_token}",
        jamaica.get_absolute_url() + "?handover=1",
        jamaica.share_url(),
        f"/g/{jamaica.edit_token}/sheet/",
        f"/g/{jamaica.edit_token}/hands/2/edit/",
        six.get_absolute_url(),
        "/",
    ]
    wide = {}
    for url in urls:
        page.goto(url)
        page.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > 360:
            wide[url] = width
    context.close()
    assert not wide, wide
