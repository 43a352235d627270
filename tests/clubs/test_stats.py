"""Season statistics against figures worked out by hand from source 000's score sheet."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kalooki_ledger.clubs import stats
from kalooki_ledger.games import season
from kalooki_ledger.games.models import Game
from tests.clubs.factories import club_game, make_club, short_game
from tests.helpers import record

pytestmark = pytest.mark.django_db


def by_name(table):
    return {row.person.name: row for row in table}


def test_the_worked_example_gives_source_000s_figures():
    club = make_club()
    club_game(club)
    table = by_name(season.season_table(stats.club_games(club)))
    assert {n: r.net for n, r in table.items()} == {
        "Andy": Decimal(-7),
        "Mark": Decimal(-16),
        "John": Decimal(30),
        "Frank": Decimal(-7),
    }
    assert {n: r.wins for n, r in table.items()} == {"Andy": 0, "Mark": 0, "John": 1, "Frank": 0}
    assert table["John"].kalookies == 1 and table["Andy"].kalookies == 0
    assert table["Mark"].buy_ins == 1 and table["Andy"].buy_ins == 0


def test_average_penalty_per_hand_counts_points_scored_not_the_buy_in_reset():
    # Scored per hand (000): Andy 85 0 38 4 29 = 156; Mark 42 50 53 30 71 = 246;
    # John 0 45 0 53 0 = 98; Frank 30 30 40 0 60 = 160; five hands each.
    club = make_club()
    club_game(club)
    table = by_name(season.season_table(stats.club_games(club)))
    assert {n: r.average_penalty for n, r in table.items()} == {
        "Andy": Decimal("31.2"),
        "Mark": Decimal("49.2"),
        "John": Decimal("19.6"),
        "Frank": Decimal("32.0"),
    }


def test_the_table_ranks_by_wins_then_net():
    club = make_club()
    club_game(club)
    club_game(club, short_game(["Andy", "Mark", "John", "Frank"], "Andy"))
    table = season.season_table(stats.club_games(club))
    # Andy and John have a win each; John's net 30 - 6 = 24 beats Andy's -7 + 18 = 11.
    assert [r.person.name for r in table] == ["John", "Andy", "Frank", "Mark"]
    assert [r.net for r in table] == [Decimal(24), Decimal(11), Decimal(-13), Decimal(-22)]
    assert table[0].games == 2 and table[0].hands == 6 and table[0].points == 98 + 148


def test_a_game_still_being_played_is_not_counted():
    club = make_club()
    club_game(club)
    club_game(club, record(["Andy", "Mark"], [{"winner": "Andy", "penalties": {"Mark": 20}}]))
    table = by_name(season.season_table(stats.club_games(club)))
    assert table["Andy"].games == 1 and table["Mark"].net == Decimal(-16)


def test_games_before_the_season_start_are_left_out():
    club = make_club()
    club_game(club, played_on="2026-01-10")
    club_game(club, short_game(["Andy", "Mark"], "Mark", played_on="2026-09-01"))
    played = stats.club_games(club, since=datetime.date(2026, 8, 1))
    table = by_name(season.season_table(played))
    assert set(table) == {"Andy", "Mark"} and table["Mark"].wins == 1 and table["Mark"].games == 1


def test_a_persons_history_runs_their_net_game_by_game():
    club = make_club()
    club_game(club, played_on="2026-01-10")
    club_game(club, short_game(["Andy", "Mark", "John", "Frank"], "Andy", played_on="2026-01-17"))
    andy = club.players.get(name="Andy")
    lines = season.history(andy, stats.club_games(club))
    assert [total for _, total in season.running_net(lines)] == [Decimal(-7), Decimal(11)]
    assert [line.won for line in lines] == [False, True]


def test_games_started_in_the_same_instant_keep_the_order_they_were_started_in():
    club = make_club()
    games = [club_game(club, played_on="2026-01-10") for _ in range(4)]
    Game.objects.filter(pk__in=[g.pk for g in games]).update(created=games[0].created)
    assert [p.game.pk for p in stats.club_games(club)] == [g.pk for g in games]
    assert list(Game.objects.filter(pk__in=[g.pk for g in games])) == games[::-1]


def test_loading_a_clubs_games_takes_the_same_queries_however_many_hands():
    club = make_club()
    club_game(club)
    with CaptureQueriesContext(connection) as few:
        season.season_table(stats.club_games(club))
    for _ in range(3):
        club_game(club)
    with CaptureQueriesContext(connection) as many:
        season.season_table(stats.club_games(club))
    assert len(many) == len(few)
