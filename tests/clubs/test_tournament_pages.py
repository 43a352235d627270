"""The tournament pages: the draw form, the organiser's live page and its actions."""

import pytest

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.models import Tournament, TournamentBuyIn
from tests.clubs.factories import (
    finish_table,
    login,
    make_club,
    make_players,
    out_at_first_table,
    tournament_with,
)

pytestmark = pytest.mark.django_db


def draw(client, people) -> object:
    """The organiser's draw form, sent for Open (5 to enter, 5 to buy in) with these players."""
    login(client, people[0].club, "organiser")
    form = {"name": "Open", "entry_fee": "5", "buy_in": "5", "players": [p.pk for p in people]}
    return client.post("/clubs/friday/tournaments/new/", form)


def act(client, t, role: str, *, follow: bool = False, **fields: object) -> object:
    """A step at the tournament's desk, sent by the club's member with `role`."""
    login(client, t.club, role)
    return client.post(f"{t.get_absolute_url()}act/", fields, follow=follow)


def test_an_organiser_makes_the_draw_in_the_clubs_currency(client, friday):
    friday.currency = "GBP"
    friday.save(update_fields=["currency"])
    response = draw(client, make_players(friday, " ".join(f"P{n}" for n in range(16))))
    t = Tournament.objects.get()
    assert response["Location"] == t.get_absolute_url()
    assert t.currency == "GBP" and t.tables.count() == 4


def test_too_few_entrants_are_refused_with_what_is_allowed(client, friday):
    response = draw(client, make_players(friday, " ".join(f"P{n}" for n in range(7))))
    assert "takes 8 to 24 players; you ticked 7." in response.content.decode()
    assert not Tournament.objects.exists()


def test_the_live_page_shows_every_table_the_pot_and_the_bracket(client, friday):
    t = tournament_with(friday, 16)
    login(client, friday, "organiser")
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Pot <strong>80</strong>" in page
    assert page.count('class="table-card') == 4
    assert "Table winners" in page
    for table in t.tables.all():
        assert table.game.get_absolute_url() in page  # each table's own scoring link


def test_a_member_watches_the_tables_but_gets_no_scoring_links(client, friday):
    t = tournament_with(friday, 16)
    login(client, friday, "member")
    page = client.get(t.get_absolute_url()).content.decode()
    for table in t.tables.all():
        assert table.game.share_token in page and table.game.edit_token not in page


def test_htmx_polling_gets_just_the_live_part(client, friday):
    t = tournament_with(friday, 16)
    login(client, friday, "member")
    page = client.get(t.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert page.lstrip().startswith('<div id="live"') and "<html" not in page


def test_the_scorer_records_a_buy_in_and_the_queue_shows_it(client, friday):
    t = tournament_with(friday, 16)
    table, out = out_at_first_table(t)
    act(client, t, "scorer", action="buy-in", person=out.pk, table=table.table.pk)
    page = client.get(t.get_absolute_url()).content.decode()
    assert "Waiting for a new table" in page and "Pot <strong>85</strong>" in page


def test_a_member_may_not_record_a_buy_in(client, friday):
    t = tournament_with(friday, 16)
    table, out = out_at_first_table(t)
    response = act(client, t, "member", action="buy-in", person=out.pk, table=table.table.pk)
    assert response.status_code == 403 and not TournamentBuyIn.objects.exists()


def test_a_refused_action_says_why_and_changes_nothing(client, friday):
    t = tournament_with(friday, 16)
    response = act(client, t, "scorer", follow=True, action="start-semis")
    assert "Nothing changed: every table must finish first" in response.content.decode()
    t.refresh_from_db()
    assert t.stage == Tournament.HEATS


def test_the_live_page_takes_the_same_queries_however_many_tables_and_hands(client, friday):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    t = tournament_with(friday, 16)
    heats = tournaments.load(t).heats
    finish_table(heats[0].game)
    login(client, friday, "organiser")
    with CaptureQueriesContext(connection) as few:
        client.get(t.get_absolute_url())
    for table in heats[1:]:
        finish_table(table.game)
    while offers := tournaments.load(t).may_buy_in()[:1]:
        person, at = offers[0]
        tournaments.buy_in(t, person, at.table)
    with CaptureQueriesContext(connection) as many:
        client.get(t.get_absolute_url())
    assert len(tournaments.load(t).heats) == 7
    assert len(many) == len(few)


def test_each_table_has_a_qr_page_for_its_phone(client, friday):
    t = tournament_with(friday, 16)
    table = t.tables.get(number=2)
    login(client, friday, "scorer")
    page = client.get(f"{t.get_absolute_url()}tables/{table.pk}/").content.decode()
    assert f"http://testserver{table.game.get_absolute_url()}" in page
    assert 'aria-label="QR code of Table 2\'s scoring link"' in page
    assert "style=" not in page


def test_a_member_gets_no_qr_of_a_scoring_link(client, friday):
    t = tournament_with(friday, 16)
    table = t.tables.get(number=2)
    login(client, friday, "member")
    assert client.get(f"{t.get_absolute_url()}tables/{table.pk}/").status_code == 403


def test_a_table_of_another_clubs_tournament_is_not_found(client, friday):
    monday = make_club("Monday Club", "monday", otto="organiser")
    theirs = tournament_with(monday, 16)
    table = theirs.tables.first()
    t = tournament_with(friday, 16)
    login(client, friday, "organiser")
    assert client.get(f"{t.get_absolute_url()}tables/{table.pk}/").status_code == 404


def test_a_buy_in_for_nonsense_ids_says_what_is_allowed(client, friday):
    t = tournament_with(friday, 16)
    response = act(client, t, "scorer", follow=True, action="buy-in", person="abc", table="1; drop")
    assert "Nothing changed: choose a player who is out at a table" in response.content.decode()
    assert not TournamentBuyIn.objects.exists()


def test_a_buy_in_tapped_by_mistake_is_cancelled_while_it_waits(client, friday):
    t = tournament_with(friday, 16)
    table, out = out_at_first_table(t)
    tournaments.buy_in(t, out, table.table)
    waiting = TournamentBuyIn.objects.get()
    response = act(client, t, "scorer", follow=True, action="cancel-buy-in", buy_in=waiting.pk)
    assert "buy-in is cancelled" in response.content.decode()
    s = tournaments.load(t)
    assert s.waiting == [] and s.pot == 80
    assert (out, s.heats[0]) in [(p, st) for p, st in s.may_buy_in()]


def test_a_buy_in_already_seated_cannot_be_cancelled(client, friday):
    t = tournament_with(friday, 16)
    for table in tournaments.load(t).heats[:2]:
        finish_table(table.game)
    for person, at in tournaments.load(t).may_buy_in()[:4]:
        tournaments.buy_in(t, person, at.table)
    seated = TournamentBuyIn.objects.first()
    response = act(client, t, "scorer", follow=True, action="cancel-buy-in", buy_in=seated.pk)
    assert "only a buy-in still waiting for a table can be cancelled" in response.content.decode()
    assert TournamentBuyIn.objects.count() == 4
