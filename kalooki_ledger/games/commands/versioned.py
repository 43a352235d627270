"""Commands on a versioned row that is not a game (a night, a home group), for rows whose app
sits above the games: the same protocol as a game's, through the same locked path
(`locked.apply_locked`). The row keeps its own history lines (`Row`); the command reads what it
decides on while the row is locked (`load`) and decides on that alone (`decide`, pure)."""

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext

from .base import Asking, Decision, Outcome, Sent, Verdict, no_op_scope


class Row(Protocol):
    """A row commands change under a version: it reads its own lines and writes one."""

    pk: Any
    version: int

    def lines(self) -> Any: ...  # its history lines, a queryset

    def add_line(self, sent: Sent, action: str, values: dict, fingerprint: str) -> Any: ...


@dataclass
class Read:
    """What a command on a row decides on: the row as locked and the lines written since the
    version it names. A command that needs more (rows it locks too) reads it into a subclass."""

    row: Any
    since: list


class Versioned(Asking):
    """One change to a row (a night, a group). `load` reads (and locks) what it decides on;
    `decide` checks it against that alone, pure; `write` stores it."""

    def load(self, row: Any, since: list) -> Read:
        return Read(row, since)

    def decide(self, read: Any) -> Decision:
        raise NotImplementedError

    def write(self, read: Any, decision: Decision, sent: Sent) -> None:
        raise NotImplementedError

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


@dataclass
class RowKept:
    """A night or a group as the locked path sees it (`locked.Kept`): its own lines, the
    command's `load` to decide on, its write with the version moved on and a history line.
    `row` (the caller's instance) is brought up to the version it now has."""

    row: Row

    @property
    def scope(self) -> str:
        return no_op_scope(self.row)  # type: ignore[arg-type]

    def lock(self) -> Any:
        return type(self.row).objects.select_for_update().get(pk=self.row.pk)  # type: ignore[attr-defined]

    def lines(self, row: Row) -> Any:
        return row.lines()

    def refresh(self, row: Row) -> None:
        self.row.version = row.version

    def gone(self, row: Row, sent: Sent, command: Versioned) -> Outcome | None:
        if sent.version == row.version and not command.still_shown(row, sent):
            return Outcome(Verdict.STALE, command.stale_notice([]))
        return None

    def never_had(self, sent: int, now: int) -> str:
        return never_had(sent, now)

    def read(self, row: Row, command: Versioned, since: list) -> Read:
        return command.load(row, since)

    def answer(self, outcome: Outcome, read: Read) -> Outcome:
        return outcome

    def store(
        self, row: Any, sent: Sent, command: Versioned, read: Read, decision: Decision
    ) -> bool:
        command.write(read, decision, sent)
        row.version += 1
        row.save(update_fields=["version"])
        row.add_line(sent, command.action, decision.values, command.fingerprint())
        return True

    def applied(self, decision: Decision, row: Row) -> Outcome:
        return Outcome(Verdict.APPLIED, decision.notice, warning=decision.warning, made=row)


def digest(body: dict[str, Any]) -> str:
    """What a JSON body holds, as a short hash: a state part that moves with what is shown."""
    text = json.dumps(body, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def never_had(sent: int, now: int) -> str:
    return gettext(
        "This change names version %(sent)s, a version this has never had (it is at version "
        "%(now)s): nothing was saved. Load the page again and send it from there."
    ) % {"sent": sent, "now": now}
