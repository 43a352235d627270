"""A backup holds groups, nights and payments and restores them identical (run on SQLite and
PostgreSQL: scripts/with-postgres)."""

from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import CarryOver, RecordPayment
from kalooki_ledger.nights.models import Group, Night, NightChange, NightPayment
from kalooki_ledger.nights.record import group_json, night_json
from tests.games.test_site_backup import backup, every_row, restore, wipe

from .factories import finished, group, night, sent, stopped

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.db_specific]


def two_groups():
    first = group("Friday friends")
    n = night(first, finished(), stopped("split"))
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", Decimal(16), ticked=False))
    commands.apply(n, sent(n.version), CarryOver())
    second = group("Sunday lunch", regulars=["Ann", "Bob", "Cy", "Di"])
    night(second, finished(["Ann", "Bob", "Cy", "Di"]))
    return [first, second]


def test_a_backup_holding_two_groups_restores_identical(tmp_path):
    groups = two_groups()
    before = every_row()
    pages = {
        g.pk: (group_json(g), [night_json(n) for n in g.nights.order_by("number")]) for g in groups
    }
    first = backup()
    assert '"model": "nights.nightpayment"' in first
    path = tmp_path / "site.json"
    path.write_text(first)

    wipe()
    restore(path)

    assert every_row() == before
    assert backup() == first
    assert Group.objects.count() == 2 and Night.objects.count() == 3
    assert NightPayment.objects.count() == 1 and NightChange.objects.exists()
    for g in Group.objects.all():
        assert (group_json(g), [night_json(n) for n in g.nights.order_by("number")]) == pages[g.pk]
