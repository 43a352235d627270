"""Properties over random valid games, built hand by hand by replaying as they go."""

from collections import Counter
from dataclasses import replace
from decimal import Decimal
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_ledger.rules import (
    PRESETS,
    Game,
    GameRecord,
    Hand,
    Rules,
    Stakes,
    check,
    extend,
    fewest_transfers,
    parse_record,
    record_to_json,
    replay,
)
from tests.helpers import casino_stakes, won

NAMES = ("Andy", "Mark", "John", "Frank", "Rita", "Sue")
# Distinct cards, dealt at most once per hand: valid in every preset's deck.
CARD_POOL = ("AS", "10H", "7", "Joker", "KD", "2C", "9S", "QH", "5D")
ELIMINATION = sorted(k for k, p in PRESETS.items() if p.rules.family == "elimination")
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def stakes(draw) -> Stakes:
    currency = draw(st.sampled_from(["units", "GBP", "JPY"]))
    places = 0 if currency == "JPY" else 2
    amount = st.integers(0, 500).map(lambda n: Decimal(n).scaleb(-places))
    return Stakes(currency, draw(amount), draw(amount), draw(amount), draw(amount))


@st.composite
def valid_records(draw, max_hands: int = 25) -> GameRecord:
    """A game record that is valid at every step: each hand is drawn from the replayed state."""
    preset = draw(st.sampled_from(ELIMINATION))
    overrides = {}
    rules = PRESETS[preset].rules
    if draw(st.booleans()):
        overrides["max_buy_ins"] = draw(st.sampled_from([0, 1, 2, None]))
        overrides["out_at"] = draw(st.sampled_from(["over", "reach"]))
        rules = Rules(**{**rules.__dict__, **overrides})
    own_stakes = draw(st.booleans())
    game_stakes = draw(stakes()) if own_stakes else PRESETS[preset].stakes
    players = NAMES[: draw(st.integers(2, 6))]
    game = Game(players, rules, game_stakes, draw(st.sampled_from(players)))
    low, high = rules.hand_value_bounds()
    value = st.one_of(st.integers(low, 40), st.integers(low, high))
    ledger = replay(game)
    for _ in range(draw(st.integers(0, max_hands))):
        if ledger.status != "in-progress":
            break
        if draw(st.integers(0, 9)) == 0:
            game = game.with_hand(Hand.void_hand())
            ledger = replay(game)
            continue
        in_game = ledger.in_game()
        winner = draw(st.sampled_from(in_game))
        values, cards = {}, {}
        unheld = list(CARD_POOL)  # each card at most once in the whole hand
        for player in in_game:
            if player == winner:
                continue
            if unheld and draw(st.integers(0, 5)) == 0:
                held = draw(st.lists(st.sampled_from(unheld), min_size=1, max_size=4, unique=True))
                cards[player] = held
                unheld = [c for c in unheld if c not in held]
            else:
                values[player] = draw(value)
        kalookie = draw(st.integers(0, 4)) == 0
        game = game.with_hand(Hand(winner=winner, kalookie=kalookie, penalties=values, cards=cards))
        ledger = replay(game)
        if ledger.awaiting_buy_ins:
            if draw(st.integers(0, 5)) == 0:
                break  # leave the last hand's decisions owed
            decisions = {p: draw(st.booleans()) for p in ledger.awaiting_buy_ins}
            game = game.with_hand_replaced(len(game.hands), game.hands[-1].with_buy_ins(decisions))
            ledger = replay(game)
    if ledger.status != "finished" and draw(st.integers(0, 3)) == 0:
        game = game.stopped_with(draw(st.sampled_from(["refund", "split"])))
    return GameRecord(game, preset, overrides)


@SETTINGS
@given(valid_records())
def test_every_generated_game_replays_without_a_problem(rec):
    ledger = check(rec.game)
    assert ledger.status in ("in-progress", "awaiting-buy-ins", "finished", "stopped")
    if ledger.status == "awaiting-buy-ins":
        assert ledger.awaiting_buy_ins == ledger.hands[-1].awaiting
        assert ledger.dealer is None


@SETTINGS
@given(valid_records())
def test_payments_balance_every_hand(rec):
    for row in check(rec.game).hands:
        assert sum(row.payments.values()) == 0


@SETTINGS
@given(valid_records())
def test_nets_sum_to_zero_once_the_game_is_finished_or_stopped(rec):
    ledger = check(rec.game)
    total = sum(s.net for s in ledger.standings)
    if ledger.over:
        assert total == 0
        assert sum(s.pool_share for s in ledger.standings) == ledger.pool
    else:
        assert total == -ledger.pool  # the pool is still on the table


@SETTINGS
@given(valid_records())
def test_the_pool_equals_the_stakes_paid_in(rec):
    ledger = check(rec.game)
    stakes = rec.game.stakes
    buy_ins = sum(s.buy_ins for s in ledger.standings)
    assert buy_ins == sum(len(row.bought_in) for row in ledger.hands)
    assert ledger.pool == stakes.initial * len(rec.game.players) + stakes.buy_in * buy_ins
    assert ledger.pool == sum(s.paid_in for s in ledger.standings)


