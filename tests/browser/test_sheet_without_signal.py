"""The score sheet's own commands without signal: the date played, a delete and an edit of an
earlier hand, made with the network cut for real (the proxy stopped), kept on the phone and sent
in order when the signal returns, each naming the version of the game it was made against."""

import re
from dataclasses import replace

import pytest
from django.test import Client
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from kalooki_ledger.rules import replay
from tests.browser.conftest import look
from tests.browser.test_offline import open_kept, record, server_hands, until
from tests.browser.test_signal_lost import SENT_BACK
from tests.games.test_api import api, send
from tests.games.web import family_game, stored_game

pytestmark = pytest.mark.browser

HANDS = [
    ("John", {"Andy": 85, "Mark": 42, "Frank": 30}),
    ("Andy", {"Mark": 50, "John": 45, "Frank": 30}),
    ("Frank", {"Andy": 4, "Mark": 30, "John": 53}),
]


def sheet_url(game: Game) -> str:
    return f"/g/{game.edit_token}/sheet/"


def edit_url(game: Game, number: int) -> str:
    return f"/g/{game.edit_token}/hands/{number}/edit/"


def kept(page, path: str) -> None:
    """Waits until the worker holds a copy of the page."""
    until(page, f"caches.open('kalooki-pages').then(c => c.match('{path}')).then(r => !!r)")


def played(page, game: Game) -> None:
    """Online hands, then the sheet opened with signal: the worker keeps it and its edit pages."""
    open_kept(page, game)
    for winner, values in HANDS:
        record(page, winner, values)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 4\b"))
    page.goto(sheet_url(game))
    for number in range(1, len(HANDS) + 1):
        kept(page, edit_url(game, number))


def test_the_date_played_is_kept_without_signal(phone_on_signal, signal):
    game = stored_game()
    page = phone_on_signal
    played(page, game)

    signal.cut()
    page.locator("#played-on").fill("2026-11-20")
    page.get_by_role("button", name="Change the date").click()
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    expect(page.locator("#outbox li").first).to_contain_text("Played on 2026-11-20")
    look(page, "sheet-date-kept")
    assert str(Game.objects.get(pk=game.pk).played_on) != "2026-11-20"

    signal.back(page)
    expect(page.locator("#outbox li.saved")).to_have_count(1, timeout=SENT_BACK)
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-20"


