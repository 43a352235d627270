"""The score sheet's cells, written from the ledger the way source 000 writes them."""

from decimal import Decimal

from django.utils import translation

from kalooki_ledger.games.present import Cell, money, rule_lines
from kalooki_ledger.rules import GameRecord, Rules, parse_record, replay
from kalooki_ledger.rules.game import Hand
from kalooki_ledger.sheets.sheet import score_sheet
from tests.helpers import make_game, record, won, worked_example


def worked_sheet():
    record = parse_record(worked_example())
    return score_sheet(record, replay(record.game))


def test_players_who_go_out_are_marked_for_striking_through():
    last = worked_sheet().rows[-1]
    assert [(c.text, c.mark) for c in last.penalties] == [
        ("156", "out"),
        ("198", "out"),
        ("*", "win"),
        ("160", "out"),
    ]


def test_a_buy_in_is_written_in_brackets_at_the_total_it_goes_back_to():
    assert worked_sheet().rows[3].penalties[1].text == "(127)"


def test_the_transfers_are_written_out_as_who_pays_whom():
    assert worked_sheet().transfers == (
        "Mark pays John 16",
        "Andy pays John 7",
        "Frank pays John 7",
    )


def test_a_player_out_of_the_game_has_empty_cells_on_later_hands():
    game = make_game(
        "Andy Mark John",
        won("Andy", Mark=100, John=10),
        won("Andy", Mark=60, John=10, buy_ins={"Mark": False}),
        won("John", Andy=20),
    )

    sheet = score_sheet(GameRecord(game), replay(game))
    assert [c.text for c in sheet.rows[2].penalties] == ["20", "", "*"]
    assert [c.text for c in sheet.rows[2].payments] == ["+3", "", "-1"]


def test_a_winner_bonus_shows_the_winners_new_total_beside_the_star():

    rules = Rules(out_at="reach", winner_bonus_call_up=20, winner_bonus_kalookie=40)
    game = make_game("Andy Mark", won("Andy", Mark=30), won("Mark", Andy=5), rules=rules)
    sheet = score_sheet(GameRecord(game), replay(game))
    assert sheet.rows[1].penalties[1].text == "* 10"


def test_payments_carry_their_sign_except_zero():

    signed = [money(Decimal(x), "units", 2, signed=True) for x in ("1.5", "-0.1", "0")]
    assert signed == ["+1.50", "-0.10", "0.00"]


def test_settings_say_when_there_are_no_buy_ins_or_unlimited_ones():
    assert rule_lines(Rules(max_buy_ins=0))[1] == "Buy-ins: no buy-ins"
    assert rule_lines(Rules(max_buy_ins=None))[1].startswith("Buy-ins: unlimited buy-ins while 2")


def test_a_void_hand_is_a_note_across_the_row():
    game = make_game("Andy Mark", Hand(void=True), won("Mark", Andy=5))

    row = score_sheet(GameRecord(game), replay(game)).rows[0]
    assert row.note.startswith("Void") and row.penalties == ()


def test_a_hand_that_cannot_be_scored_says_why_instead_of_figures():
    game = make_game("Andy Mark", won("Andy", Mark=148), won("Andy", Mark=5), won("Mark", Andy=5))
    sheet = score_sheet(GameRecord(game), replay(game))
    assert sheet.rows[2].note.startswith("Not scored: Hand 3: the game was over after hand 2")
    assert sheet.status.endswith("1 problem(s) to resolve")


def test_a_printed_hand_that_cannot_be_scored_says_why_in_the_sheets_language():
    game = make_game("Andy Mark", won("Andy", Mark=148), won("Andy", Mark=5), won("Mark", Andy=5))
    with translation.override("sv"):
        note = score_sheet(GameRecord(game), replay(game)).rows[2].note
    assert note.startswith("Inte räknad: Giv 3: ") and "hand 2" not in note


def test_a_buy_in_still_owed_is_marked_with_a_question_mark():
    game = make_game("Andy Mark John", won("Andy", Mark=148, John=5), won("Andy", Mark=5, John=5))
    sheet = score_sheet(GameRecord(game), replay(game))
    assert sheet.rows[1].penalties[1] == Cell("153?", "wait")
    assert sheet.status == "Awaiting buy-in decisions: Mark"


def test_an_adjustment_is_shown_beside_the_total_and_an_undoubled_loser_is_left_alone():
    hands = [{"winner": "Ann", "kalookie": True, "penalties": {"Bob": 30, "Cy": 12}}]
    data = record(["Ann", "Bob", "Cy"], hands, rules={"preset": "trinidad"})
    data["hands"][0]["adjustments"] = {"Cy": 50}
    parsed = parse_record(data)
    cells = score_sheet(parsed, replay(parsed.game)).rows[0].penalties
    # Trinidad doubles nothing on going out: Bob's 30 is his hand, not an adjustment of -30.
    assert cells[1] == Cell("30")
    assert cells[2] == Cell("62 (+50)", "adjusted")
