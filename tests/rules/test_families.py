"""The families other than elimination (docs/kalooki-rules.md), against figures worked by hand."""

from decimal import Decimal

import pytest

from kalooki_ledger.rules import (
    PRESETS,
    Hand,
    RecordError,
    extend,
    parse_record,
    record_to_json,
    replay,
    results_to_json,
)
from kalooki_ledger.rules.presets import JAMAICA_DEALS, TRINIDAD_DEALS
from tests.helpers import record


def results(data: dict) -> dict:
    return results_to_json(replay(parse_record(data).game))


def refused(data: dict) -> str:
    with pytest.raises(RecordError) as caught:
        parse_record(data)
    return str(caught.value)


# North American: 3 players, 5 cents a point, a pot of 1 each, first to 100.
NORTH_AMERICAN = record(
    ["Ann", "Bob", "Cy"],
    [
        {"winner": "Ann", "penalties": {"Bob": 30, "Cy": 45}},
        {"winner": "Bob", "kalookie": True, "penalties": {"Ann": 20, "Cy": 10}},
        {"void": True},
        {"winner": "Ann", "penalties": {"Bob": 12, "Cy": 20}},
    ],
    rules={"preset": "north-american", "target": 100},
    stakes={"currency": "USD", "per_point": "0.05", "initial": "1"},
)


def test_north_american_winner_scores_the_losers_hand_values():
    rows = results(NORTH_AMERICAN)["hands"]
    assert rows[0]["scored"] == {"Ann": 75, "Bob": 0, "Cy": 0}
    assert rows[1]["scored"] == {"Ann": 0, "Bob": 30, "Cy": 0}  # no doubling unless agreed
    assert rows[3]["totals"] == {"Ann": 107, "Bob": 30, "Cy": 0}


def test_north_american_losers_pay_their_points_at_the_rate():
    rows = results(NORTH_AMERICAN)["hands"]
    assert rows[0]["payments"] == {"Ann": "3.75", "Bob": "-1.50", "Cy": "-2.25"}
    assert rows[2]["payments"] == {"Ann": "0.00", "Bob": "0.00", "Cy": "0.00"}


def test_north_american_ends_at_the_target_and_the_highest_takes_the_pot():
    out = results(NORTH_AMERICAN)
    assert (out["status"], out["winner"], out["pool"]) == ("finished", "Ann", "3.00")
    nets = {p: v["net"] for p, v in out["players"].items()}
    assert nets == {"Ann": "6.35", "Bob": "-1.60", "Cy": "-4.75"}
    assert out["transfers"] == [
        {"from": "Cy", "to": "Ann", "amount": "4.75"},
        {"from": "Bob", "to": "Ann", "amount": "1.60"},
    ]


def test_north_american_can_end_after_a_number_of_deals_not_counting_void_ones():
    data = {**NORTH_AMERICAN, "rules": {"preset": "north-american", "target": None, "deals": 2}}
    hands = NORTH_AMERICAN["hands"]
    data["hands"] = [hands[0], hands[2], hands[1]]  # a scored deal, a void one, a scored one
    out = results(data)
    assert out["status"] == "finished" and out["winner"] == "Ann"  # 75 against Bob's 30
    assert len(out["hands"]) == 3


def test_north_american_a_tie_at_the_end_shares_the_pot():
    data = record(
        ["Ann", "Bob"],
        [{"winner": "Ann", "penalties": {"Bob": 40}}, {"winner": "Bob", "penalties": {"Ann": 40}}],
        rules={"preset": "north-american", "target": None, "deals": 2},
        stakes={"currency": "GBP", "initial": "0.75"},
    )
    out = results(data)
    assert out["status"] == "finished" and out["winner"] is None
    assert {p: v["net"] for p, v in out["players"].items()} == {"Ann": "0.00", "Bob": "0.00"}


def test_north_american_hand_values_are_bounded_by_the_cards_dealt_for_the_table_size():
    rules = PRESETS["north-american"].rules
    # 15 cards for 2 to 4 players: 4 jokers at 25, 8 aces at 15, three tens.
    assert rules.hand_value_bounds(rules.cards_held(4)) == (2, 100 + 120 + 30)
    assert rules.cards_held(5) == 13 and rules.cards_held(6) == 11
    bad = record(
        ["A", "B"], [{"winner": "A", "penalties": {"B": 251}}], rules={"preset": "north-american"}
    )
    assert "no 15-card hand is worth more than 250" in refused(bad)


