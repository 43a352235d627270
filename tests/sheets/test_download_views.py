"""Downloading a game's sheet as PDF, CSV or JSON by either of its links."""

import json

import pytest
from django.urls import reverse

from kalooki_ledger.games.store import import_record
from tests.helpers import pdf_info, pdf_text, worked_example


@pytest.fixture
def game(db):
    return import_record({**worked_example(), "title": "Friday at Mark's"})


def test_the_pdf_downloads_by_the_scoring_link(client, game):
    response = client.get(reverse("sheets:pdf", args=[game.edit_token]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        f'attachment; filename="friday-at-marks-{game.pk}.pdf"'
    )
    assert "+20" in pdf_text(response.content)


def test_the_pdf_downloads_by_the_watch_link_on_letter_paper(client, game):
    response = client.get(reverse("sheets:pdf", args=[game.share_token]), {"paper": "letter"})
    assert "(letter)" in pdf_info(response.content)["Page size"]


def test_an_unknown_paper_is_refused_with_the_papers_there_are(client, game):
    response = client.get(reverse("sheets:pdf", args=[game.edit_token]), {"paper": "a3"})
    assert response.status_code == 400
    assert "Paper must be one of: a4, letter." in response.content.decode()


@pytest.mark.parametrize("name", ["sheets:pdf", "sheets:csv", "sheets:json"])
def test_an_unknown_token_is_not_found(client, game, name):
    assert client.get(reverse(name, args=["no-such-game-" + "x" * 12])).status_code == 404


def test_the_csv_downloads_as_an_attachment(client, game):
    response = client.get(reverse("sheets:csv", args=[game.share_token]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].endswith(f'-{game.pk}.csv"')
    assert response.content.decode().splitlines()[5].startswith("5,")


def test_the_csv_is_in_the_readers_language_swedish_split_at_semicolons(client, game):
    url = reverse("sheets:csv", args=[game.share_token])
    english = client.get(url, headers={"Accept-Language": "en-GB"}).content.decode()
    swedish = client.get(url, headers={"Accept-Language": "sv"}).content.decode()
    assert english.startswith("hand,dealer,void,winner,kalookie,Andy scored,")
    assert swedish.startswith("giv;givare;ogiltig;vinnare;kalle;Andy poäng;")
    assert swedish.splitlines()[3].startswith("3;")


def test_the_json_is_the_record_with_results(client, game):
    response = client.get(reverse("sheets:json", args=[game.edit_token]))
    assert response["Content-Disposition"] == (
        f'attachment; filename="friday-at-marks-{game.pk}.json"'
    )
    data = json.loads(response.content)
    assert data["format"] == "kalooki-game/1"
    assert data["results"]["players"]["John"]["net"] == "30"


def test_downloads_do_not_change_the_game(client, game):
    before = game.updated
    client.get(reverse("sheets:csv", args=[game.edit_token]))
    game.refresh_from_db()
    assert game.updated == before


def test_the_pdf_is_printed_in_the_language_it_was_asked_in(client, game):
    url = reverse("sheets:pdf", args=[game.share_token])
    swedish = pdf_text(client.get(url, headers={"Accept-Language": "sv"}).content)
    english = pdf_text(client.get(url).content)
    assert "Uppgörelse" in swedish and "Settlement" not in swedish
    assert "Settlement" in english and "Uppgörelse" not in english
