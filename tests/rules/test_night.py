"""A night's settle-up: the games' nets summed (0 for a game sat out), balances carried in,
payments kept as facts, and what is still owed settled exactly in the fewest transfers."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalooki_ledger.rules.night import NightGame, Payment, carried, settle_night

D = Decimal


def game(name: str, over: bool = True, **nets: str) -> NightGame:
    return NightGame(name, {k: D(v) for k, v in nets.items()}, over)


def partitions(items: list):
    """Every way of splitting `items` into groups (for brute force on small nights)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in partitions(rest):
        for i in range(len(split)):
            yield [*split[:i], [first, *split[i]], *split[i + 1 :]]
        yield [[first], *split]


def fewest_possible(balances: dict[str, Decimal]) -> int:
    """By brute force: people owed or owing, less the most groups that each settle on their own
    (a group of k people that sums to zero needs k - 1 transfers, and no fewer)."""
    people = [p for p, v in balances.items() if v != 0]
    most = max(
        (sum(1 for g in split if sum(balances[p] for p in g) == 0) for split in partitions(people)),
        default=0,
    )
    return len(people) - most


def left_after(transfers, balances) -> dict[str, Decimal]:
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


CASES = [
    # (games, opening, payments, totals, transfers as (payer, payee, amount))
    pytest.param(
        [game("1", Ann="5", Bob="-5"), game("2", Ann="-5", Bob="5")],
        {},
        [],
        {"Ann": "0", "Bob": "0"},
        [],
        id="two-games-cancel-out",
    ),
    pytest.param(
        [game("1", Ann="6", Bob="-3", Cat="-3"), game("2", Ann="-2", Bob="2")],
        {},
        [],
        {"Ann": "4", "Bob": "-1", "Cat": "-3"},
        [("Cat", "Ann", "3"), ("Bob", "Ann", "1")],
        id="cat-sits-the-second-game-out",
    ),
    pytest.param(
        [game("1", Ann="4", Bob="-4")],
        {"Bob": "2", "Ann": "-2"},
        [],
        {"Ann": "4", "Bob": "-4"},
        [("Bob", "Ann", "2")],
        id="an-opening-balance-carried-in",
    ),
    pytest.param(
        [game("1", Ann="10", Bob="-10")],
        {},
        [Payment("Bob", "Ann", D(6))],
        {"Ann": "10", "Bob": "-10"},
        [("Bob", "Ann", "4")],
        id="a-payment-made-leaves-the-rest",
    ),
    pytest.param(
        [game("1", Ann="-5", Bob="5")],
        {},
        [Payment("Ann", "Bob", D(3)), Payment("Bob", "Ann", D(0.5))],
        {"Ann": "-5", "Bob": "5"},
        [("Ann", "Bob", "2.5")],
        id="payments-both-ways",
    ),
    pytest.param(
        [game("1", Ann="6", Bob="-6"), game("2", over=False, Ann="-20", Bob="-20")],
        {},
        [],
        {"Ann": "6", "Bob": "-6"},
        [("Bob", "Ann", "6")],
        id="a-game-still-played-counts-once-over",
    ),
]


@pytest.mark.parametrize(("games", "opening", "payments", "totals", "transfers"), CASES)
def test_a_night_sums_its_games_and_settles_what_is_owed(
    games, opening, payments, totals, transfers
):
    night = settle_night(games, {k: D(v) for k, v in opening.items()}, payments)
    assert {p: night.totals[p] for p in totals} == {k: D(v) for k, v in totals.items()}
    assert [(t.payer, t.payee, t.amount) for t in night.transfers] == [
        (a, b, D(v)) for a, b, v in transfers
    ]


def test_a_player_who_sat_a_game_out_nets_nothing_for_it():
    night = settle_night([game("1", Ann="3", Bob="-3"), game("2", Ann="1", Cat="-1")])
    assert night.games[0].nets["Cat"] == 0
    assert night.games[0].played == ("Ann", "Bob")
    assert night.games[1].nets["Bob"] == 0
    assert night.players == ("Ann", "Bob", "Cat")


