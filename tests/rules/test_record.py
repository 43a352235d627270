"""The game record kalooki-game/1: reading, writing back, and refusing bad records clearly."""

import json
from decimal import Decimal

import pytest

from kalooki_ledger.rules import (
    Hand,
    Problem,
    RecordError,
    check,
    extend,
    parse_record,
    read_record_json,
    record_to_json,
    results_to_json,
)
from kalooki_ledger.rules.replay import MAX_HANDS
from tests.helpers import record, worked_example

PLAYERS = ["Andy", "Mark", "John", "Frank"]


def good(**extra) -> dict:
    base = {
        "title": "Friday at Mark's",
        "played_on": "2026-11-20",
        "rules": {"preset": "british", "limit": 150, "max_buy_ins": 2},
        "stakes": {
            "currency": "GBP",
            "call_up": "0.10",
            "kalookie": "0.20",
            "initial": "0.50",
            "buy_in": "0.50",
        },
        "first_dealer": "Andy",
        "stopped": None,
    }
    hands = extra.pop(
        "hands", [{"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}}]
    )
    return record(extra.pop("players", PLAYERS), hands, **{**base, **extra})


def refused(data) -> str:
    with pytest.raises(RecordError) as caught:
        parse_record(data)
    return str(caught.value)


# --- reading ---------------------------------------------------------------------------------


def test_it_reads_the_example_of_the_record_format():
    data = good(
        hands=[
            {"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}},
            {"void": True},
            {
                "winner": "Andy",
                "kalookie": True,
                "cards": {
                    "Mark": ["Joker", "AS", "10H"],
                    "John": ["7", "7"],
                    "Frank": ["KD", "2C"],
                },
            },
        ]
    )
    rec = parse_record(data)
    assert rec.title == "Friday at Mark's"
    assert rec.played_on.isoformat() == "2026-11-20"
    assert rec.game.stakes.call_up == Decimal("0.10")
    ledger = check(rec.game)
    assert ledger.standing("Mark").total == 42 + 36
    assert ledger.hands[2].payments["Andy"] == Decimal("0.60")


def test_the_presets_stakes_apply_without_a_stakes_object():
    data = good(rules={"preset": "williamson"})
    del data["stakes"]
    stakes = parse_record(data).game.stakes
    assert (stakes.currency, stakes.initial, stakes.buy_in) == ("units", 3, 2)


def test_an_omitted_stake_is_zero():
    stakes = parse_record(good(stakes={"currency": "GBP", "call_up": "0.10"})).game.stakes
    assert (stakes.call_up, stakes.kalookie, stakes.initial) == (Decimal("0.10"), 0, 0)


@pytest.mark.parametrize(
    ("overrides", "attribute", "value"),
    [
        ({"limit": 151}, "limit", 151),
        ({"out_at": "reach"}, "out_at", "reach"),
        ({"max_buy_ins": None}, "max_buy_ins", None),
        ({"max_buy_ins": 0}, "max_buy_ins", 0),
        ({"buy_in_needs_remaining": 3}, "buy_in_needs_remaining", 3),
        ({"kalookie_doubles_penalties": True}, "kalookie_doubles_penalties", True),
        ({"winner_bonus": {"call_up": 20, "kalookie": 40}}, "winner_bonus_kalookie", 40),
        ({"joker_value": 25}, "joker_value", 25),
    ],
)
def test_every_rule_can_be_overridden(overrides, attribute, value):
    rules = parse_record(good(rules={"preset": "british", **overrides})).game.rules
    assert getattr(rules, attribute) == value


def test_the_worked_example_round_trips_exactly():
    data = worked_example()
    once = record_to_json(parse_record(data))
    assert record_to_json(parse_record(once)) == once
    assert once["hands"] == data["hands"]


def test_it_writes_results_as_the_spec_shows():
    rec = parse_record(good())
    out = record_to_json(rec, check(rec.game))
    results = out["results"]
    assert results["status"] == "in-progress"
    assert results["next_dealer"] == "Mark"
    assert results["pool"] == "2.00"
    assert results["players"]["Andy"] == {"total": 85, "buy_ins": 0, "out": False, "net": "-0.60"}
    assert results["hands"][0]["payments"] == {
        "Andy": "-0.10",
        "Mark": "-0.10",
        "John": "0.30",
        "Frank": "-0.10",
    }
    assert results["transfers"] == []
    json.dumps(out)  # plain JSON all the way down


def test_results_list_owed_decisions_in_order_and_no_next_dealer():
    data = good(hands=[{"winner": "John", "penalties": {"Andy": 148, "Mark": 148, "Frank": 2}}])
    data["rules"]["limit"] = 100
    results = results_to_json(check(parse_record(data).game))
    assert results["status"] == "awaiting-buy-ins"
    assert results["awaiting_buy_ins"] == ["Andy", "Mark"]
    assert results["next_dealer"] is None


def test_a_three_place_currency_keeps_its_places_when_written_without_results():
    data = good(stakes={"currency": "BHD", "call_up": "0.125", "initial": "1.500"})
    stakes = record_to_json(parse_record(data))["stakes"]
    assert (stakes["call_up"], stakes["initial"]) == ("0.125", "1.500")


def test_unit_stakes_written_without_results_read_back_the_same():
    data = good(stakes={"currency": "units", "call_up": "1", "initial": "5"})
    once = record_to_json(parse_record(data))
    assert once["stakes"]["call_up"] == "1"
    assert record_to_json(parse_record(once)) == once


# --- bad records ------------------------------------------------------------------------------


def with_rules(**rules) -> dict:
    return good(rules={"preset": "british", **rules})


def with_stakes(**stakes) -> dict:
    return good(stakes={"currency": "GBP", **stakes})


def with_hands(*hands, **extra) -> dict:
    return good(hands=list(hands), **extra)


HAND_1 = {"winner": "John", "penalties": {"Andy": 85, "Mark": 42, "Frank": 30}}
OVER = {"winner": "John", "penalties": {"Andy": 100, "Mark": 148, "Frank": 30}}  # limit 100


BAD = [
    # the document
    ([], "a game record is a JSON object"),
    (
        {**good(), "format": "kalooki-game/2"},
        'format must be "kalooki-game/1", not "kalooki-game/2"',
    ),
    (
        {k: v for k, v in good().items() if k != "format"},
        'format must be "kalooki-game/1", not null',
    ),
    (good(title=7), "title is text of at most 200 characters"),
    # A title of 0, false or [] is no text either, however empty it looks.
    (good(title=0), "title is text of at most 200 characters"),
    (good(title=False), "title is text of at most 200 characters"),
    (good(title=[]), "title is text of at most 200 characters"),
    (good(played_on="20/11/2026"), 'played_on is a date such as "2026-11-20"'),
    # The record writes dates one way; Python would also read these as 20 and 16 November.
    (good(played_on="20261120"), 'played_on is a date such as "2026-11-20"'),
    (good(played_on="2026-W47-1"), 'played_on is a date such as "2026-11-20"'),
    # rules
    (good(rules={"preset": "vegas"}), 'unknown preset "vegas": use one of british, british-151'),
    (good(rules={"preset": ["british"]}), 'unknown preset ["british"]: use one of british'),
    (good(rules=[]), 'rules is an object such as {"preset": "british"}'),
    (with_rules(limits=150), 'unknown rule "limits": the rules are family, limit, out_at'),
    (with_rules(limit="150"), "limit must be a whole number from 10 to 10000"),
    (with_rules(limit=150.0), "limit must be a whole number from 10 to 10000"),
    (with_rules(limit=True), "limit must be a whole number from 10 to 10000"),
    (with_rules(limit=5), "limit must be from 10 to 10000, not 5"),
    (
        with_rules(out_at="under"),
        'out_at must be "over" (past the limit) or "reach" (on reaching it)',
    ),
    (with_rules(max_buy_ins=-1), "max_buy_ins must be from 0 to 100, not -1"),
    (with_rules(max_buy_ins="2"), "max_buy_ins must be a whole number from 0 to 100"),
    (with_rules(buy_in_needs_remaining=1), "buy_in_needs_remaining must be from 2 to 6, not 1"),
    (
        with_rules(kalookie_doubles_penalties="yes"),
        'kalookie_doubles_penalties must be true or false, not "yes"',
    ),
    (with_rules(winner_bonus=20), 'winner_bonus is {"call_up": n, "kalookie": n}'),
    (
        with_rules(winner_bonus={"call_up": -1}),
        "winner_bonus call_up must be from 0 to 500, not -1",
    ),
    (with_rules(joker_value=0), "joker_value must be from 1 to 100, not 0"),
    (
        with_rules(family="martian"),
        "family must be one of elimination, positive, per-hand, fixed-deals",
    ),
    # stakes
    (
        with_stakes(call_up=0.1),
        'the call_up stake must be written as a decimal string such as "0.50"',
    ),
    (with_stakes(initial="-0.50"), "the initial stake can't be negative: use 0 or more"),
    (with_stakes(buy_in="0.505"), "the buy_in stake in GBP can have at most 2 decimal places"),
    (
        with_stakes(kalookie="two"),
        'the kalookie stake must be an amount such as "0.50", not "two"',
    ),
    (
        with_stakes(kalookie=None),
        'the kalookie stake must be written as a decimal string such as "0.50", not null',
    ),
    (with_stakes(tip="1"), 'unknown stake "tip": the stakes are call_up, kalookie'),
    (
        good(stakes={"currency": "pounds"}),
        'currency must be an ISO code such as GBP, or "units", not "pounds"',
    ),
    (good(stakes="0.10"), 'stakes is an object such as {"currency": "GBP", "call_up": "0.10"}'),
    # seats
    (
        good(players=["Andy", "Mark", "Andy"]),
        "two players are called 'Andy': give each a different name",
    ),
    (
        good(players=["Andy", "Mark", "andy"]),
        "two players are called 'andy': give each a different name",
    ),
    (good(players=["Andy"], hands=[]), "a game has 2 to 6 players, not 1"),
    (good(players=[*PLAYERS, "E", "F", "G"], hands=[]), "a game has 2 to 6 players, not 7"),
    (good(players="Andy, Mark"), "players is a list of names in clockwise seat order"),
    (good(players=["Andy", ""]), "every player needs a name"),
    (good(players=["Andy", "M" * 41]), "a player's name has at most 40 characters"),
    (
        good(first_dealer="Zoe"),
        'the first dealer "Zoe" is not one of the players (Andy, Mark, John, Frank)',
    ),
    (good(first_dealer=""), 'the first dealer "" is not one of the players (Andy, Mark'),
    (good(first_dealer=1), "the first dealer 1 is not one of the players (Andy, Mark"),
    # hands: shape
    (good(hands={"1": HAND_1}), "hands is a list of hands"),
    (with_hands(HAND_1, ["John"]), 'Hand 2: a hand is an object such as {"winner": "Mark", ...}'),
    (
        with_hands({**HAND_1, "bonus": 5}),
        'Hand 1: unknown key "bonus": a hand has adjustments, buy_ins, cards',
    ),
    (
        with_hands(HAND_1, {"void": True, "winner": "John"}),
        "Hand 2: a void hand has nothing else: no winner",
    ),
    (with_hands(HAND_1, {"void": "yes"}), 'Hand 2: void must be true or false, not "yes"'),
    (with_hands({"penalties": {"Andy": 4}}), 'Hand 1: a hand needs a winner, or "void": true'),
    (
        with_hands({**HAND_1, "winner": "Zoe"}),
        'Hand 1: the winner "Zoe" is not one of the players (Andy, Mark, John, Frank)',
    ),
    (with_hands({**HAND_1, "kalookie": 1}), "Hand 1: kalookie must be true or false, not 1"),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 4, "Mark": 4, "Zoe": 4}}),
        'Hand 1: penalties names "Zoe", who is not one of the players (Andy, Mark, John, Frank)',
    ),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 4, "Mark": 4, "Frank": "4"}}),
        'Hand 1, Frank: a hand value is a whole number such as 42, not "4"',
    ),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 4, "Mark": 4, "Frank": 4.0}}),
        "Hand 1, Frank: a hand value is a whole number such as 42, not 4.0",
    ),
    (
        with_hands(
            {"winner": "John", "penalties": {"Andy": 4, "Mark": 4}, "cards": {"Frank": "7H"}}
        ),
        'Hand 1, Frank: cards are a list such as ["Joker", "AS", "10H"]',
    ),
    (
        with_hands({**HAND_1, "buy_ins": {"Mark": "yes"}}),
        "Hand 1, Mark: a buy-in decision is true (bought in) or false (dropped out)",
    ),
    # hands: against the game
    (
        with_hands({**HAND_1, "adjustments": {"Mark": 50}}),
        "Hand 1, Mark: penalty adjustments are for fixed-deals games: remove the adjustment",
    ),
    (
        with_hands({**HAND_1, "counts": {"Mark": {"cards": 3}}}),
        "Hand 1, Mark: counts of cards and jokers are for per-hand games",
    ),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 85, "Mark": 42}}),
        "Hand 1, Frank: no hand value recorded for a player still in: enter a number from 2 to 148",
    ),
    (
        with_hands({**HAND_1, "penalties": {**HAND_1["penalties"], "John": 3}}),
        "Hand 1, John: won the hand, so has no hand value",
    ),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 149, "Mark": 42, "Frank": 30}}),
        "Hand 1, Andy: no 13-card hand is worth more than 148 (entered 149)",
    ),
    (
        with_hands({"winner": "John", "penalties": {"Andy": 85, "Mark": 1, "Frank": 30}}),
        "Hand 1, Mark: a loser's hand is worth at least 2: one card (entered 1)",
    ),
    (
        with_hands(
            {
                "winner": "John",
                "penalties": {"Andy": 85, "Mark": 42},
                "cards": {"Frank": ["AS"] * 3},
            }
        ),
        "Hand 1, Frank: the deck has only 2 of AS",
    ),
    (
        with_hands(
            {
                "winner": "John",
                "penalties": {"Andy": 85, "Mark": 42},
                "cards": {"Frank": ["2C"] * 14},
            }
        ),
        "Hand 1, Frank: a loser holds at most 13 cards, not 14",
    ),
    (
        with_hands({**HAND_1, "buy_ins": {"Mark": True}}),
        "Hand 1, Mark: was not offered a buy-in after this hand: they are within the limit; "
        "remove the decision",
    ),
    (
        with_hands(OVER, HAND_1, rules={"preset": "british", "limit": 100}),
        "Hand 1, Mark: was offered a buy-in after this hand and no decision is recorded: "
        "record whether they bought in or dropped out",
    ),
    (
        with_hands(
            {**OVER, "buy_ins": {"Mark": False}}, HAND_1, rules={"preset": "british", "limit": 100}
        ),
        "Hand 2, Mark: is out of the game after hand 1 and has no hand value any more",
    ),
    (
        with_hands(
            {**OVER, "buy_ins": {"Mark": False}},
            {"winner": "Mark", "penalties": {"Andy": 4, "John": 4, "Frank": 4}},
            rules={"preset": "british", "limit": 100},
        ),
        "Hand 2, Mark: is out of the game after hand 1 and can't win",
    ),
    (
        with_hands(
            {"winner": "John", "penalties": {"Andy": 148, "Mark": 148, "Frank": 148}},
            HAND_1,
            rules={"preset": "british", "limit": 100},
        ),
        "Hand 2: the game was over after hand 1 (John won): "
        "delete this hand or correct an earlier one",
    ),
    (
        with_hands(
            {"winner": "John", "penalties": {"Andy": 148, "Mark": 148, "Frank": 148}},
            rules={"preset": "british", "limit": 100},
            stopped={"settle": "split"},
        ),
        "the game finished after hand 1 (John won), so it can't be stopped early as well",
    ),
    (
        good(stopped={"settle": "share"}),
        'stopped is null, {"settle": "refund"} or {"settle": "split"}',
    ),
    (good(stopped="refund"), 'stopped is null, {"settle": "refund"} or {"settle": "split"}'),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m[:60] for _, m in BAD])
