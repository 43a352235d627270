"""Local time on a night's pages (the phone's zone, else the group's) and in its files (the
group's zone, with the offset, to the second); the group's settings made on its page."""

import datetime
import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.nights.group_settings import SetGroupHandle, SetGroupZone
from tests.nights.factories import finished, group, night, sent

pytestmark = pytest.mark.django_db

AT = datetime.datetime(2026, 11, 27, 10, 51, 7, 123456, tzinfo=datetime.UTC)


def paid_night(zone: str = ""):
    friends = group("Fredagsgänget")
    if zone:
        assert commands.apply(friends, sent(friends.version), SetGroupZone(zone)).applied
    made = night(friends, finished())
    payment = RecordPayment("Mark", "John", Decimal(16), when=AT, ticked=False)
    assert commands.apply(made, sent(made.version), payment).applied
    return made


def test_a_payment_shows_at_the_phones_time(client):
    made = paid_night()
    client.cookies["tz"] = "Europe/Stockholm"
    page = client.get(made.get_absolute_url()).content.decode()
    assert "27 Nov 11:51" in page and "10:51" not in page


def test_without_a_phone_zone_the_night_shows_the_groups_time(client):
    made = paid_night("Europe/Stockholm")
    page = client.get(made.share_url()).content.decode()
    assert "27 Nov 11:51" in page


def test_a_cookie_naming_no_zone_is_ignored(client):
    made = paid_night()
    client.cookies["tz"] = "Mars/Olympus_Mons"
    response = client.get(made.get_absolute_url())
    assert response.status_code == 200 and "27 Nov 10:51" in response.content.decode()


def test_the_csv_writes_the_groups_time_with_its_offset_to_the_second(client):
    made = paid_night("Europe/Stockholm")
    client.cookies["tz"] = "America/New_York"  # the phone asking changes nothing in a file
    csv = client.get(f"/nights/file/{made.share_token}/night.csv").content.decode()
    assert "2026-11-27T11:51:07+01:00" in csv and "+00:00" not in csv


def test_the_group_page_keeps_its_time_zone_and_refuses_one_it_does_not_know(client):
    friends = group("Fredagsgänget")
    url = f"/nights/groups/{friends.edit_token}/settings/"
    refused = client.post(
        url, {"version": friends.version, "key": secrets.token_urlsafe(12), "zone": "Nowhere"}
    )
    friends.refresh_from_db()
    assert friends.time_zone == ""
    assert refused.status_code == 422  # the group's page itself, its message on it
    assert "such as Europe/Stockholm or Europe/London" in refused.content.decode()
    client.post(
        url,
        {"version": friends.version, "key": secrets.token_urlsafe(12), "zone": "Europe/Stockholm"},
    )
    friends.refresh_from_db()
    assert friends.time_zone == "Europe/Stockholm"


def test_a_regulars_pay_handle_is_kept_from_the_group_page(client):
    friends = group("Fredagsgänget", regulars=("Ann", "Bob"), currency="SEK")
    page = client.get(friends.get_absolute_url()).content.decode()
    assert page.count('name="handle"') == 2
    client.post(
        f"/nights/groups/{friends.edit_token}/settings/",
        {
            "version": friends.version,
            "key": secrets.token_urlsafe(12),
            "player": "Ann",
            "service": "swish",
            "handle": "070-123 45 67",
            "action": "save",
        },
    )
    friends.refresh_from_db()
    assert friends.pay_handles == {"Ann": ["swish", "0701234567"]}
    assert "0701234567" not in client.get(friends.share_url()).content.decode()


def test_the_groups_watch_link_sets_no_handle_and_no_zone(client):
    friends = group("Fredagsgänget", regulars=("Ann",), currency="SEK")
    url = f"/nights/groups/{friends.share_token}/settings/"
    data = {"version": 1, "key": secrets.token_urlsafe(12), "zone": "Europe/Stockholm"}
    assert client.post(url, data).status_code == 404
    data = {"player": "Ann", "service": "swish", "handle": "0701234567", **data}
    del data["zone"]
    assert client.post(url, data).status_code == 404
    assert client.get(url).status_code == 405
    friends.refresh_from_db()
    assert (friends.time_zone, friends.pay_handles, friends.version) == ("", {}, 0)


def test_two_regulars_handles_saved_from_one_page_load_both_stand(client):
    friends = group("Fredagsgänget", regulars=("Ann", "Bob"), currency="SEK")
    loaded = friends.version
    for name, number in (("Ann", "0701234567"), ("Bob", "0709876543")):
        outcome = commands.apply(friends, sent(loaded), SetGroupHandle(name, "swish", number))
        assert outcome.applied, outcome.notice
    stale = commands.apply(friends, sent(loaded), SetGroupHandle("Ann", "swish", "0700000000"))
    assert stale.verdict is commands.Verdict.STALE
    friends.refresh_from_db()
    assert friends.pay_handles == {"Ann": ["swish", "0701234567"], "Bob": ["swish", "0709876543"]}