# Scarne: a point a card, one more a joker, doubled on a kaluki; a cent a point.
SCARNE = record(
    ["Ann", "Bob", "Cy"],
    [
        {"winner": "Ann", "counts": {"Bob": {"cards": 5, "jokers": 1}, "Cy": {"cards": 3}}},
        {
            "winner": "Cy",
            "kalookie": True,
            "counts": {"Ann": {"cards": 4, "jokers": 2}, "Bob": {"cards": 2, "jokers": 0}},
        },
    ],
    rules={"preset": "scarne"},
    stakes={"currency": "USD", "per_point": "0.01"},
    stopped={"settle": "refund"},
)


def test_scarne_counts_points_won_less_points_lost():
    rows = results(SCARNE)["hands"]
    assert rows[0]["scored"] == {"Ann": 9, "Bob": -6, "Cy": -3}
    assert rows[1]["scored"] == {"Ann": -12, "Bob": -4, "Cy": 16}  # doubled on the kaluki
    assert rows[1]["totals"] == {"Ann": -3, "Bob": -10, "Cy": 13}


def test_scarne_settles_every_hand_at_a_cent_a_point():
    out = results(SCARNE)
    assert out["hands"][1]["payments"] == {"Ann": "-0.12", "Bob": "-0.04", "Cy": "0.16"}
    assert out["status"] == "stopped"
    assert {p: v["net"] for p, v in out["players"].items()} == {
        "Ann": "-0.03",
        "Bob": "-0.10",
        "Cy": "0.13",
    }
    assert [(t["from"], t["to"], t["amount"]) for t in out["transfers"]] == [
        ("Bob", "Cy", "0.10"),
        ("Ann", "Cy", "0.03"),
    ]


def test_scarne_keeps_going_until_the_table_stops():
    assert results({**SCARNE, "stopped": None})["status"] == "in-progress"


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        ({"Bob": {"cards": 0}, "Cy": {"cards": 3}}, "Bob: a loser holds 1 to 15 cards, not 0"),
        ({"Bob": {"cards": 2, "jokers": 3}, "Cy": {"cards": 3}}, "3 jokers among 2 cards can't be"),
        ({"Cy": {"cards": 3}}, "Bob: no count recorded for a player still in"),
    ],
)
def test_scarne_refuses_counts_that_cannot_be(counts, message):
    bad = record(
        ["Ann", "Bob", "Cy"], [{"winner": "Ann", "counts": counts}], rules={"preset": "scarne"}
    )
    assert message in refused(bad)


def test_scarne_refuses_a_hand_value_instead_of_counts():
    bad = record(
        ["Ann", "Bob"], [{"winner": "Ann", "penalties": {"Bob": 20}}], rules={"preset": "scarne"}
    )
    assert "Hand 1, Bob: a per-hand game counts the cards and jokers left in hand" in refused(bad)


# Jamaica: three players, a pot of 2 each; void deals are dealt again with the same contract.
JAMAICA = record(
    ["Ann", "Bob", "Cy"],
    [
        {"winner": "Ann", "penalties": {"Bob": 25, "Cy": 40}},
        {
            "winner": "Bob",
            "kalookie": True,
            "penalties": {"Ann": 10, "Cy": 5},
            "adjustments": {"Cy": 50},
            "reason": {"Cy": "called four times"},
        },
        {"void": True},
        {"winner": "Cy", "cards": {"Ann": ["Joker", "AH", "AS"], "Bob": ["KD", "2C"]}},
    ],
    rules={"preset": "jamaica"},
    stakes={"currency": "units", "initial": "2"},
)


def test_jamaica_rows_carry_the_deal_and_its_contract_and_a_void_deal_is_dealt_again():
    rows = results(JAMAICA)["hands"]
    assert [(r["deal"], r["contract"]) for r in rows] == [
        (1, "three threes"),
        (2, "two threes and one four"),
        (3, "two fours and one three"),
        (3, "two fours and one three"),
    ]
    assert [r["dealer"] for r in rows] == ["Ann", "Bob", "Cy", "Cy"]