def test_it_refuses_a_bad_record_saying_what_is_wrong_and_what_is_allowed(data, message):
    assert refused(data).startswith(message)


def test_it_refuses_a_hand_worth_149_naming_the_hand_and_the_player():
    data = with_hands(
        HAND_1, {"winner": "Mark", "penalties": {"Andy": 20, "John": 149, "Frank": 3}}
    )
    with pytest.raises(RecordError) as caught:
        parse_record(data)
    problem = caught.value.problem
    assert (problem.hand, problem.player) == (2, "John")
    assert "148" in problem.message and "149" in problem.message


def test_an_owed_decision_on_the_last_hand_is_not_a_problem():
    data = with_hands(OVER, rules={"preset": "british", "limit": 100})
    assert check(parse_record(data).game).awaiting_buy_ins == ("Mark",)


@pytest.mark.parametrize("first_dealer", [None, "omitted"])
def test_without_a_first_dealer_the_first_seat_deals_first(first_dealer):
    data = good(first_dealer=first_dealer)
    if first_dealer == "omitted":
        del data["first_dealer"]
    assert parse_record(data).game.first_dealer == "Andy"


@pytest.mark.parametrize(
    ("hand", "player", "text"),
    [
        (3, "Mark", "Hand 3, Mark: is out"),
        (3, None, "Hand 3: is out"),
        (None, "Mark", "Mark: is out"),
        (None, None, "is out"),
    ],
)
def test_a_problem_reads_hand_then_player_then_what_is_wrong(hand, player, text):
    error = RecordError(Problem("is out", hand, player), Problem("second"))
    assert str(error) == text
    assert [str(p) for p in error.problems] == [text, "second"]


