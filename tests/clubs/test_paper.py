"""Paper within reach: the club's blank sheet, a tournament table's sheet, and the club and date
on every game's PDF."""

from decimal import Decimal

import pytest

from kalooki_ledger.clubs import tournaments
from tests.clubs.factories import (
    club_game,
    in_pounds,
    login,
    make_club,
    make_players,
    tournament_with,
)
from tests.helpers import SCREENSHOTS, page_one_png, pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def friday(friday):
    """Friday Club playing for pounds, so that its sheets print its stakes."""
    return in_pounds(friday, call_up="0.10", kalookie="0.20", initial="0.50", buy_in="0.50")


def test_the_club_page_and_the_site_menu_link_the_blank_sheets(client, friday):
    login(client, friday, "member")
    page = client.get("/clubs/friday/").content.decode()
    assert 'href="/clubs/friday/sheet/"' in page
    assert 'href="/sheets/blank/"' in page  # the site's menu, on every page


def test_the_clubs_sheet_carries_its_name_stakes_and_players(client, friday):
    ann, bea, cy = make_players(friday, "Ann Bea Cy")
    login(client, friday, "member")
    response = client.get(
        "/clubs/friday/sheet/", {"people": [ann.pk, bea.pk, cy.pk], "seats": 4, "paper": "a4"}
    )
    assert response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    assert "Friday Club: Kalooki score sheet" in text
    assert "call-up £0.10" in text and "buy-in £0.50" in text
    assert "Ann" in text and "Cy" in text and "Player 4" not in text
    page_one_png(response.content, SCREENSHOTS / "clubs-blank-sheet")


def test_one_ticked_player_is_refused_with_a_sentence(client, friday):
    (ann,) = make_players(friday, "Ann")
    login(client, friday, "member")
    response = client.get("/clubs/friday/sheet/", {"people": [ann.pk], "seats": 4, "paper": "a4"})
    assert response.status_code == 400
    assert "A table has 2 to 6 players; you ticked 1." in response.content.decode()


def test_a_tournament_table_has_a_sheet_of_its_own_without_money(client, friday):
    t = tournament_with(friday, 16, currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5))
    table = tournaments.load(t).heats[0]
    login(client, friday, "member")
    url = f"/clubs/friday/tournaments/{t.pk}/tables/{table.table.pk}/sheet.pdf"
    pdf = client.get(url).content
    text = pdf_text(pdf)
    assert "Blackpool Open · Table 1 score sheet" in text
    assert "see the organiser to buy in (£5.00)" in text
    for name in table.people:
        assert name in text
    assert "Buy-ins: no buy-ins" not in text and "Pool:" not in text and "Settlement" not in text
    page_one_png(pdf, SCREENSHOTS / "clubs-tournament-table-sheet")


def test_the_generic_blackpool_sheet_drops_the_money_a_tournament_table_never_uses(client):
    query = {"players": "4", "preset": "blackpool", "rows": "10", "paper": "a4"}
    text = pdf_text(client.get("/sheets/blank/", query).content)
    assert "Buy-ins: no buy-ins" not in text and "Settlement" not in text and "buy-in 5" not in text


def test_a_club_games_pdf_names_the_club_and_the_date(client, friday):
    game = club_game(friday, title="Friday one")
    text = pdf_text(client.get(f"/sheets/g/{game.edit_token}/score-sheet.pdf").content)
    assert "Friday Club" in text
    assert f"Played on {game.created.date().isoformat()}" in text
    assert "date not recorded" not in text


def test_a_tournament_tables_pdf_names_the_tournament_and_table(client, friday):
    t = tournament_with(friday, 16)
    game = tournaments.load(t).heats[0].game
    text = pdf_text(client.get(f"/sheets/g/{game.share_token}/score-sheet.pdf").content)
    assert "Friday Club · Blackpool Open · Table 1" in text


def test_the_site_menus_blank_sheets_page_leads_a_member_to_the_clubs_own_sheet(client, friday):
    assert 'href="/clubs/friday/sheet/"' not in client.get("/sheets/blank/").content.decode()
    login(client, friday, "member")
    page = client.get("/sheets/blank/").content.decode()
    assert '<a href="/clubs/friday/sheet/">Friday Club</a>' in page
    other = make_club("Other Club", "other")
    assert 'href="/clubs/other/sheet/"' not in client.get("/sheets/blank/").content.decode()
    assert other.memberships.count() == 0
