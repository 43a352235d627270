"""games/present: money written one way, amounts in sentences, where a game stands in words."""

from decimal import Decimal

import pytest

from kalooki_ledger.games import present
from kalooki_ledger.rules import PRESETS, Stakes, parse_record, replay
from tests.helpers import record


@pytest.mark.parametrize(
    ("currency", "digits", "signed", "written"),
    [
        ("GBP", 2, False, "£5.00"),
        ("JMD", 2, True, "+J$5.00"),
        ("TTD", 2, False, "TT$5.00"),
        ("units", 0, True, "+5"),
        ("CHF", 2, False, "5.00 CHF"),
    ],
)
def test_money_is_written_with_the_currencys_symbol_or_code(currency, digits, signed, written):
    assert present.money(Decimal(5), currency, digits, signed) == written


def test_a_loss_carries_its_sign_and_nothing_is_never_negative():
    assert present.money(Decimal("-1.6"), "GBP", 2) == "-£1.60"
    assert present.money(Decimal("-0.001"), "GBP", 2, signed=True) == "£0.00"


@pytest.mark.parametrize(
    ("amount", "said"), [("1", "1 unit"), ("2", "2 units"), ("1.5", "1.5 units")]
)
def test_units_in_a_sentence_are_counted(amount, said):
    stakes = Stakes(call_up=Decimal(amount))
    assert present.amount_words(Decimal(amount), stakes) == said


def test_a_currency_in_a_sentence_is_money_as_every_page_writes_it():
    stakes = Stakes(currency="JMD", call_up=Decimal(5))
    assert present.amount_words(Decimal(5), stakes) == "J$5.00"


@pytest.mark.parametrize("preset", ["british", "north-american", "scarne", "jamaica"])
def test_no_rules_card_in_units_says_1_units(preset):
    one = Decimal(1)
    stakes = Stakes(call_up=one, kalookie=Decimal(2), initial=one, buy_in=one, per_point=one)
    card = " ".join(present.rules_card(PRESETS[preset].rules, stakes))
    assert "1 units" not in card
    assert "1 unit" in card


def test_the_british_card_in_units_counts_the_call_up_and_the_kalookie():
    stakes = Stakes(call_up=Decimal(1), kalookie=Decimal(2), initial=Decimal(5))
    card = " ".join(present.rules_card(PRESETS["british"].rules, stakes))
    assert "pay the winner 1 unit (2 units for a kalookie)" in card
    assert "Everyone puts 5 units in the pool" in card


def tied() -> dict:
    hands = [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 30}, "adjustments": {"Ann": 20}}]
    return record(["Ann", "Bob", "Cy"], hands, rules={"preset": "jamaica", "deals": 1})


def test_a_tied_finished_game_is_a_tie_between_its_sharers_never_none_won():
    ledger = replay(parse_record(tied()).game)
    assert ledger.status == "finished" and ledger.winner is None
    assert present.status_text(ledger) == "a tie between Ann and Bob"


def test_a_tie_reads_alike_on_the_board_the_sheet_and_the_preview():
    ledger = replay(parse_record(tied()).game)
    assert str(present.board_line(ledger)) == "Game over: a tie between Ann and Bob"
    assert present.status_line(ledger) == "Finished: a tie: Ann and Bob share"
    assert present.result_line(ledger) == "A tie: Ann and Bob share the best total."


def test_a_table_waiting_for_a_buy_in_names_who_must_decide_apart_for_the_board_to_mark():
    hands = [{"winner": "Ann", "penalties": {"Bob": 120, "Cy": 30}}]
    ledger = replay(parse_record(record(["Ann", "Bob", "Cy"], hands, rules={"limit": 100})).game)
    assert ledger.status == "awaiting-buy-ins"
    line = present.board_line(ledger)
    assert (line.before, line.names, line.after) == (
        "Waiting for ",
        "Bob",
        " to decide about buying in",
    )
    assert [r.name for r in present.standings(ledger) if r.awaiting] == ["Bob"]


def stopped(preset: str, how: str, initial: str = "1") -> dict:
    hands = [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 30}}]
    stakes = {"currency": "GBP", "initial": initial}
    data = record(["Ann", "Bob", "Cy"], hands, rules={"preset": preset}, stakes=stakes)
    return data | {"stopped": {"settle": how}}


def test_points_games_stopped_early_say_where_the_pot_goes():
    refunded = replay(parse_record(stopped("jamaica", "refund")).game)
    assert str(present.settle_line(refunded)) == (
        "The game was stopped early: the pot of £3.00 is given back."
    )
    unstaked = replay(parse_record(stopped("jamaica", "split", "0")).game)
    assert str(present.settle_line(unstaked)) == "The game was stopped early."


def test_the_leader_of_a_points_game_stopped_early_is_named_apart_for_the_page_to_embolden():
    led = replay(parse_record(stopped("jamaica", "leader")).game)
    line = present.settle_line(led)
    assert (line.before, line.names, line.after) == (
        "The game was stopped early: the leader, ",
        "Ann",
        ", takes the pot of £3.00.",
    )


def test_a_points_game_stopped_without_a_pot_names_no_pot_of_nothing():
    led = replay(parse_record(stopped("jamaica", "leader", "0")).game)
    assert str(present.settle_line(led)) == "The game was stopped early with Ann in the lead."
    assert present.result_line(led) == "Stopped early: Ann in the lead."
    assert present.status_line(led) == "Stopped early: Ann in the lead"
    refunded = replay(parse_record(stopped("jamaica", "refund", "0")).game)
    assert present.result_line(refunded) == "Stopped early."
    assert present.status_line(refunded) == "Stopped early"
