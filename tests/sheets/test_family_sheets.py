"""Score sheets of the other families as PDF and CSV: titles, deals, winner marks, pot rows."""

import re

from django.utils import translation

from kalooki_ledger.rules import parse_record, replay
from kalooki_ledger.sheets.csv import game_csv
from kalooki_ledger.sheets.pdf import score_sheet_pdf
from tests.helpers import pdf_text, record


def game(preset: str, hands: list[dict], stakes: dict | None = None):
    data = record(
        ["Ann", "Bob", "Cy"], hands, rules={"preset": preset}, stakes=stakes or {"currency": "GBP"}
    )
    parsed = parse_record(data)
    return parsed, replay(parsed.game)


JAMAICA = [
    {
        "winner": "Ann",
        "penalties": {"Bob": 40, "Cy": 25},
        "adjustments": {"Cy": 50},
        "reason": {"Cy": "false contract"},
    },
    {"void": True},
    {"winner": "Bob", "kalookie": True, "penalties": {"Ann": 30, "Cy": 20}},
]


def test_a_jamaica_pdf_has_deal_and_contract_columns_and_no_pool_row():
    parsed, ledger = game("jamaica", JAMAICA)
    text = pdf_text(score_sheet_pdf(parsed, ledger))
    assert "Deal and contract" in text
    assert "1: three threes" in text and "2: two threes and one" in text
    assert "75 (+50)" in text  # Cy's 25 with the adjustment shown beside it
    assert "* 0" not in text and "*K" in text  # Bob bent the table
    assert "Pool" not in text and "buy-in" not in text
    assert "lowest total wins" in text
    assert "black aces 15, red aces 1" in text


def test_a_north_american_pdf_titles_points_and_names_the_winner_of_the_pot():
    hands = [{"winner": "Ann", "penalties": {"Bob": 250, "Cy": 250}}] * 2
    parsed, ledger = game(
        "north-american", hands, {"currency": "GBP", "per_point": "0.01", "initial": "1.00"}
    )
    text = pdf_text(score_sheet_pdf(parsed, ledger))
    assert "Points" in text and "Penalty points" not in text
    assert "Finished: Ann wins the pot of £3.00" in text
    assert "Pot" in text and "buy-in" not in text
    assert "wins 1000" in text
    assert "Stakes (GBP): per point £0.01, pot £1.00 each" in text


def test_a_scarne_pdf_titles_points_won_less_lost():
    hands = [{"winner": "Ann", "counts": {"Bob": {"cards": 5, "jokers": 1}, "Cy": {"cards": 3}}}]
    parsed, ledger = game("scarne", hands, {"currency": "units", "per_point": "1"})
    text = pdf_text(score_sheet_pdf(parsed, ledger))
    assert "Points won less lost" in text
    assert re.search(r"\*\s?9\s+-6\s+-3", text)
    assert "Pot" not in text and "Pool" not in text


def test_a_jamaica_csv_has_the_deal_and_contract_of_each_hand():
    _, ledger = game("jamaica", JAMAICA)
    lines = game_csv(ledger).splitlines()
    assert lines[0].startswith("hand,dealer,void,winner,kalookie,deal,contract,Ann scored")
    assert lines[2].startswith("2,Bob,yes,,no,2,two threes and one four")
    assert lines[3].startswith("3,Bob,no,Bob,yes,2,two threes and one four,60,0,40")


def test_a_swedish_jamaica_csv_names_the_contract_in_swedish():
    _, ledger = game("jamaica", JAMAICA)
    with translation.override("sv"):
        lines = game_csv(ledger).splitlines()
    assert lines[0].startswith("giv;givare;ogiltig;vinnare;kalle;omgång;kontrakt;Ann poäng")
    assert lines[2].startswith("2;Bob;ja;;nej;2;två tretal och ett fyrtal")


def test_a_csv_of_an_elimination_game_keeps_its_columns():
    parsed = parse_record(record(["Ann", "Bob"], [], rules={"preset": "british"}))
    assert ",deal," not in game_csv(replay(parsed.game)).splitlines()[0]
