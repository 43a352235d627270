"""A table whose signal is lost for real: the proxy between the phone and the server is stopped
(`Signal` in conftest.py), so requests fail while the browser still believes it is online, as on
a phone whose network drops. Hands are recorded online first, then without the network."""

import re

import pytest
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.browser.test_offline import open_kept, record, server_hands
from tests.games.web import stored_game

pytestmark = pytest.mark.browser

SENT_BACK = 25_000  # ms: the outbox tries again 3 s after a failure, then 6, 12, 15


def test_after_a_hand_saved_online_a_hand_kept_without_network_still_asks_the_buy_in(
    phone_on_signal, signal
):
    page = phone_on_signal
    game = stored_game()
    open_kept(page, game)
    record(page, "John", {"Andy": 85, "Mark": 42, "Frank": 140})
    expect(page.locator("#signal")).to_have_text(re.compile(r"^Hand 1: .*: saved$"))
    expect(page.locator("#hand-title")).to_have_text(re.compile(r"^Hand 2\b"))

    signal.cut()
    record(page, "Andy", {"Mark": 20, "John": 20, "Frank": 15})
    ask = page.locator("#offline-ask")
    expect(ask).to_contain_text("Frank is on 155 — buy in for £0.50 and go back to 85?")
    expect(page.locator("form.hand")).to_be_hidden()
    ask.get_by_role("button", name="Buy in").click()
    expect(page.locator("#offline-ask")).to_have_count(0)
    record(page, "Mark", {"Andy": 5, "John": 7, "Frank": 9})
    expect(page.locator("#outbox li.queued")).to_have_count(3)
    assert len(server_hands(game)) == 1

    signal.restore()
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved", timeout=SENT_BACK)
    hands = server_hands(game)
    assert [h["winner"] for h in hands] == ["John", "Andy", "Mark"]
    assert hands[1]["buy_ins"] == {"Frank": True}
    frank = Game.objects.get(pk=game.pk).ledger().standing("Frank")
    assert (frank.total, frank.buy_ins) == (85 + 9, 1)
