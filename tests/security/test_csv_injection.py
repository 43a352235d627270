"""CSV formula injection (issue 16): a name a spreadsheet would run reaches the CSV, downloadable
from the watch link, only behind a leading quote; the numbers stay numbers."""

import csv
import io

import pytest

from .factories import stored_game

pytestmark = pytest.mark.django_db

FORMULA = '=HYPERLINK("http://x.io","hi")'


@pytest.mark.parametrize("name", [FORMULA, "+cmd", "-1+2", "@A1"])
def test_the_watch_links_csv_neutralises_a_formula_in_the_winner_and_dealer_columns(client, name):
    hands = [
        {"winner": name, "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}},
        {"winner": "Andy", "penalties": {"Mark": 50, name: 45, "Frank": 30}},
    ]
    game = stored_game(players=["Andy", "Mark", name, "Frank"], hands=hands, first_dealer=name)
    token = game.share_url().rstrip("/").rsplit("/", 1)[-1]
    response = client.get(f"/sheets/g/{token}/hands.csv")
    assert response.status_code == 200
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert table[0]["winner"] == table[0]["dealer"] == f"'{name}"
    assert table[0]["Andy total"] == "85" and table[0]["Andy payment"] == "-0.10"
    cells = [c for r in table for c in (*r.keys(), *r.values())]
    assert not [c for c in cells if c.startswith(("=", "+", "@"))]


def test_a_tab_or_carriage_return_can_not_start_a_name_to_reach_the_csv(client):
    game = stored_game(players=["\tAndy", "\rMark"])
    assert [s.name for s in game.seats.all()] == ["Andy", "Mark"]