def test_a_payment_that_no_longer_fits_shows_as_such_and_the_rest_settles_the_difference():
    # Ann paid Bob 3 when she owed him; a corrected hand now has Bob owing Ann 2.
    night = settle_night([game("1", Ann="2", Bob="-2")], payments=[Payment("Ann", "Bob", D(3))])
    assert [line.fits for line in night.payments] == [False]
    assert night.owed == {"Ann": D(5), "Bob": D(-5)}
    assert [(t.payer, t.payee, t.amount) for t in night.transfers] == [("Bob", "Ann", D(5))]


def test_a_payment_that_fits_says_so():
    night = settle_night([game("1", Ann="-2", Bob="2")], payments=[Payment("Ann", "Bob", D(2))])
    assert [line.fits for line in night.payments] == [True]
    assert night.settled
    assert carried(night) == {}


def test_the_regulars_come_first_in_the_order_given():
    night = settle_night([game("1", Cat="1", Ann="-1")], order=["Ann", "Bob"])
    assert night.players == ("Ann", "Bob", "Cat")


def test_what_is_left_unpaid_is_carried_and_sums_to_zero():
    night = settle_night(
        [game("1", Ann="7", Bob="-4", Cat="-3")], payments=[Payment("Cat", "Ann", D(3))]
    )
    assert carried(night) == {"Ann": D(4), "Bob": D(-4)}


names = st.sampled_from(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
cents = st.integers(min_value=-3000, max_value=3000).map(lambda n: D(n) / 100)


@st.composite
def zero_sum(draw, min_people=2):
    people = draw(st.lists(names, min_size=min_people, max_size=5, unique=True))
    amounts = [draw(cents) for _ in people[:-1]]
    return dict(zip(people, [*amounts, -sum(amounts, D(0))], strict=True))


pairs = st.tuples(names, names).filter(lambda t: t[0] != t[1])


@st.composite
def nights(draw):
    games = [NightGame(str(i), draw(zero_sum())) for i in range(draw(st.integers(1, 4)))]
    opening = draw(st.one_of(st.just({}), zero_sum()))
    payments = [
        Payment(a, b, D(draw(st.integers(1, 2000))) / 100)
        for a, b in draw(st.lists(pairs, max_size=3))
    ]
    return games, opening, payments


@settings(max_examples=150, deadline=None)
@given(nights())
def test_what_is_still_owed_settles_exactly_in_the_fewest_transfers(night_parts):
    games, opening, payments = night_parts
    night = settle_night(games, opening, payments)
    for p in night.players:
        expected = sum((g.nets.get(p, D(0)) for g in games), D(0))
        assert night.totals[p] == expected
        assert night.owed[p] == night.totals[p] + night.opening[p] + night.paid[p]
    assert sum(night.owed.values(), D(0)) == 0
    assert all(v == 0 for v in left_after(night.transfers, night.owed).values())
    assert len(night.transfers) == fewest_possible(dict(night.owed))


@settings(max_examples=60, deadline=None)
@given(nights())
def test_paying_every_transfer_settles_the_night_and_keeps_every_payment(night_parts):
    games, opening, payments = night_parts
    first = settle_night(games, opening, payments)
    made = [Payment(t.payer, t.payee, t.amount) for t in first.transfers]
    after = settle_night(games, opening, [*payments, *made])
    assert after.settled
    assert [line.payment for line in after.payments] == [*payments, *made]


def test_what_was_carried_out_or_written_off_settles_the_night():
    parts = [game("1", Ann="7", Bob="-7")]
    night = settle_night(parts, closing={"Ann": D(7), "Bob": D(-7)})
    assert night.settled
    # A hand corrected after the carry: only the difference is owed again.
    later = settle_night([game("1", Ann="9", Bob="-9")], closing={"Ann": D(7), "Bob": D(-7)})
    assert [(t.payer, t.payee, t.amount) for t in later.transfers] == [("Bob", "Ann", D(2))]
