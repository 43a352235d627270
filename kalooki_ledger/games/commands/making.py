"""Commands that make something (a game, house rules, a club's step): each claims a `Receipt`
for its key in the transaction that makes the thing (`once`)."""

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from kalooki_ledger import rules as engine

from .. import store
from ..models import Game, HouseRules, Receipt
from .base import Outcome, Refusal, Sent, Verdict, fingerprint, key_reused, receipt


@dataclass(frozen=True)
class Made:
    """What a making command answered: what it made, now or on its key's first send."""

    made: str  # what it made (a game's scoring token, house rules' token, …)
    replayed: bool = False


def once(scope: str, key: str, kind: str, asked: Any, make: Callable[[], str]) -> Made:
    """Makes something once per key. The receipt (`scope`, `key`) is claimed by inserting it in
    the transaction that makes the thing (insert or fail), so one form sent twice at once makes
    one thing and the later send gets what the first made; the key with another request
    (`kind` and `asked`, the parsed values) is refused. Without a key, `make` just runs."""
    if not key:
        with transaction.atomic():  # what `make` writes stands or falls whole, key or not
            return Made(make())
    print_ = fingerprint(kind, asked)
    try:
        with transaction.atomic():
            claimed = Receipt.objects.create(scope=scope, key=key, fingerprint=print_)
            made = make()
            claimed.made = made[:200]
            claimed.save(update_fields=["made"])
        return Made(made)
    except IntegrityError:
        # On PostgreSQL the insert waited for the first send's transaction: it is committed.
        done = earlier(scope, key, kind, asked)
        if done is None:
            raise  # another constraint refused what `make` wrote
        return done


def earlier(scope: str, key: str, kind: str, asked: Any) -> Made | None:
    """What an earlier send of the key made (None if none did); the key with another request
    is refused. For a form whose checks would refuse a send again (a name now taken)."""
    done = Receipt.objects.filter(scope=scope, key=key).first() if key else None
    if done is None:
        return None
    if done.fingerprint != fingerprint(kind, asked):
        raise Refusal(Verdict.REFUSED, key_reused())
    return Made(done.made, replayed=True)


class Making:
    """A command that makes something (a game, house rules, a club's step): no game version
    guards it, so it claims a receipt for its key under its `scope` (`once`)."""

    scope: str  # what its keys are for: "start-game", "club:3", …

    def asked(self) -> Any:
        """What the key's fingerprint covers: the request's parsed values."""
        return self

    def make(self, sent: Sent) -> str:
        """Makes the thing (inside the receipt's transaction); a reference to it."""
        raise NotImplementedError

    def found(self, made: str) -> Any:
        """The thing a reference names, for the answer."""
        return made


def made_before(sent: Sent, command: Making) -> Outcome | None:
    """What an earlier send of the key made, before a form's checks would refuse the send again
    (a club's slug, taken by that first send); None when no send of the key made anything."""
    try:
        done = earlier(command.scope, sent.key, type(command).__name__, command.asked())
    except Refusal as refusal:
        return refusal.outcome
    return None if done is None else Outcome(Verdict.REPLAYED, made=command.found(done.made))


def apply_making(sent: Sent, command: Making) -> Outcome:
    """Makes the thing once per key (`once`): applied now, or replayed with what it made."""
    try:
        done = once(
            command.scope,
            sent.key,
            type(command).__name__,
            command.asked(),
            lambda: command.make(sent),
        )
    except Refusal as refusal:
        return refusal.outcome
    verdict = Verdict.REPLAYED if done.replayed else Verdict.APPLIED
    return Outcome(verdict, made=command.found(done.made))


@dataclass
class StartGame(Making):
    """A new game from an engine record: the New game form, Play again, a club's game, a
    tournament's table. `values` is what the key's fingerprint covers (the form's parsed
    values, before any seat draw); `then` runs in the same transaction (filing the game under a
    club)."""

    record: engine.GameRecord
    history: dict[str, Any]  # what its history line keeps (start_values)
    values: Any = None
    then: Callable[[Game], object] | None = None
    action = "start"
    scope = "start-game"

    def asked(self) -> Any:
        return self.record if self.values is None else self.values

    def make(self, sent: Sent) -> str:
        game = store.store_record(self.record)
        if self.then is not None:
            self.then(game)
        receipt(game, sent, self.action, self.history, fingerprint("StartGame", self.asked()))
        return game.edit_token

    def found(self, made: str) -> Game:
        return Game.objects.get(edit_token=made)


def start_values(
    players: list[str] | tuple[str, ...], drawn=None, imported: bool = False
) -> dict[str, Any]:
    """A new game's history values: its players, the cards of a seat draw, whether imported."""
    values: dict[str, Any] = {"players": list(players)}
    if drawn:
        values["drawn"] = [[c, n] for c, n in drawn]
    if imported:
        values["imported"] = True
    return values


@dataclass(frozen=True)
class SaveHouseRules(Making):
    """A table's own rules, saved under a name: a preset, its overrides and stakes in the
    record's terms, and play notes."""

    name: str
    preset: str
    rule_overrides: dict
    stakes: dict
    notes: str
    scope = "house-rules"

    def make(self, sent: Sent) -> str:
        return HouseRules.objects.create(**dataclasses.asdict(self)).token

    def found(self, made: str) -> HouseRules:
        return HouseRules.objects.get(token=made)


@dataclass
class Step(Making):
    """A step that makes or changes something outside a game, once per key: a club's settings,
    filing a game, a tournament-desk step, a new club or tournament. `do` takes it (in the
    receipt's transaction) and says what it did or made; `values` is what the key covers."""

    scope: str
    kind: str
    values: Any
    do: Callable[[], str]

    def asked(self) -> Any:
        return [self.kind, self.values]

    def make(self, sent: Sent) -> str:
        return self.do()
