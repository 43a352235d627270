"""A night and a group in the API: read with an ETag, changed with If-Match and an
Idempotency-Key; 409 when stale (with the night as it is), 422 for a key reused."""

import json

import pytest

from .factories import finished, group, night

pytestmark = pytest.mark.django_db


def post(client, url, body, key, etag=None):
    headers = {"Idempotency-Key": key}
    if etag:
        headers["If-Match"] = etag
    return client.post(url, json.dumps(body), content_type="application/json", headers=headers)


def test_a_night_reads_with_its_games_records_and_its_settle_up(client):
    n = night(None, finished())
    response = client.get(f"/api/v1/nights/{n.share_token}")
    assert response.status_code == 200
    assert response["ETag"].startswith(f'"{n.version}.')
    body = response.json()
    assert body["format"] == "kalooki-night/1"
    assert body["games"][0]["results"]["status"] == "finished"
    assert body["results"]["totals"] == {"Andy": "-7", "Mark": "-16", "John": "30", "Frank": "-7"}
    assert len(body["results"]["transfers"]) == 3
    again = client.get(
        f"/api/v1/nights/{n.share_token}", headers={"If-None-Match": response["ETag"]}
    )
    assert again.status_code == 304


def test_a_payment_through_the_api_with_its_etag_key_and_the_same_key_again(client):
    n = night(None, finished())
    url = f"/api/v1/nights/{n.edit_token}/payments"
    body = {"from": "Mark", "to": "John", "amount": "16"}
    first = post(client, url, body, "api-pay-0001", f'"{n.version}"')
    assert first.status_code == 200
    assert first.json()["payments"][0]["amount"] == "16"
    again = post(client, url, body, "api-pay-0001", f'"{n.version}"')
    assert again.status_code == 200 and again["Idempotent-Replayed"] == "true"
    other = post(client, url, {**body, "amount": "7"}, "api-pay-0001", f'"{n.version}"')
    assert other.status_code == 422
    assert n.night_payments.count() == 1


def test_a_stale_close_is_409_with_the_night_as_it_is(client):
    n = night(None, finished())
    old = f'"{n.version}"'
    post(
        client,
        f"/api/v1/nights/{n.edit_token}/payments",
        {"from": "Mark", "to": "John", "amount": "16"},
        "api-pay-0002",
        old,
    )
    response = post(
        client, f"/api/v1/nights/{n.edit_token}/close", {"how": "carry"}, "api-close-01", old
    )
    assert response.status_code == 409
    assert response.json()["now"]["payments"][0]["from"] == "Mark"


def test_a_change_needs_if_match_and_a_watch_link_never_writes(client):
    n = night(None, finished())
    url = f"/api/v1/nights/{n.edit_token}/close"
    assert post(client, url, {}, "api-close-02").status_code == 428
    watching = post(client, f"/api/v1/nights/{n.share_token}/close", {}, "api-close-03", '"1"')
    assert watching.status_code == 403


def test_a_group_reads_and_takes_a_regular(client):
    g = group(regulars=["Ann"])
    response = post(
        client,
        f"/api/v1/groups/{g.edit_token}",
        {"regular": "Bob"},
        "api-reg-001",
        f'"{g.version}"',
    )
    assert response.status_code == 200
    assert response.json()["regulars"] == ["Ann", "Bob"]
    assert response["ETag"].startswith(f'"{g.version + 1}.')


def test_a_method_an_address_does_not_take_is_405_with_allow(client):
    n = night(None, finished())
    read_only = post(client, f"/api/v1/nights/{n.edit_token}", {}, "api-night-01", '"1"')
    assert read_only.status_code == 405 and read_only["Allow"] == "GET, HEAD"
    put = client.put(f"/api/v1/nights/{n.edit_token}/payments", "{}")
    assert put.status_code == 405 and put["Allow"] == "POST"
