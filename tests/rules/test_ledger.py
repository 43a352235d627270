"""The ledger: scoring, elimination, buy-ins, dealing, payments, the pool, the end and stopping."""

from dataclasses import replace
from decimal import Decimal

import pytest

from kalooki_ledger.rules import Hand, RecordError, Rules, Stakes, check, replay
from kalooki_ledger.rules.presets import PRESETS
from tests.helpers import decided, make_game, won

D = Decimal
CLUB_UK = PRESETS["club-uk"].rules
KALUKI = PRESETS["kaluki-003"].rules
THREE_DECK = PRESETS["three-deck"].rules


def problems(game) -> list[str]:
    return [str(p) for p in replay(game).problems]


def net(ledger, name) -> Decimal:
    return ledger.standing(name).net


# --- who is out: over vs reach --------------------------------------------------------------


@pytest.mark.parametrize(
    ("out_at", "value", "offered"),
    [("over", 100, False), ("over", 101, True), ("reach", 99, False), ("reach", 100, True)],
)
def test_out_at_over_needs_past_the_limit_and_reach_only_the_limit(out_at, value, offered):
    game = make_game("A B C", won("A", B=value, C=2), rules=Rules(limit=100, out_at=out_at))
    row = replay(game).hands[0]
    assert row.buy_in_offers == (("B",) if offered else ())
    assert replay(game).status == ("awaiting-buy-ins" if offered else "in-progress")


# --- buy-ins ----------------------------------------------------------------------------------


def b_keeps_going_over(max_buy_ins, rounds):
    """B goes over every hand and buys in whenever offered; returns the ledger after `rounds`."""
    game = make_game("A B C", rules=Rules(limit=100, max_buy_ins=max_buy_ins))
    for _ in range(rounds):
        game = game.with_hand(won("A", B=148, C=2))
        if replay(game).awaiting_buy_ins:
            game = decided(game, B=True)
    return replay(game)


@pytest.mark.parametrize(("max_buy_ins", "buy_ins"), [(0, 0), (1, 1), (2, 2), (None, 6)])
def test_a_player_buys_in_at_most_max_buy_ins_times(max_buy_ins, buy_ins):
    ledger = b_keeps_going_over(max_buy_ins, 6)
    b = ledger.standing("B")
    assert b.buy_ins == buy_ins
    assert [row.bought_in for row in ledger.hands].count(("B",)) == buy_ins
    assert b.out is (max_buy_ins is not None)
    if max_buy_ins is not None:
        assert b.out_after == buy_ins + 1
        assert ledger.hands[buy_ins].out == ("B",)


@pytest.mark.parametrize(
    ("rules", "players", "offered"),
    [
        (Rules(), "A B C", True),  # british: two within are enough
        (CLUB_UK, "A B C", False),  # 002: "not allowed when 2 players remain"
        (CLUB_UK, "A B C D", True),
        (Rules(buy_in_needs_remaining=3), "A B C", False),
    ],
)
def test_buy_ins_need_enough_players_within_the_limit(rules, players, offered):
    values = {p: 2 for p in players.split() if p not in "AB"}
    ledger = replay(
        make_game(players, won("A", B=148, **values), won("A", B=5, **values), rules=rules)
    )
    row = ledger.hands[1]
    assert row.buy_in_offers == (("B",) if offered else ())
    assert row.out == (() if offered else ("B",))


def test_offers_are_decided_in_seat_order_starting_left_of_the_winner():
    game = make_game("A B C D E", won("C", A=148, B=148, D=148, E=2), rules=Rules(limit=100))
    ledger = replay(game)
    assert ledger.hands[0].buy_in_offers == ("D", "A", "B")
    assert ledger.awaiting_buy_ins == ("D", "A", "B")
    assert ledger.status == "awaiting-buy-ins"


def test_offers_wrap_round_the_table_from_the_last_seat():
    game = make_game("A B C D E", won("E", A=148, B=2, C=148, D=148), rules=Rules(limit=100))
    assert replay(game).hands[0].buy_in_offers == ("A", "C", "D")


def test_a_buy_in_resets_to_the_highest_total_within_after_the_hand():
    game = make_game("A B C D", won("A", B=60, C=20, D=10), won("A", B=91, C=30, D=2))
    ledger = replay(decided(game, B=True))
    row = ledger.hands[1]
    assert row.totals == {"A": 0, "B": 50, "C": 50, "D": 12}
    assert row.reset_to == 50
    assert ledger.standing("B").total == 50
    assert ledger.standing("B").buy_ins == 1


