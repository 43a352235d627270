"""What a Swedish club night found (issue 27): one set of stakes wherever stakes are printed."""

from decimal import Decimal

import pytest

from kalooki_ledger.clubs.models import Club
from tests.clubs.factories import club_game, make_club, short_game
from tests.helpers import pdf_text

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}


@pytest.fixture
def kallet():
    club = make_club("Kallegänget", "kallet", nisse="organiser")
    Club.objects.filter(pk=club.pk).update(
        preset="swedish", currency="SEK", call_up=Decimal("0.50"), kalookie=Decimal("2.50")
    )
    return Club.objects.get(pk=club.pk)


def test_the_clubs_paper_sheet_prints_the_clubs_stakes_alone(client, kallet):
    client.force_login(kallet.memberships.get().user)
    response = client.get("/clubs/kallet/sheet/?seats=4&paper=a4", headers=SWEDISH)
    text = " ".join(pdf_text(response.content).split())
    assert "0,50" in text and "2,50" in text
    assert "1 per giv" not in text and "3 för kalle" not in text


def test_a_games_rules_card_prints_the_games_stakes_alone(client, kallet):
    stakes = {"currency": "SEK", "call_up": "0.50", "kalookie": "2.50", "initial": "0"}
    data = short_game(["Anna", "Bo"], "Anna", stakes=stakes)
    data["rules"] = {"preset": "swedish"}
    game = club_game(kallet, data)
    page = client.get(f"/g/{game.edit_token}/rules/", headers=SWEDISH).content.decode()
    assert "0,50" in page and "2,50" in page
    assert "1 per giv" not in page and "3 för kalle" not in page