@SETTINGS
@given(valid_records())
def test_an_out_player_never_pays_scores_wins_or_deals_again(rec):
    ledger = check(rec.game)
    for standing in ledger.standings:
        if standing.out_after is None:
            continue
        for row in ledger.hands[standing.out_after :]:
            assert standing.name not in row.payments
            assert standing.name not in row.scored
            assert standing.name not in (row.winner, row.dealer)
        assert standing.out


@SETTINGS
@given(valid_records())
def test_players_in_the_game_are_within_the_limit_and_the_dealer_is_one_of_them(rec):
    ledger = check(rec.game)
    if ledger.status != "in-progress":
        return
    rules = rec.game.rules
    for name in ledger.in_game():
        assert not rules.is_over(ledger.standing(name).total)
    assert ledger.dealer in ledger.in_game()
    assert ledger.first_player in ledger.in_game()
    assert len(ledger.in_game()) >= 2


@SETTINGS
@given(valid_records())
def test_export_import_export_is_identical(rec):
    once = record_to_json(rec)
    again = parse_record(once)
    assert again.game == rec.game
    assert record_to_json(again) == once
    with_results = record_to_json(again, check(again.game))
    assert record_to_json(parse_record(with_results), check(again.game)) == with_results


def most_zero_sum_groups(values: list[Decimal]) -> int:
    """Brute force: split values summing to zero into as many zero-sum groups as possible."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                left = [v for i, v in enumerate(rest) if i not in chosen]
                best = max(best, 1 + most_zero_sum_groups(left))
    return best


def assert_fewest_settlement(nets: dict[str, Decimal], order) -> None:
    transfers = fewest_transfers(nets, order)
    balance = dict(nets)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        balance[t.payer] += t.amount
        balance[t.payee] -= t.amount
    assert all(v == 0 for v in balance.values())
    nonzero = [v for v in nets.values() if v != 0]
    assert len(transfers) == len(nonzero) - most_zero_sum_groups(nonzero)


@SETTINGS
@given(valid_records())
def test_transfers_settle_every_net_of_a_game_in_the_fewest_payments(rec):
    ledger = check(rec.game)
    if not ledger.over:
        assert ledger.transfers == ()
        return
    assert_fewest_settlement({s.name: s.net for s in ledger.standings}, rec.game.players)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
def test_transfers_are_the_fewest_for_any_small_set_of_nets(amounts):
    amounts = [*amounts, -sum(amounts)]  # make them sum to zero
    names = [f"P{i}" for i in range(len(amounts))]
    assert_fewest_settlement({n: Decimal(a) for n, a in zip(names, amounts, strict=True)}, names)


def cycle() -> list[Hand]:
    """Six hands that bring A, B and C back to 0 each, with B buying in once (limit 150)."""
    return [
        won("A", B=148, C=2),  # -20, 148, 2
        won("C", A=2, B=3, buy_ins={"B": True}),  # -18, 151 -> -18 bought in, -18
        won("A", B=19, C=19),  # -38, 1, 1
        won("B", A=19, C=19),  # -19, -19, 20
        won("C", A=19, B=19),  # 0, 0, 0
        Hand.void_hand(),
    ]


def test_the_engine_handles_a_1000_hand_game():
    rules = Rules(max_buy_ins=None, winner_bonus_call_up=20, winner_bonus_kalookie=40)
    hands = (cycle() * 167)[:1000]
    game = Game(("A", "B", "C"), rules, casino_stakes(), "A", tuple(hands))
    ledger = check(game)
    assert len(ledger.hands) == 1000
    assert ledger.status == "in-progress"
    assert [ledger.standing(p).total for p in "ABC"] == [-19, -19, 20]
    assert ledger.standing("B").buy_ins == 167
    assert ledger.pool == 3 * 5 + 167 * 5
    assert all(sum(row.payments.values()) == 0 for row in ledger.hands)
    assert Counter(row.dealer for row in ledger.hands if not row.void) == {
        "A": 278,
        "B": 278,
        "C": 278,
    }
    stopped = check(game.stopped_with("split"))
    assert sum(s.net for s in stopped.standings) == 0
    overrides = {"max_buy_ins": None, "winner_bonus": {"call_up": 20, "kalookie": 40}}
    rec = GameRecord(game.stopped_with("refund"), "british", overrides)
    assert parse_record(record_to_json(rec)).game.hands == game.hands


@SETTINGS
@given(valid_records())
def test_totals_grow_by_what_is_scored_and_a_buy_in_resets_to_the_highest_within(rec):
    ledger = check(rec.game)
    rules = rec.game.rules
    totals = dict.fromkeys(rec.game.players, 0)
    for row in ledger.hands:
        after = {p: totals[p] + row.scored.get(p, 0) for p in totals}
        if row.bought_in:
            within = [p for p in row.scored if not rules.is_over(after[p])]
            assert row.reset_to == max(after[p] for p in within)
            for player in row.bought_in:
                after[player] = row.reset_to
        assert row.totals == after
        totals = after


@SETTINGS
@given(valid_records())
def test_extending_a_ledger_by_a_hand_equals_replaying_the_whole_game(rec):
    game = rec.game
    for count in range(len(game.hands)):
        shorter = replace(game, hands=game.hands[:count], stopped=None)
        longer = replace(game, hands=game.hands[: count + 1], stopped=None)
        assert extend(replay(shorter), game.hands[count]) == replay(longer)