def test_every_player_offered_counts_within_before_anyone_decides():
    # B and C go over with A and D within: both are offered although each decision leaves fewer.
    game = make_game("A B C D", won("A", B=148, C=148, D=2), rules=Rules(limit=100))
    game = decided(game, B=False, C=True)
    ledger = check(game)
    assert ledger.hands[0].buy_in_offers == ("B", "C")
    assert ledger.hands[0].bought_in == ("C",)
    assert ledger.hands[0].out == ("B",)
    assert ledger.standing("C").total == 2


def test_declining_a_buy_in_is_out_for_good():
    game = decided(make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100)), B=False)
    ledger = check(game)
    assert ledger.standing("B").out
    assert ledger.standing("B").out_after == 1
    assert ledger.in_game() == ("A", "C")


def test_an_out_player_given_a_value_is_a_problem_naming_hand_and_player():
    game = decided(make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100)), B=False)
    game = game.with_hand(won("C", A=5, B=7))
    ledger = replay(game)
    assert [(p.hand, p.player) for p in ledger.problems] == [(2, "B")]
    assert str(ledger.problems[0]) == (
        "Hand 2, B: is out of the game after hand 1 and has no hand value any more"
    )
    with pytest.raises(RecordError, match="Hand 2, B: is out of the game after hand 1"):
        check(game)


def test_an_out_player_given_a_win_is_a_problem_naming_hand_and_player():
    game = decided(make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100)), B=False)
    game = game.with_hand(won("B", A=5, C=7))
    assert problems(game) == ["Hand 2, B: is out of the game after hand 1 and can't win"]


def test_an_out_player_never_pays_scores_or_deals_again():
    game = decided(make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100)), B=False)
    for winner, loser in [("C", "A"), ("A", "C"), ("C", "A")]:
        game = game.with_hand(won(winner, **{loser: 5}))
    ledger = check(game)
    for row in ledger.hands[1:]:
        assert "B" not in row.payments and "B" not in row.scored
        assert row.dealer != "B"
    assert ledger.standing("B").total == 148


@pytest.mark.parametrize(
    ("rules", "first", "decision", "reason"),
    [
        (Rules(), won("A", B=5, C=2), {"B": True}, "they are within the limit"),
        (Rules(), won("A", B=5, C=2), {"A": True}, "they are within the limit"),
        (
            Rules(limit=100),
            won("A", B=148, C=148),
            {"B": True},
            "only A is within the limit, so the game is over",
        ),
        (
            Rules(limit=100, buy_in_needs_remaining=3),
            won("A", B=148, C=2),
            {"B": True},
            "buy-ins need 3 players within the limit and only 2 are",
        ),
        (
            Rules(limit=100, max_buy_ins=0),
            won("A", B=148, C=2),
            {"B": True},
            "this game allows no buy-ins",
        ),
    ],
)
def test_a_decision_for_someone_not_offered_says_why_not(rules, first, decision, reason):
    game = make_game("A B C", first, rules=rules)
    game = decided(game, **decision)
    (player,) = decision
    assert problems(game)[0] == (
        f"Hand 1, {player}: was not offered a buy-in after this hand: {reason}; remove the decision"
    )


def test_a_decision_for_a_player_already_out_says_when_they_went_out():
    game = decided(make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100)), B=False)
    game = game.with_hand(won("A", C=2, D=2, buy_ins={"B": True}))
    assert problems(game) == [
        "Hand 2, B: was not offered a buy-in after this hand: they were already out of the game "
        "after hand 1; remove the decision"
    ]


def test_a_decision_used_up_after_two_buy_ins_says_so():
    ledger = b_keeps_going_over(2, 3)
    game = ledger.game.with_hand_replaced(3, won("A", B=148, C=2, buy_ins={"B": True}))
    assert "they have used all 2 buy-ins" in problems(game)[0]


def test_an_owed_decision_missing_on_an_earlier_hand_is_a_problem():
    game = make_game("A B C", won("A", B=148, C=2), won("C", A=3), rules=Rules(limit=100))
    assert problems(game)[0] == (
        "Hand 1, B: was offered a buy-in after this hand and no decision is recorded: "
        "record whether they bought in or dropped out"
    )


