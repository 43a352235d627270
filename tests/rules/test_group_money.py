"""The group's money conserved (rules.night.group_money): every night's still owed summed is
each player's balance, and it is the games' nets and the payments, plus what was brought in
from outside, less what was written off; a carry moves money between nights and makes or loses
none. A broken invariant is named."""

from decimal import Decimal

from kalooki_ledger.rules.night import (
    CARRIED,
    WRITTEN_OFF,
    GroupNight,
    NightGame,
    Payment,
    group_money,
    settle_night,
)

D = Decimal
GAME = NightGame("g1", {"Ann": D(-10), "Bob": D(-40), "Cy": D(50)})


def test_a_carried_night_and_the_night_it_went_to_keep_every_amount():
    first = settle_night([GAME], payments=[Payment("Bob", "Cy", D(30))])
    owed = {p: v for p, v in first.owed.items() if v}
    closed = settle_night([GAME], payments=[Payment("Bob", "Cy", D(30))], closing=owed)
    second = settle_night([], opening=owed)
    money = group_money([GroupNight(1, closed, CARRIED, 2), GroupNight(2, second)])
    assert money.conserved, money.problems
    assert dict(money.balances) == {"Ann": D(-10), "Bob": D(-10), "Cy": D(20)}


def test_a_write_off_is_the_only_way_money_leaves_the_balances():
    closed = settle_night([GAME], closing=dict(GAME.nets))
    money = group_money([GroupNight(1, closed, WRITTEN_OFF)])
    assert money.conserved and not money.balances
    assert dict(money.written_off) == dict(GAME.nets)


def test_a_carry_that_landed_nowhere_or_twice_is_named():
    closed = settle_night([GAME], closing=dict(GAME.nets))
    lost = group_money([GroupNight(1, closed, CARRIED, 2), GroupNight(2, settle_night([]))])
    assert "the nights' openings are not what was carried and brought into them" in lost.problems
    twice = settle_night([], opening={p: 2 * v for p, v in GAME.nets.items()})
    doubled = group_money([GroupNight(1, closed, CARRIED, 2), GroupNight(2, twice)])
    assert not doubled.conserved
    backwards = group_money([GroupNight(2, closed, CARRIED, 1), GroupNight(1, settle_night([]))])
    assert "night 2 was carried into no later night" in backwards.problems


def test_a_balance_brought_in_from_outside_is_counted_once():
    brought = {"Ann": D(5), "Bob": D(-5)}
    money = group_money([GroupNight(1, settle_night([], opening=brought), brought=brought)])
    assert money.conserved and dict(money.balances) == brought


def test_a_game_settled_in_two_nights_is_named():
    money = group_money([GroupNight(1, settle_night([GAME])), GroupNight(2, settle_night([GAME]))])
    assert "game g1 is settled in night 1 and 2" in money.problems


def test_a_game_of_a_night_also_ticked_paid_on_its_own_page_is_named():
    money = group_money([GroupNight(1, settle_night([GAME]), ticked=frozenset({"g1"}))])
    assert "game g1 of night 1 was also ticked paid on its page" in money.problems
    assert group_money([GroupNight(1, settle_night([GAME]))]).conserved
