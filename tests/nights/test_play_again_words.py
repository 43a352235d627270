"""A night's words read the right way round, in English and Swedish: who is owed and who owes,
who paid and who received, the group's columns explained, chips named in the page's language."""

import secrets
from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.nights.models import Group
from tests.nights.factories import finished, group, night, sent

pytestmark = pytest.mark.django_db


def test_a_balance_says_who_is_owed_and_who_owes_and_who_paid_or_received(client):
    made = night(group(), finished())  # Andy -7, Mark -16, John +30, Frank -7
    payment = RecordPayment("Mark", "John", Decimal(16))
    assert commands.apply(made, sent(made.version), payment).applied
    page = client.get(made.get_absolute_url()).content.decode()
    assert "is owed 14" in page  # John: won 30, received 16
    assert "received 16" in page and "paid 16" in page
    assert "owes 7" in page and "+14" not in page.split("night-totals")[1].split("</table>")[0]


def test_the_same_balances_read_in_swedish(client):
    made = night(group(), finished())
    client.cookies["django_language"] = "sv"
    page = client.get(made.get_absolute_url(), headers={"accept-language": "sv"}).content.decode()
    assert "ska få 30" in page and "ska betala 16" in page and "Kvar att göra upp" in page


def test_the_group_page_explains_its_columns(client):
    made = night(group(), finished())
    page = client.get(made.group.get_absolute_url()).content.decode()
    assert "G games · W wins · K kalookies · B buy-ins" in page


def test_a_swedish_group_form_offers_marker_and_takes_it_back_as_chips(client):
    client.cookies["django_language"] = "sv"
    page = client.get("/nights/groups/new/", headers={"accept-language": "sv"}).content.decode()
    assert 'value="marker"' in page and 'value="units"' not in page
    client.post(
        "/nights/groups/new/",
        {"name": "Fredagsgänget", "currency": "marker", "key": secrets.token_urlsafe(12)},
        headers={"accept-language": "sv"},
    )
    assert Group.objects.get().currency == "units"


def test_a_tournament_tables_page_offers_no_new_game_with_the_same_players(client):
    from tests.clubs.factories import finish_table, make_club, tournament_with

    t = tournament_with(make_club(), 16, currency="GBP")
    game = t.tables.get(number=1).game
    finish_table(game)
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Game over" in page and "New game with the same players" not in page
    casual = finished()
    assert (
        "New game with the same players" in client.get(casual.get_absolute_url()).content.decode()
    )
