"""Every download in Swedish holds no English word and no English number (issue 27): a game's
score sheet PDF, the blank sheets (the site's, the club's, a tournament table's), each compared
word by word with the same file in English, as tests/i18n/visible.py compares pages; amounts
carry a decimal comma, a true minus and their thousands set apart. The CSV of a played game, of
a game night and of a club, as a Swedish spreadsheet reads it: Swedish column names and yes/no,
a decimal comma and cells split at a semicolon."""

import csv
import io
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


def csv_cells(client, url: str, headers: dict, delimiter: str) -> list[str]:
    answer = client.get(url, headers=headers)
    assert answer.status_code == 200, url
    rows = csv.reader(io.StringIO(answer.content.decode()), delimiter=delimiter)
    return [cell for row in rows for cell in row]


def english_in_csv(client, url: str, currency: str) -> list[str]:
    english = csv_cells(client, url, ENGLISH, ",")
    swedish = csv_cells(client, url, SWEDISH, ";")
    assert len(english) == len(swedish) and english != swedish
    # The currency column holds the record's code (SEK, or units for chips) in every language.
    data = (*DATA, currency)
    left = english_left(as_page("\n".join(swedish), "sv"), as_page("\n".join(english), "en"), data)
    left += [f"English number: {cell}" for cell in swedish if ENGLISH_NUMBER.search(cell)]
    left += [f"not a currency code: {cell}" for cell in swedish[-1:] if cell != currency]
    return left


@pytest.mark.parametrize("state", ["playing", "asked", "finished"])
def test_a_games_csv_reads_as_a_swedish_spreadsheet_reads_it(client, state):
    night = game_night()
    url = reverse("sheets:csv", args=[night[state].share_token])
    assert english_in_csv(client, url, "SEK") == []


def test_a_club_games_csv_reads_as_a_swedish_spreadsheet_reads_it(client):
    game = club_night()["finished"]
    url = reverse("sheets:csv", args=[game.share_token])
    assert english_in_csv(client, url, game.stakes().currency) == []


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
    table = reverse("clubs:table_sheet", args=[club, night["tournament"].pk, night["table"].pk])
    assert english_in(client, sheet) == []
    assert english_in(client, table) == []
