"""Blackpool tournaments: the draw, buy-ins forming new tables, eight tables, semis and final."""

import random
from decimal import Decimal

import pytest

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.models import Tournament, TournamentBuyIn, TournamentTable
from tests.clubs.factories import (
    finish_table,
    make_club,
    out_at_first_table,
    play_hand,
    tournament_with,
)

pytestmark = pytest.mark.django_db
RNG = random.Random(1)


def state(tournament):
    return tournaments.load(tournament)


def names(table_state):
    return [s.name for s in table_state.ledger.standings]


def buy_in_everyone_out(tournament, limit=None):
    """Buys in every player out at a table, in table order, up to `limit` buy-ins."""
    done = 0
    while limit is None or done < limit:
        offers = state(tournament).may_buy_in()
        if not offers:
            return done
        person, at = offers[0]
        tournaments.buy_in(tournament, person, at.table, RNG)
        done += 1
    return done


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (16, [4, 4, 4, 4]),
        (17, [5, 4, 4, 4]),
        (19, [5, 5, 5, 4]),
        (21, [5, 4, 4, 4, 4]),
        (24, [4] * 6),
    ],
)
def test_the_draw_seats_tables_of_four_and_never_fewer(count, sizes):
    assert tournaments.table_sizes(count) == sizes


def test_the_draw_makes_blackpool_tables_with_every_entrant_once():
    t = tournament_with(make_club(), 18)
    s = state(t)
    assert [len(names(table)) for table in s.heats] == [5, 5, 4, 4]
    seated = [n for table in s.heats for n in names(table)]
    assert sorted(seated) == [f"P{n:02d}" for n in range(1, 19)]
    game = s.heats[0].game
    assert game.preset == "blackpool" and game.engine_rules().limit == 100
    assert game.engine_rules().max_buy_ins == 0
    assert s.pot == Decimal(18 * 5)


def test_a_draw_of_seven_is_refused_and_stores_nothing():
    club = make_club()
    t = Tournament.objects.create(club=club, name="Too small")
    from tests.clubs.factories import make_players

    people = make_players(club, " ".join(f"Q{n}" for n in range(7)))
    with pytest.raises(tournaments.TournamentError, match="takes 8 to 24 players, not 7"):
        tournaments.draw(t, people)
    assert not t.tables.exists() and not t.entrants.exists()


def test_a_player_out_may_buy_in_and_four_start_a_new_table():
    t = tournament_with(make_club(), 16)
    heats = state(t).heats
    finish_table(heats[0].game)  # three go out at table 1
    out = state(t).heats[0].out()
    assert len(out) == 3
    for person in out:
        assert tournaments.buy_in(t, person, heats[0].table, RNG) is None
    assert [b.person for b in state(t).waiting] == out
    finish_table(heats[1].game)
    fourth = state(t).heats[1].out()[0]
    opened = tournaments.buy_in(t, fourth, heats[1].table, RNG)
    assert opened.number == 5 and opened.round == TournamentTable.HEAT
    s = state(t)
    assert sorted(names(s.heats[4])) == sorted([p.name for p in out] + [fourth.name])
    assert s.waiting == [] and s.pot == Decimal(16 * 5 + 4 * 5)


def test_a_player_still_playing_cannot_buy_in():
    t = tournament_with(make_club(), 16)
    table = state(t).heats[0]
    someone = table.people[names(table)[1]]
    with pytest.raises(tournaments.TournamentError, match="only a player out at that table"):
        tournaments.buy_in(t, someone, table.table, RNG)
    assert not TournamentBuyIn.objects.exists()


def test_a_player_can_buy_in_only_once_for_each_time_out():
    t = tournament_with(make_club(), 16)
    table, person = out_at_first_table(t)
    tournaments.buy_in(t, person, table.table, RNG)
    with pytest.raises(tournaments.TournamentError):
        tournaments.buy_in(t, person, table.table, RNG)
    assert TournamentBuyIn.objects.count() == 1


def test_buying_in_stops_once_eight_tables_have_formed():
    t = tournament_with(make_club(), 16)
    for table in state(t).heats:
        finish_table(table.game)
    buy_in_everyone_out(t, 12)  # twelve out at four tables: three new tables
    for table in state(t).heats[4:]:
        finish_table(table.game)
    buy_in_everyone_out(t, 4)  # the eighth table
    s = state(t)
    assert len(s.heats) == 8 and not s.buying_in_open and s.may_buy_in() == []
    finish_table(s.heats[7].game)
    late = state(t).heats[7]
    with pytest.raises(tournaments.TournamentError, match="eight tables have formed"):
        tournaments.buy_in(t, late.out()[0], late.table, RNG)