def test_owed_decisions_on_the_last_hand_leave_the_game_awaiting_them():
    game = make_game("A B C D", won("A", B=148, C=148, D=2), rules=Rules(limit=100))
    ledger = check(game)
    assert ledger.status == "awaiting-buy-ins"
    assert ledger.awaiting_buy_ins == ("B", "C")
    assert ledger.reset_to == 2
    assert ledger.dealer is None and ledger.first_player is None
    assert not ledger.can_record_hand
    assert [s.awaiting_decision for s in ledger.standings] == [False, True, True, False]
    partly = check(decided(game, B=True))
    assert partly.awaiting_buy_ins == ("C",)
    done = check(decided(game, B=True, C=False))
    assert done.status == "in-progress"
    assert done.dealer == "B"


# --- scoring: doubling, winner bonus, bounds --------------------------------------------------


@pytest.mark.parametrize(
    ("doubles", "kalookie", "scored_b"),
    [(False, False, 30), (False, True, 30), (True, False, 30), (True, True, 60)],
)
def test_kalookie_doubles_penalties_only_when_the_rule_is_on(doubles, kalookie, scored_b):
    rules = Rules(kalookie_doubles_penalties=doubles)
    row = replay(make_game("A B C", won("A", kalookie=kalookie, B=30, C=2), rules=rules)).hands[0]
    assert row.values["B"] == 30
    assert row.scored["B"] == scored_b
    assert row.scored["C"] == scored_b // 15


@pytest.mark.parametrize(("kalookie", "a_total", "b_total"), [(False, -20, 30), (True, -40, 60)])
def test_kaluki_003_takes_the_winner_bonus_off_and_totals_go_below_zero(kalookie, a_total, b_total):
    ledger = replay(make_game("A B C", won("A", kalookie=kalookie, B=30, C=2), rules=KALUKI))
    assert ledger.standing("A").total == a_total
    assert ledger.standing("B").total == b_total


def test_kaluki_003_is_out_on_reaching_150():
    game = make_game("A B C", won("A", B=148, C=2), won("A", B=2, C=2), rules=KALUKI)
    assert replay(game).hands[1].buy_in_offers == ("B",)


@pytest.mark.parametrize(
    ("rules", "value", "problem"),
    [
        (Rules(), 148, None),
        (Rules(), 149, "no 13-card hand is worth more than 148 (entered 149)"),
        (Rules(), 2, None),
        (Rules(), 1, "a loser's hand is worth at least 2: one card (entered 1)"),
        (Rules(), 0, "a loser's hand is worth at least 2: one card (entered 0)"),
        (Rules(), -5, "a loser's hand is worth at least 2: one card (entered -5)"),
        (THREE_DECK, 185, None),
        (THREE_DECK, 186, "no 13-card hand is worth more than 185 (entered 186)"),
    ],
)
def test_hand_values_must_lie_within_the_bounds_of_the_deck(rules, value, problem):
    game = make_game("A B C", won("A", B=value, C=2), rules=replace(rules, limit=400))
    assert problems(game) == ([] if problem is None else [f"Hand 1, B: {problem}"])


def test_it_refuses_a_hand_worth_149():
    with pytest.raises(RecordError, match=r"^Hand 1, B: no 13-card hand is worth more than 148"):
        check(make_game("A B", won("A", B=149)))


def test_a_card_list_counts_as_its_value():
    hand = Hand(winner="A", penalties={"C": 4}, cards={"B": ("Joker", "AS", "10H")})
    row = check(make_game("A B C", hand)).hands[0]
    assert row.values == {"B": 36, "C": 4}
    assert row.totals["B"] == 36


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (("AS", "AS", "AS"), "the deck has only 2 of AS"),
        (("2C",) * 14, "a loser holds at most 13 cards, not 14"),
        (("ZZ",), '"ZZ" is not a card'),
    ],
)
def test_a_bad_card_list_is_a_problem_naming_hand_and_player(cards, message):
    game = make_game("A B C", Hand(winner="A", penalties={"C": 4}, cards={"B": cards}))
    assert problems(game)[0].startswith(f"Hand 1, B: {message}")


