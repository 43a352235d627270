"""The PDF benchmark compares like with like: the same game, the same 40 x 11 cells."""

from bench.pdf import bare_table_html, forty_hand_record
from kalooki_ledger.rules import replay


def test_the_benchmark_game_has_forty_scored_hands_and_nobody_out():
    ledger = replay(forty_hand_record().game)
    assert len(ledger.hands) == 40 and not ledger.problems
    assert ledger.status == "in-progress" and not any(s.out for s in ledger.standings)


def test_the_bare_table_has_forty_rows_of_eleven_cells():
    html = bare_table_html(replay(forty_hand_record().game))
    assert html.count("<tr>") == 40
    assert html.count("<td>") == 40 * 11
    assert "style" not in html
