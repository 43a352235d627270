"""One reading of an amount (rules.night.payment_amount): a payment typed on the night's page,
or recorded by a command, is more than 0, at most 1,000,000, in the currency's places. A huge or
malformed amount is refused with a sentence, nothing is stored, and the night is still served
(its page, the group's page, its API and the site's backup), on SQLite and PostgreSQL. And a
page's action none of its buttons sends is refused, never taken for the default."""

import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.rules import RecordError
from kalooki_ledger.rules.night import payment_amount
from tests.games.test_site_backup import backup
from tests.security.factories import snapshot

from .factories import finished, group, night, sent

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def pay(client, n, amount, **values):
    data = {"version": str(n.version), "key": secrets.token_urlsafe(12), "payer": "Mark"}
    data |= {"payee": "John", "amount": amount, **values}
    return client.post(f"/nights/n/{n.edit_token}/pay/", data)


def still_served(client, n):
    assert client.get(n.get_absolute_url()).status_code == 200
    assert client.get(n.group.get_absolute_url()).status_code == 200
    assert client.get(f"/api/v1/nights/{n.share_token}").status_code == 200
    assert '"model": "nights.night"' in backup()


@pytest.mark.parametrize(
    "typed", ["99999999999.99", "99 999 999 999.99", "1000000.01", "1e999", "NaN", "Infinity"]
)
def test_it_refuses_a_huge_or_unreadable_payment_typed_on_the_page(client, typed):
    n = night(group(), finished())
    response = pay(client, n, typed, ticked="0")
    assert response.status_code == 422
    assert n.night_payments.count() == 0
    still_served(client, n)


def test_it_refuses_a_payment_of_a_million_and_one_and_takes_a_million(client):
    n = night(group(), finished())
    refused = pay(client, n, "1,000,001", ticked="0")
    assert refused.status_code == 422
    assert "at most 1,000,000" in refused.content.decode()
    assert n.night_payments.count() == 0
    assert pay(client, n, "1,000,000", ticked="0").status_code == 302
    assert n.night_payments.get().amount == Decimal(1000000)
    still_served(client, n)


def test_a_payment_in_swedish_reads_the_decimal_comma_and_refuses_more_places(client):
    n = night(group(currency="SEK"), finished(currency="SEK"))
    client.cookies["django_language"] = "sv"
    assert pay(client, n, "2,505", ticked="0").status_code == 422
    assert pay(client, n, "2,50", ticked="0").status_code == 302
    assert n.night_payments.get().amount == Decimal("2.50")


@pytest.mark.parametrize(
    "amount",
    [
        Decimal("NaN"),
        Decimal("sNaN"),
        Decimal("Infinity"),
        Decimal("1E+999"),
        Decimal(10) ** 30,
        Decimal(0),
        Decimal(-5),
        Decimal("0.001"),
    ],
)
def test_the_command_refuses_what_no_payment_can_be_with_nothing_stored(amount):
    n = night(group(), finished())
    outcome = commands.apply(n, sent(n.version), RecordPayment("Mark", "John", amount, False))
    assert outcome.verdict is commands.Verdict.REFUSED
    assert n.night_payments.count() == 0


@pytest.mark.parametrize(
    "value", ["1e2", "1_000", "\uff15", "\u0665", " 5 ", "5.", "+5", 5.0, True]
)
def test_the_canonical_reading_refuses_every_other_spelling(value):
    with pytest.raises(RecordError):
        payment_amount(value, "GBP", exact=True)
    assert payment_amount("5", "GBP", exact=True) == Decimal(5)


@pytest.mark.parametrize(
    ("address", "values"),
    [
        ("close", {"action": "shred"}),
        ("games", {"action": "delete"}),
    ],
)
def test_a_pages_unknown_action_is_refused_and_changes_nothing(client, address, values):
    n = night(group(), finished())
    game = finished()
    before = snapshot()
    data = {"version": str(n.version), "key": secrets.token_urlsafe(12), "game": game.edit_token}
    response = client.post(f"/nights/n/{n.edit_token}/{address}/", {**data, **values})
    assert response.status_code == 422
    assert "not one of this form" in response.content.decode()
    assert snapshot() == before


def test_a_groups_unknown_action_adds_no_regular(client):
    g = group(regulars=["Ann"])
    before = snapshot()
    data = {"version": str(g.version), "key": secrets.token_urlsafe(12), "name": "Cat"}
    response = client.post(g.get_absolute_url(), {**data, "action": "delete"})
    assert response.status_code == 422
    assert snapshot() == before
