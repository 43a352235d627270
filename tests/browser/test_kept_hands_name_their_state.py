"""A hand kept on the phone names the whole state of the game its page showed (If-Match): one
kept on a state a restore has since discarded is refused and stays in the outbox, said so, never
recorded on hands the phone never saw (issue 40); one kept before another phone set the date is
still stored, as that changes no hand."""

import pytest
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from kalooki_ledger.games.models import Game
from tests.api.test_restored_state import other_hand
from tests.browser.test_offline import as_recorded, back_online, kept_offline, record, server_hands
from tests.games.test_api import api, etag, next_hand, send
from tests.games.test_site_backup import restore, wipe
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.browser

KEPT = ("John", {"Andy": 5, "Mark": 6, "Frank": 7})


def test_a_hand_kept_on_a_state_a_restore_discarded_is_refused_and_kept(phone, tmp_path):
    page = phone
    game = stored_game(hands=worked_hands()[:2])
    backup = tmp_path / "site.json"
    call_command("backup", str(backup))
    assert send(Client(), "post", api(game, "/hands"), next_hand(3)).status_code == 201
    kept_offline(page, game)  # the page shows hand 3, which the restore will discard
    record(page, *KEPT)
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    wipe()
    restore(backup)
    assert send(Client(), "post", api(game, "/hands"), other_hand(3)).status_code == 201

    back_online(page)
    refused = page.locator("#outbox li.conflict")  # the scorer decides: never sent by itself
    expect(refused).to_contain_text("a state of the game that is gone")
    expect(page.locator("#outbox h2")).to_have_text("1 hand not sent yet")
    assert len(server_hands(game)) == 3 and server_hands(game)[2]["winner"] == "Mark"


def test_a_hand_kept_before_another_phone_set_the_date_is_stored(phone):
    page = phone
    game = kept_offline(page, stored_game(hands=worked_hands()[:2]))
    record(page, *KEPT)
    expect(page.locator("#outbox li.queued")).to_have_count(1)
    date = {"played_on": "2026-11-20"}
    assert (
        send(Client(), "post", api(game, "/date"), date, **{"If-Match": etag(game)}).status_code
        == 200
    )

    back_online(page)
    expect(page.locator("#outbox h2")).to_have_text("Every hand is saved")
    assert server_hands(game)[2] == as_recorded(*KEPT)
    assert Game.objects.get(pk=game.pk).played_on.isoformat() == "2026-11-20"
