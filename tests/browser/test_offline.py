"""At a table without signal: the table kept on the phone, the outbox, and the watchers' view
of how fresh the scores are, in Chromium with the phone set offline and back online."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import clock_held, later, new_phone, shoot
from tests.games.web import family_game, stored_game

pytestmark = pytest.mark.browser

HANDS = [
    ("John", {"Andy": 85, "Mark": 42, "Frank": 30}),
    ("Andy", {"Mark": 50, "John": 45, "Frank": 30}),
    ("Frank", {"Andy": 12, "Mark": 20, "John": 33}),
]


def record(page, winner: str, values: dict[str, int]) -> None:
    # A hand typed while the last one's answer is still arriving would be typed into the old form.
    until(page, "!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.locator("label.pick", has_text=winner).click()
    for name, value in values.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.get_by_role("button", name="Record hand").click()


def server_hands(game: Game) -> list[dict]:
    return Game.objects.get(pk=game.pk).to_json()["hands"]


def as_recorded(winner: str, values: dict[str, int]) -> dict:
    return {"winner": winner, "penalties": values}


def until(page, script: str, frames: int = 1800) -> None:
    """Waits until `script` (an expression, or a promise of one) is true in the page, trying it
    once a frame as wait_for_function does, which the site's CSP forbids (it evaluates a string).
    Generous: a busy CI machine may take a while to install the worker (1800 frames, 30 s)."""
    found = page.evaluate(
        "async frames => { for (let i = 0; i < frames; i++) {"
        f" if (await ({script})) {{ return true; }}"
        " await new Promise(requestAnimationFrame); } return false; }",
        frames,
    )
    assert found, f"never true: {script}"


def open_kept(page, game: Game) -> None:
    """Opens the table online and waits until the worker controls it and has kept it."""
    page.goto(game.get_absolute_url())
    until(page, "navigator.serviceWorker.controller !== null")
    until(page, "caches.open('kalooki-pages').then(c => c.keys()).then(k => k.length >= 3)")


def kept_offline(page, game: Game | None = None) -> Game:
    """The table opened and kept on the phone, then the signal lost; returns its game."""
    game = game or stored_game()
    open_kept(page, game)
    page.context.set_offline(True)
    return game


def back_online(page) -> None:
    """The signal back, and the page sent its 'online' event now, not whenever Chromium does."""
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


def test_three_hands_recorded_offline_reach_the_server_once_each_in_order(phone):
    page = phone
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game = kept_offline(page)
    for winner, values in HANDS:
        record(page, winner, values)
    expect(page.locator("#outbox h2")).to_have_text("3 hands not sent yet")
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))
    expect(page.locator("#outbox li").first).to_contain_text("Hand 1: John won")
    expect(page.locator("#outbox li.queued")).to_have_count(3)
    expect(page.locator("#outbox li").first).to_contain_text("not sent — will retry")
    shoot(page, "offline-outbox")

    page.reload()
    expect(page.locator("#offline")).to_contain_text("offline — showing the table as of ")
    expect(page.locator("#outbox h2")).to_have_text("3 hands not sent yet")
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))
    shoot(page, "offline-reloaded")
    assert server_hands(game) == []

    back_online(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    expect(page.locator("#outbox li.saved")).to_have_count(3)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))
    expect(page.locator(".status")).to_contain_text("Hand 4")
    assert server_hands(game) == [as_recorded(w, v) for w, v in HANDS]
    assert not errors


def test_penalty_points_taken_off_and_a_lost_challenge_offline_reach_the_server_as_typed(phone):
    page = phone
    game = kept_offline(page, family_game("trinidad"))
    page.locator("label.pick", has_text="Ann").click()
    for name, value in {"Bob": 30, "Cy": 12}.items():
        page.locator(f'.value[data-player="{name}"] input').fill(str(value))
    page.locator("details.adjustments summary").click()
    page.locator('[name="sign-1"]').select_option("-")
    page.locator('[name="adjust-1"]').fill("20")
    page.locator('[name="reason-1"]').fill("Rebate")
    page.locator('[name="challenge-2"]').check()
    page.get_by_role("button", name="Record hand").click()
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    assert server_hands(game) == []

    back_online(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    hand = server_hands(game)[0]
    assert hand["adjustments"] == {"Bob": -20, "Cy": 50}
    assert hand["reason"] == {"Bob": "Rebate", "Cy": "Lost a challenge"}


def post_hand(game: Game, number: int, winner: str, values: dict[str, int]) -> None:
    """Another phone (here the API) records a hand meanwhile."""
    from django.test import Client

    from tests.games.web import new_key

    body = {"number": number, **as_recorded(winner, values)}
    answer = Client().post(
        f"/api/v1/games/{game.edit_token}/hands",
        body,
        content_type="application/json",
        headers={"Idempotency-Key": new_key()},
    )
    assert answer.status_code == 201, answer.content


def test_a_hand_whose_answer_was_lost_is_sent_again_and_stored_once(phone):
    game = stored_game()
    page = phone
    lost = []

    def lose_the_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server gets it and stores it…
        lost.append(route.request.post_data)
        route.abort()  # …and the phone never hears back

    page.route("**/hands/", lose_the_answer)
    page.goto(game.get_absolute_url())
    record(page, *HANDS[0])
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    expect(page.locator("#signal")).to_have_text(
        "Hand 1: John won — Andy 85, Mark 42, Frank 30: saved"
    )
    assert len(lost) == 1
    assert server_hands(game) == [as_recorded(*HANDS[0])]
    assert Game.objects.get(pk=game.pk).changes.count() == 1
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))


def test_a_conflict_during_the_flush_shows_both_versions_and_drops_nothing(phone):
    page = phone
    game = kept_offline(page)
    record(page, *HANDS[0])
    record(page, *HANDS[1])
    post_hand(game, 1, *HANDS[2])  # another phone scored hand 1 meanwhile

    back_online(page)
    conflict = page.locator("#outbox li.conflict")
    expect(conflict).to_contain_text(
        "On this phone: Hand 1: John won — Andy 85, Mark 42, Frank 30."
    )
    expect(conflict).to_contain_text(
        "On the server now: Hand 1: Frank won — Andy 12, Mark 20, John 33."
    )
    expect(page.locator("#outbox h2")).to_have_text("2 hands not sent yet")
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    expect(page.locator(".status")).to_contain_text("Hand 2 · Mark deals")
    shoot(page, "offline-conflict")
    page.reload()
    expect(page.locator("#outbox li.conflict")).to_have_count(1)
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    assert server_hands(game) == [as_recorded(*HANDS[2])]

    page.get_by_role("button", name="Send it as hand 2").click()
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    assert server_hands(game) == [as_recorded(*h) for h in (HANDS[2], HANDS[0], HANDS[1])]


def test_a_conflicting_hand_is_dropped_only_when_the_scorer_says_so(phone):
    page = phone
    game = kept_offline(page)
    record(page, *HANDS[0])
    post_hand(game, 1, *HANDS[2])
    back_online(page)
    expect(page.locator("#outbox li.conflict")).to_have_count(1)

    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Drop it").click()
    expect(page.locator("#outbox li.conflict")).to_have_count(1)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Drop it").click()
    expect(page.locator("#outbox")).to_be_hidden()
    assert server_hands(game) == [as_recorded(*HANDS[2])]
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))


def test_the_watch_page_says_how_fresh_it_is_and_catches_up_by_itself(
    browser, live_server, transactional_db
):
    game = stored_game()
    page = new_phone(browser, live_server.url)
    freshness = page.locator("#freshness")
    with clock_held(page):  # the phone's timers and Date move only as the test moves them
        # Behind the server's clock: its first answer sets the skew, so the count starts at 0.
        page.clock.set_system_time(page.evaluate("Date.now()") / 1000 - 5)
        # The page asks the server's time once it opens: heard before the clock moves on.
        with page.expect_response(lambda answer: "?v=" in answer.url) as asked:
            page.goto(game.share_url())
        asked.value.finished()
        expect(freshness).to_have_text("updated 0 s ago")
        later(page, seconds=2)
        expect(freshness).to_have_text("updated 2 s ago")

        page.context.set_offline(True)
        # Ten seconds past the newest answer (offline.js STALE): the polls in them fail, or the
        # browser's cache answers them with the Date it kept.
        later(page, seconds=10)
        expect(freshness).to_contain_text("offline, last update ")
        shoot(page, "watch-reconnecting")
        post_hand(game, 1, *HANDS[0])

        # The phone's clock back where it was: the server's Dates are real time.
        page.clock.set_system_time(page.evaluate("Date.now()") / 1000 - 12)
    page.context.set_offline(False)
    # Its own polls (every 3 s) bring it up to date: the first may be the browser's kept answer,
    # which it refreshes for the next (stale-while-revalidate).
    expect(page.locator(".status")).to_contain_text("Hand 2", timeout=8000)
    expect(freshness).to_contain_text("updated ")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_kept_hands_and_a_conflict_read_well_at_360_px_light_and_dark(phone, scheme):
    from tests.browser.test_accessibility import serious_issues

    page = phone
    page.set_viewport_size({"width": 360, "height": 780})
    page.emulate_media(color_scheme=scheme)
    game = kept_offline(page)
    record(page, *HANDS[0])
    record(page, *HANDS[1])
    post_hand(game, 1, *HANDS[2])
    page.reload()
    expect(page.locator("#offline")).to_be_visible()
    shoot(page, f"offline-kept-360-{scheme}")
    assert not serious_issues(page)
    back_online(page)
    expect(page.locator("#outbox li.conflict")).to_have_count(1)
    # The table below is refreshed to the server's: no longer the copy kept offline.
    expect(page.locator(".status")).to_contain_text("Hand 2 · Mark deals")
    expect(page.locator("#offline")).to_be_hidden()
    shoot(page, f"offline-conflict-360-{scheme}")
    assert not serious_issues(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def frank_over_the_limit_offline(page) -> Game:
    """Two hands kept without signal, the second putting Frank on 158: over 150."""
    game = kept_offline(page)
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 148})
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 10})
    return game


def test_a_hand_kept_offline_that_puts_a_player_over_asks_the_buy_in_on_the_phone(phone):
    page = phone
    game = frank_over_the_limit_offline(page)
    ask = page.locator("#offline-ask")
    expect(ask).to_contain_text("Frank is on 158 — buy in for £0.50 and go back to 85?")
    expect(page.locator("form.hand")).to_be_hidden()
    ask.get_by_role("button", name="Drop out").click()
    expect(page.locator("#offline-ask")).to_have_count(0)
    expect(page.locator('.value[data-player="Frank"]')).to_be_hidden()
    record(page, "Mark", {"Andy": 5, "John": 7})
    expect(page.locator("#outbox li.queued")).to_have_count(4)

    back_online(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    hands = server_hands(game)
    assert [h["winner"] for h in hands] == ["John", "Andy", "Mark"]
    assert hands[1]["buy_ins"] == {"Frank": False}
    assert hands[2]["penalties"] == {"Andy": 5, "John": 7}


def test_a_buy_in_answered_offline_puts_the_player_back_at_the_highest_total_within(phone):
    page = phone
    game = frank_over_the_limit_offline(page)
    page.locator("#offline-ask").get_by_role("button", name="Buy in").click()
    record(page, "Mark", {"Andy": 5, "John": 7, "Frank": 9})
    expect(page.locator("#offline-ask")).to_have_count(0)

    back_online(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    assert server_hands(game)[1]["buy_ins"] == {"Frank": True}
    frank = Game.objects.get(pk=game.pk).ledger().standing("Frank")
    assert (frank.total, frank.buy_ins) == (85 + 9, 1)


def test_online_the_line_above_the_table_says_saved_or_not_saved_once_the_answer_comes(phone):
    # htmx tells a parent of the form it replaced: the line must not stay on "sending…".
    game = stored_game()
    phone.goto(game.get_absolute_url())
    record(phone, "John", {"Andy": 85, "Mark": 42, "Frank": 999})
    expect(phone.locator(".signal")).to_have_text(
        "Hand 1: John won — Andy 85, Mark 42, Frank 999: not saved — see below"
    )
    phone.locator('.value[data-player="Frank"] input').fill("30")
    phone.get_by_role("button", name="Record hand").click()
    expect(phone.locator(".signal")).to_have_text(
        "Hand 1: John won — Andy 85, Mark 42, Frank 30: saved"
    )
    assert len(server_hands(game)) == 1