def test_starting_the_semis_refunds_a_queue_that_can_never_fill():
    t = tournament_with(make_club(), 16)
    heats = state(t).heats
    for table in heats:
        finish_table(table.game)
    buy_in_everyone_out(t, 6)  # one table of four and two waiting
    with pytest.raises(tournaments.TournamentError, match="still playing Table 5"):
        tournaments.start_semis(t, RNG)
    finish_table(state(t).heats[4].game)
    tournaments.start_semis(t, RNG)
    s = state(t)
    assert s.waiting == [] and sum(b.refunded for b in s.buy_ins) == 2
    assert s.pot == Decimal(16 * 5 + 4 * 5)
    # Five table winners fit one final table: no semi-finals.
    assert s.semis == [] and sorted(names(s.final)) == sorted(p.name for p in s.heat_winners)


def test_eight_winners_play_two_semis_alternating_by_table_and_the_top_two_go_through():
    t = tournament_with(make_club(), 16)
    for table in state(t).heats:
        finish_table(table.game)
    buy_in_everyone_out(t, 12)
    for table in state(t).heats[4:]:
        finish_table(table.game)
    buy_in_everyone_out(t, 4)
    finish_table(state(t).heats[7].game)
    tournaments.start_semis(t, RNG)
    s = state(t)
    winners = [w.name for w in s.heat_winners]
    assert sorted(names(s.semis[0])) == sorted(winners[0::2])
    assert sorted(names(s.semis[1])) == sorted(winners[1::2])
    with pytest.raises(tournaments.TournamentError, match="both semi-finals must finish"):
        tournaments.start_final(t, RNG)
    finalists = []
    for semi in s.semis:
        first, second, third, fourth = names(semi)
        play_hand(semi.game, first, **{second: 10, third: 120, fourth: 110})  # 3rd, 4th out
        play_hand(semi.game, first, **{second: 120})
        finalists += [first, second]
    tournaments.start_final(t, RNG)
    final = state(t).final
    assert sorted(names(final)) == sorted(finalists)
    assert state(t).tournament.stage == Tournament.FINAL


def test_the_last_two_out_together_rank_by_the_lower_total():
    t = tournament_with(make_club(), 16)
    table = state(t).heats[0]
    a, b, c, d = names(table)
    play_hand(table.game, a, **{b: 30, c: 10, d: 20})
    play_hand(table.game, a, **{b: 80, c: 110, d: 85})  # c 120; b 110 and d 105 go out together
    assert [p.name for p in state(t).heats[0].ranking()] == [a, d, b, c]


def test_the_pot_goes_fifty_thirty_twenty_to_the_final_placings():
    t = tournament_with(make_club(), 17, entry_fee=Decimal("2.50"), buy_in=Decimal(2))
    for table in state(t).heats:
        finish_table(table.game)
    tournaments.start_semis(t, RNG)
    final = state(t).final
    a, b, c, d = names(final)
    play_hand(final.game, a, **{b: 10, c: 120, d: 20})
    play_hand(final.game, a, **{b: 20, d: 120})
    play_hand(final.game, a, **{b: 120})
    s = state(t)
    # Pot 17 x 2.50 = 42.50: 21.25 / 12.75 / 8.50.
    assert [(place, who.name, amount) for place, who, amount in s.prizes()] == [
        (1, a, Decimal("21.25")),
        (2, b, Decimal("12.75")),
        (3, d, Decimal("8.50")),
    ]
    assert s.champion.name == a


def test_odd_minor_units_of_the_pot_go_to_the_winner():
    t = tournament_with(make_club(), 16, entry_fee=Decimal("0.07"), currency="GBP")
    amounts = [amount for _, _, amount in state(t).prizes()]
    # 1.12: 20% is 0.224 -> 0.22, 30% 0.336 -> 0.33; first takes the rest, 0.57.
    assert amounts == [Decimal("0.57"), Decimal("0.33"), Decimal("0.22")]
    assert sum(amounts) == Decimal("1.12")
