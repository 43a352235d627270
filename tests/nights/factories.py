"""Plain factories for groups, nights and their games."""

import copy
import secrets

from kalooki_ledger.games import commands
from kalooki_ledger.games.store import import_record
from kalooki_ledger.nights.commands import AddGame, StartGroup, StartNight
from tests.helpers import worked_example


def sent(version=None, who="iPhone 3fa2", key=None) -> commands.Sent:
    return commands.Sent(version, key or secrets.token_urlsafe(12), who)


def finished(players=None, currency="units"):
    """The worked example (Andy -7, Mark -16, John +30, Frank -7), the names changed."""
    data = copy.deepcopy(worked_example())
    data["stakes"]["currency"] = currency
    if players:
        rename = dict(zip(["Andy", "Mark", "John", "Frank"], players, strict=True))
        data = _renamed(data, rename)
    return import_record(data)


def stopped(settle="split", hands=2):
    """The worked example stopped after `hands` hands."""
    data = copy.deepcopy(worked_example())
    data["hands"] = data["hands"][:hands]
    data["stopped"] = {"settle": settle}
    return import_record(data)


def _renamed(value, rename):
    if isinstance(value, dict):
        return {rename.get(k, k): _renamed(v, rename) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, rename) for v in value]
    return rename.get(value, value) if isinstance(value, str) else value


def group(name="Friday friends", regulars=("Andy", "Mark", "John", "Frank"), currency="units"):
    outcome = commands.apply(
        None, sent(), StartGroup(name, currency=currency, regulars=list(regulars))
    )
    return outcome.made


def night(of=None, *games):
    made = commands.apply(None, sent(), StartNight((of or group()).pk)).made
    for game in games:
        outcome = commands.apply(made, sent(made.version), AddGame(game.pk))
        assert outcome.applied, outcome.notice
    return made