# --- the JSON text and strictness (issue 16) -------------------------------------------------


def read_refused(text: str | bytes) -> str:
    with pytest.raises(RecordError) as caught:
        read_record_json(text)
    return str(caught.value)


def test_it_refuses_a_key_given_twice_naming_it_instead_of_keeping_the_last():
    text = '{"format": "kalooki-game/1", "hands": [{"winner": "Bob", "winner": "Ann"}]}'
    assert read_refused(text) == 'the key "winner" appears twice in one object: keep one of each'


def test_it_reads_a_file_that_starts_with_a_byte_order_mark():
    text = json.dumps(good(), ensure_ascii=False)
    assert read_record_json(("\ufeff" + text).encode()) == read_record_json(text.encode())
    assert (
        parse_record(read_record_json(b"\xef\xbb\xbf" + text.encode())).title == "Friday at Mark's"
    )


def test_it_refuses_text_that_is_not_utf8_or_not_json_or_nan():
    assert read_refused(b"\xff\xfe{}").startswith("that file is not UTF-8 text")
    assert read_refused("{'format': 1}").startswith("that file is not JSON")
    assert read_refused('{"limit": NaN}').startswith("that file is not JSON")


def test_it_refuses_an_unknown_top_level_key_naming_it():
    message = refused({**good(), "comment": "x" * 1000, "extra": 1})
    assert message.startswith('unknown keys "comment", "extra": a record has format, title')


