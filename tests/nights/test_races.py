"""Phones racing on one night, in real threads each with its own connection: two phones ticking
the same transfer at once store one payment; a payment racing a hand's correction is applied
with the totals it was checked against or refused with 409, and never lost half-way."""

import threading
from decimal import Decimal

import pytest
from django.db import connection

from kalooki_ledger.games import commands
from kalooki_ledger.games.answers import status
from kalooki_ledger.games.commands import Verdict
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import transfer_key
from kalooki_ledger.nights.commands import AddGame, CarryOver, RecordPayment, StartNight, WriteOff
from kalooki_ledger.nights.models import Group, Night, NightGameLink
from kalooki_ledger.rules import Hand

from .factories import finished, night, sent

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.db_specific,
    pytest.mark.threads,
]


def at_once(*jobs):
    """Runs each job in a thread of its own, released together; their answers in order."""
    start = threading.Barrier(len(jobs))
    answers: list = [None] * len(jobs)

    def run(i, job):
        try:
            start.wait()
            answers[i] = job()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answers


def test_two_phones_ticking_the_same_payment_at_once_store_it_once():
    for _ in range(3):
        n = night(None, finished())
        version = n.version

        def tick(who, n=n, version=version):
            return lambda: commands.apply(
                Night.objects.get(pk=n.pk),
                sent(version, who=who),
                RecordPayment("Mark", "John", Decimal(16)),
            )

        answers = at_once(tick("iPhone 1a"), tick("Android 2b"))
        assert sorted(a.verdict.value for a in answers) == ["applied", "unchanged"]
        assert n.night_payments.count() == 1


def test_a_payment_racing_a_hands_correction_is_applied_with_new_totals_or_refused():
    seen = set()
    for _ in range(4):
        game = finished()
        n = night(None, game)
        version = n.version
        # Hand 5 corrected: John went out with a kalookie, so the night's transfers change.
        corrected = Hand(
            winner="John", kalookie=True, penalties={"Andy": 29, "Mark": 71, "Frank": 60}
        )

        def correct(game=game, corrected=corrected):
            row = Game.objects.get(pk=game.pk)
            return commands.apply(row, sent(row.version), commands.EditHand(5, corrected))

        def pay(n=n, version=version):
            return commands.apply(
                Night.objects.get(pk=n.pk),
                sent(version),
                RecordPayment("Mark", "John", Decimal(16)),
            )

        fixed, paid = at_once(correct, pay)
        assert fixed.applied
        assert paid.verdict in (Verdict.APPLIED, Verdict.STALE)
        seen.add(paid.verdict)
        settled = Night.objects.get(pk=n.pk).settle()
        kept = n.night_payments.count()
        assert kept == (1 if paid.applied else 0)
        nets = {s.name: s.net for s in Game.objects.get(pk=game.pk).ledger().standings}
        assert nets["Mark"] != -16  # the correction changed what Mark owes
        assert dict(settled.totals) == nets  # the new totals, whatever won the race
        assert settled.owed["Mark"] == nets["Mark"] + (16 if paid.applied else 0)
    assert seen  # each round ended one of the two ways


def test_two_nights_adding_one_game_at_the_same_instant_store_it_once_and_refuse_the_other():
    for _ in range(4):
        game = finished()
        nights = [night(None), night(None)]

        def add(n, game=game):
            return lambda: commands.apply(
                Night.objects.get(pk=n.pk), sent(n.version), AddGame(game.pk)
            )

        answers = at_once(add(nights[0]), add(nights[1]))
        assert sorted(a.verdict.value for a in answers) == ["applied", "refused"]
        refused = next(a for a in answers if not a.applied)
        assert status(refused) == 422
        assert "already in another night" in refused.notice
        assert NightGameLink.objects.filter(game=game).count() == 1


def test_a_carry_racing_a_write_off_of_the_night_it_goes_to_never_lands_in_a_closed_night():
    for _ in range(4):
        first = night(None, finished())
        second = commands.apply(None, sent(), StartNight(first.group_id)).made

        def carry(n=first):
            return commands.apply(Night.objects.get(pk=n.pk), sent(n.version), CarryOver())

        def write_off(n=second):
            return commands.apply(Night.objects.get(pk=n.pk), sent(n.version), WriteOff())

        carried, written = at_once(carry, write_off)
        assert carried.applied
        # Written off first, or refused as stale: the carry into it moved its version.
        assert written.verdict in (Verdict.APPLIED, Verdict.STALE)
        landed = Night.objects.get(pk=first.pk).carried_to
        assert landed.closed == "" and landed.opening
        assert not Night.objects.get(pk=second.pk).opening or landed == second
        money = Group.objects.get(pk=first.group_id).money()
        assert money.conserved, money.problems
        assert dict(money.balances) == {"Andy": -7, "Mark": -16, "John": 30, "Frank": -7}


def test_a_tick_on_a_games_page_racing_a_night_adding_the_game_settles_it_in_one_place():
    for _ in range(4):
        game = finished()
        ledger = game.ledger()
        keys = {transfer_key(t, ledger.money_digits) for t in ledger.transfers}
        n = night(None)
        version = n.version

        def tick(game=game, keys=keys):
            row = Game.objects.get(pk=game.pk)
            return commands.apply(row, sent(row.version), commands.MarkPaid(row, keys, set()))

        def add(n=n, version=version, game=game):
            return commands.apply(Night.objects.get(pk=n.pk), sent(version), AddGame(game.pk))

        ticked, added = at_once(tick, add)
        assert [ticked.applied, added.applied].count(True) == 1, (ticked.notice, added.notice)
        in_a_night = NightGameLink.objects.filter(game=game).exists()
        assert in_a_night != game.paid_transfers.exists()
