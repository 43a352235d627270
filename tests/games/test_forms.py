"""The hand form and the settings forms on their own: names, reading, filling, errors."""

from decimal import Decimal

import pytest
from django.utils import translation

from kalooki_ledger import rules as engine
from kalooki_ledger.games.forms import (
    HandForm,
    HouseRulesForm,
    NewGameForm,
    SettingsForm,
    keep_counted_cards,
)

PLAYERS = ["Andy", "Mark", "John", "Frank"]
SEATS = {name: seat for seat, name in enumerate(PLAYERS)}


def rules_of(preset: str) -> engine.Rules:
    return engine.PRESETS[preset].rules


def hand_form(preset: str = "british", **kw) -> HandForm:
    return HandForm(PLAYERS, SEATS, rules_of(preset), kw.pop("deal", 1), **kw)


# ---------------------------------------------------------------- reading a post


def test_it_reads_a_posted_hand_into_the_engines_hand():
    form = hand_form()
    post = {"winner": "Andy", "kalookie": "on", "value-1": "3", "value-2": "40"}
    hand = form.read(post | {"value-3": " 148 ", "decision-2": "in", "csrfmiddlewaretoken": "x"})
    assert hand == engine.Hand(
        winner="Andy",
        kalookie=True,
        penalties={"Mark": 3, "John": 40, "Frank": 148},
        buy_ins={"John": True},
    )
    assert form.errors == {}
    assert "csrfmiddlewaretoken" not in form.typed


def test_it_refuses_a_value_that_is_not_whole_digits_beside_its_player_and_guesses_nothing():
    form = hand_form()
    hand = form.read({"winner": "Andy", "value-1": "3²", "value-2": "4", "value-3": ""})
    assert form.errors == {
        "value-1": ["“3²” is not a hand value: enter a whole number from 2 to 148"],
        "value-3": ["enter what Frank held: a number from 2 to 148"],
    }
    assert hand is not None and hand.penalties == {"John": 4}


def test_a_hand_without_a_known_winner_is_told_on_the_winner_and_makes_no_hand():
    form = hand_form()
    assert form.read({"winner": "Zed", "value-1": "3"}) is None
    assert list(form.errors) == ["winner"]
    assert form.read({"action": "void", "value-1": "3"}) == engine.Hand(void=True)
    assert form.holds_values()
    form.read({"action": "void", "winner": "Andy", "value-2": " "})
    assert not form.holds_values()


def test_it_reads_counts_of_cards_and_jokers_in_a_per_hand_game():
    form = hand_form("scarne")
    hand = form.read({"winner": "Mark", "cards-0": "5", "jokers-0": "2", "cards-2": "1"})
    assert form.errors == {"value-3": ["enter how many cards Frank held: 1 to 15"]}
    assert hand.counts == {"Andy": engine.CardCount(5, 2), "John": engine.CardCount(1, 0)}


def test_it_reads_penalty_adjustments_taken_off_and_lost_challenges_in_a_fixed_deals_game():
    form = hand_form("trinidad")
    post = {"winner": "Andy", "value-1": "5", "value-2": "6", "value-3": "7"}
    post |= {"adjust-1": "20", "sign-1": "-", "reason-1": "Rebate", "challenge-2": "on"}
    hand = form.read(post)
    assert form.errors == {}
    assert hand.adjustments == {"Mark": -20, "John": 50}
    assert hand.reasons == {"Mark": "Rebate", "John": "Lost a challenge"}


# ---------------------------------------------------------------- a recorded hand


@pytest.mark.parametrize(
    ("preset", "hand"),
    [
        (
            "british",
            engine.Hand(
                winner="John",
                kalookie=True,
                penalties={"Andy": 38, "Mark": 53, "Frank": 40},
                buy_ins={"Mark": True, "Frank": False},
            ),
        ),
        (
            "scarne",
            engine.Hand(
                winner="Andy",
                counts={
                    "Mark": engine.CardCount(4, 1),
                    "John": engine.CardCount(1, 0),
                    "Frank": engine.CardCount(15, 4),
                },
            ),
        ),
        (
            "jamaica",
            engine.Hand(
                winner="Frank",
                penalties={"Andy": 4, "Mark": 30, "John": 53},
                adjustments={"Mark": -25, "Andy": 10},
                reasons={"Mark": "Rebate"},
            ),
        ),
    ],
)
def test_a_recorded_hand_fills_the_form_that_reads_it_back(preset, hand):
    filled = hand_form(preset).fill(hand)
    form = hand_form(preset)
    assert form.read(filled.typed) == hand
    assert form.errors == {}