def test_it_accepts_the_results_export_game_adds():
    once = record_to_json(parse_record(good()))
    assert parse_record({**once, "results": {"status": "finished"}}).title == "Friday at Mark's"


@pytest.mark.parametrize("stake", [Decimal("0.1"), 1, 0])
def test_it_refuses_a_stake_written_as_a_json_number(stake):
    data = good(stakes={"currency": "GBP", "call_up": stake})
    assert refused(data).startswith(
        'the call_up stake must be written as a decimal string such as "0.50", not'
    )


def test_it_refuses_a_hand_value_written_as_a_string_or_a_decimal():
    for value in ("42", Decimal("42.0")):
        hand = {"winner": "John", "penalties": {"Andy": value, "Mark": 42, "Frank": 30}}
        assert "a hand value is a whole number such as 42" in refused(good(hands=[hand]))


def test_it_refuses_an_unknown_key_in_stopped():
    data = good(stopped={"settle": "refund", "why": "rain"})
    assert refused(data).startswith('stopped is null, {"settle": "refund"}')


def test_it_keeps_names_composed_and_finds_them_in_the_hands_however_written():
    data = good(
        players=["Andy", "Ren\u00e9e", "John", "Frank"],
        first_dealer="Rene\u0301e",
        hands=[{"winner": "John", "penalties": {"Andy": 85, "Rene\u0301e": 42, "Frank": 30}}],
    )
    game = parse_record(data).game
    assert game.players[1] == "Ren\u00e9e" and game.first_dealer == "Ren\u00e9e"
    assert game.hands[0].penalties == {"Andy": 85, "Ren\u00e9e": 42, "Frank": 30}


