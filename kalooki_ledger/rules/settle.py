"""Settling up: the fewest transfers that pay every net exactly."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

# An exact search over subsets; a game seats at most six, a summary of many games may seat more.
EXACT_UP_TO = 16


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: Decimal


def _settle_group(members: list[str], nets: Mapping[str, Decimal]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are square: one fewer transfer than people."""
    balance = {p: nets[p] for p in members}
    transfers = []
    while True:
        debtors = [p for p in members if balance[p] < 0]
        creditors = [p for p in members if balance[p] > 0]
        if not debtors or not creditors:
            return transfers
        payer = min(debtors, key=lambda p: (balance[p], members.index(p)))
        payee = max(creditors, key=lambda p: (balance[p], -members.index(p)))
        amount = min(-balance[payer], balance[payee])
        transfers.append(Transfer(payer, payee, amount))
        balance[payer] += amount
        balance[payee] -= amount


def _zero_sum_groups(people: list[str], nets: Mapping[str, Decimal]) -> list[list[str]]:
    """Splits people into the most groups that each sum to zero (each settles on its own)."""
    n = len(people)
    full = (1 << n) - 1
    sums = [Decimal(0)] * (1 << n)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + nets[people[low]]
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        best[mask] = max(best[mask & ~(1 << i)] for i in range(n) if mask >> i & 1) + (
            1 if sums[mask] == 0 else 0
        )
    groups: list[list[str]] = []
    current: list[str] = []
    mask = full
    while mask:
        # Take off the person whose removal keeps the best split, lowest seat first.
        i = next(
            i
            for i in range(n)
            if mask >> i & 1
            and best[mask] == best[mask & ~(1 << i)] + (1 if sums[mask] == 0 else 0)
        )
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        current.append(people[i])
        mask &= ~(1 << i)
    if current:
        groups.append(current)
    return groups


def fewest_transfers(nets: Mapping[str, Decimal], order: Sequence[str]) -> tuple[Transfer, ...]:
    """Transfers settling every net exactly; for up to 16 people, as few as possible."""
    people = [p for p in order if nets.get(p, 0) != 0]
    if sum(nets[p] for p in people) != 0:
        raise ValueError("nets that don't sum to zero can't be settled")
    if len(people) > EXACT_UP_TO:
        return tuple(_settle_group(people, nets))
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(people, nets):
        transfers.extend(_settle_group(sorted(group, key=people.index), nets))
    return tuple(transfers)
