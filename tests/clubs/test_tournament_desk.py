"""The organiser's tournament desk: live tables first, a bar with the pot, the queue and the next
round, a plain word when buying in has closed, the tin's cash list, and a warning for a player
still seated elsewhere."""

import html
import random
import re
from decimal import Decimal

import pytest

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.filing import start_game
from tests.clubs.factories import (
    finish_table,
    in_pounds,
    login,
    play_hand,
    play_through,
    tournament_with,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def friday(friday):
    """Friday Club, its tournaments in pounds."""
    return in_pounds(friday)


def desk(client, club, t) -> str:
    login(client, club, "organiser")
    return html.unescape(client.get(t.get_absolute_url()).content.decode())


def bar(page: str) -> str:
    return page[page.index('class="desk-bar"') : page.index("</section>")]


def test_the_tables_are_listed_in_order_finished_or_not(client, friday):
    t = tournament_with(friday, 16, currency="GBP")
    heats = tournaments.load(t).heats
    finish_table(heats[0].game)
    finish_table(heats[2].game)
    page = desk(client, friday, t)
    order = re.findall(r'<h3 id="table-\d+">(Table \d)', page)
    assert order == ["Table 1", "Table 2", "Table 3", "Table 4"]


def test_the_bar_holds_the_pot_the_queue_and_the_next_round(client, friday):
    t = tournament_with(friday, 16, currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5))
    for table in tournaments.load(t).heats:
        finish_table(table.game)
    for person, state in tournaments.load(t).may_buy_in()[:3]:
        tournaments.buy_in(t, person, state.table, random.Random(1))
    top = bar(desk(client, friday, t))
    assert "Pot <strong>£95.00</strong>" in top
    assert "Waiting 3 of 4" in top
    assert "Close buying in and seat the final" in top
    assert "3 players waiting get their buy-ins back." in top


def test_the_bar_says_what_the_next_round_waits_for(client, friday):
    t = tournament_with(friday, 16, currency="GBP")
    finish_table(tournaments.load(t).heats[0].game)
    top = bar(desk(client, friday, t))
    assert "The next round is seated once Table 2, Table 3, Table 4 finish." in top


def test_buying_in_is_closed_in_plain_words_once_eight_tables_formed(client, friday):
    t = tournament_with(friday, 16, currency="GBP")
    for _ in range(4):  # each round of buy-ins forms new tables until there are eight
        state = tournaments.load(t)
        for table in state.heats:
            if not table.finished:
                finish_table(table.game)
        for person, table in tournaments.load(t).may_buy_in():
            if tournaments.load(t).buying_in_open:
                tournaments.buy_in(t, person, table.table, random.Random(1))
    state = tournaments.load(t)
    assert len(state.heats) == 8
    for table in state.heats:
        if not table.finished:
            finish_table(table.game)
    page = desk(client, friday, t)
    assert "Buying in is closed: eight tables have formed. A player out is out." in page
    assert "buys in</button>" not in page
    assert "Seat the semi-finals" in bar(page) and "Close buying in" not in bar(page)


def test_the_cash_list_reconciles_with_the_tin(client, friday):
    t = tournament_with(friday, 16, currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5))
    play_through(t, buy_ins=6)  # the two still waiting are refunded
    state = tournaments.load(t)
    cash = {what: amount for what, _, amount in state.cash}
    assert cash["Entries"] == "£80.00" and cash["Buy-ins"] == "£30.00"
    assert cash["Refunds"] == "-£10.00" and cash["In the tin"] == "£100.00"
    assert [cash[f"Prize {n}"] for n in (1, 2, 3)] == ["-£50.00", "-£30.00", "-£20.00"]
    assert cash["Left after prizes"] == "£0.00"
    assert state.pot == Decimal(100)
    page = desk(client, friday, t)
    assert "<h2>Cash</h2>" in page and "Left after prizes" in page


def test_a_player_drawn_while_still_seated_elsewhere_is_warned_about(client, friday):
    t = tournament_with(friday, 16, currency="GBP")
    drawn = next(iter(tournaments.load(t).heats[0].people))
    side = start_game(friday, [drawn, "Stranger"], preset="blackpool", title="Side table")
    page = desk(client, friday, t)
    assert f"{drawn} (drawn to Table 1) is still playing the club game" in page
    assert f'href="/clubs/friday/games/{side.pk}/">Side table</a>' in page
    play_hand(side, drawn, Stranger=120)
    assert "Still playing a club game outside this tournament" not in desk(client, friday, t)


def refunded_tournament(club):
    """16 entrants at 5; four buy in (a fifth table), one more waits and is refunded when the
    semi-finals are seated; then the final."""
    t = tournament_with(club, 16, currency="GBP", entry_fee=Decimal(5), buy_in=Decimal(5))
    for table in tournaments.load(t).heats:
        finish_table(table.game)
    for person, state in tournaments.load(t).may_buy_in()[:4]:
        tournaments.buy_in(t, person, state.table, random.Random(1))
    finish_table(tournaments.load(t).heats[-1].game)
    person, state = tournaments.load(t).may_buy_in()[0]
    tournaments.buy_in(t, person, state.table, random.Random(1))
    tournaments.start_semis(t, random.Random(1))
    for semi in tournaments.load(t).semis:
        finish_table(semi.game)
    if tournaments.load(t).final is None:
        tournaments.start_final(t, random.Random(1))
    finish_table(tournaments.load(t).final.game)
    return t, person


def test_the_cash_list_balances_to_nothing_with_a_line_per_entrant(client, friday):
    t, refunded = refunded_tournament(friday)
    state = tournaments.load(t)
    rows = state.cash_list
    assert len(rows) == 16
    assert sum(r.balance for r in rows) == 0 and state.cash_list_total == "£0.00"
    theirs = next(r for r in rows if r.person == refunded)
    whats = [what for what, _amount in theirs.lines]
    assert "Refund of that buy-in" in whats and whats[0] == "Entry fee"
    champion = next(r for r in rows if r.person == state.champion)
    assert champion.lines[-1][0] == "Prize 1" and champion.balance < 0
    page = desk(client, friday, t)
    assert f"Refunds</th><td>1 \N{MULTIPLICATION SIGN} £5.00 ({refunded.name})" in page
    assert page.count('name="action" value="settled"') == 16


def test_an_entrant_is_ticked_settled_and_the_tick_can_be_taken_back(client, friday):
    t, _refunded = refunded_tournament(friday)
    person = tournaments.load(t).entrants[0]
    desk(client, friday, t)
    url = f"/clubs/friday/tournaments/{t.pk}/act/"
    for _twice in range(2):
        client.post(url, {"action": "settled", "person": person.pk, "settled": "yes"})
    assert tournaments.load(t).settled == {person.pk}
    client.post(url, {"action": "settled", "person": person.pk, "settled": "no"})
    assert tournaments.load(t).settled == frozenset()
    told = desk(client, friday, t)
    assert "Nothing changed" not in told
    client.post(url, {"action": "settled", "person": 999999, "settled": "yes"})
    assert "Nothing changed: choose an entrant of this tournament." in desk(client, friday, t)
