"""Each family of scoring is one record in one list: its settings, stakes, what its hands take,
its replay and its words."""

from dataclasses import fields

import pytest

from kalooki_ledger.rules import (
    FAMILIES,
    PRESETS,
    Family,
    RecordError,
    Stakes,
    family_of,
    parse_record,
    replay,
)
from tests.helpers import record


@pytest.mark.parametrize(
    ("key", "kalookie_word", "kalookie_how", "pot_word", "points_title", "legend_start"),
    [
        ("elimination", "Kalookie", "kalookie", "pool", "Penalty points", "* won, *K kalookie"),
        ("positive", "Kaluki", "kaluki", "pot", "Points", "* won, *K kaluki"),
        ("per-hand", "Kaluki", "kaluki", "pot", "Points won less lost", "* won, *K kaluki"),
        ("fixed-deals", "Bent the table", "bending the table", "pot", "Points", "* won, *K bent"),
    ],
)
def test_each_family_has_its_own_words(
    key, kalookie_word, kalookie_how, pot_word, points_title, legend_start
):
    family = family_of(key)
    assert (family.kalookie_word, family.kalookie_how) == (kalookie_word, kalookie_how)
    assert (family.pot_word, family.points_title) == (pot_word, points_title)
    assert family.legend.startswith(legend_start)
    assert family.sheet_title.startswith(points_title)


def test_the_families_are_listed_once_each_under_the_keys_a_record_may_name():
    keys = [f.key for f in FAMILIES]
    assert len(set(keys)) == len(keys)
    assert all(family_of(f.key) is f for f in FAMILIES)


def test_every_preset_plays_a_listed_family():
    assert {p.rules.family for p in PRESETS.values()} == {f.key for f in FAMILIES}


def test_a_family_there_is_none_of_is_refused_by_name():
    with pytest.raises(RecordError, match="the bridge family of scoring is not available yet"):
        family_of("bridge")


@pytest.mark.parametrize("family", FAMILIES, ids=str)
def test_a_family_names_only_stakes_there_are_and_entries_a_hand_has(family: Family):
    assert set(family.stakes) <= {f.name for f in fields(Stakes)} - {"currency"}
    assert family.takes <= {"values", "counts", "adjustments", "buy_ins"}


@pytest.mark.parametrize("family", FAMILIES, ids=str)
def test_only_a_family_that_eliminates_takes_buy_ins_and_has_a_pool(family: Family):
    assert family.takes_buy_ins() == family.eliminates
    assert (family.pot_word == "pool") == family.eliminates
    assert family.lowest_wins or not family.eliminates  # elimination: the lowest total stays


@pytest.mark.parametrize("family", FAMILIES, ids=str)
def test_a_family_is_replayed_by_its_own_replay(family: Family):
    preset = next(k for k, p in PRESETS.items() if p.rules.family == family.key)
    hand = (
        {"winner": "Ann", "counts": {"Bob": {"cards": 3, "jokers": 0}}}
        if family.takes_counts()
        else {"winner": "Ann", "penalties": {"Bob": 10}}
    )
    game = parse_record(record(["Ann", "Bob"], [hand], rules={"preset": preset})).game
    ledger = replay(game)
    assert not ledger.problems
    assert ledger.hands[0].winner == "Ann"


def test_a_fixed_deals_row_carries_its_adjustments_and_the_others_none():
    hands = [{"winner": "Ann", "kalookie": True, "penalties": {"Bob": 30, "Cy": 12}}]
    data = record(["Ann", "Bob", "Cy"], hands, rules={"preset": "trinidad"})
    data["hands"][0]["adjustments"] = {"Cy": 50}
    row = replay(parse_record(data).game).hands[0]
    assert row.adjustments == {"Cy": 50}
    assert row.scored == {"Ann": 0, "Bob": 30, "Cy": 62}  # going out doubles nothing here
    british = record(["Ann", "Bob"], [{"winner": "Ann", "penalties": {"Bob": 5}}])
    assert replay(parse_record(british).game).hands[0].adjustments == {}