def test_a_value_and_a_card_list_for_one_player_is_a_problem():
    hand = Hand(winner="A", penalties={"B": 4, "C": 4}, cards={"B": ("7",)})
    assert problems(make_game("A B C", hand)) == [
        "Hand 1, B: give a hand value or a card list, not both"
    ]


def test_a_missing_value_says_what_to_enter():
    assert problems(make_game("A B C", won("A", B=4))) == [
        "Hand 1, C: no hand value recorded for a player still in: enter a number from 2 to 148 "
        "or the cards left in their hand"
    ]


def test_a_value_for_the_winner_is_a_problem():
    assert problems(make_game("A B", won("A", A=4, B=4))) == [
        "Hand 1, A: won the hand, so has no hand value"
    ]


def test_a_hand_with_no_winner_and_not_void_is_a_problem():
    assert problems(make_game("A B", Hand(penalties={"B": 4}))) == [
        "Hand 1: choose who won the hand, or mark it void"
    ]


def test_an_unknown_player_in_a_hand_is_a_problem_listing_the_players():
    assert problems(make_game("A B", won("A", B=4, Z=3)))[0] == (
        'Hand 1: there is no player called "Z" (players: A, B)'
    )


# --- void hands and dealing -----------------------------------------------------------------


def test_a_void_hand_scores_nothing_pays_nothing_and_the_same_dealer_deals_again():
    game = make_game("A B C", won("B", A=10, C=10), Hand.void_hand(), won("A", B=3, C=4))
    ledger = check(game)
    void = ledger.hands[1]
    assert void.void and void.winner is None
    assert void.scored == {"A": 0, "B": 0, "C": 0}
    assert void.payments == {"A": 0, "B": 0, "C": 0}
    assert void.totals == ledger.hands[0].totals
    assert [row.dealer for row in ledger.hands] == ["A", "B", "B"]
    assert ledger.dealer == "C"


def test_void_hands_in_a_row_keep_the_same_dealer():
    game = make_game("A B C", Hand.void_hand(), Hand.void_hand(), first_dealer="C")
    ledger = check(game)
    assert [row.dealer for row in ledger.hands] == ["C", "C"]
    assert (ledger.dealer, ledger.first_player) == ("C", "A")
    assert ledger.pool == 15


def test_the_first_dealer_deals_first_and_the_player_to_the_left_plays_first():
    ledger = check(make_game("A B C D", first_dealer="D"))
    assert (ledger.dealer, ledger.first_player) == ("D", "A")


def test_the_deal_passes_clockwise_skipping_players_who_are_out():
    game = make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100))
    game = decided(game, B=False)  # B is out after hand 1, dealt by A
    ledger = check(game)
    assert (ledger.dealer, ledger.first_player) == ("C", "D")
    game = game.with_hand(won("D", A=2, C=2))
    game = game.with_hand(won("D", A=2, C=2))
    ledger = check(game)
    assert [row.dealer for row in ledger.hands] == ["A", "C", "D"]
    assert (ledger.dealer, ledger.first_player) == ("A", "C")


def test_the_player_left_of_an_out_dealer_seat_plays_first():
    game = make_game("A B C D", won("C", D=148, A=2, B=2), rules=Rules(limit=100), first_dealer="C")
    ledger = check(decided(game, D=False))
    assert (ledger.dealer, ledger.first_player) == ("A", "B")


# --- payments ------------------------------------------------------------------------------


@pytest.mark.parametrize(("kalookie", "stake"), [(False, D(1)), (True, D(2))])
def test_every_player_in_pays_the_winner_the_call_up_or_kalookie_stake(kalookie, stake):
    row = check(make_game("A B C D", won("C", kalookie=kalookie, A=5, B=6, D=7))).hands[0]
    assert row.payments == {"A": -stake, "B": -stake, "C": 3 * stake, "D": -stake}
    assert sum(row.payments.values()) == 0


def test_players_already_out_pay_nothing():
    game = decided(make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100)), B=False)
    row = check(game.with_hand(won("C", A=3, D=3))).hands[1]
    assert row.payments == {"A": D(-1), "C": D(2), "D": D(-1)}


def test_a_player_who_goes_over_in_this_hand_still_pays_for_it():
    game = make_game("A B C D", won("A", B=148, C=148, D=2), rules=Rules(limit=100))
    row = check(decided(game, B=False, C=False)).hands[0]
    assert row.out == ("B", "C")
    assert row.payments == {"A": D(3), "B": D(-1), "C": D(-1), "D": D(-1)}


