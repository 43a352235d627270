"""The score sheet's own commands without signal: the date played, a delete and an edit of an
earlier hand, made with the network cut for real (the proxy stopped), kept on the phone and sent
in order when the signal returns, each naming the version of the game it was made against."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.conftest import look
from tests.browser.test_offline import open_kept, record, until
from tests.browser.test_signal_lost import SENT_BACK
from tests.games.web import stored_game

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

    signal.restore()
    expect(page.locator("#outbox li.saved")).to_have_count(1, timeout=SENT_BACK)
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-20"
