"""A night import is checked like a command: one currency, the night's players, balances that
sum to zero, the engine's reading of every game and of every amount, the game import's limits,
the engine's JSON reading (each key once, no NaN, no deep nesting). A bad record is refused with
a sentence and nothing is stored. A carried night's record is imported into its own group or as
a new group, keeping what was carried. On SQLite and PostgreSQL."""

import copy
import io
import json
import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import CarryOver, RecordPayment
from kalooki_ledger.nights.models import Group, Night
from kalooki_ledger.nights.record import night_json
from tests.security.factories import snapshot

from .factories import finished, group, night, sent

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]
D = Decimal


def upload(client, raw, **extra):
    data = raw if isinstance(raw, bytes) else json.dumps(raw).encode()
    file = io.BytesIO(data)
    file.name = "night.json"
    fields = {"record": file, "key": secrets.token_urlsafe(12), **extra}
    return client.post("/nights/import/send/", fields)


@pytest.fixture
def record():
    n = night(group(currency="SEK"), finished(currency="SEK"))
    assert commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16))).applied
    return night_json(Night.objects.get(pk=n.pk))


def changed(record, change):
    bad = copy.deepcopy(record)
    change(bad)
    return bad


BAD = {
    "a GBP game in an SEK night": lambda r: r["games"][0]["stakes"].update(currency="GBP"),
    "currency XYZ": lambda r: r.update(currency="XYZ"),
    "currency TOOLONGCURRENCY": lambda r: r.update(currency="TOOLONGCURRENCY"),
    "duplicate regulars": lambda r: r["group"].update(regulars=["Andy", "andy"]),
    "an opening that is no number": lambda r: r.update(opening={"Andy": "lots", "Mark": "1"}),
    "openings not summing to zero": lambda r: r.update(opening={"Andy": "5", "Mark": "1"}),
    "a payment of 10^12": lambda r: r["payments"][0].update(amount="1000000000000"),
    "a payment to a stranger": lambda r: r["payments"][0].update(to="Zed"),
    "a payment to oneself": lambda r: r["payments"][0].update(to="Mark"),
    "a negative payment": lambda r: r["payments"][0].update(amount="-16"),
    "a payment of 1e2": lambda r: r["payments"][0].update(amount="1e2"),
    "a payment's unknown key": lambda r: r["payments"][0].update(note="x"),
    "a payment at no time": lambda r: r["payments"][0].update(at="yesterday"),
    'closed: "garbage"': lambda r: r.update(closed="garbage"),
    "a closing on an open night": lambda r: r.update(closing={"Andy": "7", "Mark": "-7"}),
    "a closing not summing to zero": lambda r: r.update(closed="carried", closing={"Andy": "7"}),
    "an unknown key": lambda r: r.update(owner="me"),
    "40 games in one upload": lambda r: r.update(games=r["games"] * 40),
    "a group with no name": lambda r: r["group"].update(name="  "),
    "a payment on 30 February": lambda r: r["payments"][0].update(at="2026-02-30T21:30:00"),
    "a payment at +25:00": lambda r: r["payments"][0].update(at="2026-05-01T21:30:00+25:00"),
    "a write-off no game explains": lambda r: r.update(
        closed="written-off", closing={"Andy": "1000", "Mark": "-1000"}
    ),
    "a carry other than what was owed": lambda r: r.update(
        closed="carried", closing={"Andy": "-100", "John": "100"}
    ),
    "a night numbered three": lambda r: r.update(number="three"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_night_record_is_refused_with_a_sentence_and_stores_nothing(client, record, case):
    before = snapshot()
    response = upload(client, changed(record, BAD[case]))
    assert response.status_code == 422, case
    said = response.content.decode()
    assert "be imported: " in said or "is not a night" in said
    assert snapshot() == before


@pytest.mark.parametrize(
    "raw",
    [
        "nan",  # a NaN amount
        "deep",  # JSON nested 100,000 deep
        "twice",  # a key given twice
    ],
)
def test_a_record_json_no_engine_reads_is_refused_not_a_500(client, record, raw):
    text = json.dumps(changed(record, lambda r: r["payments"][0].update(amount="NAN")))
    data = {
        "nan": text.replace('"NAN"', "NaN"),
        "deep": "[" * 100_000 + "]" * 100_000,
        "twice": text.replace('"closed": null', '"closed": null, "closed": "carried"'),
    }[raw]
    before = snapshot()
    response = upload(client, data.encode())
    assert response.status_code == 422
    assert snapshot() == before


def test_the_good_record_imports_and_keeps_its_payment(client, record):
    response = upload(client, record)
    assert response.status_code == 302
    imported = Night.objects.order_by("-pk").first()
    assert imported.night_payments.get().amount == 16


def test_a_record_closed_with_what_its_night_owed_imports(client, record):
    owed = {"Andy": "-7", "John": "14", "Frank": "-7"}  # the worked example, Mark's 16 paid
    closed = changed(record, lambda r: r.update(closed="written-off", closing=owed))
    assert upload(client, closed).status_code == 302
    imported = Night.objects.order_by("-pk").first()
    assert imported.closed == "written-off" and imported.settle().settled


def test_the_times_a_payment_may_not_have_are_refused_with_the_sentence(client, record):
    for at in ("2026-02-30T21:30:00", "2026-05-01T21:30:00+25:00"):
        response = upload(client, changed(record, lambda r, at=at: r["payments"][0].update(at=at)))
        assert response.status_code == 422
        assert "written as 2026-05-01T21:30:00+00:00" in response.content.decode()


def carried_night():
    g = group("Friday friends", currency="SEK")
    n = night(g, finished(currency="SEK"))
    assert commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16))).applied
    n = Night.objects.get(pk=n.pk)
    assert commands.apply(n, sent(n.version), CarryOver()).applied
    return g, night_json(Night.objects.get(pk=n.pk))


