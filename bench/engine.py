"""Replaying games of 10 to 1,000 hands (the most a game holds), against a floor measured in the
same run: a bare loop over the same hands that only adds up the values entered (the least any
replay must do).

Run: .venv/bin/python -m bench.engine   (`run()` returns the figures as a dict)
"""

import json
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal

from kalooki_ledger.rules import Game, Hand, Rules, Stakes, replay

PLAYERS = ("Andy", "Mark", "John", "Frank")
SIZES = (10, 100, 1_000)
TARGET_MS_AT_1000 = 10.0


def long_game(hands: int) -> Game:
    """A four-player game nobody leaves: the limit is out of reach, so every hand is scored."""
    rows = []
    for number in range(hands):
        if number % 50 == 49:
            rows.append(Hand(void=True))
            continue
        winner = PLAYERS[number % 4]
        values = {p: 2 + (number * 7 + i) % 40 for i, p in enumerate(PLAYERS) if p != winner}
        rows.append(Hand(winner=winner, kalookie=number % 11 == 0, penalties=values))
    stakes = Stakes("GBP", Decimal("0.10"), Decimal("0.20"), Decimal("0.50"), Decimal("0.50"))
    return Game(players=PLAYERS, rules=Rules(limit=10**9), stakes=stakes, hands=tuple(rows))


def floor(game: Game) -> int:
    total = 0
    for hand in game.hands:
        for value in hand.penalties.values():
            total += value
    return total


def best_of(work: Callable[[], object], runs: int) -> float:
    """The median CPU time of `runs` runs, after one warm-up: other processes barely move it."""
    work()
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def run() -> dict:
    rows = []
    for size in SIZES:
        game = long_game(size)
        seconds = best_of(lambda game=game: replay(game), 21)
        bare = best_of(lambda game=game: floor(game), 21)
        rows.append(
            {
                "hands": size,
                "replay_ms": round(seconds * 1000, 3),
                "floor_ms": round(bare * 1000, 3),
                "ratio": round(seconds / bare, 1),
                "us_per_hand": round(seconds / size * 1e6, 2),
            }
        )
    per_hand = [r["us_per_hand"] for r in rows if r["hands"] >= 100]
    at_1000 = next(r for r in rows if r["hands"] == 1_000)
    return {
        "name": "engine-replay",
        "sizes": rows,
        # Linear growth: the cost of a hand stays the same from 100 to 1,000 hands.
        "per_hand_spread": round(max(per_hand) / min(per_hand), 2),
        "replay_1000_ms": at_1000["replay_ms"],
        "target_1000_ms": TARGET_MS_AT_1000,
        "meets_target": at_1000["replay_ms"] < TARGET_MS_AT_1000,
    }


def main() -> None:
    result = run()
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print(f"{'hands':>8}{'replay ms':>12}{'floor ms':>10}{'ratio':>8}{'us/hand':>10}")
    for row in result["sizes"]:
        print(
            f"{row['hands']:>8}{row['replay_ms']:>12.3f}{row['floor_ms']:>10.3f}"
            f"{row['ratio']:>8.1f}{row['us_per_hand']:>10.2f}"
        )
    print(f"1,000 hands: {result['replay_1000_ms']} ms (target < {TARGET_MS_AT_1000} ms)")


if __name__ == "__main__":
    main()