@pytest.mark.parametrize(
    "players",
    [["Ann", "A\u200bnn"], ["\u00e9", "e\u0301"], ["Ann", "\uff21nn"], ["Ann", "Ann\u00a0"]],
)
def test_it_refuses_two_players_whose_names_look_alike(players):
    assert refused(good(players=players, hands=[], first_dealer=None)).startswith(
        ("two players are called", "a player's name is letters")
    )


def test_it_refuses_a_bidi_override_inside_a_name_saying_which_character():
    message = refused(good(players=["Andy", "Ma\u202erk"], hands=[], first_dealer=None))
    assert "U+202E (right-to-left override) is invisible or turns the text around" in message


def test_it_refuses_a_record_of_more_hands_than_a_game_holds():
    hands = [{"void": True}] * (MAX_HANDS + 1)
    assert refused(good(hands=hands)).startswith(
        f"a game has at most {MAX_HANDS:,} hands, and this record has {MAX_HANDS + 1:,}"
    )


def test_the_ledger_refuses_a_hand_beyond_the_most_a_game_holds():
    game = parse_record(good(hands=[{"void": True}] * MAX_HANDS)).game
    ledger = check(game)
    after = extend(ledger, Hand(void=True))
    assert [p.message for p in after.hand_problems(MAX_HANDS + 1)] == [
        f"a game has at most {MAX_HANDS:,} hands: start a new game to play on"
    ]
