"""The one locked path of every command on a versioned row (a game, a night, a group): the row
locked, its key looked up (one fingerprint rule, `same_request`), the version checked (one it
never had refused; a state since gone or changed stale, saying what changed since), what the
command decides on read, its decision written with the version moved on and a history line, and
a command that changes nothing answered UNCHANGED with its key kept (`keep_no_op`). What differs
between a game and a night or a group is the small protocol `Kept`, which the row's side
supplies (`applying.GameKept`, `versioned.RowKept`)."""

from typing import Any, Protocol

from django.db import transaction
from django.db.models import QuerySet

from .base import (
    Asking,
    Decision,
    Outcome,
    Refusal,
    Sent,
    Verdict,
    keep_no_op,
    key_reused,
    no_op_of,
    nothing_again,
    same_request,
)


class Kept(Protocol):
    """A row as the locked path sees it: how it is locked, where its history lines and no-op
    receipts are, what its command decides on and how a decision is stored."""

    scope: str  # where its no-op receipts are kept (`no_op_scope`)

    def lock(self) -> Any: ...  # the row, locked until the transaction ends

    def lines(self, row: Any) -> QuerySet: ...  # its history lines: key, fingerprint, version

    def refresh(self, row: Any) -> None: ...  # the caller's instance brought up to the row

    def gone(self, row: Any, sent: Sent, command: Any) -> Outcome | None: ...

    def never_had(self, sent: int, now: int) -> str: ...

    def read(self, row: Any, command: Any, since: list) -> Any: ...  # what `decide` is given

    def answer(self, outcome: Outcome, read: Any) -> Outcome: ...  # a refusal, with what it read

    def store(self, row: Any, sent: Sent, command: Any, read: Any, decision: Decision) -> bool: ...

    def applied(self, decision: Decision, row: Any) -> Outcome: ...  # once the lock is let go


def apply_locked(kept: Kept, sent: Sent, command: Any) -> Outcome:
    """The command applied on the row as locked, all or nothing (the module's docstring)."""
    with transaction.atomic():
        row = kept.lock()
        answer = _answered_by_key(kept, row, sent, command)
        since: list = []
        if answer is None:
            answer, since = _checked_state(kept, row, sent, command)
        if answer is not None:
            kept.refresh(row)
            return answer
        read = kept.read(row, command, since)
        try:
            decision = command.decide(read)
        except Refusal as refusal:
            kept.refresh(row)
            if refusal.outcome.verdict is Verdict.UNCHANGED and sent.key:
                keep_no_op(kept.scope, sent, command)  # answered: the key is this request's now
            return kept.answer(refusal.outcome, read)
        stored = kept.store(row, sent, command, read, decision)
        kept.refresh(row)
        if not stored:
            # A row written outside the commands took its place (a hand number taken).
            return Outcome(Verdict.STALE, command.stale_notice([]))
    return kept.applied(decision, row)


def _answered_by_key(kept: Kept, row: Any, sent: Sent, command: Asking) -> Outcome | None:
    """The answer of a key already used (a change stored, or a no-op kept), if it was."""
    if not sent.key:
        return None
    done = kept.lines(row).filter(key=sent.key).first()
    if done is not None:
        if not same_request(done.fingerprint, command.fingerprint()):
            return Outcome(Verdict.REFUSED, key_reused())
        return Outcome(Verdict.REPLAYED, command.replay_notice(done))
    kept_no_op = no_op_of(kept.scope, sent.key)
    if kept_no_op is None:
        return None
    if not same_request(kept_no_op.fingerprint, command.fingerprint()):
        return Outcome(Verdict.REFUSED, key_reused())
    return _nothing_again(kept, row, command)


def _checked_state(kept: Kept, row: Any, sent: Sent, command: Any) -> tuple[Outcome | None, list]:
    """The refusal of a command made on a state the row can't take it from, if it was; else
    the lines written since the version it names. A command that names no version names no
    state it was made on: stale (a step the server takes names the version it read)."""
    if sent.version is not None and not 0 <= sent.version <= row.version:
        # A version the row never had: no change since can explain it.
        return Outcome(Verdict.REFUSED, kept.never_had(sent.version, row.version)), []
    gone = kept.gone(row, sent, command)
    if gone is not None or sent.version == row.version:
        return gone, []
    since = []
    if sent.version is not None:
        since = list(kept.lines(row).filter(version__gt=sent.version).order_by("version"))
    # A restore may have left lines out: then what changed since can't be told.
    known = sent.version is not None and len(since) == row.version - sent.version
    if known and command.stale_ok(since):
        return None, since
    return Outcome(Verdict.STALE, command.stale_notice(since if known else [])), since


def _nothing_again(kept: Kept, row: Any, command: Any) -> Outcome:
    """A no-op sent again: answered as the first send was, with nothing changed even where the
    row has since moved on so that it would change something now."""
    read = kept.read(row, command, [])
    try:
        command.decide(read)
    except Refusal as refusal:
        if refusal.outcome.verdict is Verdict.UNCHANGED:
            return kept.answer(refusal.outcome, read)
    return kept.answer(Outcome(Verdict.UNCHANGED, nothing_again()), read)
