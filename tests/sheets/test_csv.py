"""The hands as CSV: a row per hand, a column per player for scored points, totals, payments."""

import csv
import io

from kalooki_ledger.rules import parse_record, replay
from kalooki_ledger.sheets.csv import game_csv
from tests.helpers import worked_example


def rows(data: dict) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(game_csv(replay(parse_record(data).game)))))


def test_a_row_per_hand_with_totals_per_player():
    table = rows(worked_example())
    assert [r["Mark total"] for r in table] == ["42", "92", "145", "127", "198"]
    assert [r["John scored"] for r in table] == ["0", "45", "0", "53", "0"]


def test_payments_are_each_hands_own_money():
    table = rows(worked_example())
    assert [table[2][f"{p} payment"] for p in ("Andy", "Mark", "John", "Frank")] == [
        "-2",
        "-2",
        "6",
        "-2",
    ]


def test_buy_ins_and_players_going_out_are_named():
    table = rows(worked_example())
    assert table[3]["bought in"] == "Mark"
    assert table[4]["out"] == "Frank; Andy; Mark"
    assert (table[2]["winner"], table[2]["kalookie"]) == ("John", "yes")


def test_a_void_hand_has_a_row_with_no_money():
    data = worked_example()
    data["hands"].insert(0, {"void": True})
    first = rows(data)[0]
    assert (first["void"], first["winner"], first["Andy payment"]) == ("yes", "", "0")
