"""Card lists as written at the table, and what they are worth in a loser's hand."""

import pytest

from kalooki_ledger.rules import Rules, cards_value, parse_card
from kalooki_ledger.rules.presets import PRESETS

BRITISH = PRESETS["british"].rules
THREE_DECK = PRESETS["three-deck"].rules


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", ("A", "S")),
        ("10H", ("10", "H")),
        ("7", ("7", None)),
        ("Joker", ("Joker", None)),
        ("joker", ("Joker", None)),
        ("kd", ("K", "D")),
        (" 2C ", ("2", "C")),
        ("A", ("A", None)),
    ],
)
def test_it_reads_a_card_as_written_at_the_table(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "X", "1X", "ZS", "0", "15", "AX"])
def test_it_refuses_something_that_is_not_a_card_and_says_how_to_write_one(text):
    with pytest.raises(ValueError, match=r"is not a card: write a rank .* or Joker"):
        parse_card(text)


@pytest.mark.parametrize(
    ("cards", "value"),
    [
        (["AS"], 11),
        (["10H"], 10),
        (["7"], 7),
        (["Joker"], 15),
        (["KD", "QC", "JH"], 30),
        (["Joker", "AS", "10H"], 36),
        (["2C"], 2),
        (["Joker", "Joker", *["AS", "AH", "AD", "AC"] * 2, "KS", "KH", "KD"], 148),
    ],
)
def test_a_card_list_is_worth_the_sum_of_its_cards(cards, value):
    assert cards_value(cards, BRITISH) == value


def test_a_joker_in_hand_counts_the_games_joker_value():
    assert cards_value(["Joker"], THREE_DECK) == 25
    assert cards_value(["Joker"], Rules(joker_value=20)) == 20


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["AS", "AS", "AS"], "the deck has only 2 of AS"),
        (["Joker", "Joker", "Joker"], "the deck has only 2 jokers"),
        (["7"] * 9, "the deck has only 8 cards of rank 7"),
        (["2C"] * 14, "a loser holds at most 13 cards, not 14"),
        ([], "a loser holds at least one card"),
    ],
)
def test_it_refuses_a_card_list_the_deck_could_not_deal(cards, message):
    with pytest.raises(ValueError, match=message):
        cards_value(cards, BRITISH)


def test_three_decks_hold_three_of_each_card_and_three_jokers():
    assert cards_value(["AS", "AS", "AS", "Joker", "Joker", "Joker"], THREE_DECK) == 108
    with pytest.raises(ValueError, match="the deck has only 3 of AS"):
        cards_value(["AS"] * 4, THREE_DECK)
    with pytest.raises(ValueError, match="the deck has only 3 jokers"):
        cards_value(["Joker"] * 4, THREE_DECK)
