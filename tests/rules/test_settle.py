"""Settling up: every net paid exactly, in as few transfers as possible."""

from decimal import Decimal

import pytest

from kalooki_ledger.rules import fewest_transfers


def nets(**amounts: str) -> dict[str, Decimal]:
    return {k: Decimal(v) for k, v in amounts.items()}


def settles(transfers, balances) -> bool:
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return all(v == 0 for v in left.values())


@pytest.mark.parametrize(
    ("balances", "count"),
    [
        (nets(A="0", B="0"), 0),
        (nets(A="-5", B="5"), 1),
        (nets(A="-7", B="-16", C="30", D="-7"), 3),
        (nets(A="-3", B="3", C="-4", D="4"), 2),  # two pairs settle apart
        (nets(A="-1", B="-2", C="3", D="-4", E="4"), 3),
        (nets(A="-1", B="-1", C="-1", D="1", E="1", F="1"), 3),
        (nets(A="-0.10", B="0.05", C="0.05"), 2),
        (nets(A="-2", B="-3", C="5", D="-6", E="1", F="5"), 4),
    ],
)
def test_it_settles_every_net_in_the_fewest_transfers(balances, count):
    transfers = fewest_transfers(balances, list(balances))
    assert settles(transfers, balances)
    assert len(transfers) == count


def test_the_worked_example_settles_with_the_losers_paying_john():
    transfers = fewest_transfers(
        nets(Andy="-7", Mark="-16", John="30", Frank="-7"), ["Andy", "Mark", "John", "Frank"]
    )
    assert {(t.payer, t.payee, t.amount) for t in transfers} == {
        ("Andy", "John", Decimal(7)),
        ("Mark", "John", Decimal(16)),
        ("Frank", "John", Decimal(7)),
    }


def test_it_refuses_nets_that_do_not_sum_to_zero():
    with pytest.raises(ValueError, match="don't sum to zero"):
        fewest_transfers(nets(A="-1", B="2"), ["A", "B"])


def test_many_people_still_settle_exactly():
    balances = {f"P{i}": Decimal(i - 10) for i in range(21)}
    transfers = fewest_transfers(balances, list(balances))
    assert settles(transfers, balances)
    assert len(transfers) <= 19
