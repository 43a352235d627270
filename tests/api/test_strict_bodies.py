"""Bodies read as the schema says: integers only integers, amounts canonical decimal strings read
by the one amount reader, enums exact, unknown keys refused; each refusal says what is allowed
and changes nothing."""

import json

import pytest

from kalooki_ledger.games.models import Hand
from tests.games.test_api import api, etag, send
from tests.games.web import new_key, stored_game, worked_hands
from tests.nights.factories import finished, group, night

pytestmark = pytest.mark.django_db


def pay(client, n, amount) -> tuple[int, dict]:
    body = f'{{"from": "Mark", "to": "John", "amount": {amount}}}'
    response = client.post(
        f"/api/v1/nights/{n.edit_token}/payments",
        body,
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": f'"{n.version}"'},
    )
    return response.status_code, response.json()


@pytest.mark.parametrize("amount", ['"1e2"', '"NaN"', "16", "16.0", '"16,50"', '"-3"'])
def test_a_payment_amount_that_is_not_a_canonical_decimal_string_is_refused(client, amount):
    n = night(group(), finished())
    status, body = pay(client, n, amount)
    assert status in (400, 422)
    assert "amount" in body["error"]
    assert n.night_payments.count() == 0


def test_a_payment_amount_past_the_currencys_places_is_422_from_the_one_amount_reader(client):
    n = night(group(currency="GBP"), finished(currency="GBP"))
    status, body = pay(client, n, '"1.234"')
    assert status == 422
    assert "2" in body["error"]
    assert n.night_payments.count() == 0


def test_an_unknown_key_is_422_naming_it_and_what_is_taken(client):
    n = night(group(), finished())
    response = client.post(
        f"/api/v1/nights/{n.edit_token}/close",
        json.dumps({"how": "carry", "when": "now"}),
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": f'"{n.version}"'},
    )
    assert response.status_code == 422
    assert response.json()["error"].startswith('"when" is not a key this takes.')


def test_a_close_of_another_kind_is_422_saying_the_kinds(client):
    n = night(group(), finished())
    response = client.post(
        f"/api/v1/nights/{n.edit_token}/close",
        json.dumps({"how": "forgive"}),
        content_type="application/json",
        headers={"Idempotency-Key": new_key(), "If-Match": f'"{n.version}"'},
    )
    assert response.status_code == 422
    assert '"write-off"' in response.json()["error"]


@pytest.mark.parametrize("number", ["3.0", '"3"', "true"])
def test_a_hand_number_that_is_not_an_integer_is_400_and_stores_nothing(client, number):
    game = stored_game(hands=worked_hands()[:2])
    body = f'{{"number": {number}, "winner": "Andy", "penalties": {{"Mark": 1, "John": 1}}}}'
    response = send(client, "post", api(game, "/hands"), body, **{"If-Match": etag(game)})
    assert response.status_code == 400
    assert "whole number" in response.json()["error"]
    assert Hand.objects.filter(game=game).count() == 2
