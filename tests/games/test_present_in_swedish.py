"""games/present in Swedish: money as a Swede writes it, whole sentences in Swedish with the
names and amounts in their places, the rules card without an English word; English unchanged."""

import re
from decimal import Decimal

import pytest
from django.utils import translation

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.rules import PRESETS, Stakes, parse_record, replay
from tests.helpers import record, worked_example

NBSP = "\N{NO-BREAK SPACE}"
# Words of the English rules card that are no Swedish words: none may be left in Swedish.
ENGLISH = {
    "the", "and", "of", "or", "each", "player", "players", "winner", "pays", "points", "cards",
    "jokers", "aces", "kings", "pool", "pot", "deal", "deals", "dealt", "dealer", "limit", "wins",
    "void", "stock", "meld", "kaluki", "kalookie", "doubles", "tie", "stakes", "buy", "once",
    "times", "table", "lowest", "highest", "first", "scores", "packs", "units", "unit", "game",
}  # fmt: skip


@pytest.fixture
def swedish():
    with translation.override("sv"):
        yield


@pytest.mark.parametrize(
    ("currency", "digits", "signed", "written"),
    [
        ("SEK", 2, False, f"5,00{NBSP}kr"),
        ("SEK", 2, True, f"+5,00{NBSP}kr"),
        ("GBP", 2, False, f"5,00{NBSP}£"),
        ("JMD", 2, True, f"+5,00{NBSP}J$"),
        ("CHF", 2, False, f"5,00{NBSP}CHF"),
        ("units", 0, True, "+5"),
    ],
)
def test_swedish_money_has_a_decimal_comma_and_the_symbol_after(
    swedish, currency, digits, signed, written
):
    assert present.money(Decimal(5), currency, digits, signed) == written


def test_a_swedish_loss_carries_a_true_minus_and_nothing_is_never_negative(swedish):
    assert present.money(Decimal("-1.6"), "SEK", 2) == f"\N{MINUS SIGN}1,60{NBSP}kr"
    assert present.money(Decimal("-0.001"), "SEK", 2, signed=True) == f"0,00{NBSP}kr"


def test_english_money_is_unchanged_while_another_language_is_about():
    with translation.override("en-gb"):
        assert present.money(Decimal(5), "GBP", 2) == "£5.00"
        assert present.money(Decimal("-1.6"), "JMD", 2) == "-J$1.60"


@pytest.mark.parametrize(
    ("amount", "said"), [("1", "1 mark"), ("2", "2 marker"), ("1.5", "1,5 marker")]
)
def test_units_in_a_swedish_sentence_are_counted_as_chips(swedish, amount, said):
    assert present.amount_words(Decimal(amount), Stakes(call_up=Decimal(amount))) == said


def test_a_transfer_line_is_a_swedish_sentence(swedish):
    transfer = engine.Transfer("Mark", "John", Decimal("1.6"))
    line = present.transfer_line(transfer, lambda amount: present.money(amount, "SEK", 2))
    assert line == f"Mark betalar John 1,60{NBSP}kr"


def test_a_finished_game_s_status_line_is_swedish(swedish):
    parsed = parse_record(worked_example())
    ledger = replay(parsed.game)
    assert ledger.over and ledger.winner
    line = present.status_line(ledger)
    assert line.startswith(f"Avslutat: {ledger.winner} vinner potten på ")
    assert present.status_text(ledger) == f"{ledger.winner} vann"


def test_a_game_being_played_names_its_dealer_in_swedish(swedish):
    data = record(["Ann", "Bob", "Cy"], [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 30}}])
    ledger = replay(parse_record(data).game)
    assert present.status_line(ledger) == f"Pågår: {ledger.dealer} ger giv 2"
    line = present.board_line(ledger)
    assert (line.before, line.names) == ("Giv 2 · ", ledger.dealer)
    assert line.after.startswith(" ger · ")
    assert present.describe_hand(parse_record(data).game.hands[0], present.family(ledger)) == (
        "Ann vann (Bob 20, Cy 30)"
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_rules_card_in_swedish_has_no_english_word(swedish, preset):
    one = Decimal(1)
    stakes = Stakes(call_up=one, kalookie=Decimal(2), initial=one, buy_in=one, per_point=one)
    rules = PRESETS[preset].rules
    kind = engine.family_of(rules.family)
    lines = [
        *present.rules_card(rules, stakes),
        *present.rule_lines(rules),
        *present.stake_lines(stakes, kind),
    ]
    words = {w.lower() for line in lines for w in re.findall(r"[^\W\d_]+", line)}
    assert not words & ENGLISH, (words & ENGLISH, lines)


def test_the_swedish_rules_card_says_what_a_club_calls_things(swedish):
    stakes = Stakes(call_up=Decimal(1), kalookie=Decimal(3), initial=Decimal(5))
    card = " ".join(present.rules_card(PRESETS["swedish"].rules, stakes))
    assert "En spelare är ute med mer än 100 straffpoäng." in card
    assert "betalar de andra vinnaren 1 mark (3 marker för en kalle)" in card
    assert "Alla lägger 5 marker i potten" in card


def test_the_jamaican_contracts_are_translated_where_shown(swedish):
    card = present.rules_card(PRESETS["jamaica"].rules, Stakes())
    assert "Omgång 1: 9 kort, tre tretal." in card
