"""No dead ends: refusals say why in the site's layout, every page leads back where it came from."""

import html
from decimal import Decimal

import pytest

from kalooki_ledger.clubs import tournaments
from tests.clubs.factories import (
    club_game,
    finish_table,
    login,
    make_club,
    play_hand,
    short_game,
    tournament_with,
)
from tests.helpers import pdf_text, worked_example

pytestmark = pytest.mark.django_db


def test_a_refused_action_answers_403_in_the_sites_layout_with_a_sentence(client, friday):
    login(client, friday, "member")
    response = client.get("/clubs/friday/games/new/")
    page = html.unescape(response.content.decode())
    assert response.status_code == 403
    assert "Only Friday Club's scorers can do this; you are a member." in page
    assert '<header class="site">' in page and 'href="/clubs/"' in page


def test_a_non_member_gets_404_not_the_club(client, friday):
    client.force_login(make_club("Other", "other", olga="organiser").memberships.get().user)
    assert client.get("/clubs/friday/").status_code == 404


def test_a_finished_club_game_leads_with_its_score_sheet_not_scoring(client, friday):
    game = club_game(friday)
    login(client, friday, "scorer")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert "Score this table" not in page
    assert f'href="/g/{game.edit_token}/sheet/"' in page
    assert f'href="/sheets/g/{game.share_token}/score-sheet.pdf"' in page


def test_a_game_being_played_still_leads_with_scoring(client, friday):
    data = {**worked_example(), "hands": worked_example()["hands"][:2]}
    game = club_game(friday, data)
    login(client, friday, "scorer")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert "Score this table" in page


def test_a_club_games_scoring_and_watching_pages_lead_back_to_the_club(client, friday):
    game = club_game(friday)
    for url in (
        f"/g/{game.edit_token}/",
        f"/w/{game.share_token}/",
        f"/g/{game.edit_token}/sheet/",
    ):
        page = client.get(url).content.decode()
        assert '← <a href="/clubs/friday/">Friday Club</a>' in page, url


def test_a_tournament_tables_pages_lead_back_to_the_tournament_without_money(client, friday):
    t = tournament_with(friday, 16, entry_fee=Decimal(5), buy_in=Decimal(5))
    table = tournaments.load(t).heats[0]
    names = list(table.people)
    play_hand(table.game, names[0], **{names[1]: 120, names[2]: 10, names[3]: 10})
    page = client.get(table.game.get_absolute_url()).content.decode()
    assert f'← <a href="{t.get_absolute_url()}">Blackpool Open</a> · Table 1' in page
    assert "Pool" not in page and ">Money<" not in page
    assert f"{names[1]} is out: see the organiser to buy in (5) and play on at a new table." in page
    other = tournaments.load(t).heats[1]
    winner = finish_table(other.game)
    page = client.get(other.game.get_absolute_url()).content.decode()
    assert f"<strong>{winner}</strong> wins Table 2." in page
    assert "Nobody owes anybody anything" not in page
    assert "No money changes hands at a tournament table" in page


def test_a_tournament_tables_chart_leads_back_to_the_tournament(client, friday):
    t = tournament_with(friday, 16)
    game = tournaments.load(t).heats[0].game
    login(client, friday, "member")
    page = client.get(f"/clubs/friday/games/{game.pk}/").content.decode()
    assert f'← <a href="{t.get_absolute_url()}">Blackpool Open</a>' in page
    assert ">Net<" not in page


def test_the_club_page_keeps_tournament_tables_under_their_tournament(client, friday):
    tournament_with(friday, 16)
    club_game(friday, short_game(["Ann", "Bea"], "Ann"))
    login(client, friday, "member")
    page = client.get("/clubs/friday/").content.decode()
    assert "Blackpool Open · Table" not in page
    assert page.index("<h2>Tournaments</h2>") < page.index("<h2>Recent games</h2>")


def test_a_finished_tournament_is_labelled_finished_not_final(client, friday):
    import random

    t = tournament_with(friday, 16)
    for table in tournaments.load(t).heats:
        finish_table(table.game)
    tournaments.start_semis(t, random.Random(1))
    login(client, friday, "member")
    assert "· Final</span>" in client.get("/clubs/friday/").content.decode()
    finish_table(tournaments.load(t).final.game)
    page = client.get("/clubs/friday/").content.decode()
    assert "· Finished</span>" in page and "· Final</span>" not in page


def test_a_tournament_keeps_its_currency_when_the_club_changes_its_own(client, friday):
    friday.currency = "GBP"
    friday.save(update_fields=["currency"])
    t = tournament_with(friday, 16, currency="GBP", buy_in=Decimal(5))
    friday.currency = "EUR"  # changed in the settings while the tournament is played
    friday.save(update_fields=["currency"])
    table = tournaments.load(t).heats[0]
    names = list(table.people)
    play_hand(table.game, names[0], **{names[1]: 120, names[2]: 10, names[3]: 10})
    page = html.unescape(client.get(table.game.get_absolute_url()).content.decode())
    assert "see the organiser to buy in (£5.00)" in page
    login(client, friday, "member")
    sheet = client.get(
        f"/clubs/friday/tournaments/{t.pk}/tables/{table.table.pk}/sheet.pdf"
    ).content
    assert "buy in (£5.00)" in pdf_text(sheet)


def test_once_eight_tables_have_formed_a_tables_phone_says_out_is_out(client, friday):
    import random

    t = tournament_with(friday, 16)
    for _ in range(4):  # rounds of buy-ins form new tables until there are eight
        for table in tournaments.load(t).heats:
            if not table.finished:
                finish_table(table.game)
        for person, table in tournaments.load(t).may_buy_in():
            if tournaments.load(t).buying_in_open:
                tournaments.buy_in(t, person, table.table, random.Random(1))
    last = tournaments.load(t).heats[-1]
    assert last.table.number == 8
    names = list(last.people)
    play_hand(last.game, names[0], **{names[1]: 120, names[2]: 10, names[3]: 10})
    page = html.unescape(client.get(last.game.get_absolute_url()).content.decode())
    assert f"{names[1]} is out: out of the tournament." in page
    assert "see the organiser to buy in" not in page


def test_opening_a_form_only_address_answers_405_in_the_sites_layout(client, friday):
    login(client, friday, "organiser")
    mo = friday.memberships.get(role="member")
    response = client.get(f"/clubs/friday/members/{mo.pk}/")
    page = html.unescape(response.content.decode())
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "Not asked that way" in page and "Use the page's own links and buttons" in page
    assert '<header class="site">' in page and 'href="/clubs/"' in page
    assert friday.memberships.filter(pk=mo.pk).exists()
