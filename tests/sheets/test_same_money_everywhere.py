"""One game's money is written the same way on the table page, the score sheet page, the PDF and
the rules card (issue 13: a JMD game read "J$5.00", "5.00" and "5.00 JMD")."""

import re

import pytest
from django.urls import reverse

from tests.games.web import stored_game
from tests.helpers import pdf_text

pytestmark = pytest.mark.django_db

JMD = {"currency": "JMD", "call_up": "5", "kalookie": "10", "initial": "0", "buy_in": "0"}


def amounts(text: str) -> set[str]:
    """Every amount with its two places as written, with what is stuck to its front."""
    words = re.sub(r"<[^>]+>", " ", text)
    return set(re.findall(r"\S*\d+\.\d\d(?:\s[A-Z]{3}\b)?", words))


PLAYING = ("Ann Bob", [{"winner": "Ann", "penalties": {"Bob": 20}}], JMD)
# Finished with a pool: the pool row, the settle line and the transfers carry money too.
FINISHED = (
    "Ann Bob",
    [{"winner": "Ann", "penalties": {"Bob": 148}}, {"winner": "Ann", "penalties": {"Bob": 10}}],
    {**JMD, "initial": "20", "buy_in": "10"},
)


def pages_of(client, players: str, hands: list[dict], stakes: dict) -> dict[str, str]:
    game = stored_game(players, hands, stakes=stakes)
    token = game.edit_token
    return {
        "table": client.get(game.get_absolute_url()).content.decode(),
        "sheet": client.get(f"/g/{token}/sheet/").content.decode(),
        "pdf": pdf_text(client.get(reverse("sheets:pdf", args=[token])).content),
        "rules card": client.get(f"/g/{token}/rules/").content.decode(),
    }


@pytest.fixture
def pages(client) -> dict[str, str]:
    return pages_of(client, *PLAYING)


def test_a_jmd_game_writes_its_call_up_as_j_dollars_on_every_page(pages):
    for name, text in pages.items():
        assert "J$5.00" in text, name


def test_no_page_writes_a_jmd_amount_bare_or_with_its_code(pages):
    for name, text in pages.items():
        for amount in amounts(text):
            assert re.fullmatch(r"[(]?[+-]?J\$\d+\.\d\d[,.;)]?", amount), (name, amount)


def test_the_winners_takings_read_the_same_on_the_table_the_sheet_and_the_pdf(pages):
    for name in ("table", "sheet", "pdf"):
        assert "+J$5.00" in pages[name] and "-J$5.00" in pages[name], name


def test_a_finished_game_writes_its_pool_and_settle_up_as_j_dollars_on_every_page(client):
    finished = pages_of(client, *FINISHED)
    for name in ("table", "sheet", "pdf"):
        assert "J$30.00" in finished[name], name  # Bob's net: two call-ups and his J$20.00 stake
    for name, text in finished.items():
        for amount in amounts(text):
            assert re.fullmatch(r"[(]?[+-]?J\$\d+\.\d\d[,.;)]?", amount), (name, amount)
