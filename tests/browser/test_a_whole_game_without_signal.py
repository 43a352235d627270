"""Whole games as a table without signal plays them: hands online first, then every kind of
command kept on the phone with the network cut for real (the proxy stopped), a hand-over in the
middle, a second scoring phone that scores the same deal, and the end of the game settled
without signal. The server must hold exactly one history, the one intended."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import Signal, look, new_phone
from tests.browser.test_offline import open_kept, record, server_hands
from tests.browser.test_signal_lost import SENT_BACK
from tests.games.web import family_game, stored_game

pytestmark = pytest.mark.browser


def saved(page) -> None:
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)


def hand(winner: str, values: dict[str, int], **extra) -> dict:
    return {"winner": winner, "penalties": values, **extra}


def play(page, *hands) -> None:
    for winner, values in hands:
        record(page, winner, values)


def undo(page) -> None:
    """A hand taken back without signal; its values are back in the form before the scorer
    types the next hand (a hand typed sooner could be overwritten by them)."""
    page.locator('#live form[action$="/undo/"] button').click()
    expect(page.locator("form.hand .notice.restored")).to_be_visible()


def void(page) -> None:
    page.get_by_role("button", name="Void hand").click()


def hand_over(page, browser, signal) -> tuple:
    """The scoring goes to a new phone; the old one watches from its next page on."""
    page.locator("summary", has_text="Score on another phone").click()
    page.get_by_role("button", name="Hand over the scoring").click()
    link = page.locator(".handed-over a[rel=nofollow]").inner_text()
    new = new_phone(browser, signal.url)
    new.on("dialog", lambda dialog: dialog.accept())
    new.goto(link)
    return new, link


def a_second_scorer_scores_the_same_deal(browser, live_server, signal, scorer, link, deal):
    """A second scoring phone, added on purpose (the same link), scores the deal the first one
    keeps without signal; the first drops its copy, as the page suggests."""
    other_signal = Signal(live_server.url)
    second = new_phone(browser, other_signal.url)
    second.goto(link.replace(signal.url, other_signal.url))
    signal.cut()
    record(scorer, *deal)
    record(second, *deal)
    expect(second.locator("#signal")).to_contain_text(": saved")
    signal.back(scorer)
    twin = scorer.locator("#outbox li.conflict")
    expect(twin).to_contain_text("The server already has this very hand", timeout=SENT_BACK)
    twin.get_by_role("button", name="Drop it").click()
    expect(scorer.locator("#outbox")).to_be_hidden()
    second.context.close()
    other_signal.cut()


def settle_without_signal(page, signal) -> None:
    expect(page.locator("#over-title")).to_be_visible()
    look(page, "settle", full_page=True)
    signal.cut()
    page.locator("form.settle input[name=paid]").first.check()
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    signal.back(page)
    saved(page)


def test_a_whole_british_game(browser, live_server, phone_on_signal, signal):
    game = stored_game()
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    open_kept(page, game)
    play(
        page,
        ("John", {"Andy": 85, "Mark": 42, "Frank": 30}),
        ("Andy", {"Mark": 50, "John": 45, "Frank": 30}),
    )
    expect(page.locator("#hand-title")).to_have_text("Hand 3 · John deals")

    signal.cut()
    record(page, "John", {"Andy": 38, "Mark": 53, "Frank": 40})
    undo(page)  # a slip: taken back without signal
    record(page, "Frank", {"Andy": 4, "Mark": 30, "John": 53})
    void(page)
    expect(page.locator("#hand-title")).to_have_text("Hand 5 · Frank deals")  # deals again
    record(page, "John", {"Andy": 29, "Mark": 71, "Frank": 60})
    ask = page.locator("#offline-ask")
    expect(ask).to_contain_text("Mark is on 193 — buy in for £0.50 and go back to 120?")
    ask.get_by_role("button", name="Buy in").click()
    expect(page.locator("#outbox li.queued")).to_have_count(6)
    signal.back(page)
    saved(page)

    page, link = hand_over(page, browser, signal)
    old = phone_on_signal
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 20})
    a_second_scorer_scores_the_same_deal(
        browser, live_server, signal, page, link, ("Mark", {"Andy": 10, "John": 12, "Frank": 14})
    )
    signal.cut()  # the end, without signal: stopped and split, then settled
    page.locator("summary", has_text="Stop the game early").click()
    page.get_by_role("button", name="Stop and split").click()
    expect(page.locator("#outbox li.queued")).to_have_count(1)  # kept before the signal returns
    signal.back(page)
    saved(page)
    settle_without_signal(page, signal)

    assert server_hands(game) == [
        hand("John", {"Andy": 85, "Mark": 42, "Frank": 30}),
        hand("Andy", {"Mark": 50, "John": 45, "Frank": 30}),
        hand("Frank", {"Andy": 4, "Mark": 30, "John": 53}),
        {"void": True},
        hand("John", {"Andy": 29, "Mark": 71, "Frank": 60}, buy_ins={"Mark": True}),
        hand("Andy", {"Mark": 20, "John": 20, "Frank": 20}),
        hand("Mark", {"Andy": 10, "John": 12, "Frank": 14}),
    ]
    stored = Game.objects.get(pk=game.pk)
    assert stored.stopped == "split" and stored.paid_transfers.count() == 1
    old.goto(game.get_absolute_url())
    expect(old.locator(".notice")).to_contain_text("handed over to another phone")
    page.context.close()


def test_a_whole_north_american_game(browser, live_server, phone_on_signal, signal):
    game = family_game("north-american", stakes={"currency": "USD", "per_point": "0.01"})
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    open_kept(page, game)
    record(page, "Ann", {"Bob": 120, "Cy": 95})
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))

    signal.cut()
    record(page, "Bob", {"Ann": 10, "Cy": 200})
    undo(page)
    record(page, "Bob", {"Ann": 15, "Cy": 200})
    void(page)
    record(page, "Cy", {"Ann": 150, "Bob": 160})
    expect(page.locator("#outbox li.queued")).to_have_count(5)
    signal.back(page)
    saved(page)

    page, link = hand_over(page, browser, signal)
    record(page, "Ann", {"Bob": 200, "Cy": 180})
    a_second_scorer_scores_the_same_deal(
        browser, live_server, signal, page, link, ("Ann", {"Bob": 150, "Cy": 160})
    )
    signal.cut()  # Ann passes 1,000 without signal: the game ends when it reaches the server
    record(page, "Ann", {"Bob": 120, "Cy": 110})
    expect(page.locator("#outbox li.queued")).to_have_count(1)  # kept before the signal returns
    signal.back(page)
    saved(page)
    expect(page.locator("#over-title")).to_be_visible()
    settle_without_signal(page, signal)

    assert server_hands(game) == [
        hand("Ann", {"Bob": 120, "Cy": 95}),
        hand("Bob", {"Ann": 15, "Cy": 200}),
        {"void": True},
        hand("Cy", {"Ann": 150, "Bob": 160}),
        hand("Ann", {"Bob": 200, "Cy": 180}),
        hand("Ann", {"Bob": 150, "Cy": 160}),
        hand("Ann", {"Bob": 120, "Cy": 110}),
    ]
    ledger = Game.objects.get(pk=game.pk).ledger()
    assert ledger.winner == "Ann" and Game.objects.get(pk=game.pk).paid_transfers.count() == 1
    page.context.close()
