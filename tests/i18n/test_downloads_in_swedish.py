"""Every download in Swedish holds no English word and no English number (issue 27): a game's
score sheet PDF, the blank sheets (the site's, the club's, a tournament table's), each compared
word by word with the same file in English, as tests/i18n/visible.py compares pages; amounts
carry a decimal comma, a true minus and their thousands set apart. The CSV is a data file for
spreadsheets (plain numbers, the record's column names) and is left as it is."""

import re
from html import escape

import pytest
from django.urls import reverse

from tests.helpers import pdf_text
from tests.i18n.games import game_night
from tests.i18n.pages import DATA, club_night
from tests.i18n.visible import english_left

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
# An amount written the English way: a decimal point between figures (1.60, 25.00).
ENGLISH_NUMBER = re.compile(r"\d\.\d")
# Printed by every sheet in both languages: the paper's name and the sheet's own marks.
SHEET_DATA = ("A4", "*K")


def as_page(text: str, language: str) -> str:
    """A PDF's text as a page for visible.english_left, a line a paragraph."""
    lines = "".join(f"<p>{escape(line)}</p>" for line in text.splitlines() if line.strip())
    return f'<html lang="{language}"><body>{lines}</body></html>'


def english_in(client, url: str) -> list[str]:
    answers = [client.get(url, headers=headers) for headers in (ENGLISH, SWEDISH)]
    assert [a.status_code for a in answers] == [200, 200], url
    english, swedish = (pdf_text(a.content) for a in answers)
    assert english != swedish
    left = english_left(as_page(swedish, "sv"), as_page(english, "en"), DATA + SHEET_DATA)
    left += [
        f"English number: {line}" for line in swedish.splitlines() if ENGLISH_NUMBER.search(line)
    ]
    return left


@pytest.mark.parametrize("state", ["playing", "finished"])
def test_a_games_score_sheet_pdf_reads_swedish(client, state):
    night = game_night()
    url = reverse("sheets:pdf", args=[night[state].share_token])
    assert english_in(client, url) == []


def test_the_sites_blank_sheet_reads_swedish(client):
    url = reverse("sheets:blank") + "?players=4&preset=swedish&club=Fredag&rows=10&paper=a4"
    assert english_in(client, url) == []


def test_the_clubs_blank_sheet_and_a_tournament_tables_read_swedish(client):
    night = club_night(with_tournament=True)
    client.force_login(night["club"].memberships.get(user__username="nisse").user)
    club = night["club"].slug
    sheet = reverse("clubs:sheet", args=[club]) + "?seats=4&paper=a4"
    table = reverse("clubs:table_sheet", args=[club, night["tournament"].pk, night["table"].number])
    assert english_in(client, sheet) == []
    assert english_in(client, table) == []
