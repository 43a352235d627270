"""Every preset as docs/kalooki-rules.md sets it: limit, out_at, buy-ins, card values and stakes."""

from decimal import Decimal

import pytest

from kalooki_ledger.rules import DEFAULT_PRESET, PRESETS, Game, Hand, Stakes, replay

CASINO = (1, 2, 5, 5)

# key: limit, out_at, max_buy_ins, needs remaining, doubles, bonus (call-up, kalookie), joker,
# stakes (call-up, kalookie, initial, buy-in)
TABLE = {
    "british": (150, "over", 2, 2, False, (0, 0), 15, CASINO),
    "british-151": (151, "over", 2, 2, False, (0, 0), 15, CASINO),
    "williamson": (150, "over", 2, 2, False, (0, 0), 15, (1, 2, 3, 2)),
    "club-uk": (150, "over", 2, 3, False, (0, 0), 15, (1, 2, 4, 2)),
    "swedish": (100, "over", 2, 2, False, (0, 0), 15, (1, 3, 5, 5)),
    "blackpool": (100, "over", 0, 2, False, (0, 0), 15, CASINO),
    "three-deck": (301, "over", 2, 2, False, (0, 0), 25, CASINO),
    "long-301": (301, "over", 2, 2, False, (0, 0), 15, CASINO),
    "long-501": (501, "over", 2, 2, False, (0, 0), 15, CASINO),
    "kaluki-003": (150, "reach", 2, 2, True, (20, 40), 15, (0, 0, 0, 0)),
}


OTHER_FAMILIES = {
    "north-american": "positive",
    "scarne": "per-hand",
    "jamaica": "fixed-deals",
    "trinidad": "fixed-deals",
}


def test_every_preset_is_listed_and_british_is_the_default():
    assert set(PRESETS) == set(TABLE) | set(OTHER_FAMILIES)
    assert DEFAULT_PRESET == "british"


@pytest.mark.parametrize("key", sorted(TABLE))
def test_each_preset_sets_the_rules_and_stakes_the_spec_lists(key):
    limit, out_at, max_buy_ins, needs, doubles, bonus, joker, stakes = TABLE[key]
    preset = PRESETS[key]
    rules = preset.rules
    assert preset.key == key
    assert (rules.family, rules.limit, rules.out_at) == ("elimination", limit, out_at)
    assert (rules.max_buy_ins, rules.buy_in_needs_remaining) == (max_buy_ins, needs)
    assert rules.kalookie_doubles_penalties is doubles
    assert (rules.winner_bonus_call_up, rules.winner_bonus_kalookie) == bonus
    assert (rules.joker_value, rules.ace_value, rules.hand_size) == (joker, 11, 13)
    s = preset.stakes
    assert s.currency == "units"
    assert (s.call_up, s.kalookie, s.initial, s.buy_in) == tuple(Decimal(x) for x in stakes)


@pytest.mark.parametrize(
    ("key", "packs", "jokers", "cards"),
    [("british", 2, 2, 106), ("three-deck", 3, 3, 159), ("blackpool", 2, 2, 106)],
)
def test_each_preset_uses_its_deck(key, packs, jokers, cards):
    rules = PRESETS[key].rules
    assert (rules.packs, rules.jokers, len(rules.deck_values())) == (packs, jokers, cards)


def test_blackpool_asks_for_an_initial_meld_of_51():
    assert PRESETS["blackpool"].rules.initial_meld == 51
    assert PRESETS["british"].rules.initial_meld == 40


def test_club_uk_stakes_follow_one_main_stake():
    s = PRESETS["club-uk"].stakes
    assert (s.call_up, s.kalookie, s.buy_in) == (s.initial / 4, s.initial / 2, s.initial / 2)


def test_kaluki_003_has_no_stakes():
    assert PRESETS["kaluki-003"].stakes == Stakes()


@pytest.mark.parametrize("key", sorted(TABLE))
def test_each_preset_plays_as_listed_when_a_player_first_goes_over(key):
    _, _, max_buy_ins, _, _, _, _, stakes = TABLE[key]
    preset = PRESETS[key]
    high = preset.rules.hand_value_bounds()[1]
    game = Game(("A", "B", "C", "D"), preset.rules, preset.stakes, "A")
    ledger = replay(game)
    while not any(row.buy_in_offers or row.out for row in ledger.hands):
        game = game.with_hand(Hand(winner="A", penalties={"B": high, "C": 2, "D": 2}))
        ledger = replay(game)
    hands = len(game.hands)
    assert preset.rules.is_over(hands * high) and not preset.rules.is_over((hands - 1) * high)
    row = ledger.hands[-1]
    if max_buy_ins == 0:
        assert (row.buy_in_offers, row.out, ledger.status) == ((), ("B",), "in-progress")
    else:
        assert (row.buy_in_offers, row.out, ledger.status) == (("B",), (), "awaiting-buy-ins")
    assert ledger.pool == 4 * Decimal(stakes[2])
    assert row.payments["A"] == 3 * Decimal(stakes[0])
