"""The inline SVG charts: a line per player, the limit, buy-ins, a text alternative, no style."""

import re
from decimal import Decimal

from kalooki_ledger.games import charts
from kalooki_ledger.rules import parse_record, replay
from tests.helpers import worked_example


def worked_ledger():
    return replay(parse_record(worked_example()).game)


def test_the_totals_chart_draws_a_line_per_player_and_the_limit():
    ledger = worked_ledger()
    svg = charts.totals_chart(ledger.game.players, ledger.hands, 150)
    assert svg.count("<polyline") == 4
    assert 'class="limit"' in svg and "limit 150" in svg
    assert "<title id=" in svg and "<desc id=" in svg
    assert "Andy: 85, 85, 123, 127, 156" in svg


def test_the_totals_chart_rings_marks_buy_in():
    ledger = worked_ledger()
    svg = charts.totals_chart(ledger.game.players, ledger.hands, 150)
    rings = re.findall(r'<circle class="buy-in[^>]*>(?:<title>)([^<]*)', svg)
    assert rings == ["Mark went to 175 in hand 4 and bought in, back to 127"]


def test_a_buy_in_draws_the_total_over_the_limit_then_the_reset():
    ledger = worked_ledger()
    svg = charts.totals_chart(ledger.game.players, ledger.hands, 150)
    frame_top = max(int(v) for v in re.findall(r'<text class="axis"[^>]*>(-?\d+)</text>', svg))
    assert frame_top >= 175  # the scale reaches the point over the limit
    mark = re.search(r'<polyline class="line s1" points="([^"]*)"', svg).group(1).split()
    xs = [p.split(",")[0] for p in mark]
    ys = [float(p.split(",")[1]) for p in mark]
    # hand 4 appears twice: first at 175 (higher on the page: a smaller y), then at 127
    assert xs[4] == xs[5] and ys[4] < ys[5]
    assert "Mark: 42, 92, 145, 175 then back to 127, 198" in svg


def test_both_axes_have_titles():
    ledger = worked_ledger()
    svg = charts.totals_chart(ledger.game.players, ledger.hands, 150)
    assert '<text class="axis-title"' in svg and ">Hand</text>" in svg and ">Total</text>" in svg
    net = charts.net_chart(["a"], [Decimal(3)])
    assert ">Game</text>" in net and ">Net money</text>" in net


def test_charts_use_no_style_attributes_or_scripts():
    ledger = worked_ledger()
    svgs = [
        charts.totals_chart(ledger.game.players, ledger.hands, 150),
        charts.net_chart(["a", "b"], [Decimal(-7), Decimal(11)]),
    ]
    for svg in svgs:
        assert "style=" not in svg and "<script" not in svg and "<style" not in svg


def test_names_are_escaped():
    ledger = worked_ledger()
    svg = charts.net_chart(["<b>Fish & chips</b>"], [Decimal(3)])
    assert "<b>" not in svg and "&lt;b&gt;Fish &amp; chips&lt;/b&gt;" in svg
    assert ledger.winner == "John"


def test_the_net_chart_puts_a_dot_per_game_coloured_by_sign():
    svg = charts.net_chart(["1 Jan", "8 Jan", "15 Jan"], [Decimal(-7), Decimal(11), Decimal(5)])
    assert svg.count('class="dot down"') == 1 and svg.count('class="dot up"') == 2
    assert "8 Jan: 11" in svg


def test_a_net_of_zero_is_neither_a_win_nor_a_loss_on_the_chart():
    svg = charts.net_chart(["1 Jan", "8 Jan"], [Decimal(4), Decimal(0)])
    assert svg.count('class="dot up"') == 1 and svg.count('class="dot even"') == 1
    assert 'class="dot down"' not in svg


def test_the_net_chart_of_no_games_still_draws():
    svg = charts.net_chart([], [])
    assert svg.startswith("<svg") and "No games yet." in svg


def test_the_net_chart_writes_its_amounts_and_axis_as_the_club_does_in_swedish():
    from django.utils import translation

    from kalooki_ledger.games import present

    def fmt(value, signed=False):
        return present.money(value, "SEK", 2, signed)

    with translation.override("sv"):
        svg = charts.net_chart(["1 jan"], [Decimal("-22.5")], fmt, present.currency_unit("SEK"))
    assert "1 jan: \N{MINUS SIGN}22,50\N{NO-BREAK SPACE}kr</title>" in svg
    assert "-22.5000" not in svg and ">\N{MINUS SIGN}30</text>" in svg
    assert ">Nettopengar (kr)</text>" in svg or "(kr)</text>" in svg


def test_a_swedish_axis_sets_its_thousands_apart():
    from django.utils import translation

    with translation.override("sv"):
        assert charts.figure(-1500) == "\N{MINUS SIGN}1\N{NO-BREAK SPACE}500"
        assert charts.figure(2.5) == "2,5"
    assert charts.figure(-1500) == "-1500"
