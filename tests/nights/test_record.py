"""A night's JSON record (its games' own records inside) imports back as the same night."""

from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import ImportNight, RecordPayment
from kalooki_ledger.nights.models import Night
from kalooki_ledger.nights.record import group_json, night_json
from kalooki_ledger.rules import RecordError

from .factories import finished, group, night, sent, stopped

pytestmark = pytest.mark.django_db


def test_a_night_record_imports_back_as_the_same_night():
    n = night(None, finished(), stopped("split"), finished(["Andy", "Mark", "Sue", "Frank"]))
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", Decimal(32)))
    data = night_json(n)
    outcome = commands.apply(None, sent(key="import-night-1"), ImportNight(data))
    assert outcome.applied
    imported = outcome.made
    assert imported.pk != n.pk
    again = night_json(imported)
    assert {**again, "version": 0} == {**data, "version": 0}
    replay = commands.apply(None, sent(key="import-night-1"), ImportNight(data))
    assert replay.replayed and Night.objects.count() == 2


def test_a_record_whose_game_is_damaged_imports_nothing():
    n = night(None, finished())
    data = night_json(n)
    data["games"][0]["hands"][0]["winner"] = "Nobody"
    with pytest.raises(RecordError):  # the engine's first problem refuses the whole night
        commands.apply(None, sent(), ImportNight(data))
    assert Night.objects.count() == 1


def test_the_groups_json_writes_every_balance_with_the_currencys_places():
    g = group(currency="SEK")
    night(g, finished(currency="SEK"))
    balances = group_json(g)["balances"]
    assert balances == {"Andy": "-7.00", "Mark": "-16.00", "John": "30.00", "Frank": "-7.00"}
