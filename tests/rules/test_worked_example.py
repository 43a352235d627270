"""Source 000's two-column score sheet, figure by figure."""

from decimal import Decimal

from kalooki_ledger.rules import parse_record, replay
from tests.helpers import worked_example, worked_example_expected


def ledger():
    return replay(parse_record(worked_example()).game)


def test_it_reproduces_every_total_after_every_hand():
    expected = worked_example_expected()["totals_after_each_hand"]
    rows = ledger().hands
    for name, totals in expected.items():
        assert [row.totals[name] for row in rows] == totals


def test_it_reproduces_the_running_hand_payments():
    expected = worked_example_expected()["cumulative_hand_payments"]
    rows = ledger().hands
    for name, running in expected.items():
        so_far, seen = Decimal(0), []
        for row in rows:
            so_far += row.payments[name]
            seen.append(so_far)
        assert seen == [Decimal(x) for x in running]


def test_mark_buys_in_after_hand_four_and_goes_back_to_127():
    row = ledger().hands[3]
    assert row.buy_in_offers == ("Mark",)
    assert row.bought_in == ("Mark",)
    assert row.reset_to == 127


def test_john_wins_the_pool_of_25_and_the_nets_match_the_sheet():
    result = ledger()
    expected = worked_example_expected()
    assert result.status == "finished"
    assert result.winner == "John"
    assert result.pool == Decimal(expected["pool"])
    assert {s.name: s.net for s in result.standings} == {
        k: Decimal(v) for k, v in expected["net"].items()
    }
    assert len(result.transfers) == expected["transfers"]
    assert sum(s.net for s in result.standings) == 0


def test_the_last_hand_puts_the_other_three_out_left_of_the_winner_first():
    assert ledger().hands[-1].out == ("Frank", "Andy", "Mark")


def test_kalookie_hand_pays_the_kalookie_stake():
    row = ledger().hands[2]
    assert row.kalookie
    assert row.payments == {
        "Andy": Decimal(-2),
        "Mark": Decimal(-2),
        "John": Decimal(6),
        "Frank": Decimal(-2),
    }
