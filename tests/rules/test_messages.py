"""Every problem the engine can tell a scorer has a stable code, its params as plain data and
the English message it always had: the code's template filled with the params."""

import re

import pytest

from kalooki_ledger.rules import (
    CardCount,
    Hand,
    RecordError,
    Rules,
    cards_value,
    family_of,
    name_problem,
    problem,
    replay,
)
from kalooki_ledger.rules.errors import english
from kalooki_ledger.rules.messages import MESSAGES
from kalooki_ledger.rules.presets import PRESETS
from kalooki_ledger.rules.record import build_stakes, parse_record, read_record_json
from tests.helpers import decided, make_game, record, won

# Each code with params as the engine passes them and the English the engine wrote before
# problems had codes (the f-strings' output, typed out).
ENGLISH = {
    "players-count": ({"low": 2, "high": 6, "count": 7}, "a game has 2 to 6 players, not 7"),
    "player-unnamed": ({}, "every player needs a name"),
    "player-twice": (
        {"name": "Ann"},
        "two players are called 'Ann': give each a different name",
    ),
    "players-lookalike": (
        {"one": "Ann", "other": "\u0410nn"},
        "'Ann' and '\u0410nn' look the same (a letter of another alphabet, such as a Cyrillic A "
        "for a Latin A, draws alike): give each player a name that looks different",
    ),
    "first-dealer-unknown": (
        {"name": '"Zed"', "players": "Ann, Bo"},
        'the first dealer "Zed" is not one of the players (Ann, Bo)',
    ),
    "limit-too-low": ({}, "the limit must be at least 1"),
    "family-unavailable": (
        {"family": "gin"},
        "the gin family of scoring is not available yet",
    ),
    "too-many-hands": (
        {"most": "1,000"},
        "a game has at most 1,000 hands: start a new game to play on",
    ),
    "hand-after-win": (
        {"after": 7, "winner": "Ann"},
        "the game was over after hand 7 (Ann won): delete this hand or correct an earlier one",
    ),
    "hand-after-tie": (
        {"after": 7, "names": ("Ann", "Bo")},
        "the game was over after hand 7 (Ann and Bo tied): delete this hand or correct an "
        "earlier one",
    ),
    "stopped-after-win": (
        {"after": 3, "winner": "Ann"},
        "the game finished after hand 3 (Ann won), so it can't be stopped early as well: "
        "remove the early stop",
    ),
    "stopped-after-tie": (
        {"after": 3, "names": ("Ann", "Bo", "Cy")},
        "the game finished after hand 3 (Ann and Bo and Cy tied), so it can't be stopped early "
        "as well: remove the early stop",
    ),
    "void-buy-in": ({}, "a void hand scores nothing, so no buy-in follows it"),
    "unknown-player": (
        {"name": '"Zed"', "players": "Ann, Bo"},
        'there is no player called "Zed" (players: Ann, Bo)',
    ),
    "void-with-entries": ({}, "a void hand has no winner and no hand values"),
    "no-winner": ({}, "choose who won the hand, or mark it void"),
    "winner-unknown": (
        {"name": '"Zed"', "players": "Ann, Bo"},
        'the winner "Zed" is not one of the players (Ann, Bo)',
    ),
    "winner-out": ({"after": 2}, "is out of the game after hand 2 and can't win"),
    "winner-has-value": ({}, "won the hand, so has no hand value"),
    "out-has-value": (
        {"after": 2},
        "is out of the game after hand 2 and has no hand value any more",
    ),
    "values-elsewhere": (
        {},
        "a per-hand game counts the cards and jokers left in hand: give counts, not a hand "
        "value or a card list",
    ),
    "counts-elsewhere": (
        {},
        "counts of cards and jokers are for per-hand games: give a hand value or the cards "
        "left in hand",
    ),
    "adjustments-elsewhere": (
        {},
        "penalty adjustments are for fixed-deals games: remove the adjustment",
    ),
    "buy-ins-elsewhere": ({}, "buy-ins belong to elimination games: remove the decision"),
    "value-and-cards": ({}, "give a hand value or a card list, not both"),
    "value-not-whole": (
        {"low": 2, "high": 149},
        "a hand value is a whole number from 2 to 149",
    ),
    "value-missing": (
        {"low": 2, "high": 149},
        "no hand value recorded for a player still in: enter a number from 2 to 149 or the "
        "cards left in their hand",
    ),
    "value-too-high": (
        {"held": 13, "high": 149, "value": 150},
        "no 13-card hand is worth more than 149 (entered 150)",
    ),
    "value-too-low": (
        {"low": 2, "value": 1},
        "a loser's hand is worth at least 2: one card (entered 1)",
    ),
    "not-a-card": (
        {"text": '"XX"'},
        '"XX" is not a card: write a rank (A, K, Q, J, 10…2) with an optional suit '
        "(S, H, D, C), or Joker",
    ),
    "cards-none": ({}, "a loser holds at least one card"),
    "cards-too-many": ({"most": 13, "count": 14}, "a loser holds at most 13 cards, not 14"),
    "aces-differ": ({}, "red and black aces differ in this game: write AS, AC, AH or AD"),
    "deck-jokers": ({"jokers": 2}, "the deck has only 2 jokers"),
    "deck-card": ({"packs": 2, "card": "AS"}, "the deck has only 2 of AS"),
    "deck-rank": ({"count": 8, "rank": "K"}, "the deck has only 8 cards of rank K"),
    "deck-jokers-between": (
        {"jokers": 2, "players": ("Bo", "Cy")},
        "the deck has only 2 jokers, but the card lists of Bo and Cy hold more between them",
    ),
    "deck-card-between": (
        {"packs": 2, "card": "AS", "players": ("Bo", "Cy")},
        "the deck has only 2 of AS, but the card lists of Bo and Cy hold more between them",
    ),
    "deck-rank-between": (
        {"count": 8, "rank": "K", "players": ("Bo", "Cy")},
        "the deck has only 8 cards of rank K, but the card lists of Bo and Cy hold more "
        "between them",
    ),
    "no-leader": (
        {},
        "an elimination game has no leader to take the pool: stop it with a refund or a split "
        "instead",
    ),
    "not-offered-already-out": (
        {"after": 2},
        "was not offered a buy-in after this hand: they were already out of the game after "
        "hand 2; remove the decision",
    ),
    "not-offered-within": (
        {},
        "was not offered a buy-in after this hand: they are within the limit; remove the decision",
    ),
    "not-offered-game-over": (
        {"name": "Ann"},
        "was not offered a buy-in after this hand: only Ann is within the limit, so the game "
        "is over; remove the decision",
    ),
    "not-offered-too-few": (
        {"needed": 3, "within": 2},
        "was not offered a buy-in after this hand: buy-ins need 3 players within the limit "
        "and only 2 are; remove the decision",
    ),
    "not-offered-none-allowed": (
        {},
        "was not offered a buy-in after this hand: this game allows no buy-ins; remove the "
        "decision",
    ),
    "not-offered-used-all": (
        {"allowed": 1},
        "was not offered a buy-in after this hand: they have used all 1 buy-ins; remove the "
        "decision",
    ),
    "decision-missing": (
        {},
        "was offered a buy-in after this hand and no decision is recorded: record whether "
        "they bought in or dropped out",
    ),
    "count-missing": (
        {"held": 13},
        "no count recorded for a player still in: give the cards left in hand (1 to 13) and "
        "how many of them are jokers",
    ),
    "count-cards": ({"held": 13, "cards": 14}, "a loser holds 1 to 13 cards, not 14"),
    "count-jokers": (
        {"jokers": 3, "cards": 2, "most": 2, "deck": 2},
        "3 jokers among 2 cards can't be: 0 to 2 (the deck has 2)",
    ),
    "reason-alone": ({}, "a reason goes with a penalty adjustment: add the points or remove it"),
    "adjustment-range": (
        {"points": 1001},
        "a penalty adjustment is a whole number of points from -1000 to 1000, not 1001",
    ),
    "name-empty": ({"what": "a club's name"}, "a club's name can't be empty: type some letters"),
    "name-hidden": (
        {"what": "a player's name", "char": "U+200B (zero width space)"},
        "a player's name is letters, digits, spaces and punctuation: U+200B (zero width space) "
        "is invisible or turns the text around, so two names could look alike",
    ),
    "name-long": (
        {"what": "a player's name", "limit": 40},
        "a player's name has at most 40 characters",
    ),
    "int-not-whole": (
        {"what": "limit", "low": 10, "high": 10000},
        "limit must be a whole number from 10 to 10000",
    ),
    "int-range": (
        {"what": "limit", "low": 10, "high": 10000, "value": 5},
        "limit must be from 10 to 10000, not 5",
    ),
    "not-bool": ({"what": "void", "value": '"yes"'}, 'void must be true or false, not "yes"'),
    "unknown-preset": (
        {"preset": '"x"', "presets": "british, club-uk"},
        'unknown preset "x": use one of british, club-uk',
    ),
    "unknown-rule": (
        {"rule": '"x"', "rules": "family, limit"},
        'unknown rule "x": the rules are family, limit',
    ),
    "unknown-family": (
        {"families": "elimination, positive", "value": '"gin"'},
        'family must be one of elimination, positive, not "gin"',
    ),
    "out-at-shape": ({}, 'out_at must be "over" (past the limit) or "reach" (on reaching it)'),
    "winner-bonus-shape": ({}, 'winner_bonus is {"call_up": n, "kalookie": n}'),
    "stakes-shape": ({}, 'stakes is an object such as {"currency": "GBP", "call_up": "0.10"}'),
    "unknown-stake": (
        {"stake": '"x"', "stakes": "call_up, kalookie"},
        'unknown stake "x": the stakes are call_up, kalookie',
    ),
    "currency-shape": (
        {"currency": '"gbp"'},
        'currency must be an ISO code such as GBP, or "units", not "gbp"',
    ),
    "stake-not-string": (
        {"stake": "call_up", "value": 1},
        'the call_up stake must be written as a decimal string such as "0.50", not 1',
    ),
    "map-shape": ({"key": "penalties"}, "penalties must map player names to values"),
    "map-stranger": (
        {"key": "penalties", "name": '"Zed"', "players": "Ann, Bo"},
        'penalties names "Zed", who is not one of the players (Ann, Bo)',
    ),
    "map-twice": (
        {"key": "penalties", "name": '"Bo"'},
        'penalties names "Bo" twice: give each player once',
    ),
    "hand-shape": ({}, 'a hand is an object such as {"winner": "Mark", ...}'),
    "hand-unknown-key": (
        {"key": '"x"', "keys": "cards, winner"},
        'unknown key "x": a hand has cards, winner',
    ),
    "void-alone": ({}, "a void hand has nothing else: no winner, values or buy-ins"),
    "hand-no-winner": ({}, 'a hand needs a winner, or "void": true'),
    "value-shape": ({"value": '"ten"'}, 'a hand value is a whole number such as 42, not "ten"'),
    "cards-shape": ({}, 'cards are a list such as ["Joker", "AS", "10H"]'),
    "cards-most": ({"most": 30}, "at most 30 cards"),
    "counts-shape": ({}, 'counts are {"cards": n, "jokers": n}'),
    "adjustment-shape": ({}, "an adjustment is a whole number of points"),
    "reason-shape": (
        {"most": 200},
        "a reason is text of at most 200 characters, without control characters",
    ),
    "buy-in-shape": ({}, "a buy-in decision is true (bought in) or false (dropped out)"),
    "players-shape": (
        {},
        'players is a list of names in clockwise seat order, such as ["Andy", "Mark"]',
    ),
    "name-hidden-given": (
        {"what": "a player's name", "char": "U+200B (zero width space)", "given": "A\u200bn"},
        "a player's name is letters, digits, spaces and punctuation: U+200B (zero width space) "
        f"is invisible or turns the text around, so two names could look alike: {'A\u200bn'!r}",
    ),
    "name-long-given": (
        {"what": "a player's name", "limit": 40, "given": "x" * 41},
        f"a player's name has at most 40 characters: {'x' * 41!r}",
    ),
    "players-twice-alike": (
        {"name": "ann"},
        "two players are called 'ann': give each a different name (names that differ only in "
        "case, width or how an accent is written are one name)",
    ),
    "not-utf8": ({}, "that file is not UTF-8 text: save the record as UTF-8 JSON"),
    "key-twice": (
        {"keys": "'hands'"},
        "the key 'hands' appears twice in one object: keep one of each",
    ),
    "not-json": (
        {},
        "that file is not JSON: upload a kalooki-game/1 record, such as the “Download JSON” "
        "file of a game",
    ),
    "record-shape": ({}, "a game record is a JSON object"),
    "record-unknown-key": (
        {"keys": "'x'", "known": "format, title"},
        "unknown key 'x': a record has format, title",
    ),
    "record-unknown-keys": (
        {"keys": "'x', 'y'", "known": "format, title"},
        "unknown keys 'x', 'y': a record has format, title",
    ),
    "format-shape": (
        {"format": "kalooki-game/1", "value": "null"},
        'format must be "kalooki-game/1", not null',
    ),
    "title-shape": (
        {"most": 200},
        "title is text of at most 200 characters, without control characters",
    ),
    "title-hidden": (
        {"char": "U+202E (right-to-left override)"},
        "a game's title is letters, digits, spaces and punctuation: U+202E (right-to-left "
        "override) is invisible or turns the text around, so the title could read other than "
        "it shows",
    ),
    "played-on-shape": ({}, 'played_on is a date such as "2026-11-20"'),
    "rules-shape": ({}, 'rules is an object such as {"preset": "british"}'),
    "hands-shape": ({}, "hands is a list of hands"),
    "record-too-many-hands": (
        {"most": "1,000", "count": "20,000"},
        "a game has at most 1,000 hands, and this record has 20,000: split it into games of "
        "fewer hands",
    ),
    "stopped-shape": (
        {},
        'stopped is null, {"settle": "refund"} or {"settle": "split"}, or {"settle": "leader"} '
        "where the game has a leader",
    ),
    "amount-float": (
        {"what": "the call_up stake"},
        'the call_up stake must be written as a decimal string such as "0.50"',
    ),
    "amount-not-number": (
        {"what": "the call_up stake", "value": '"abc"'},
        'the call_up stake must be an amount such as "0.50", not "abc"',
    ),
    "amount-shape": (
        {"what": "the call_up stake"},
        'the call_up stake must be an amount such as "0.50"',
    ),
    "amount-negative": ({"what": "the stake"}, "the stake can't be negative: use 0 or more"),
    "amount-too-big": (
        {"what": "the stake", "most": "1,000,000"},
        "the stake can be at most 1,000,000",
    ),
    "amount-zero": ({"what": "a payment"}, "a payment must be more than 0"),
    "amount-whole": (
        {"what": "the stake", "currency": "JPY"},
        "the stake in JPY can have no decimal places",
    ),
    "amount-places": (
        {"what": "the stake", "currency": "GBP", "digits": 2},
        "the stake in GBP can have at most 2 decimal places",
    ),
}