def test_a_hand_of_card_lists_fills_their_values_and_keeps_the_lists_where_they_still_count():
    rules = rules_of("british")
    recorded = engine.Hand(winner="Andy", cards={"Mark": ("KS", "QH"), "John": ("AS",)})
    form = hand_form().fill(recorded)
    assert (form.typed["value-1"], form.typed["value-2"]) == ("20", "11")
    form.typed["value-2"] = "9"  # John's corrected; Mark's cards still count to 20
    read = form.read(form.typed | {"value-3": "7"})
    kept = keep_counted_cards(read, recorded, rules, form.held)
    assert kept.cards == {"Mark": ("KS", "QH")}
    assert kept.penalties == {"John": 9, "Frank": 7}


# ---------------------------------------------------------------- the engine's problems


def test_each_engine_problem_goes_beside_the_input_its_player_and_field_name():
    form = hand_form(decisions=True)
    form.add_problems(
        (
            engine.Problem("choose who won the hand, or mark it void", 3),
            engine.Problem(
                "no 13-card hand is worth more than 148 (entered 149)", 3, "Mark", "value"
            ),
            engine.Problem("a loser holds 1 to 15 cards, not 20", 3, "John", "cards"),
            engine.Problem("was not offered a buy-in after this hand", 3, "Frank", "buy_ins"),
            engine.Problem("is out of the game after hand 2", 3, "Zed"),
            engine.Problem("won the hand, so has no hand value", 3, "Andy"),
        )
    )
    assert form.errors == {
        "winner": ["choose who won the hand, or mark it void"],
        "value-1": ["no 13-card hand is worth more than 148 (entered 149)"],
        "value-2": ["a loser holds 1 to 15 cards, not 20"],
        "decision-3": ["Frank was not offered a buy-in after this hand"],
        "form": ["Zed is out of the game after hand 2"],
        "value-0": ["won the hand, so has no hand value"],
    }
    assert form.decision_errors and form.rows[3].decision_errors == form.errors["decision-3"]


def test_a_buy_in_problem_stays_with_its_player_where_the_form_shows_no_decisions():
    form = hand_form()
    form.add_problems((engine.Problem("was not offered a buy-in", 3, "Frank", "buy_ins"),))
    assert form.errors == {"value-3": ["Frank was not offered a buy-in"]}


def test_the_engines_problems_with_a_typed_hand_come_beside_each_input_told_once():
    ledger = engine.replay(engine.Game(players=tuple(PLAYERS), rules=rules_of("british")))
    form = HandForm(PLAYERS, SEATS, ledger.game.rules, ledger.next_deal)
    hand = form.read({"winner": "Andy", "value-1": "x", "value-2": "149", "value-3": "1"})
    form.add_problems(engine.extend(ledger, hand).hand_problems(1))
    assert form.errors == {
        "value-1": ["“x” is not a hand value: enter a whole number from 2 to 148"],
        "value-2": ["no 13-card hand is worth more than 148 (entered 149)"],
        "value-3": ["a loser's hand is worth at least 2: one card (entered 1)"],
    }
    problems = {(p.player, p.field) for p in form.problems()}
    assert problems == {("Mark", "value-1"), ("John", "value-2"), ("Frank", "value-3")}


# ---------------------------------------------------------------- the template's rows


def test_each_row_names_its_inputs_by_seat_with_what_they_hold_and_their_keypads():
    form = hand_form("jamaica", typed={"winner": "Mark", "value-0": "12", "sign-0": "-"})
    form.add("value-0", "a problem")
    andy, mark = form.rows[:2]
    assert (andy.value.name, andy.value.value, andy.errors) == ("value-0", "12", ["a problem"])
    assert (andy.value.inputmode, andy.value.pattern) == ("numeric", "[0-9]*")
    assert (andy.adjust.name, andy.adjust.pattern) == ("adjust-0", "-?[0-9]*")
    assert (andy.cards.name, andy.jokers.name, andy.reason.name) == (
        "cards-0",
        "jokers-0",
        "reason-0",
    )
    assert (andy.challenge.name, andy.decision.name) == ("challenge-0", "decision-0")
    assert andy.takes_off and not mark.takes_off
    assert mark.won and not andy.won
    assert form.takes_adjustments and not form.takes_counts
    form.add("value-1", "told after the rows were built")
    assert form.rows[1].errors == ["told after the rows were built"]


# ---------------------------------------------------------------- the settings forms


SETTINGS = {"preset": "british", "currency": "GBP", "call_up": "0.10", "initial": "0.50"}
PLAYED = {**SETTINGS, "seating": "typed"}


def test_the_two_settings_forms_share_the_settings_and_add_only_their_own_fields():
    shared = set(SettingsForm().fields)
    new, house = set(NewGameForm().fields), set(HouseRulesForm().fields)
    assert {"preset", "limit", "currency", "per_point"} <= shared
    assert new - shared == {"title", "seating", *(f"player_{i}" for i in range(1, 7))}
    assert house - shared == {"name", "notes"}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"currency": "pounds"}, "currency", "currency must be an ISO code such as GBP"),
        ({"call_up": "0.001"}, "call_up", "the call_up stake in GBP can have at most 2"),
        ({"call_up": "x"}, "call_up", "the call_up stake must be an amount"),
        ({"initial": "-1"}, "initial", "the initial stake can't be negative"),
    ],
)
def test_the_engines_refusal_of_a_setting_is_put_beside_that_setting_alone(changes, field, message):
    form = HouseRulesForm({**SETTINGS, "name": "Friday", **changes})
    assert not form.is_valid()
    assert list(form.errors) == [field]
    assert form.errors[field][0].startswith(message)


