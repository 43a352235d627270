"""Commands on a versioned row that is not a game (a night, a home group): the same protocol as
a game's (a version, a key and its fingerprint, a history line as receipt, 409 when stale, 422
for the key with another request), for rows whose app sits above the games. The row keeps its
own history lines; `apply` takes them here (`Versioned`)."""

import dataclasses
import hashlib
import json
from typing import Any, Protocol

from django.db import transaction
from django.utils.translation import gettext

from .base import Decision, Outcome, Refusal, Sent, Verdict, fingerprint, key_reused


class Line(Protocol):
    """A history line of a versioned row: its key, fingerprint, version and text."""

    key: str
    fingerprint: str
    version: int | None
    who: str

    @property
    def text(self) -> str: ...


class Row(Protocol):
    """A row commands change under a version: it reads its own lines and writes one."""

    pk: Any
    version: int

    def lines(self) -> Any: ...  # its history lines, a queryset

    def add_line(self, sent: Sent, action: str, values: dict, fingerprint: str) -> Any: ...


class Versioned:
    """One change to a row (a night, a group). `decide` checks it against the row as locked and
    the lines written since the version it names (pure but for reading the row's children);
    `write` stores it; `stale_ok` says which changes since leave it safe to apply."""

    action = ""
    not_asked: tuple[str, ...] = ()

    def fingerprint(self) -> str:
        values = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.name not in self.not_asked
        }
        return fingerprint(type(self).__name__, values)

    def decide(self, row: Any, since: list) -> Decision:
        raise NotImplementedError

    def write(self, row: Any, decision: Decision, sent: Sent) -> None:
        raise NotImplementedError

    def stale_ok(self, since: list) -> bool:
        return False

    def shown(self, row: Any) -> dict[str, Any] | None:
        """What the row shows where its version alone doesn't name it (a night's games take
        hands without moving its version): its digest is the state a page or an ETag names."""
        return None

    def still_shown(self, row: Any, sent: Sent) -> bool:
        """Whether the locked row at the version named still shows the state named (no digest
        named, or nothing beyond the version shown: the version alone is the check)."""
        body = self.shown(row) if sent.revision is not None else None
        return body is None or digest(body) == sent.revision

    def stale_notice(self, since: list) -> str:
        if not since:
            return gettext("It changed elsewhere since this page was loaded: nothing was saved.")
        told = "; ".join(f"{c.text} ({c.who})" for c in since[-3:])
        return gettext(
            "Nothing was saved: it changed since this page was loaded — %(told)s. "
            "Here it is as it is now."
        ) % {"told": told}

    def replay_notice(self, line: Line) -> str:
        return gettext("That was already saved (sent twice): %(summary)s.") % {"summary": line.text}


def apply_versioned(row: Row, sent: Sent, command: Versioned) -> Outcome:
    """The row locked, the key looked up, the version checked, the command decided, written and
    its history line stored: one transaction. `row` is brought up to the version it now has."""
    with transaction.atomic():
        locked = type(row).objects.select_for_update().get(pk=row.pk)  # type: ignore[attr-defined]
        done = locked.lines().filter(key=sent.key).first() if sent.key else None
        if done is not None:
            row.version = locked.version
            if done.fingerprint and done.fingerprint != command.fingerprint():
                return Outcome(Verdict.REFUSED, key_reused())
            return Outcome(Verdict.REPLAYED, command.replay_notice(done))
        if sent.version is not None and not 0 <= sent.version <= locked.version:
            row.version = locked.version
            return Outcome(Verdict.REFUSED, never_had(sent.version, locked.version))
        if sent.version == locked.version and not command.still_shown(locked, sent):
            row.version = locked.version
            return Outcome(Verdict.STALE, command.stale_notice([]))
        since: list = []
        if sent.version is not None and sent.version != locked.version:
            since = list(locked.lines().filter(version__gt=sent.version).order_by("version"))
            if not command.stale_ok(since):
                row.version = locked.version
                return Outcome(Verdict.STALE, command.stale_notice(since))
        try:
            decision = command.decide(locked, since)
        except Refusal as refusal:
            row.version = locked.version
            return refusal.outcome
        command.write(locked, decision, sent)
        locked.version += 1
        locked.save(update_fields=["version"])
        locked.add_line(sent, command.action, decision.values, command.fingerprint())
        row.version = locked.version
    return Outcome(Verdict.APPLIED, decision.notice, warning=decision.warning, made=locked)


def digest(body: dict[str, Any]) -> str:
    """What a JSON body holds, as a short hash: a state part that moves with what is shown."""
    text = json.dumps(body, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def never_had(sent: int, now: int) -> str:
    return gettext(
        "This change names version %(sent)s, a version this has never had (it is at version "
        "%(now)s): nothing was saved. Load the page again and send it from there."
    ) % {"sent": sent, "now": now}