CARRIED = {"Andy": D(-7), "John": D(14), "Frank": D(-7)}


def test_a_carried_nights_record_imported_as_a_new_group_keeps_what_was_carried(client):
    g, record = carried_night()
    assert upload(client, record).status_code == 302
    new = Group.objects.exclude(pk=g.pk).get()
    money = new.money()
    assert money.conserved, money.problems
    assert dict(money.balances) == CARRIED
    imported = new.nights.get(number=1)
    assert imported.carried_to.number == 2
    page = client.get(imported.get_absolute_url()).content.decode()
    assert "carried into night 2" in page


def test_an_imported_carry_leaves_a_history_line_on_both_nights(client):
    _, record = carried_night()
    assert upload(client, record).status_code == 302
    imported = Night.objects.filter(number=1).order_by("-pk").first()
    following = imported.carried_to
    carry = imported.changes.get(action="carry")
    assert carry.details["to"] == 2 and carry.details["balances"] == imported.closing
    carried_in = following.changes.get(action="carried-in")
    assert carried_in.details["from"] == 1 and carried_in.details["balances"] == following.opening
    page = client.get(following.get_absolute_url()).content.decode()
    assert "Opening balances carried in from night 1" in page


def test_a_nights_record_imported_into_its_own_group_is_refused_and_changes_nothing(client):
    g, record = carried_night()
    assert dict(g.money().balances) == CARRIED
    response = upload(client, record, group=g.edit_token)
    assert response.status_code == 422
    assert "This group holds this night already" in response.content.decode()
    money = Group.objects.get(pk=g.pk).money()
    assert money.conserved, money.problems
    assert dict(money.balances) == CARRIED
    assert Group.objects.count() == 1 and g.nights.count() == 2


def test_a_night_carried_into_imported_into_its_own_group_is_refused(client):
    g, _ = carried_night()
    record = night_json(g.nights.get(number=2))  # no games: the same number and the same games
    response = upload(client, record, group=g.edit_token)
    assert response.status_code == 422
    assert dict(Group.objects.get(pk=g.pk).money().balances) == CARRIED
    assert g.nights.count() == 2


def test_a_night_carried_into_imported_as_a_new_group_brings_its_balances_in(client):
    g, _ = carried_night()
    following = g.nights.get(number=2)
    assert upload(client, night_json(following)).status_code == 302
    new = Group.objects.exclude(pk=g.pk).get()
    money = new.money()
    assert money.conserved, money.problems
    assert dict(money.balances) == CARRIED == dict(money.brought)


def test_a_damaged_form_key_on_a_night_import_is_refused_with_a_sentence_not_a_500(client, record):
    before = snapshot()
    file = io.BytesIO(json.dumps(record).encode())
    file.name = "night.json"
    response = client.post("/nights/import/send/", {"record": file, "key": "<not a key>"})
    assert response.status_code == 400
    assert "That form&#x27;s key is damaged" in response.content.decode()
    assert snapshot() == before


def test_a_night_record_over_two_megabytes_is_refused_before_it_is_read(client, record):
    before = snapshot()
    padded = json.dumps(record).encode() + b" " * (2 * 1024 * 1024)
    response = upload(client, padded)
    assert response.status_code == 422
    assert "can be at most 2 MB" in response.content.decode()
    assert snapshot() == before


def test_a_refused_night_import_takes_none_of_the_hourly_import_slots(client, record):
    refused = changed(record, lambda r: r.update(games=r["games"] * 30, currency="XYZ"))
    assert upload(client, refused).status_code == 422
    refused = changed(record, lambda r: r.update(games=r["games"] * 30, owner="me"))
    assert upload(client, refused).status_code == 422
    assert upload(client, record).status_code == 302
