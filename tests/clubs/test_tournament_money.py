"""A finished tournament's money in the season table, a person's history and the export."""

import html
import json
import re
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from kalooki_ledger.clubs import stats, tournaments
from kalooki_ledger.clubs.models import Tournament
from kalooki_ledger.games import season
from tests.clubs.factories import (
    club_game,
    finish_table,
    login,
    make_club,
    make_players,
    play_hand,
    play_through,
    tournament_with,
)

pytestmark = pytest.mark.django_db


def played_tournament(club):
    """16 entrants at 5, four buy-ins at 5 (a fifth table), five winners straight to a final."""
    t = tournament_with(club, 16, entry_fee=Decimal(5), buy_in=Decimal(5))
    play_through(t)
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
    rows = season.season_table(played, stats.tournament_lines(club))
    table = {row.person.pk: row for row in rows}
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
    login(client, club)
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


class Unshuffled:
    """A draw that keeps the order given: tables of four in list order, seats as listed."""

    def shuffle(self, items):
        pass


def hand_summed_club():
    """Source 000's game at £1/£2/£5 stakes, and a Blackpool tournament (£5 entry, £5 buy-in)
    whose tables and final are played out hand by hand, so every figure can be summed by hand.

    Heats (no shuffle): John P01 P02 P03 | Andy P04 P05 P06 | Frank P07 P08 P09 | Mark P10 P11
    P12, each won by its first seat. P01, P02, P04 and P05 buy in: table 5, won by P01. Five
    winners go straight to the final: Mark out in hand 1, P01 in 2, Frank in 3, Andy in 4; John
    wins. Pot 16 x 5 + 4 x 5 = £100: John £50, Andy £30, Frank £20."""
    club = make_club(mo="member")
    club.currency = "GBP"
    club.save(update_fields=["currency"])
    stakes = {"currency": "GBP", "call_up": "1", "kalookie": "2", "initial": "5", "buy_in": "5"}
    club_game(club, stakes=stakes)  # Andy -7, Mark -16, John +30, Frank -7 (source 000)
    regulars = {p.name: p for p in club.players.all()}
    others = {p.name: p for p in make_players(club, " ".join(f"P{n:02d}" for n in range(1, 13)))}
    order = [regulars["John"], *(others[f"P{n:02d}"] for n in (1, 2, 3))]
    order += [regulars["Andy"], *(others[f"P{n:02d}"] for n in (4, 5, 6))]
    order += [regulars["Frank"], *(others[f"P{n:02d}"] for n in (7, 8, 9))]
    order += [regulars["Mark"], *(others[f"P{n:02d}"] for n in (10, 11, 12))]
    t = Tournament.objects.create(
        club=club, name="Open", currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5)
    )
    tournaments.draw(t, order, Unshuffled())
    for table in tournaments.load(t).heats:
        finish_table(table.game)
    heats = {table.table.number: table.table for table in tournaments.load(t).heats}
    for name, number in (("P01", 1), ("P02", 1), ("P04", 2), ("P05", 2)):
        tournaments.buy_in(t, others[name], heats[number], Unshuffled())
    fifth = tournaments.load(t).heats[-1]
    assert list(fifth.people) == ["P01", "P02", "P04", "P05"]
    finish_table(fifth.game)
    tournaments.start_semis(t, Unshuffled())
    final = tournaments.load(t).final.game
    assert [s.name for s in final.seats.all()] == ["John", "Andy", "Frank", "Mark", "P01"]
    play_hand(final, "John", Andy=10, Frank=10, Mark=120, P01=10)
    play_hand(final, "John", Andy=10, Frank=10, P01=120)
    play_hand(final, "John", Andy=10, Frank=120)
    play_hand(final, "John", Andy=120)
    assert tournaments.load(t).champion.name == "John"
    return club


# By hand: games (000's, a heat, table 5, the final), wins, kalookies, buy-ins (000's and the
# tournament's), net = 000's net + prize - entry - buy-ins.
HAND_SUMS = {
    "John": (3, 3, 1, 0, "+£75.00"),  # +30 + 50 - 5
    "Andy": (3, 1, 0, 0, "+£18.00"),  # -7 + 30 - 5
    "Frank": (3, 1, 0, 0, "+£8.00"),  # -7 + 20 - 5
    "Mark": (3, 1, 0, 1, "-£21.00"),  # -16 - 5
    "P01": (3, 1, 0, 1, "-£10.00"),  # table 1, table 5 (won), the final; -5 - 5
    "P02": (2, 0, 0, 1, "-£10.00"),
    "P03": (1, 0, 0, 0, "-£5.00"),
    "P12": (1, 0, 0, 0, "-£5.00"),
}


def test_the_season_table_person_pages_and_export_agree_with_hand_sums(client):
    club = hand_summed_club()
    login(client, club)
    page = html.unescape(client.get("/clubs/friday/").content.decode())
    for name, (games, wins, kalookies, buy_ins, net) in HAND_SUMS.items():
        row = page[page.index(f">{name}</a>") :].split("</tr>")[0]
        cells = [c.split("</td>")[0].split(">")[-1] for c in row.split("<td")[1:]]
        assert [cells[i] for i in (0, 1, 2, 3, 5)] == [
            str(games),
            str(wins),
            str(kalookies),
            str(buy_ins),
            net,
        ], name
    people = {p.name: p for p in club.players.all()}
    for name, (games, wins, _k, buy_ins, net) in HAND_SUMS.items():
        person = html.unescape(
            client.get(f"/clubs/friday/people/{people[name].pk}/").content.decode()
        )
        figures = dict(re.findall(r"<dt>([^<]+)</dt><dd[^>]*>([^<]+)</dd>", person))
        assert figures["Games"] == str(games) and figures["Wins"] == str(wins), name
        assert figures["Buy-ins"] == str(buy_ins) and figures["Net"] == net, name
    john = html.unescape(client.get(f"/clubs/friday/people/{people['John'].pk}/").content.decode())
    assert "Net includes +£45.00 from tournaments" in john and "Won the tournament" in john
    out = StringIO()
    call_command("export_club", "friday", stdout=out)
    exported = json.loads(out.getvalue())["players"]
    for name, (games, wins, kalookies, buy_ins, net) in HAND_SUMS.items():
        assert exported[name] == {
            "games": games,
            "wins": wins,
            "kalookies": kalookies,
            "buy_ins": buy_ins,
            "net": net.replace("£", "").lstrip("+"),
        }, name
    assert sum(Decimal(p["net"]) for p in exported.values()) == 0  # every pound goes round