def test_a_player_who_goes_out_for_good_in_the_last_hand_still_pays_for_it():
    row = check(make_game("A B C", won("A", B=148, C=148), rules=Rules(limit=100))).hands[0]
    assert row.payments == {"A": D(2), "B": D(-1), "C": D(-1)}


# --- the pool, the end, nets ----------------------------------------------------------------


def test_the_pool_is_the_initial_stakes_and_every_buy_in():
    ledger = b_keeps_going_over(2, 2)
    assert ledger.pool == 5 * 3 + 2 * 5
    assert ledger.standing("B").paid_in == 15
    assert ledger.standing("A").paid_in == 5


def test_the_game_ends_when_exactly_one_player_is_within_and_no_buy_in_is_offered():
    game = make_game("A B C", won("A", B=148, C=148), rules=Rules(limit=100))
    ledger = check(game)
    assert ledger.status == "finished"
    assert ledger.winner == "A"
    assert ledger.hands[0].buy_in_offers == ()
    assert ledger.hands[0].out == ("B", "C")
    assert ledger.dealer is None and ledger.first_player is None
    assert ledger.standing("A").pool_share == 15
    assert {s.name: s.net for s in ledger.standings} == {"A": D(12), "B": D(-6), "C": D(-6)}


def test_the_game_ends_when_the_last_offered_player_drops_out():
    game = make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100))
    ledger = check(decided(game, B=False).with_hand(won("C", A=148)))
    assert ledger.status == "finished"
    assert ledger.winner == "C"


def test_a_hand_after_the_game_finished_is_a_problem():
    game = make_game("A B", won("A", B=148), won("A", B=4), rules=Rules(limit=100))
    assert problems(game) == [
        "Hand 2: the game was over after hand 1 (A won): delete this hand or correct an earlier one"
    ]


def test_nets_sum_to_zero_once_finished_and_transfers_settle_them():
    game = make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100))
    game = decided(game, B=True).with_hand(won("C", kalookie=True, A=148, B=148, D=148))
    ledger = check(game)
    assert ledger.status == "finished"
    nets = {s.name: s.net for s in ledger.standings}
    assert sum(nets.values()) == 0
    # A: +3 -2 -5 = -4; B: -1 -2 -5 -5 = -13; C: -1 +6 -5 + pool 25 = 25; D: -1 -2 -5 = -8
    assert nets == {"A": D(-4), "B": D(-13), "C": D(25), "D": D(-8)}
    assert {(t.payer, t.payee, t.amount) for t in ledger.transfers} == {
        ("A", "C", D(4)),
        ("B", "C", D(13)),
        ("D", "C", D(8)),
    }


def test_transfers_are_empty_while_the_game_is_in_progress():
    ledger = check(make_game("A B C", won("A", B=3, C=3)))
    assert ledger.transfers == ()
    assert ledger.standing("A").net == D(2) - 5


# --- stopping early -------------------------------------------------------------------------


def test_a_game_stopped_with_refund_gives_each_their_stakes_back():
    game = make_game("A B C", won("A", B=148, C=2), rules=Rules(limit=100))
    game = decided(game, B=True).with_hand(won("C", A=3, B=3)).stopped_with("refund")
    ledger = check(game)
    assert ledger.status == "stopped"
    assert ledger.winner is None and ledger.dealer is None
    shares = {s.name: s.pool_share for s in ledger.standings}
    assert shares == {"A": D(5), "B": D(10), "C": D(5)}
    assert {s.name: s.net for s in ledger.standings} == {"A": D(1), "B": D(-2), "C": D(1)}
    assert len(ledger.transfers) == 2


def test_a_game_stopped_with_split_shares_the_pool_odd_units_from_left_of_the_dealer():
    game = make_game("A B C D", won("B", C=148, A=2, D=2), rules=Rules(limit=100))
    game = decided(game, C=False).stopped_with("split")  # next dealer B; C is out
    ledger = check(game)
    shares = {s.name: s.pool_share for s in ledger.standings}
    assert shares == {"A": D(7), "B": D(6), "C": D(0), "D": D(7)}
    assert sum(s.net for s in ledger.standings) == 0


