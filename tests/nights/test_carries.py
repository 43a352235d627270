"""The group's money is conserved (rules.night.group_money): a carry goes only into an open
night, a hand corrected after a night was closed leaves a difference that the group's balances
show and that is carried on or written off like the rest, a game settled on its own page can't
be paid again in a night, and the PDF and CSV of a carried night say what was carried. On
SQLite and PostgreSQL."""

from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.commands import Verdict
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import transfer_key
from kalooki_ledger.nights.commands import (
    AddGame,
    CarryOver,
    RecordPayment,
    StartNight,
    WriteOff,
)
from kalooki_ledger.nights.models import Group
from kalooki_ledger.rules import Hand
from tests.helpers import pdf_text

from .factories import finished, group, night, sent

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]
D = Decimal
WORKED = {"Andy": D(-7), "Mark": D(-16), "John": D(30), "Frank": D(-7)}


def apply(row, command):
    row = type(row).objects.get(pk=row.pk)
    return commands.apply(row, sent(row.version), command)


def fresh(row):
    return type(row).objects.get(pk=row.pk)


def correct_hand_five(game):
    """Hand 5 corrected: John went out with a kalookie, so everyone's net changes."""
    row = Game.objects.get(pk=game.pk)
    corrected = Hand(winner="John", kalookie=True, penalties={"Andy": 29, "Mark": 71, "Frank": 60})
    assert commands.apply(row, sent(row.version), commands.EditHand(5, corrected)).applied
    return {s.name: s.net for s in Game.objects.get(pk=game.pk).ledger().standings}


def conserved(g: Group):
    money = fresh(g).money()
    assert money.conserved, money.problems
    return dict(money.balances)


def test_a_carry_never_lands_in_a_night_written_off_but_in_a_new_open_one():
    g = group()
    first = night(g, finished())
    second = commands.apply(None, sent(), StartNight(g.pk)).made
    assert apply(second, WriteOff()).applied
    outcome = apply(first, CarryOver())
    assert outcome.applied
    first = fresh(first)
    assert first.carried_to.number == 3 and first.carried_to.closed == ""
    assert fresh(second).opening == {}
    assert conserved(g) == WORKED
    assert fresh(g).balances() == WORKED


def test_a_carry_lands_in_the_first_open_night_after_it():
    g = group()
    first = night(g, finished())
    second = commands.apply(None, sent(), StartNight(g.pk)).made
    assert apply(first, CarryOver()).applied
    assert fresh(first).carried_to == second
    assert fresh(second).opening == {p: str(v) for p, v in WORKED.items()}
    assert conserved(g) == WORKED


def test_a_hand_corrected_after_a_carry_is_owed_in_the_balances_and_carried_on():
    g = group()
    game = finished()
    first = night(g, game)
    assert apply(first, RecordPayment("Mark", "John", D(16))).applied
    assert apply(first, CarryOver()).applied
    nets = correct_hand_five(game)

    difference = fresh(first).settle().owed
    assert any(difference.values())  # the closed night shows the difference
    assert conserved(g) == {p: v + {"Mark": 16, "John": -16}.get(p, 0) for p, v in nets.items()}
    assert apply(first, RecordPayment("Mark", "John", D(1), ticked=False)).verdict is (
        Verdict.REFUSED
    )
    assert apply(first, WriteOff()).verdict is Verdict.REFUSED  # carried: carried on again

    again = apply(first, CarryOver())
    assert again.applied, again.notice
    assert fresh(first).settle().settled
    following = fresh(first).carried_to
    assert following.number == 2
    owed = dict(following.settle().owed)
    assert owed == {p: v + {"Mark": 16, "John": -16}.get(p, 0) for p, v in nets.items()}
    assert conserved(g) == {p: v for p, v in owed.items() if v}
    assert apply(first, CarryOver()).verdict is Verdict.UNCHANGED


def test_a_hand_corrected_after_a_write_off_is_owed_until_written_off_too():
    g = group()
    game = finished()
    first = night(g, game)
    assert apply(first, WriteOff()).applied
    nets = correct_hand_five(game)
    difference = {p: v - WORKED[p] for p, v in nets.items()}
    assert conserved(g) == {p: v for p, v in difference.items() if v}
    assert apply(first, CarryOver()).verdict is Verdict.REFUSED
    assert apply(first, WriteOff()).applied
    assert conserved(g) == {}
    assert fresh(g).money().written_off == nets


def test_a_game_settled_on_its_own_page_is_refused_by_a_night_with_why():
    game = finished()
    ledger = game.ledger()
    keys = {transfer_key(t, ledger.money_digits) for t in ledger.transfers}
    ticked = commands.apply(game, sent(game.version), commands.MarkPaid(game, keys, set()))
    assert ticked.applied, ticked.notice
    n = night(group())
    outcome = apply(n, AddGame(game.pk))
    assert outcome.verdict is Verdict.REFUSED
    assert "already ticked as paid" in outcome.notice
    assert not fresh(n).night_games.exists()


def test_the_pdf_and_csv_of_a_carried_night_list_what_was_carried(client):
    g = group()
    first = night(g, finished())
    assert apply(first, RecordPayment("Mark", "John", D(16))).applied
    assert apply(first, CarryOver()).applied
    csv = client.get(f"/nights/file/{first.share_token}/night.csv").content.decode()
    assert "Carried into night 2,-7,0,14,-7,units" in csv
    assert "Still owed,0,0,0,0,units" in csv
    pdf = pdf_text(client.get(f"/nights/file/{first.share_token}/night.pdf").content)
    assert "Carried into night 2" in pdf and "+14" in pdf


def test_the_closed_nights_page_offers_to_carry_the_difference_and_does(client):
    g = group()
    game = finished()
    first = night(g, game)
    assert apply(first, CarryOver()).applied
    correct_hand_five(game)
    page = client.get(fresh(first).get_absolute_url())
    html = page.content.decode()
    assert "A hand was corrected after this night" in html
    assert "Carry the difference into the group" in html and "Tick as paid" not in html
    first = fresh(first)
    data = {"version": str(first.version), "key": "carry-the-difference", "action": "carry"}
    assert client.post(f"/nights/n/{first.edit_token}/close/", data).status_code == 302
    assert fresh(first).settle().settled
    conserved(g)
