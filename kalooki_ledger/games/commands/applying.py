"""`apply`: a command stored against the version it names, in one transaction (see the
package's docstring)."""

import dataclasses
from typing import Any

from django.db import IntegrityError, transaction
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
    answered_before,
    keep_no_op,
    key_reused,
    no_op_of,
    nothing_again,
    same_request,
)
from .making import Making, apply_making
from .versioned import Versioned, apply_versioned


def apply(game: Any, sent: Sent, command: "Command | Making | Versioned") -> Outcome:
    """Applies the command to the game, all or nothing, as the module's docstring says; a
    command that makes something (no game yet) claims its receipt (`Making`, `once`); a
    command on another versioned row (a night, a group) is applied to that row (`Versioned`)."""
    if isinstance(command, Making):
        return apply_making(sent, command)
    if isinstance(command, Versioned):
        return apply_versioned(game, sent, command)
    assert game is not None
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
            used = keeps or answered_before(game, sent.key)
            if not used and Game.objects.filter(pk=game.pk, version=sent.version).exists():
                return dataclasses.replace(refusal.outcome, ledger=ledger)
            return _apply_locked(game, sent, command)
        if no_op_of(game, sent.key) is not None:
            return _apply_locked(game, sent, command)  # its key answered a no-op: see there
        try:
            if command.store(game, sent, ledger, decision):
                return _applied(decision)
        except IntegrityError:
            pass  # the key was used, or another request won: the locked way tells which
    return _apply_locked(game, sent, command)


def _apply_locked(game: Game, sent: Sent, command: Command) -> Outcome:
    """The careful way: the game's row locked, the key looked up, the changes since read."""
    with transaction.atomic():
        row = Game.objects.select_for_update().get(pk=game.pk)
        answer = _answered_by_key(game, row, sent, command)
        if answer is None:
            answer = _refused_for_state(game, row, sent, command)
        if answer is not None:
            return answer
        ledger = row.ledger()
        try:
            decision = command.decide(ledger)
        except Refusal as refusal:
            _refresh(game, row)
            if refusal.outcome.verdict is Verdict.UNCHANGED and sent.key:
                keep_no_op(row, sent, command)  # answered: the key is this request's now
            return dataclasses.replace(refusal.outcome, ledger=ledger)
        stale = _stored(game, row, sent, command, ledger, decision)
        if stale is not None:
            return stale
        _refresh(game, row)
    store.keep_ledger(game, decision.after)
    return _applied(decision)


def _answered_by_key(game: Game, row: Game, sent: Sent, command: Command) -> Outcome | None:
    """The answer of a key already used (a change stored, or a no-op kept), if it was."""
    done = Change.objects.filter(game=row, key=sent.key).first() if sent.key else None
    if done is not None:
        _refresh(game, row)
        if not same_request(done.fingerprint, command.fingerprint()):
            return Outcome(Verdict.REFUSED, key_reused())
        return Outcome(Verdict.REPLAYED, command.replay_notice(done))
    kept = no_op_of(row, sent.key)
    if kept is not None:
        _refresh(game, row)
        if not same_request(kept.fingerprint, command.fingerprint()):
            return Outcome(Verdict.REFUSED, key_reused())
        return _nothing_again(command, row)
    return None


def _refused_for_state(game: Game, row: Game, sent: Sent, command: Command) -> Outcome | None:
    """The refusal of a command made on a state the game can't take it from, if it was."""
    if sent.version is not None and not 0 <= sent.version <= row.version:
        # A version the game never had: no change since can explain it.
        _refresh(game, row)
        return Outcome(Verdict.REFUSED, never_had(sent.version, row.version))
    if not current(row, sent) and not had(row, sent):
        # A state the game never had, or one a restore discarded: what the page showed is gone.
        _refresh(game, row)
        return Outcome(Verdict.STALE, discarded(sent.version, row.version))
    if sent.version == row.version:
        return None
    since = []
    if sent.version is not None:
        since = list(Change.objects.filter(game=row, version__gt=sent.version).order_by("version"))
    known = sent.version is not None and len(since) == row.version - sent.version
    if known and command.stale_ok(since):
        return None
    _refresh(game, row)
    return Outcome(Verdict.STALE, command.stale_notice(since if known else []))


def _stored(
    game: Game, row: Game, sent: Sent, command: Command, ledger: engine.Ledger, decision: Decision
) -> Outcome | None:
    """Stores the decision on the locked row; the refusal, if a row written outside the
    commands took its place (a hand number taken): nothing is stored then."""
    try:
        # The row is locked: its version stands. The ledger is kept once the lock is let go.
        store.commit(
            row,
            dataclasses.replace(sent, version=row.version),
            command.line(decision),
            lambda: command.write(row, ledger, decision),
        )
    except IntegrityError:
        _refresh(game, Game.objects.get(pk=game.pk))
        return Outcome(Verdict.STALE, command.stale_notice([]))
    return None


def _nothing_again(command: Command, row: Game) -> Outcome:
    """A no-op sent again: answered as the first send was, with nothing changed even where the
    game has since moved on so that it would change something now."""
    ledger = row.ledger()
    try:
        command.decide(ledger)
    except Refusal as refusal:
        if refusal.outcome.verdict is Verdict.UNCHANGED:
            return dataclasses.replace(refusal.outcome, ledger=ledger)
    return Outcome(Verdict.UNCHANGED, nothing_again(), ledger=ledger)


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


def _refresh(game: Game, row: Game) -> None:
    """Brings the view's instance up to the row as it now stands."""
    game.version, game.updated, game.stopped = row.version, row.updated, row.stopped
    game.revision, game.shown = row.revision, row.shown
    game._seat_ids = getattr(row, "_seat_ids", None) or getattr(game, "_seat_ids", None)


def _applied(decision: Decision) -> Outcome:
    return Outcome(
        Verdict.APPLIED,
        decision.notice,
        warning=decision.warning,
        undone=decision.undone if isinstance(decision, HandTakenBack) else None,
        ledger=decision.after,
    )
