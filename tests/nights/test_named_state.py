"""A night's page and its API name its state whole, the version and a digest of what it shows:
a payment or close made against a night whose games took hands since is 409 with the night as
it is now, checked on the night as locked; the same key sent again still answers as a replay."""

import json
import re

import pytest
from django.urls import reverse

from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from kalooki_ledger.nights.commands import RecordPayment
from tests.games.test_api import api, send
from tests.games.web import new_key, stored_game
from tests.nights.factories import group, night

pytestmark = pytest.mark.django_db

FOUR = "Andy Mark John Frank"
HAND_2 = {"number": 2, "winner": "Andy", "penalties": {"Mark": 10, "John": 11, "Frank": 12}}


def a_night_with_a_game_under_way():
    game = stored_game(FOUR, [{"winner": "John", "penalties": {"Andy": 5, "Mark": 6, "Frank": 7}}])
    return night(group(currency="GBP"), game), game


def a_hand_lands(client, game):
    assert (
        send(client, "post", api(Game.objects.get(pk=game.pk), "/hands"), HAND_2).status_code == 201
    )


def page_state(client, n) -> str:
    page = client.get(reverse("nights:night", args=[n.edit_token])).content.decode()
    return re.search(r'name="version" value="([^"]+)"', page).group(1)


def pay_api(client, n, tag, key=None):
    return client.post(
        f"/api/v1/nights/{n.edit_token}/payments",
        json.dumps({"from": "Mark", "to": "John", "amount": "1.00", "transfer": False}),
        content_type="application/json",
        headers={"Idempotency-Key": key or new_key(), "If-Match": tag},
    )


def test_the_night_pages_forms_name_its_etag_whole(client):
    n, _ = a_night_with_a_game_under_way()
    assert f'"{page_state(client, n)}"' == client.get(f"/api/v1/nights/{n.share_token}")["ETag"]


def test_a_payment_form_from_before_a_hand_landed_is_409_with_the_night_now(client):
    n, game = a_night_with_a_game_under_way()
    state = page_state(client, n)
    a_hand_lands(client, game)
    response = client.post(
        reverse("nights:pay", args=[n.edit_token]),
        {"version": state, "key": new_key(), "payer": "Mark", "payee": "John", "amount": "1"},
    )
    assert response.status_code == 409
    assert n.night_payments.count() == 0
    assert f'value="{page_state(client, n)}"' in response.content.decode()


def test_a_close_form_from_before_a_hand_landed_is_409_and_closes_nothing(client):
    n, game = a_night_with_a_game_under_way()
    state = page_state(client, n)
    a_hand_lands(client, game)
    response = client.post(
        reverse("nights:close", args=[n.edit_token]),
        {"version": state, "key": new_key(), "action": "write-off"},
    )
    assert response.status_code == 409
    n.refresh_from_db()
    assert not n.closed


def test_a_payment_form_naming_the_night_as_it_is_is_saved(client):
    n, _ = a_night_with_a_game_under_way()
    response = client.post(
        reverse("nights:pay", args=[n.edit_token]),
        {
            "version": page_state(client, n),
            "key": new_key(),
            "payer": "Mark",
            "payee": "John",
            "amount": "1",
        },
    )
    assert response.status_code == 302
    assert n.night_payments.count() == 1


def test_an_api_payment_from_before_a_hand_landed_is_409_with_the_night_now(client):
    n, game = a_night_with_a_game_under_way()
    before = client.get(f"/api/v1/nights/{n.share_token}")["ETag"]
    a_hand_lands(client, game)
    response = pay_api(client, n, before)
    assert response.status_code == 409
    assert response.json()["now"]["games"][0]["hands"][1]["winner"] == "Andy"
    assert n.night_payments.count() == 0


def test_a_payment_sent_again_after_a_hand_landed_still_answers_as_a_replay(client):
    n, game = a_night_with_a_game_under_way()
    before = client.get(f"/api/v1/nights/{n.share_token}")["ETag"]
    key = new_key()
    assert pay_api(client, n, before, key).status_code == 200
    a_hand_lands(client, game)
    again = pay_api(client, n, before, key)
    assert again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert n.night_payments.count() == 1


def test_the_digest_is_checked_on_the_night_as_locked_by_the_command(client):
    n, game = a_night_with_a_game_under_way()
    state = page_state(client, n)
    a_hand_lands(client, game)  # lands after the page, before the command takes the lock
    version, digest = state.split(".")
    sent = commands.Sent(int(version), new_key(), "test", digest)
    outcome = commands.apply(n, sent, RecordPayment("Mark", "John", 1))
    assert outcome.verdict is commands.Verdict.STALE
    assert n.night_payments.count() == 0