def test_an_earlier_hand_deleted_without_signal_and_the_next_hand_counts_on(
    phone_on_signal, signal
):
    game = stored_game()
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    played(page, game)

    signal.cut()
    page.goto(edit_url(game, 2))  # the copy the worker kept
    page.get_by_role("button", name="Delete hand 2").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    expect(page.locator("#outbox li").first).to_contain_text("Delete hand 2")
    look(page, "sheet-delete-kept", full_page=True)
    page.goto(game.get_absolute_url())
    title = page.locator("#hand-title")
    expect(title).to_have_text(re.compile(r"^Hand 3 · \w+ deals$"))  # 2 held, the dealer reckoned
    reckoned = title.inner_text()
    strip = page.locator("form.hand .strip").inner_text()
    record(page, "Mark", {"Andy": 10, "John": 20, "Frank": 30})
    expect(page.locator("#outbox li.queued")).to_have_count(2)
    assert len(server_hands(game)) == 3

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    assert server_hands(game) == [
        {"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}},
        {"winner": "Frank", "penalties": {"Andy": 4, "Mark": 30, "John": 53}},
        {"winner": "Mark", "penalties": {"Andy": 10, "John": 20, "Frank": 30}},
    ]
    ledger = Game.objects.get(pk=game.pk).ledger()
    assert reckoned == f"Hand 3 · {ledger.hands[2].dealer} deals"
    before = replace(ledger.game, hands=ledger.game.hands[:2])
    for seat in replay(before).standings:  # the strip counted the delete, as the engine does
        assert f"{seat.name} {seat.total}" in strip


def test_a_delete_kept_while_another_phone_changed_the_game_is_a_conflict(phone_on_signal, signal):
    game = stored_game()
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    played(page, game)

    signal.cut()
    page.goto(edit_url(game, 1))
    page.get_by_role("button", name="Delete hand 1").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    other = send(Client(), "post", api(game, "/undo"), {"number": 3})  # another phone
    assert other.status_code == 200

    signal.back(page)
    conflict = page.locator("#outbox li.conflict")
    expect(conflict).to_contain_text("the game changed on another phone", timeout=SENT_BACK)
    assert len(server_hands(game)) == 2  # nothing deleted over the other phone's change
    conflict.get_by_role("button", name="Try again").click()  # seen: delete it all the same
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    assert server_hands(game) == [
        {"winner": "Andy", "penalties": {"Mark": 50, "John": 45, "Frank": 30}},
    ]


def test_an_earlier_hand_edited_without_signal_then_a_hand_reach_the_server_in_order(
    phone_on_signal, signal
):
    game = stored_game()
    page = phone_on_signal
    played(page, game)

    signal.cut()
    page.goto(edit_url(game, 1))
    page.locator('.value[data-player="Andy"] input').fill("75")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    kept_edit = page.locator("#outbox li").first
    expect(kept_edit).to_contain_text("Edit hand 1: John won — Andy 75, Mark 42, Frank 30")
    page.goto(edit_url(game, 2))
    page.get_by_role("button", name="Make it void").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(2)
    look(page, "sheet-edit-kept", full_page=True)
    page.goto(game.get_absolute_url())
    record(page, "Mark", {"Andy": 10, "John": 20, "Frank": 30})
    expect(page.locator("#outbox li.queued")).to_have_count(3)
    assert server_hands(game)[0]["penalties"]["Andy"] == 85

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    assert server_hands(game) == [
        {"winner": "John", "penalties": {"Andy": 75, "Mark": 42, "Frank": 30}},
        {"void": True},
        {"winner": "Frank", "penalties": {"Andy": 4, "Mark": 30, "John": 53}},
        {"winner": "Mark", "penalties": {"Andy": 10, "John": 20, "Frank": 30}},
    ]


def test_a_north_american_game_corrected_without_signal(phone_on_signal, signal):
    game = family_game("north-american", stakes={"currency": "USD", "per_point": "0.01"})
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    open_kept(page, game)
    for winner, values in [("Ann", {"Bob": 120, "Cy": 95}), ("Bob", {"Ann": 15, "Cy": 200})]:
        record(page, winner, values)
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 3\b"))
    page.goto(sheet_url(game))
    kept(page, edit_url(game, 2))

    signal.cut()
    page.locator("#played-on").fill("2026-11-21")
    page.get_by_role("button", name="Change the date").click()
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    page.goto(edit_url(game, 1))
    page.locator('.value[data-player="Cy"] input').fill("90")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))  # the kept commands listed there
    expect(page.locator("#outbox li.queued")).to_have_count(2)
    page.goto(edit_url(game, 2))
    page.get_by_role("button", name="Delete hand 2").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(3)
    page.goto(game.get_absolute_url())
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))
    record(page, "Cy", {"Ann": 150, "Bob": 160})

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    assert server_hands(game) == [
        {"winner": "Ann", "penalties": {"Bob": 120, "Cy": 90}},
        {"winner": "Cy", "penalties": {"Ann": 150, "Bob": 160}},
    ]
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-21"


def test_kept_corrections_name_the_whole_state_of_the_game_they_were_made_on(
    phone_on_signal, signal
):
    game = stored_game()
    page = phone_on_signal
    page.on("dialog", lambda dialog: dialog.accept())
    played(page, game)
    made_on = Game.objects.get(pk=game.pk)
    named = {}  # what each correction's If-Match named, and the ETag the edit was answered with

    def sent(request) -> None:
        if request.method in ("PUT", "DELETE") and "/api/v1/" in request.url:
            named[request.method] = request.headers.get("if-match")

    def answered(response) -> None:
        if response.request.method == "PUT" and "/api/v1/" in response.url:
            named["answer"] = response.headers.get("etag")

    page.on("request", sent)
    page.on("response", answered)

    signal.cut()
    page.goto(edit_url(game, 1))
    page.locator('.value[data-player="Andy"] input').fill("75")
    page.get_by_role("button", name="Save hand 1").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    page.goto(edit_url(game, 2))
    page.get_by_role("button", name="Delete hand 2").click()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    expect(page.locator("#outbox li.queued")).to_have_count(2)

    signal.back(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    # The state the sheet showed, its revision too; the delete, the state the edit's answer gave.
    assert named["PUT"] == f'"{made_on.version}.{made_on.revision}"'
    assert re.fullmatch(r'"[0-9]+\.[0-9a-f]{32}"', named["answer"])
    assert named["DELETE"] == named["answer"]
    assert len(server_hands(game)) == 2