def test_a_split_in_pence_gives_the_odd_pennies_one_each():
    stakes = Stakes("GBP", D("0.10"), D("0.20"), D("0.50"), D("0.35"))
    game = make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100), stakes=stakes)
    game = decided(game, B=True).stopped_with("split")  # pool 2.35 among 4, next dealer B
    ledger = check(game)
    shares = [ledger.standing(p).pool_share for p in "CDAB"]
    assert shares == [D("0.59"), D("0.59"), D("0.59"), D("0.58")]


def test_stopping_while_buy_ins_are_owed_puts_those_players_out_without_a_share():
    game = make_game("A B C D", won("A", B=148, C=2, D=2), rules=Rules(limit=100))
    ledger = check(game.stopped_with("split"))  # A dealt hand 1; the deal would pass to C
    assert ledger.status == "stopped"
    assert ledger.awaiting_buy_ins == ()
    assert ledger.standing("B").out
    shares = {s.name: s.pool_share for s in ledger.standings}
    assert shares == {"A": D(7), "B": D(0), "C": D(6), "D": D(7)}
    assert sum(s.net for s in ledger.standings) == 0


def test_a_finished_game_cannot_also_be_stopped():
    game = make_game("A B", won("A", B=148), rules=Rules(limit=100)).stopped_with("split")
    assert problems(game) == [
        "the game finished after hand 1 (A won), so it can't be stopped early as well: "
        "remove the early stop"
    ]


def test_a_game_stopped_before_any_hand_refunds_everyone_to_zero():
    for settle in ("refund", "split"):
        ledger = check(make_game("A B C", stopped=settle))
        assert [s.net for s in ledger.standings] == [0, 0, 0]
        assert ledger.transfers == ()


# --- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "kw", "message"),
    [
        ("A", {}, "a game has 2 to 6 players, not 1"),
        ("A B C D E F G", {}, "a game has 2 to 6 players, not 7"),
        ("A B a", {}, "two players are called 'a': give each a different name"),
        ("A B", {"first_dealer": "Z"}, 'the first dealer "Z" is not one of the players (A, B)'),
    ],
)
def test_it_refuses_seats_no_game_can_be_played_with(players, kw, message):
    with pytest.raises(RecordError) as caught:
        replay(make_game(players, **kw))
    assert str(caught.value) == message


def test_a_winner_who_is_not_a_player_is_a_problem_not_a_crash():
    game = make_game("A B C", Hand(winner="Z", penalties={"A": 3, "B": 3, "C": 4}))
    assert problems(game) == ['Hand 1: the winner "Z" is not one of the players (A, B, C)']


def test_a_dealer_who_goes_out_in_their_own_deal_passes_it_to_the_next_player_in():
    game = make_game("A B C D", won("C", B=148, A=2, D=2), rules=Rules(limit=100), first_dealer="B")
    ledger = check(decided(game, B=False))
    assert ledger.hands[0].dealer == "B"
    assert (ledger.dealer, ledger.first_player) == ("C", "D")


def test_card_lists_of_one_hand_together_cannot_hold_more_of_a_card_than_the_deck():
    hand = Hand(winner="A", penalties={"D": 4}, cards={"B": ("AS", "AS"), "C": ("7", "AS")})
    assert problems(make_game("A B C D", hand)) == [
        "Hand 1, C: the deck has only 2 of AS, but the card lists of B and C hold more between them"
    ]
    fine = Hand(winner="A", penalties={"D": 4}, cards={"B": ("AS", "Joker"), "C": ("AS", "Joker")})
    assert check(make_game("A B C D", fine)).hands[0].values == {"B": 26, "C": 26, "D": 4}


def test_a_correction_that_makes_a_later_hand_impossible_keeps_it_and_says_why():
    game = make_game("A B C", won("A", B=40, C=2), won("C", A=5, B=6), rules=Rules(limit=100))
    corrected = game.with_hand_replaced(1, won("A", B=148, C=2, buy_ins={"B": False}))
    ledger = replay(corrected)
    assert len(ledger.hands) == 2
    assert ledger.hands[1].conflicting
    assert [str(p) for p in ledger.hand_problems(2)] == [
        "Hand 2, B: is out of the game after hand 1 and has no hand value any more"
    ]
    assert not ledger.can_record_hand
    fixed = corrected.with_hand_replaced(2, won("C", A=5))
    assert check(fixed).standing("A").total == 5
    assert check(corrected.without_hand(2)).status == "in-progress"