def test_every_code_is_in_the_table_of_english():
    assert set(ENGLISH) == set(MESSAGES)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_a_problem_says_what_the_engine_always_said(code):
    params, message = ENGLISH[code]
    made = problem(code, 3, "Bo", **params)
    assert made.message == message
    assert (made.code, made.params, made.hand, made.player) == (code, params, 3, "Bo")


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_a_template_names_exactly_the_params_it_is_given(code):
    params, _ = ENGLISH[code]
    assert set(re.findall(r"%\((\w+)\)", MESSAGES[code])) == set(params)


def test_params_are_plain_data():
    for params, _ in ENGLISH.values():
        for value in params.values():
            assert (
                value is None
                or isinstance(value, int | str)
                or all(isinstance(v, str) for v in value)
            )


# Problems the engine finds, each as a game would give it: the code, and the message its
# template makes from its params.
def _ledger_problems(game) -> list:
    return list(replay(game).problems)


def _refusal(run) -> list:
    with pytest.raises(RecordError) as caught:
        run()
    return list(caught.value.problems)


OUT = Rules(limit=100, max_buy_ins=0)
FOUND = [
    ("no-winner", lambda: _ledger_problems(make_game("A B", Hand()))),
    ("winner-has-value", lambda: _ledger_problems(make_game("A B", won("A", A=5, B=5)))),
    ("value-missing", lambda: _ledger_problems(make_game("A B C", won("A", B=5)))),
    ("value-too-high", lambda: _ledger_problems(make_game("A B", won("A", B=1000)))),
    ("value-too-low", lambda: _ledger_problems(make_game("A B", won("A", B=0)))),
    (
        "unknown-player",
        lambda: _ledger_problems(make_game("A B", won("A", B=5, Zed=5))),
    ),
    (
        "not-a-card",
        lambda: _ledger_problems(make_game("A B", Hand(winner="A", cards={"B": ("XX",)}))),
    ),
    (
        "deck-jokers-between",
        lambda: _ledger_problems(
            make_game("A B C", Hand(winner="A", cards={"B": ("Joker", "Joker"), "C": ("Joker",)}))
        ),
    ),
    (
        "winner-out",
        lambda: _ledger_problems(
            make_game("A B C", won("A", B=101, C=5), won("B", A=5, C=5), rules=OUT)
        ),
    ),
    (
        "not-offered-within",
        lambda: _ledger_problems(decided(make_game("A B C", won("A", B=5, C=5)), B=True)),
    ),
    (
        "buy-ins-elsewhere",
        lambda: _ledger_problems(
            make_game(
                "A B",
                Hand(winner="A", penalties={"B": 5}, buy_ins={"B": True}),
                rules=PRESETS["jamaica"].rules,
            )
        ),
    ),
    (
        "count-missing",
        lambda: _ledger_problems(make_game("A B", won("A"), rules=PRESETS["scarne"].rules)),
    ),
    (
        "count-jokers",
        lambda: _ledger_problems(
            make_game(
                "A B",
                Hand(winner="A", counts={"B": CardCount(2, 5)}),
                rules=PRESETS["scarne"].rules,
            )
        ),
    ),
    ("players-count", lambda: _refusal(lambda: replay(make_game("A")))),
    ("family-unavailable", lambda: _refusal(lambda: family_of("gin"))),
    ("cards-none", lambda: _refusal(lambda: cards_value([], Rules()))),
    ("name-empty", lambda: [name_problem("  ")[1]]),
    ("record-shape", lambda: _refusal(lambda: parse_record([]))),
    ("not-json", lambda: _refusal(lambda: read_record_json(b"{"))),
    (
        "amount-negative",
        lambda: _refusal(lambda: build_stakes("british", {"currency": "GBP", "call_up": "-1"})),
    ),
    (
        "value-shape",
        lambda: _refusal(
            lambda: parse_record(record(["A", "B"], [{"winner": "A", "penalties": {"B": "x"}}]))
        ),
    ),
]


@pytest.mark.parametrize(("code", "found"), FOUND, ids=[code for code, _ in FOUND])
def test_the_engine_gives_its_problems_as_codes_and_params(code, found):
    problems = found()
    assert code in [p.code for p in problems]
    for p in problems:
        assert p.code in MESSAGES
        assert english(MESSAGES[p.code], p.params) == p.message
