"""The hands as CSV: a row per hand, a column per player for scored points, totals, payments."""

import csv
import io
import json
from decimal import Decimal

import pytest
from django.utils import translation

from kalooki_ledger.rules import parse_record, replay
from kalooki_ledger.sheets.csv import game_csv, text_cell
from tests.helpers import worked_example


def rows(data: dict) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(game_csv(replay(parse_record(data).game)))))


def swedish_rows(data: dict) -> list[dict[str, str]]:
    with translation.override("sv"):
        text = game_csv(replay(parse_record(data).game))
    return list(csv.DictReader(io.StringIO(text), delimiter=";"))


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


def formula_game(name: str) -> dict:
    """The worked example with John renamed, in every place his name appears."""
    text = json.dumps(worked_example()).replace('"John"', json.dumps(name))
    return json.loads(text, parse_float=Decimal)


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x.io","hi")', "+1", "-2+3", "@SUM(A1)"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_starts_with_a_quote(name):
    table = rows(formula_game(name))
    assert table[0]["winner"] == f"'{name}"
    assert f"'{name} scored" in table[0]
    assert all(not value.startswith(("=", "+", "@")) for r in table for value in r.values())


def test_numbers_stay_numbers_negative_ones_too():
    table = rows(formula_game("=X"))
    assert [table[2][f"{p} payment"] for p in ("Andy", "Mark", "Frank")] == ["-2", "-2", "-2"]
    assert table[2]["'=X payment"] == "6"


@pytest.mark.parametrize("text", ["=1", "+1", "-x", "@x", "\tx", "\rx"])
def test_every_formula_start_is_quoted_and_plain_text_is_not(text):
    assert text_cell(text) == "'" + text
    assert text_cell("Andy") == "Andy" and text_cell("") == ""


def test_amounts_stay_plain_numbers_with_the_currency_in_a_column_of_its_own():
    data = worked_example()
    data["stakes"] = {"currency": "JMD", "call_up": "5", "kalookie": "10", "initial": "0"}
    table = rows(data)
    assert {r["currency"] for r in table} == {"JMD"}
    assert table[0]["John payment"] == "15.00"
    assert not any("J$" in cell for r in table for cell in r.values())


def test_english_is_split_at_commas_with_a_decimal_point():
    data = worked_example()
    data["stakes"] = {"currency": "SEK", "call_up": "1.5", "kalookie": "3", "initial": "0"}
    text = game_csv(replay(parse_record(data).game))
    assert text.startswith("hand,dealer,void,winner,kalookie,")
    assert rows(data)[0]["John payment"] == "4.50"


def test_swedish_has_swedish_column_names_and_ja_nej():
    table = swedish_rows(worked_example())
    assert list(table[0])[:6] == ["giv", "givare", "ogiltig", "vinnare", "kalle", "Andy poäng"]
    assert list(table[0])[-3:] == ["köpte in sig", "ute", "valuta"]
    assert [r["Mark summa"] for r in table] == ["42", "92", "145", "127", "198"]
    assert (table[2]["vinnare"], table[2]["kalle"], table[2]["ogiltig"]) == ("John", "ja", "nej")
    assert table[3]["köpte in sig"] == "Mark"


def test_swedish_amounts_carry_a_decimal_comma_negative_ones_a_plain_minus():
    data = worked_example()
    data["stakes"] = {"currency": "SEK", "call_up": "1.5", "kalookie": "3", "initial": "0"}
    table = swedish_rows(data)
    assert table[0]["John betalning"] == "4,50"
    assert table[0]["Andy betalning"] == "-1,50"
    assert {r["valuta"] for r in table} == {"SEK"}


def test_a_swedish_name_with_a_formula_is_still_quoted():
    table = swedish_rows(formula_game("=X"))
    assert table[2]["vinnare"] == "'=X"
    assert "'=X poäng" in table[0]