def test_jamaica_bending_the_table_doubles_the_others_and_adjustments_add_on():
    rows = results(JAMAICA)["hands"]
    assert rows[1]["scored"] == {"Ann": 20, "Bob": 0, "Cy": 60}


def test_jamaica_red_aces_count_1_black_aces_15_jokers_50():
    rows = results(JAMAICA)["hands"]
    assert rows[3]["scored"] == {"Ann": 50 + 1 + 15, "Bob": 12, "Cy": 0}
    assert rows[3]["totals"] == {"Ann": 86, "Bob": 37, "Cy": 100}


def test_jamaica_is_in_progress_until_the_ninth_deal_then_lowest_total_wins_the_pot():
    ledger = replay(parse_record(JAMAICA).game)
    assert (ledger.status, ledger.next_deal, ledger.next_contract) == (
        "in-progress",
        4,
        "three fours",
    )
    for _ in range(6):
        ledger = extend(ledger, Hand(winner="Bob", penalties={"Ann": 10, "Cy": 10}))
    out = results_to_json(ledger)
    assert out["status"] == "finished" and out["winner"] == "Bob"
    assert out["hands"][-1]["deal"] == 9 and out["hands"][-1]["contract"] == "four fours"
    assert out["players"]["Bob"]["total"] == 37 and out["players"]["Bob"]["net"] == "4"


def test_jamaica_deals_bound_hand_values_by_the_cards_dealt_plus_three_calls():
    rules = PRESETS["jamaica"].rules
    assert [d.cards for d in JAMAICA_DEALS] == [9, 10, 11, 12, 12, 13, 14, 15, 16]
    assert rules.cards_held(4, 1) == 15 and rules.cards_held(4, 9) == 22
    # Deal 1: 15 cards at most, 4 jokers (200), 4 black aces (60), 7 tens (70).
    assert rules.hand_value_bounds(15) == (1, 330)
    bad = record(
        ["A", "B", "C"],
        [{"winner": "A", "penalties": {"B": 331, "C": 5}}],
        rules={"preset": "jamaica"},
    )
    assert "Hand 1, B: no 15-card hand is worth more than 330" in refused(bad)


def test_jamaica_needs_the_colour_of_an_ace():
    bad = record(["A", "B"], [{"winner": "A", "cards": {"B": ["A"]}}], rules={"preset": "jamaica"})
    assert "red and black aces differ in this game: write AS, AC, AH or AD" in refused(bad)


def test_trinidad_plays_seven_rounds_and_a_lost_challenge_adds_50():
    hands = [
        {
            "winner": "Ann",
            "penalties": {"Bob": 30, "Cy": 12},
            "adjustments": {"Cy": 50},
            "reason": {"Cy": "lost a challenge"},
        }
    ] + [{"winner": "Cy", "penalties": {"Ann": 2, "Bob": 3}}] * 6
    out = results(record(["Ann", "Bob", "Cy"], hands, rules={"preset": "trinidad"}))
    assert [d.contract for d in TRINIDAD_DEALS][out["hands"][1]["deal"] - 1] == "1 set and 1 run"
    assert out["hands"][0]["scored"] == {"Ann": 0, "Bob": 30, "Cy": 62}
    assert out["status"] == "finished"
    assert {p: v["total"] for p, v in out["players"].items()} == {"Ann": 12, "Bob": 48, "Cy": 62}
    assert out["winner"] == "Ann"


def test_a_hand_after_the_last_deal_is_a_problem():
    hands = [{"winner": "Cy", "penalties": {"Ann": 2, "Bob": 3}}] * 8
    message = refused(record(["Ann", "Bob", "Cy"], hands, rules={"preset": "trinidad"}))
    assert "Hand 8: the game was over after hand 7 (Cy won)" in message


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            {"winner": "Ann", "penalties": {"Bob": 3, "Cy": 4}, "buy_ins": {"Bob": True}},
            "Hand 1, Bob: buy-ins belong to elimination games",
        ),
        (
            {"winner": "Ann", "penalties": {"Bob": 3, "Cy": 4}, "reason": {"Bob": "why"}},
            "Hand 1, Bob: a reason goes with a penalty adjustment",
        ),
        (
            {"winner": "Ann", "penalties": {"Bob": 3, "Cy": 4}, "adjustments": {"Bob": 5000}},
            "from -1000 to 1000",
        ),
    ],
)
def test_fixed_deals_refuse_what_does_not_belong(hand, message):
    assert message in refused(record(["Ann", "Bob", "Cy"], [hand], rules={"preset": "jamaica"}))


