"""`apply`: a command stored against the version it names, in one transaction (see the
package's docstring)."""

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError
from django.db.models import QuerySet
from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from .. import store
from ..models import Change, Game
from .base import (
    Command,
    Decision,
    HandTakenBack,
    Outcome,
    Refusal,
    Sent,
    Verdict,
    no_op_of,
    no_op_scope,
)
from .locked import apply_locked
from .making import Making, apply_making
from .versioned import RowKept, Versioned


def apply(game: Any, sent: Sent, command: "Command | Making | Versioned") -> Outcome:
    """Applies the command to the game, all or nothing, as the module's docstring says; a
    command that makes something (no game yet) claims its receipt (`Making`, `once`); a
    command on another versioned row (a night, a group) is applied to that row (`Versioned`)."""
    if isinstance(command, Making):
        return apply_making(sent, command)
    if isinstance(command, Versioned):
        return apply_locked(RowKept(game), sent, command)
    assert game is not None
    kept = GameKept(game)
    if sent.version is not None and sent.version == game.version and current(game, sent):
        # The common case: decide against the cached ledger, then store under compare-and-set.
        ledger = game.ledger()
        try:
            decision = command.decide(ledger)
        except Refusal as refusal:
            # A key already used is a replay (an API client may name no version); and hands
            # loaded afresh may be a later write's: the refusal holds only if the version still
            # stands (every write moves it). Otherwise the locked way says what happened. A
            # no-op's key is claimed there, under the row's lock.
            keeps = refusal.outcome.verdict is Verdict.UNCHANGED and bool(sent.key)
            used = keeps or _answered_before(kept, sent.key)
            if not used and Game.objects.filter(pk=game.pk, version=sent.version).exists():
                return dataclasses.replace(refusal.outcome, ledger=ledger)
            return apply_locked(kept, sent, command)
        if no_op_of(kept.scope, sent.key) is not None:
            return apply_locked(kept, sent, command)  # its key answered a no-op: see there
        try:
            if command.store(game, sent, ledger, decision):
                return _applied(decision)
        except IntegrityError:
            pass  # the key was used, or another request won: the locked way tells which
    return apply_locked(kept, sent, command)


def _answered_before(kept: "GameKept", key: str) -> bool:
    """Whether the key was answered on this game: a change's receipt or a no-op's."""
    if not key:
        return False
    return kept.lines(kept.game).filter(key=key).exists() or no_op_of(kept.scope, key) is not None


@dataclass
class GameKept:
    """A game as the locked path sees it (`locked.Kept`): its row, its `Change` lines, its
    ledger to decide on, its write under the version's compare-and-set (`store.commit`)."""

    game: Game

    @property
    def scope(self) -> str:
        return no_op_scope(self.game)

    def lock(self) -> Game:
        return Game.objects.select_for_update().get(pk=self.game.pk)

    def lines(self, row: Game) -> QuerySet:
        return Change.objects.filter(game=row)

    def refresh(self, row: Game) -> None:
        """Brings the view's instance up to the row as it now stands."""
        game = self.game
        game.version, game.updated, game.stopped = row.version, row.updated, row.stopped
        game.revision, game.shown = row.revision, row.shown
        game._seat_ids = getattr(row, "_seat_ids", None) or getattr(game, "_seat_ids", None)

    def gone(self, row: Game, sent: Sent, command: Command) -> Outcome | None:
        if current(row, sent) or had(row, sent):
            return None
        # A state the game never had, or one a restore discarded: what the page showed is gone.
        return Outcome(Verdict.STALE, discarded(sent.version, row.version))

    def never_had(self, sent: int, now: int) -> str:
        return never_had(sent, now)

    def read(self, row: Game, command: Command, since: list) -> engine.Ledger:
        return row.ledger()

    def answer(self, outcome: Outcome, ledger: engine.Ledger) -> Outcome:
        return dataclasses.replace(outcome, ledger=ledger)

    def store(
        self, row: Game, sent: Sent, command: Command, ledger: engine.Ledger, decision: Decision
    ) -> bool:
        """Stores the decision on the locked row (its version stands); False, with nothing
        stored, if a row written outside the commands took its place (a hand number taken)."""
        try:
            store.commit(
                row,
                dataclasses.replace(sent, version=row.version),
                command.line(decision),
                lambda: command.write(row, ledger, decision),
            )
        except IntegrityError:
            row.refresh_from_db()
            return False
        return True

    def applied(self, decision: Decision, row: Game) -> Outcome:
        # The ledger is kept once the lock is let go.
        store.keep_ledger(self.game, decision.after)
        return _applied(decision)


def current(game: Game, sent: Sent) -> bool:
    """Whether the state `sent` names is the one `game` was read at (a version alone is taken
    at its word)."""
    return sent.revision is None or sent.revision == game.revision


def had(row: Game, sent: Sent) -> bool:
    """Whether the game had the state `sent` names: a change was made on it. A restore keeps the
    lines and gives the game a new revision, so a state it discarded is in none of them; the
    version beside it may have moved on (a page's script names the version it heard of)."""
    if not sent.revision:
        return sent.revision is None
    return Change.objects.filter(game=row, made_on=sent.revision).exists()


def discarded(sent: int | None, now: int) -> str:
    return gettext(
        "This change was made on a state of the game that is gone (version %(sent)s, since "
        "restored or changed elsewhere; it is at version %(now)s now): nothing was saved. "
        "Here it is as it is now."
    ) % {"sent": sent, "now": now}


def never_had(sent: int, now: int) -> str:
    return gettext(
        "This change names version %(sent)s of the game, a version it has never had (it is at "
        "version %(now)s): nothing was saved. Load the game again and send it from there."
    ) % {"sent": sent, "now": now}


def _applied(decision: Decision) -> Outcome:
    return Outcome(
        Verdict.APPLIED,
        decision.notice,
        warning=decision.warning,
        undone=decision.undone if isinstance(decision, HandTakenBack) else None,
        ledger=decision.after,
    )
