"""The nights' API reads strictly: an amount only in its canonical form (a string, "2.50"),
more than 0 and at most 1,000,000; an unknown value or key is 422, never taken for the default
action; a value of the wrong type (a list, an object, true where a string goes) is 400, as the
one API says a malformed body; and nothing is stored by a refused request (on SQLite and
PostgreSQL)."""

import json

import pytest

from tests.security.factories import snapshot

from .factories import finished, group, night

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def post(client, url, body, etag, key="strict-key-0001"):
    headers = {"Idempotency-Key": key, "If-Match": etag}
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(url, data, content_type="application/json", headers=headers)


@pytest.fixture
def n():
    return night(group(), finished())


@pytest.mark.parametrize(
    "amount",
    [
        "99999999999.99",
        "1000000.01",
        "NaN",
        "sNaN",
        "Infinity",
        "1e999",
        "1" + "0" * 30,
        "1e2",
        "1_000",
        "\uff15",
        "\u0665",
        " 5 ",
        "0",
        "-5",
        "5.001",
    ],
)
def test_a_payment_of_an_amount_no_payment_can_be_is_422_with_nothing_stored(client, n, amount):
    before = snapshot()
    url = f"/api/v1/nights/{n.edit_token}/payments"
    body = {"from": "Mark", "to": "John", "amount": amount, "transfer": False}
    response = post(client, url, body, f'"{n.version}"')
    assert response.status_code == 422, response.content
    assert response.json()["error"]
    assert snapshot() == before
    assert client.get(f"/api/v1/nights/{n.share_token}").status_code == 200


@pytest.mark.parametrize("amount", [None, [], True, 5])
def test_an_amount_that_is_no_string_is_400_saying_so_with_nothing_stored(client, n, amount):
    before = snapshot()
    url = f"/api/v1/nights/{n.edit_token}/payments"
    body = {"from": "Mark", "to": "John", "amount": amount, "transfer": False}
    response = post(client, url, body, f'"{n.version}"')
    assert response.status_code == 400, response.content
    assert "a decimal number in a string" in response.json()["error"]
    assert snapshot() == before


@pytest.mark.parametrize(
    "raw", ['{"from": "Mark", "to": "John", "amount": NaN}', '{"amount": 1e999, "from": "Mark"}']
)
def test_a_json_number_that_is_no_amount_is_refused(client, n, raw):
    before = snapshot()
    response = post(client, f"/api/v1/nights/{n.edit_token}/payments", raw, f'"{n.version}"')
    assert response.status_code in (400, 422)
    assert snapshot() == before


def test_a_canonical_amount_is_stored_as_sent(client, n):
    url = f"/api/v1/nights/{n.edit_token}/payments"
    body = {"from": "Mark", "to": "John", "amount": "16", "transfer": True}
    assert post(client, url, body, f'"{n.version}"').status_code == 200
    assert n.night_payments.get().amount == 16


@pytest.mark.parametrize(
    ("address", "body"),
    [
        ("close", {"how": "shred"}),
        ("close", {"how": "carry", "extra": 1}),
        ("games", {"action": "delete"}),
        ("payments", {"from": "Mark", "to": "John", "amount": "16", "note": "hi"}),
    ],
)
def test_an_unknown_value_or_key_on_a_night_is_422_and_changes_nothing(client, n, address, body):
    if address == "games":
        body = {**body, "game": finished().edit_token}
    before = snapshot()
    response = post(client, f"/api/v1/nights/{n.edit_token}/{address}", body, f'"{n.version}"')
    assert response.status_code == 422, response.content
    assert snapshot() == before


@pytest.mark.parametrize(
    ("address", "body"),
    [
        ("payments", {"from": "Mark", "to": "John", "amount": "16", "transfer": "yes"}),
        ("payments", {"from": ["Mark"], "to": "John", "amount": "16"}),
    ],
)
def test_a_value_of_the_wrong_type_on_a_night_is_400_and_changes_nothing(client, n, address, body):
    before = snapshot()
    response = post(client, f"/api/v1/nights/{n.edit_token}/{address}", body, f'"{n.version}"')
    assert response.status_code == 400, response.content
    assert response.json()["error"]
    assert snapshot() == before


def test_a_regular_that_is_no_name_is_400_and_adds_no_regular(client):
    g = group(regulars=["Ann"])
    before = snapshot()
    response = post(client, f"/api/v1/groups/{g.edit_token}", {"regular": {}}, f'"{g.version}"')
    assert response.status_code == 400, response.content
    assert snapshot() == before


@pytest.mark.parametrize("body", [{"regular": "Cat", "role": "boss"}, {}])
def test_an_unknown_value_on_a_group_is_422_and_adds_no_regular(client, body):
    g = group(regulars=["Ann"])
    before = snapshot()
    response = post(client, f"/api/v1/groups/{g.edit_token}", body, f'"{g.version}"')
    assert response.status_code == 422, response.content
    assert snapshot() == before