@pytest.mark.parametrize("data", [NORTH_AMERICAN, SCARNE, JAMAICA])
def test_every_family_exports_and_imports_back_identically(data):
    first = record_to_json(parse_record(data), replay(parse_record(data).game))
    again = parse_record(first)
    assert record_to_json(again, replay(again.game)) == first


def test_elimination_hands_refuse_counts_and_adjustments():
    bad = record(["Ann", "Bob"], [{"winner": "Ann", "counts": {"Bob": {"cards": 2}}}])
    assert "counts of cards and jokers are for per-hand games" in refused(bad)


def test_extend_matches_replay_in_every_family():
    for data in (NORTH_AMERICAN, SCARNE, JAMAICA):
        game = parse_record({**data, "stopped": None}).game
        for count in range(len(game.hands)):
            shorter = replay(game.__class__(**{**game.__dict__, "hands": game.hands[:count]}))
            longer = replay(game.__class__(**{**game.__dict__, "hands": game.hands[: count + 1]}))
            if shorter.status == "in-progress":
                assert extend(shorter, game.hands[count]) == longer


def test_per_point_money_is_exact_decimal():
    out = results(NORTH_AMERICAN)
    assert sum(Decimal(v["net"]) for v in out["players"].values()) == 0


def test_trinidad_going_out_doubles_nothing_as_source_001_scores_it():
    hands = [{"winner": "Ann", "kalookie": True, "penalties": {"Bob": 30, "Cy": 12}}]
    out = results(record(["Ann", "Bob", "Cy"], hands, rules={"preset": "trinidad"}))
    assert out["hands"][0]["scored"] == {"Ann": 0, "Bob": 30, "Cy": 12}
    assert PRESETS["trinidad"].rules.kalookie_doubles_penalties is False


def test_a_trinidad_house_rule_may_turn_doubling_on():
    hands = [{"winner": "Ann", "kalookie": True, "penalties": {"Bob": 30, "Cy": 12}}]
    rules = {"preset": "trinidad", "kalookie_doubles_penalties": True}
    out = results(record(["Ann", "Bob", "Cy"], hands, rules=rules))
    assert out["hands"][0]["scored"] == {"Ann": 0, "Bob": 60, "Cy": 24}


def test_trinidad_counts_cards_as_source_001_values_them():
    rules = PRESETS["trinidad"].rules
    values = {c: rules.card_value(c[:-1], c[-1]) for c in ("JokerX", "KS", "QH", "JD", "AS", "AC")}
    assert values == {"JokerX": 50, "KS": 10, "QH": 10, "JD": 10, "AS": 15, "AC": 15}
    assert rules.card_value("A", "H") == rules.card_value("A", "D") == 1
    assert [rules.cards_held(4, deal) for deal in range(1, 8)] == [18] * 7  # 12 + three calls


# --- stopping early: the leader takes the pot --------------------------------------------------


def test_jamaica_stopped_early_with_leader_gives_the_lowest_total_the_pot():
    out = results({**JAMAICA, "stopped": {"settle": "leader"}})
    assert out["status"] == "stopped" and out["winner"] is None
    # Totals Ann 86, Bob 37, Cy 100: Bob leads and takes the pot of 6.
    assert {p: v["net"] for p, v in out["players"].items()} == {"Ann": "-2", "Bob": "4", "Cy": "-2"}
    assert [(t["from"], t["to"], t["amount"]) for t in out["transfers"]] == [
        ("Ann", "Bob", "2"),
        ("Cy", "Bob", "2"),
    ]


