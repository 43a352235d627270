"""A club of 8 to 15 runs a Blackpool tournament: tables of four and three, straight from the
heats to a final (the top two of each table when there are only two), played at the desk to a
winner with every pound of the pot accounted for. docs/clubs.md, "Smaller draws"."""

import html
import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from kalooki_ledger.clubs import stats, tournaments
from kalooki_ledger.clubs.models import Tournament
from tests.clubs.factories import in_pounds, login, make_players, play_hand

pytestmark = pytest.mark.django_db


def load(t: Tournament) -> tournaments.State:
    return tournaments.load(Tournament.objects.get(pk=t.pk))  # its stage as it is now


def names(table: tournaments.TableState) -> list[str]:
    return [s.name for s in table.game.seats.all()]


def finish(table: tournaments.TableState) -> list[str]:
    """The first seat wins; the second outlasts the rest by a hand: the table's ranking."""
    first, second, *rest = names(table)
    play_hand(table.game, first, **{second: 20, **{n: 120 for n in rest}})
    play_hand(table.game, first, **{second: 120})
    return [first, second, *rest]


def draw(client, club, count: int) -> Tournament:
    """The organiser's draw form: Open, £5 to enter and £5 to buy in, `count` regulars."""
    people = make_players(club, " ".join(f"P{n:02d}" for n in range(1, count + 1)))
    login(client, club, "organiser")
    form = {"name": "Open", "entry_fee": "5", "buy_in": "5", "players": [p.pk for p in people]}
    response = client.post("/clubs/friday/tournaments/new/", form)
    assert response.status_code == 302, response.content.decode()
    return Tournament.objects.get()


def act(client, t: Tournament, **fields: object) -> str:
    """A step at the desk by the club's scorer; the page it lands on, unescaped."""
    login(client, t.club, "scorer")
    response = client.post(f"{t.get_absolute_url()}act/", fields, follow=True)
    return html.unescape(response.content.decode())


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [4, 3, 3, 3]),
        (15, [4, 4, 4, 3]),
        (16, [4, 4, 4, 4]),  # the source's draw from here
    ],
)
def test_a_small_draw_seats_tables_of_four_and_three(count, sizes):
    assert tournaments.table_sizes(count) == sizes
    assert sum(sizes) == count


def test_a_draw_of_seven_is_refused_with_what_is_allowed(client, friday):
    people = make_players(friday, " ".join(f"Q{n}" for n in range(7)))
    login(client, friday, "organiser")
    form = {"name": "Open", "entry_fee": "5", "buy_in": "5", "players": [p.pk for p in people]}
    page = client.post("/clubs/friday/tournaments/new/", form).content.decode()
    assert "takes 8 to 24 players; you ticked 7." in page
    assert not Tournament.objects.exists()


def test_eight_players_two_tables_the_top_two_of_each_play_the_final_and_the_pot_balances(
    client, friday
):
    in_pounds(friday)
    t = draw(client, friday, 8)
    state = load(t)
    assert [len(names(table)) for table in state.heats] == [4, 4]
    page = html.unescape(client.get(t.get_absolute_url()).content.decode())
    assert "Tick 8 to 24 entrants" not in page and "Pot <strong>£40.00</strong>" in page

    rankings = [finish(table) for table in state.heats]
    # One player out buys in; nobody else does, so their table can never fill: refunded.
    lone = load(t).heats[0].people[rankings[0][3]]
    said = act(client, t, action="buy-in", person=lone.pk, table=state.heats[0].table.pk)
    assert "bought in and waits for a new table" in said
    said = act(client, t, action="start-semis")
    assert "the next round is seated" in said
    state = load(t)
    assert state.semis == [] and state.tournament.stage == Tournament.FINAL
    top_two = [*rankings[0][:2], *rankings[1][:2]]
    assert sorted(names(state.final)) == sorted(top_two)
    assert [b.refunded for b in state.buy_ins] == [True] and state.pot == Decimal(40)

    placed = finish(state.final)
    state = load(t)
    assert state.champion.name == placed[0]
    assert [(who.name, amount) for _p, who, amount in state.prizes()] == [
        (placed[0], Decimal(20)),
        (placed[1], Decimal(12)),
        (placed[2], Decimal(8)),
    ]
    assert_money_balances(client, t, state)


def test_twelve_players_three_tables_and_a_buy_in_table_play_a_final_of_four(client, friday):
    in_pounds(friday)
    t = draw(client, friday, 12)
    state = load(t)
    assert [len(names(table)) for table in state.heats] == [4, 4, 4]
    for table in state.heats:
        finish(table)
    offers = load(t).may_buy_in()
    for person, table in offers[:5]:  # four make Table 4; the fifth waits and is refunded
        act(client, t, action="buy-in", person=person.pk, table=table.table.pk)
    state = load(t)
    assert len(state.heats) == 4 and len(state.waiting) == 1
    fourth = finish(state.heats[3])
    page = act(client, t, action="start-semis")
    assert "Nothing changed" not in page
    state = load(t)
    winners = [table.winner.name for table in state.heats]
    assert fourth[0] in winners and sorted(names(state.final)) == sorted(winners)
    assert state.pot == Decimal(12 * 5 + 4 * 5)

    placed = finish(state.final)
    state = load(t)
    assert state.champion.name == placed[0]
    assert [amount for *_rest, amount in state.prizes()] == [Decimal(40), Decimal(24), Decimal(16)]
    assert_money_balances(client, t, state)


def assert_money_balances(client, t: Tournament, state: tournaments.State) -> None:
    """The pot goes round: the prizes are the pot, the desk's cash list ends at zero with every
    entrant settled, and across the season (and its export) the entrants' money sums to zero."""
    assert sum(amount for *_rest, amount in state.prizes()) == state.pot
    assert sum(row.balance for row in state.cash_list) == 0
    for row in state.cash_list:
        act(client, t, action="settled", person=row.person.pk, settled="yes")
    assert all(row.settled for row in load(t).cash_list)
    lines = [line for ls in stats.tournament_lines(t.club).values() for line in ls]
    assert len(lines) == len(state.entrants)
    assert sum(line.net for line in lines) == 0
    champion = next(line for line in lines if line.place == 1)
    assert champion.prize == state.prizes()[0][2]
    out = StringIO()
    call_command("export_club", "friday", stdout=out)
    players = json.loads(out.getvalue())["players"]
    assert sum(Decimal(p["net"]) for p in players.values()) == 0
    page = html.unescape(client.get(t.get_absolute_url()).content.decode())
    assert f"{state.champion.name}" in page and "Left after prizes" in page