def test_every_setting_refused_is_told_at_once_beside_its_own_field():
    form = SettingsForm({**SETTINGS, "limit": "5", "call_up": "x", "initial": "-1"})
    assert not form.is_valid()
    assert set(form.errors) == {"limit", "call_up", "initial"}


def test_a_name_twice_and_a_bad_stake_are_told_together_and_no_game_is_built():
    form = NewGameForm({**PLAYED, "player_1": "Ann", "player_2": "ann", "call_up": "x"})
    assert not form.is_valid()
    assert list(form.errors) == ["player_2", "call_up"] and form.record is None
    good = NewGameForm({**PLAYED, "player_1": "Ann", "player_2": "Bob"})
    assert good.is_valid() and good.record.game.players == ("Ann", "Bob")
    assert (good.stakes.currency, good.stakes.call_up) == ("GBP", Decimal("0.10"))


# ---------------------------------------------------------------- stakes as people write them


def test_a_swedish_phone_types_a_stake_with_a_decimal_comma_and_the_record_keeps_decimal():
    with translation.override("sv"):
        form = NewGameForm({**PLAYED, "player_1": "Ann", "player_2": "Bob", "initial": "0,50"})
        assert form.is_valid(), form.errors
    assert form.stakes.initial == Decimal("0.50")
    assert form.record.game.stakes.initial == Decimal("0.50")
    assert form.stakes_record(form.cleaned_data)["initial"] == "0.50"


def test_a_swedish_phone_may_type_a_decimal_point_as_well():
    with translation.override("sv"):
        form = HouseRulesForm({**SETTINGS, "name": "Fredag", "call_up": "0.10"})
        assert form.is_valid(), form.errors
    assert form.stakes.call_up == Decimal("0.10")


def test_a_stake_is_shown_with_a_decimal_comma_in_swedish_and_a_point_in_english():
    with translation.override("sv"):
        swedish = str(HouseRulesForm(initial={"initial": "0.50"})["initial"])
    english = str(HouseRulesForm(initial={"initial": "0.50"})["initial"])
    assert 'value="0,50"' in swedish and 'inputmode="decimal"' in swedish
    assert 'value="0.50"' in english and 'inputmode="decimal"' in english


def test_a_stake_that_is_no_amount_is_refused_in_swedish_with_a_swedish_example():
    with translation.override("sv"):
        form = HouseRulesForm({**SETTINGS, "name": "Fredag", "call_up": "lite"})
        assert not form.is_valid()
        assert form.errors["call_up"] == [
            "insatsen per giv måste vara ett belopp som ”0,50”, inte ”lite”"
        ]


def test_english_keeps_the_decimal_point_and_refuses_a_comma_as_the_engine_does():
    form = HouseRulesForm({**SETTINGS, "name": "Friday", "call_up": "0,10"})
    assert not form.is_valid()
    assert form.errors["call_up"] == [
        "the call_up stake must be an amount such as \"0.50\", not '0,10'"
    ]
    assert NewGameForm({**PLAYED, "player_1": "Ann", "player_2": "Bob"}).is_valid()


def test_hand_values_stay_whole_numbers_in_swedish():
    with translation.override("sv"):
        form = hand_form(deal=1)
        form.read({"winner": "Andy", "value-1": "2,5", "value-2": "10", "value-3": "12"})
    assert form.hand is not None and "Mark" not in form.hand.penalties
    assert form.errors["value-1"] == ["”2,5” är inget handvärde: ange ett heltal från 2 till 148"]


def test_the_kalookie_box_is_named_in_the_pages_language():
    with translation.override("sv"):
        assert hand_form("british").kalookie_word == "Kalle"
    assert hand_form("british").kalookie_word == "Kalookie"
    assert hand_form("jamaica").kalookie_word == "Bent the table"


def test_the_kalookie_box_says_what_it_means_for_the_family_and_trinidad_offers_none():
    assert hand_form("british").kalookie_label == "Kalookie (went out with all 13 at once)"
    assert hand_form("jamaica").kalookie_label == (
        "Bent the table (went out on their first lay-down: the others' points double)"
    )
    assert not hand_form("trinidad").offers_kalookie and hand_form("jamaica").offers_kalookie
    with translation.override("sv"):
        assert hand_form("british").kalookie_label == "Kalle (gick ut med alla 13 på en gång)"
