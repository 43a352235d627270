"""A finished tournament's money in the season table, a person's history and the export."""

import json
import random
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from kalooki_ledger.clubs import stats, tournaments
from tests.clubs.factories import finish_table, make_club, tournament_with

pytestmark = pytest.mark.django_db


def played_tournament(club):
    """16 entrants at 5, four buy-ins at 5 (a fifth table), five winners straight to a final."""
    t = tournament_with(club, 16, entry_fee=Decimal(5), buy_in=Decimal(5))
    for table in tournaments.load(t).heats:
        finish_table(table.game)
    for person, state in tournaments.load(t).may_buy_in()[:4]:
        tournaments.buy_in(t, person, state.table, random.Random(1))
    finish_table(tournaments.load(t).heats[-1].game)
    tournaments.start_semis(t, random.Random(1))
    finish_table(tournaments.load(t).final.game)
    return t, tournaments.load(t)


def test_each_entrant_pays_the_fee_and_buy_ins_and_the_placed_take_the_prizes():
    club = make_club()
    _t, state = played_tournament(club)
    lines = {pk: ls[0] for pk, ls in stats.tournament_lines(club).items()}
    assert len(lines) == 16
    assert sum(line.paid for line in lines.values()) == state.pot == Decimal(100)
    assert sum(line.prize for line in lines.values()) == Decimal(100)
    assert sum(line.net for line in lines.values()) == 0  # the pot goes round, nothing lost
    champion = lines[state.champion.pk]
    assert champion.place == 1 and champion.prize == Decimal(50)
    bought = [line for line in lines.values() if line.buy_ins]
    assert len(bought) == 4 and all(line.paid == Decimal(10) for line in bought)


def test_the_season_table_counts_tournament_buy_ins_and_money():
    club = make_club()
    _t, state = played_tournament(club)
    played = stats.club_games(club)
    table = {row.person.pk: row for row in stats.season_table(played, stats.tournament_lines(club))}
    champion = table[state.champion.pk]
    assert champion.tournament_net == Decimal(50) - champion_paid(state)
    assert champion.net == champion.tournament_net  # the tables have no stakes
    assert sum(row.buy_ins for row in table.values()) == 4
    assert sum(row.net for row in table.values()) == 0


def champion_paid(state) -> Decimal:
    t = state.tournament
    bought = sum(1 for b in state.buy_ins if b.person_id == state.champion.pk)
    return t.entry_fee + t.buy_in * bought


def test_an_unfinished_tournament_adds_no_money_yet():
    club = make_club()
    tournament_with(club, 16)
    assert stats.tournament_lines(club) == {}


def test_a_tournament_before_the_season_start_is_left_out():
    club = make_club()
    t, _ = played_tournament(club)
    later = t.created.date().replace(year=t.created.year + 1)
    assert stats.tournament_lines(club, since=later) == {}


def test_the_persons_page_lists_the_tournament_with_its_money(client):
    club = make_club(neil="member")
    club.currency = "GBP"
    club.save(update_fields=["currency"])
    t, state = played_tournament(club)
    client.force_login(club.memberships.get().user)
    page = client.get(f"/clubs/friday/people/{state.champion.pk}/").content.decode()
    assert "Won the tournament" in page and t.name in page
    net = Decimal(50) - champion_paid(state)
    assert f"+£{net:.2f}" in page


def test_the_export_agrees_with_the_season_table():
    club = make_club()
    _t, state = played_tournament(club)
    out = StringIO()
    call_command("export_club", "friday", stdout=out)
    players = json.loads(out.getvalue())["players"]
    assert sum(p["buy_ins"] for p in players.values()) == 4
    assert Decimal(players[state.champion.name]["net"]) == Decimal(50) - champion_paid(state)
