"""The blank club score sheet: a form that works without JavaScript and returns a PDF."""

import pytest
from django.urls import reverse

from kalooki_ledger.sheets.blank import blank_sheet, blank_sheet_pdf
from tests.helpers import SCREENSHOTS, page_one_png, pdf_info, pdf_text


@pytest.fixture(scope="module")
def six_players_pdf() -> bytes:
    return blank_sheet_pdf(blank_sheet(6, "club-uk", "Tiberius Sporting Club"), "letter")


def test_the_form_has_a_label_for_every_control(client):
    html = client.get(reverse("sheets:blank")).content.decode()
    for control in ("id_players_0", "id_preset", "id_club", "id_rows", "id_paper_0"):
        assert f'for="{control}"' in html
    assert "style=" not in html and "<script>" not in html


def test_submitting_the_form_returns_the_pdf(client):
    query = {"players": "3", "preset": "swedish", "club": "Göteborg KK", "rows": "10"}
    response = client.get(reverse("sheets:blank"), {**query, "paper": "a4"})
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="goteborg-kk-score-sheet-3-players.pdf"'
    )
    text = pdf_text(response.content)
    assert "Göteborg KK: Kalooki score sheet" in text
    assert "Limit: out over 100" in text
    assert "Player 3" in text and "Player 4" not in text


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", "7", "Choose from 2 to 6 players."),
        ("rows", "500", "Rows is a whole number from 5 to 60."),
        ("preset", "poker", "Choose one of the house rules listed"),
        ("paper", "a3", "Choose A4 or US Letter paper."),
    ],
)
def test_a_bad_choice_is_refused_saying_what_is_allowed(client, field, value, message):
    query = {"players": "4", "preset": "british", "rows": "20", "paper": "a4", field: value}
    response = client.get(reverse("sheets:blank"), query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_header_prints_the_presets_limit_stakes_and_buy_in_rules(six_players_pdf):
    text = " ".join(pdf_text(six_players_pdf).split())
    assert "UK club standard" in text
    assert "Buy-ins: 2 buy-ins each while 3 players stay within the limit" in text
    assert "Stakes (units): call-up 1, kalookie 2, initial 4, buy-in 2" in text
    assert "Pool: 6 \N{MULTIPLICATION SIGN} initial 4 + buy-ins \N{MULTIPLICATION SIGN} 2" in text


def test_six_players_and_the_default_rows_fit_one_page(six_players_pdf):
    text = pdf_text(six_players_pdf)
    assert pdf_info(six_players_pdf)["Pages"] == "1"
    assert text.count("Points") == 6 and text.count("Payments") == 6
    assert text.count("pays") == 5
    rows = [line.split()[0] for line in text.splitlines() if line.strip()]
    assert "22" in rows and "23" not in rows


def test_more_rows_continue_on_a_second_page_with_the_columns_again():
    pdf = blank_sheet_pdf(blank_sheet(4, "british", rows=60))
    pages = pdf_text(pdf).split("\f")
    assert pdf_info(pdf)["Pages"] == "2"
    assert "Points" in pages[1] and "Player 4" in pages[1]


def test_a_table_without_buy_ins_says_so_in_the_tally():
    pdf = blank_sheet_pdf(blank_sheet(2, "blackpool", rows=5))
    assert "no buy-ins" in pdf_text(pdf)


@pytest.mark.parametrize(
    ("preset", "legend"),
    [
        ("trinidad", "Write * for the winner, and penalty points beside the total: 75 (+50)"),
        ("jamaica", "Write * for the winner, *K for a kalookie"),
        ("british", "Write * for the winner, *K for a kalookie"),
    ],
)
def test_a_trinidad_blank_sheet_asks_for_no_kalookie_mark_as_nobody_bends_the_table(preset, legend):
    text = " ".join(pdf_text(blank_sheet_pdf(blank_sheet(4, preset))).split())
    assert legend in text


def test_page_one_of_the_blank_sheet_turns_into_a_png_for_a_look(six_players_pdf):
    png = page_one_png(six_players_pdf, SCREENSHOTS / "blank-sheet")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_blank_sheet_asked_for_in_swedish_is_printed_in_swedish(client):
    query = {"players": "4", "preset": "swedish", "club": "Kallegänget", "rows": "10"}
    response = client.get(
        reverse("sheets:blank"), {**query, "paper": "a4"}, headers={"Accept-Language": "sv"}
    )
    text = " ".join(pdf_text(response.content).split())
    assert "Kallegänget: Kalleprotokoll" in text
    assert "Svensk Gräns" in text and "Ute över 100; insatser 1 per giv" not in text
    assert "Gräns: ute över 100" in text
    assert "Insatser (marker): per giv 1, kalle 3, insats 5, inköp 5" in text
    assert "Datum Bord Protokollförare" in text
    assert "Spelare 2" in text and "Betalningar" in text and "Uppgörelse" in text
    for english in ("Points", "Payments", "Player", "Pool", "Settlement", "pays", "Date"):
        assert english not in text.split()


def test_the_blank_sheet_form_in_swedish_names_the_presets_in_swedish(client):
    html = client.get(reverse("sheets:blank"), headers={"Accept-Language": "sv"}).content.decode()
    assert "Tomma protokoll" in html and "Brittisk klubb" in html
    assert "British club" not in html
