"""Rules: who is over the limit, hand-value bounds from the deck, buy-ins left, bonuses."""

from decimal import Decimal

import pytest

from kalooki_ledger.rules import Rules, Stakes
from kalooki_ledger.rules.presets import PRESETS


@pytest.mark.parametrize(
    ("out_at", "total", "over"),
    [
        ("over", 149, False),
        ("over", 150, False),
        ("over", 151, True),
        ("reach", 149, False),
        ("reach", 150, True),
        ("reach", 151, True),
    ],
)
def test_out_at_over_passes_the_limit_and_reach_touches_it(out_at, total, over):
    assert Rules(limit=150, out_at=out_at).is_over(total) is over


@pytest.mark.parametrize(("out_at", "highest"), [("over", 150), ("reach", 149)])
def test_the_highest_total_still_within_depends_on_out_at(out_at, highest):
    assert Rules(limit=150, out_at=out_at).highest_within() == highest


@pytest.mark.parametrize(
    ("preset", "bounds"),
    [
        ("british", (2, 148)),  # 2 jokers x 15 + 8 aces x 11 + 3 tens
        ("three-deck", (2, 185)),  # 3 jokers x 25 + 10 of the 12 aces x 11
        ("kaluki-003", (2, 148)),
        ("swedish", (2, 148)),
    ],
)
def test_hand_value_bounds_come_from_the_deck(preset, bounds):
    assert PRESETS[preset].rules.hand_value_bounds() == bounds


def test_a_dearer_joker_raises_the_upper_bound():
    assert Rules(joker_value=25).hand_value_bounds() == (2, 2 * 25 + 8 * 11 + 3 * 10)


def test_a_smaller_hand_lowers_the_upper_bound():
    assert Rules(hand_size=3).hand_value_bounds() == (2, 15 + 15 + 11)


def test_the_deck_has_two_packs_and_two_jokers_by_default():
    assert len(Rules().deck_values()) == 106
    assert len(PRESETS["three-deck"].rules.deck_values()) == 159


@pytest.mark.parametrize(
    ("max_buy_ins", "used", "left"),
    [
        (0, 0, 0),
        (1, 0, 1),
        (1, 1, 0),
        (2, 1, 1),
        (2, 2, 0),
        (2, 3, 0),
        (None, 0, None),
        (None, 9, None),
    ],
)
def test_buy_ins_left(max_buy_ins, used, left):
    assert Rules(max_buy_ins=max_buy_ins).buy_ins_left(used) == left


@pytest.mark.parametrize(("kalookie", "bonus"), [(False, 20), (True, 40)])
def test_winner_bonus_depends_on_how_the_hand_was_won(kalookie, bonus):
    rules = Rules(winner_bonus_call_up=20, winner_bonus_kalookie=40)
    assert rules.winner_bonus(kalookie) == bonus


@pytest.mark.parametrize(
    ("card", "value"),
    [("Joker", 15), ("A", 11), ("K", 10), ("Q", 10), ("J", 10), ("10", 10), ("9", 9), ("2", 2)],
)
def test_card_values(card, value):
    assert Rules().card_value(card) == value


@pytest.mark.parametrize(("kalookie", "stake"), [(False, Decimal("0.10")), (True, Decimal("0.20"))])
def test_the_hand_stake_is_the_call_up_or_the_kalookie(kalookie, stake):
    stakes = Stakes("GBP", Decimal("0.10"), Decimal("0.20"), Decimal("0.50"), Decimal("0.50"))
    assert stakes.hand_stake(kalookie) == stake
