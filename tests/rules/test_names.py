"""Names (rules/names.py): one kept form, nothing invisible, one test of "the same name"."""

import pytest

from kalooki_ledger.rules.names import check_name, first_repeat, name_key, tidy_name


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