def test_north_american_stopped_early_with_leader_gives_the_highest_total_the_pot():
    data = {**NORTH_AMERICAN, "rules": {"preset": "north-american", "target": None}}
    data["stopped"] = {"settle": "leader"}
    ledger = replay(parse_record(data).game)
    assert ledger.status == "stopped" and ledger.sharers == ("Ann",)
    assert {s.name: s.pool_share for s in ledger.standings} == {
        "Ann": Decimal(3),
        "Bob": Decimal(0),
        "Cy": Decimal(0),
    }
    assert sum(s.net for s in ledger.standings) == 0


def test_leaders_who_tie_when_the_game_is_stopped_share_the_pot():
    data = record(
        ["Ann", "Bob", "Cy"],
        [{"winner": "Ann", "penalties": {"Bob": 40, "Cy": 40}}],
        rules={"preset": "jamaica"},
        stakes={"currency": "GBP", "initial": "0.25"},
        stopped={"settle": "leader"},
    )
    ledger = replay(parse_record(data).game)
    assert ledger.sharers == ("Ann",)
    data["hands"].append({"winner": "Bob", "penalties": {"Ann": 40, "Cy": 5}})
    ledger = replay(parse_record(data).game)
    # Ann 40, Bob 40, Cy 45: the pot of 0.75 split, the odd penny to the first sharer left of
    # the player who would deal next (Cy), as in a split.
    assert ledger.sharers == ("Ann", "Bob")
    shares = {s.name: s.pool_share for s in ledger.standings}
    assert shares == {"Ann": Decimal("0.38"), "Bob": Decimal("0.37"), "Cy": Decimal(0)}


def test_the_leader_stop_round_trips_through_the_record_and_refund_and_split_keep_their_meaning():
    data = {**JAMAICA, "stopped": {"settle": "leader"}}
    assert record_to_json(parse_record(data))["stopped"] == {"settle": "leader"}
    refund = results({**JAMAICA, "stopped": {"settle": "refund"}})
    split = results({**JAMAICA, "stopped": {"settle": "split"}})
    assert {p: v["net"] for p, v in refund["players"].items()} == {
        "Ann": "0",
        "Bob": "0",
        "Cy": "0",
    }
    assert {p: v["net"] for p, v in split["players"].items()} == {"Ann": "0", "Bob": "0", "Cy": "0"}


def test_an_elimination_game_has_no_leader_to_take_the_pool():
    data = record(
        ["A", "B"], [{"winner": "A", "penalties": {"B": 30}}], stopped={"settle": "leader"}
    )
    assert refused(data) == (
        "an elimination game has no leader to take the pool: stop it with a refund or a split "
        "instead"
    )


def test_a_stop_other_than_refund_split_or_leader_is_refused():
    assert 'stopped is null, {"settle": "refund"}' in refused(
        {**JAMAICA, "stopped": {"settle": "x"}}
    )


@pytest.mark.parametrize(
    ("preset", "hands", "leaders"),
    [
        ("north-american", [], ()),
        ("north-american", [{"winner": "Ann", "penalties": {"Bob": 30, "Cy": 45}}], ("Ann",)),
        ("jamaica", [{"winner": "Ann", "penalties": {"Bob": 30, "Cy": 45}}], ("Ann",)),
        (
            "jamaica",
            [
                {"winner": "Ann", "penalties": {"Bob": 10, "Cy": 10}},
                {"winner": "Bob", "penalties": {"Ann": 10, "Cy": 30}},
            ],
            ("Ann", "Bob"),
        ),
        ("british", [{"winner": "Ann", "penalties": {"Bob": 30, "Cy": 45}}], ()),
    ],
)
def test_the_ledger_names_who_leads_a_game_nobody_goes_out_of(preset, hands, leaders):
    game = parse_record(record(["Ann", "Bob", "Cy"], hands, rules={"preset": preset})).game
    assert replay(game).leaders == leaders


def test_a_refused_adjustment_and_a_bad_value_are_told_together():
    game = parse_record(record(["Ann", "Bob", "Cy"], [], rules={"preset": "jamaica"})).game
    hand = Hand(winner="Ann", penalties={"Bob": 999, "Cy": 4}, adjustments={"Ann": 5000})
    told = [(p.player, p.code) for p in replay(game.with_hand(hand)).hand_problems(1)]
    assert ("Ann", "adjustment-range") in told
    assert any(player == "Bob" for player, _ in told), told
