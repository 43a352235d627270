"""Names (rules/names.py): one kept form, nothing invisible, one test of "the same name"."""

import pytest

from kalooki_ledger.rules.errors import RecordError
from kalooki_ledger.rules.game import Game
from kalooki_ledger.rules.names import (
    check_name,
    default_ignorable,
    first_lookalike,
    first_repeat,
    hidden_character,
    lookalike_key,
    name_key,
    tidy_name,
    title_problem,
)
from kalooki_ledger.rules.replay import check_seats


def test_it_keeps_a_name_composed_with_single_spaces():
    assert tidy_name("  Ren e\u0301e\u00a0 Smith ") == "Ren ée Smith"
    assert tidy_name("e\u0301") == "\u00e9"


@pytest.mark.parametrize(
    ("one", "other"),
    [("Ann", "ANN"), ("\u00e9", "e\u0301"), ("Ann", "\uff21nn"), ("Ann Lee", "Ann\u00a0 Lee")],
)
def test_names_that_look_alike_have_one_key(one, other):
    assert name_key(one) == name_key(other)
    assert first_repeat([one, "Bob", other]) == other


def test_names_that_differ_are_told_apart():
    assert first_repeat(["Ann", "Anne", "Bob", "Ana"]) is None


@pytest.mark.parametrize(
    "name",
    [
        "A\u200bnn",  # zero-width space
        "Ann\u200d",  # zero-width joiner
        "\u202eredro",  # right-to-left override
        "Ann\u2066",  # left-to-right isolate
        "\u200fAnn",  # right-to-left mark
        "An\u00adn",  # soft hyphen
        "\ufeffAnn",  # byte-order mark
        "Ann\x00",
        "Ann\x1b[31m",
        "An\u034fn",  # combining grapheme joiner
        "\u3164",  # Hangul filler: a letter that draws nothing
        "Ann\ue000",  # private use
        "Ann\ufe0f",  # a variation selector after a letter
    ],
)
def test_it_refuses_invisible_and_direction_changing_characters_saying_which(name):
    problem = check_name(name)[1]
    assert problem.startswith("a player's name is letters, digits, spaces and punctuation: U+")
    assert "invisible or turns the text around" in problem


@pytest.mark.parametrize(
    "name", ["Zoë", "José", "Björn", "李雷", "عبد الله", "O'Neil-Smith", "🃏 ♠️"]
)
def test_it_accepts_letters_of_any_script_punctuation_and_symbols(name):
    assert check_name(name) == (tidy_name(name), "")


def test_it_refuses_an_empty_or_long_name_saying_what_is_allowed():
    assert check_name(" \u00a0 ")[1] == "a player's name can't be empty: type some letters"
    assert check_name("x" * 41)[1] == "a player's name has at most 40 characters"
    assert check_name("x" * 81, "a club's name", 80)[1] == "a club's name has at most 80 characters"
    assert check_name("x" * 40) == ("x" * 40, "")


# Issue 24: default-ignorable code points and lookalike letters of other alphabets.
CYRILLIC_ANN = "\u0410nn"
GREEK_ANN = "\u0391nn"


@pytest.mark.parametrize(
    "char", ["\u17b4", "\u17b5", "\u180b", "\u180f", "\u00ad", "\u061c", "\u2065", "\U000e0041"]
)
def test_it_refuses_every_default_ignorable_character_in_a_name(char):
    assert default_ignorable(char)
    assert hidden_character(f"Ann{char}") == char
    assert check_name(f"Ann{char}")[1]


def test_default_ignorable_characters_are_unicodes_list():
    """Spot checks of DerivedCoreProperties.txt: each range's ends, and neighbours outside."""
    inside = [0x00AD, 0x034F, 0x115F, 0x1160, 0x17B4, 0x180B, 0x180F, 0x200B, 0x206F, 0xFEFF]
    outside = [0x00AC, 0x17B3, 0x17B6, 0x180A, 0x1810, 0x2070, 0x0041, 0x00E9, 0x0410]
    assert all(default_ignorable(chr(c)) for c in inside)
    assert not any(default_ignorable(chr(c)) for c in outside)


def test_a_variation_selector_still_picks_an_emojis_look():
    assert hidden_character("Ann \u2764\ufe0f") is None
    assert hidden_character("Ann\ufe0f") == "\ufe0f"


@pytest.mark.parametrize("other", [CYRILLIC_ANN, GREEK_ANN, "\u0430nn", "ANN", "\u0410NN"])
def test_letters_of_other_alphabets_drawn_alike_look_alike(other):
    assert lookalike_key("Ann") == lookalike_key(other)


def test_it_names_both_names_that_look_alike_but_differ():
    assert first_lookalike(["Ann", "Bob", CYRILLIC_ANN]) == ("Ann", CYRILLIC_ANN)
    assert first_lookalike([GREEK_ANN, "Bob", "Ann"]) == (GREEK_ANN, "Ann")


@pytest.mark.parametrize(
    "names",
    [["Ann", "ANN"], ["\u00c5sa", "Asa"], ["Eva", "Eve"], ["Jon", "John"], ["\u00d6rjan", "Orjan"]],
)
def test_names_that_look_different_or_are_one_name_are_no_lookalikes(names):
    assert first_lookalike(names) is None


def test_a_game_whose_seats_look_alike_is_refused_naming_both():
    with pytest.raises(RecordError) as raised:
        check_seats(Game(players=("Ann", "Bob", CYRILLIC_ANN)))
    assert raised.value.problem.code == "players-lookalike"
    assert raised.value.problem.params == {"one": "Ann", "other": CYRILLIC_ANN}


@pytest.mark.parametrize("title", ["Friday \u202egame", "Friday\u200b", "Club \u17b4night"])
def test_a_title_with_a_hidden_or_bidi_character_is_refused(title):
    found = title_problem(title)
    assert found is not None and found.code == "title-hidden"


def test_a_plain_title_with_an_emoji_is_kept():
    assert title_problem("Friday at Ann's \u2764\ufe0f") is None
