"""What a real table tripped over (issue 35), on a phone 360 px wide: the hand-over after hands
recorded on the page, a figure corrected by typing over it, the outbox sending as soon as the
signal is back, an offline undo's values, and the worker leaving a deleted hand's page alone."""

import re
import time

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import look
from tests.browser.test_offline import HANDS, open_kept, record, server_hands
from tests.games.web import stored_game

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 780}


def narrow_phone(browser, base_url: str, **options):
    context = browser.new_context(
        viewport=NARROW,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=base_url,
        **options,
    )
    page = context.new_page()
    page.set_default_timeout(8000)
    return page


@pytest.fixture
def phone(browser, live_server, transactional_db):
    page = narrow_phone(browser, live_server.url)
    yield page
    page.context.close()


@pytest.fixture
def phone_on_signal(browser, signal):
    page = narrow_phone(browser, signal.url)
    yield page
    page.context.close()


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_the_hand_over_works_on_the_first_tap_after_hands_recorded_on_the_page(phone):
    game = stored_game()
    page = phone
    page.goto(game.get_absolute_url())
    for winner, values in HANDS[:2]:
        record(page, winner, values)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))
    shown = page.locator("#live").get_attribute("data-version")
    # Every form of the page names the version the table now shows, the hand-over's too.
    versions = page.locator("input[name=version]")
    assert versions.count() >= 3
    assert set(versions.evaluate_all("inputs => inputs.map(i => i.value)")) == {shown}

    page.locator("#handover summary").click()
    page.get_by_role("button", name="Hand over the scoring").click()
    expect(page.locator("#handed-over-title")).to_be_visible()
    assert "Nothing was saved" not in page.locator("main").inner_text()
    assert Game.objects.get(pk=game.pk).edit_token != game.edit_token
    no_sideways_scroll(page)
    look(page, "i35-handed-over-after-hands")


def test_each_form_of_the_table_names_the_version_it_shows_after_hands(phone):
    game = stored_game()
    page = phone
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(game.get_absolute_url())
    record(page, *HANDS[0])
    record(page, *HANDS[1])
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))
    # Undo, then the stop: each right away, each accepted on its first tap.
    page.get_by_role("button", name="Undo last hand (2)").click()
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))
    page.locator("details.stop summary").click()
    page.get_by_role("button", name="Stop and split").click()
    expect(page.locator("#over-title")).to_have_text("Game over")
    assert Game.objects.get(pk=game.pk).stopped == "split"
    assert len(server_hands(game)) == 1


def test_a_figure_is_selected_when_tapped_so_typing_replaces_it(phone):
    first = {"winner": "John", "penalties": {"Andy": 50, "Mark": 42, "Frank": 30}}
    game = stored_game(hands=[first])
    page = phone
    page.goto(game.get_absolute_url())
    page.locator("label.pick", has_text="Andy").click()
    mark = page.locator('.value[data-player="Mark"] input')
    mark.fill("50")
    page.locator('.value[data-player="John"] input').tap()
    mark.tap()
    page.keyboard.type("5")
    expect(mark).to_have_value("5")

    page.goto(f"/g/{game.edit_token}/hands/1/edit/")
    andy = page.locator('.value[data-player="Andy"] input')
    expect(andy).to_have_value("50")
    andy.tap()
    page.keyboard.type("5")
    expect(andy).to_have_value("5")
    no_sideways_scroll(page)


SENT_BACK = 2.0  # s: the outbox sends within this of the signal's return


def test_kept_hands_are_sent_within_2_s_of_the_signal_coming_back(phone_on_signal, signal):
    game = stored_game()
    page = phone_on_signal
    open_kept(page, game)
    record(page, *HANDS[0])
    expect(page.locator("#signal")).to_have_text(re.compile(r": saved$"))
    signal.cut()
    record(page, *HANDS[1])
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    page.wait_for_timeout(10_000)  # tried and failed a few times: the next try is 12 s away
    page.context.set_offline(True)  # the phone notices it has no network

    signal.restore()
    page.context.set_offline(False)  # and its network back: Chromium says "online"
    back = time.monotonic()
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=10_000)
    assert time.monotonic() - back <= SENT_BACK
    assert len(server_hands(game)) == 2

    # Cut again, back without the browser noticing: the page looked at again sends at once.
    signal.cut()
    record(page, *HANDS[2])
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    page.wait_for_timeout(10_000)
    signal.restore()
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    back = time.monotonic()
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=10_000)
    assert time.monotonic() - back <= SENT_BACK
    assert len(server_hands(game)) == 3
