"""The command protocol: what a command carries (`Sent`), what it decides (`Decision`), what
became of it (`Verdict`, `Outcome`, `Refusal`), its fingerprint and its receipt."""

import dataclasses
import datetime
import enum
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import models
from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from .. import present, store
from ..models import Change, Game, Receipt
from ..store import Line

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
REVISION = re.compile(r"[0-9a-f]{32}")  # models.new_revision


@dataclass(frozen=True)
class Sent:
    """What comes with every command: the version its page showed, its key, and who sent it;
    `revision`, where the page or ETag named one, makes the state it names one that can't come
    back (a restore brings a version back with other hands, never a revision)."""

    version: int | None
    key: str
    who: str
    revision: str | None = None


@dataclass
class Decision:
    """A command checked against the ledger it applies to: what to write and what follows.
    Commands whose write needs more say it in a typed decision of their own (below).
    `values` is what the history keeps of it: plain values (JSON), written in the reader's
    language by present.history_text, keyed by the command's action."""

    values: dict[str, Any]
    after: engine.Ledger | None = None
    notice: str = ""
    warning: bool = False


@dataclass(kw_only=True)
class OnHand(Decision):
    """A decision about hand `number`."""

    number: int


@dataclass(kw_only=True)
class HandChosen(OnHand):
    """Hand `number` is to be stored as `hand` (recorded or corrected)."""

    hand: engine.Hand


@dataclass(kw_only=True)
class BuyInAnswered(OnHand):
    """The buy-in question after hand `number` is answered."""


@dataclass(kw_only=True)
class HandTakenBack(OnHand):
    """Hand `number`, the last, is to be taken back; its values go back in the form."""

    undone: engine.Hand


@dataclass(kw_only=True)
class TicksChanged(Decision):
    """Transfers to tick as paid, and to untick."""

    pay: list[engine.Transfer]
    unpay: list[engine.Transfer]


@dataclass(kw_only=True)
class DateChosen(Decision):
    day: datetime.date


class Verdict(enum.Enum):
    """What became of a command, in the domain's words; the pages and the API say it in HTTP
    (`games.answers`)."""

    APPLIED = "applied"  # stored, the version moved on
    REPLAYED = "replayed"  # its key's first send stored it: nothing more
    UNCHANGED = "unchanged"  # it would change nothing: no version, no history line
    STALE = "stale"  # the game changed since the version it names
    REFUSED = "refused"  # it can't apply as sent (its values, its key used for another change)
    MISSING = "missing"  # it names a hand the game doesn't have
    DAMAGED = "damaged"  # the form's key is damaged


DONE = (Verdict.APPLIED, Verdict.REPLAYED, Verdict.UNCHANGED)


@dataclass
class Outcome:
    """What became of a command: applied, replayed (the same key again), refused or unchanged."""

    verdict: Verdict
    notice: str = ""
    warning: bool = False
    entry: Any = None  # the view's hand form refused, to show again (see `posted.py`)
    problems: tuple[engine.Problem, ...] = ()
    undone: engine.Hand | None = None  # the hand an undo took back, for the form to offer again
    made: Any = None  # what a making command made (now or on its key's first send)
    # The game's ledger as it now stands when the command had it at hand (applied: the one it
    # derived; refused: the one it was checked against), so a page need not ask again.
    ledger: engine.Ledger | None = None

    @property
    def done(self) -> bool:
        """Stored now or before, or nothing to store: the page goes on as after a change."""
        return self.verdict in DONE

    @property
    def applied(self) -> bool:
        return self.verdict is Verdict.APPLIED

    @property
    def replayed(self) -> bool:
        return self.verdict is Verdict.REPLAYED


class Refusal(Exception):
    """A command that can't apply as sent; nothing of it is stored."""

    def __init__(
        self,
        verdict: Verdict,
        notice: str = "",
        entry: Any = None,
        problems: tuple[engine.Problem, ...] = (),
    ):
        super().__init__(notice)
        self.outcome = Outcome(verdict, notice, entry=entry, problems=problems)


def refused(problems: list[engine.Problem]) -> Refusal:
    """A refusal in the engine's words, its problems kept as data (the API names each one)."""
    return Refusal(Verdict.REFUSED, _problems(problems), problems=tuple(problems))


# What a form carries besides the command itself: never part of what the command asks.
CARRIERS = frozenset({"csrfmiddlewaretoken", "key", "version", "revision"})


def _canonical(value: Any) -> Any:
    """A command's values as plain JSON, the same however they were sent (spacing, order)."""
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, Decimal):
        return str(value.normalize())
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, models.Model):
        return None  # the thing changed, not a value of the change
    if hasattr(value, "getlist"):  # a form's post
        return {
            k: sorted(_canonical(v) for v in value.getlist(k))
            for k in sorted(value)
            if k not in CARRIERS
        }
    if isinstance(value, set | frozenset):
        return sorted(json.dumps(_canonical(v), sort_keys=True) for v in value)
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        return {
            "type": type(value).__name__,
            **{
                f.name: _canonical(getattr(value, f.name))
                for f in dataclasses.fields(value)
                if not f.name.startswith("_")  # kept while deciding, not part of the request
            },
        }
    return repr(value)


def fingerprint(kind: str, values: Any) -> str:
    """A hash of a request as parsed (what it is and its values), kept with its key."""
    canonical = json.dumps([kind, _canonical(values)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def same_request(stored: str, sent: str) -> bool:
    """Whether a key's request came again. A hand is read from a page's form post or from the
    API's JSON (the outbox sends the form's hand again, with its key, when the answer was lost):
    across carriers only its number must match; from one carrier, every value."""
    if not stored:
        return True  # kept before fingerprints were
    if ":" not in stored or ":" not in sent:
        return stored == sent
    (stored_alike, stored_whole), (sent_alike, sent_whole) = stored.split(":"), sent.split(":")
    if stored_alike[1:] != sent_alike[1:]:
        return False
    return stored_alike[0] != sent_alike[0] or stored_whole == sent_whole


def key_reused() -> str:
    return gettext(
        "This key was already used for another change, so nothing was saved: each change is "
        "sent with a key of its own (reload the page for a fresh form)."
    )


class Asking:
    """What every command on a versioned row (a game, a night, a group) shares: what it asks, as
    the one fingerprint kept with its key, and which changes since its version leave it safe to
    apply (`stale_ok`)."""

    action = ""
    not_asked: tuple[str, ...] = ()  # fields that are not part of what the command asks

    def fingerprint(self) -> str:
        kind = type(self).__name__
        values = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.name not in self.not_asked
        }
        whole = fingerprint(kind, values)
        if not self.carrier():
            return whole
        # Tagged with its carrier and what every carrier sends alike (see `same_request`).
        return f"{self.carrier()}{fingerprint(kind, self.alike())[:12]}:{whole[:48]}"

    def carrier(self) -> str:
        """ "" when every carrier (a page's form, the API) sends this command as the same values;
        else a letter naming the carrier, whose values only match that carrier's."""
        return ""

    def alike(self) -> Any:
        """What every carrier of the command sends alike."""
        return None

    def stale_ok(self, since: list) -> bool:
        return False

    def replay_notice(self, line: Any) -> str:
        """The answer to its key sent again: the history line its first send left."""
        return gettext("That was already saved (sent twice): %(summary)s.") % {"summary": line.text}


class Command(Asking):
    """One change to a game. Subclasses check it against a ledger (`decide`, pure) and write it
    (`write`)."""

    def decide(self, ledger: engine.Ledger) -> Decision:
        raise NotImplementedError

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        raise NotImplementedError

    def stale_notice(self, since: list[Change]) -> str:
        if not since:
            return gettext(
                "The game was changed elsewhere since this page was loaded: nothing was saved."
            )
        told = "; ".join(f"{c.text} ({c.who})" for c in since[-3:])
        if len(since) > 3:
            told = gettext("%(told)s and %(n)s more") % {"told": told, "n": len(since) - 3}
        return gettext(
            "Nothing was saved: the game changed since this page was loaded — %(told)s. "
            "Here it is as it is now."
        ) % {"told": told}

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        """Stores the command if `sent.version` still stands; False (nothing stored) if not."""
        return store.commit(
            game,
            sent,
            self.line(decision),
            lambda: self.write(game, ledger, decision),
            decision.after,
        )

    def line(self, decision: Decision) -> Line:
        """The history line the command leaves."""
        return Line(self.action, decision.values, self.fingerprint())


def receipt(
    game: Game, sent: Sent, action: str, values: dict[str, Any], fingerprint: str = ""
) -> Change:
    """The history line of a change: its action and values, written when shown."""
    return store.add_change(game, sent, Line(action, values, fingerprint))


def no_op_scope(row: models.Model) -> str:
    """The scope of a row's no-op receipts ("game:3", "night:5", "group:2"): a key answered
    "nothing to do" on it is kept there."""
    return f"{type(row).__name__.lower()}:{row.pk}"


def no_op_of(scope: str, key: str) -> Receipt | None:
    """The receipt of a no-op answered with this key in this scope, if one was."""
    return Receipt.objects.filter(scope=scope, key=key).first() if key else None


def keep_no_op(scope: str, sent: Sent, command: Asking) -> None:
    """Claims the key of a command that changed nothing: answered, it belongs to that request
    (sent again it is answered the same; with another request, refused). No version, no
    history line: it is a `Receipt` (made nothing), not a history line."""
    Receipt.objects.create(scope=scope, key=sent.key, fingerprint=command.fingerprint())


def nothing_again() -> str:
    return gettext(
        "That was already answered (sent twice): there was nothing to change, so nothing was "
        "changed."
    )


def _problems(problems: list[engine.Problem]) -> str:
    return "; ".join(present.problem_text(p) for p in problems)


def unchanged(notice: str) -> Refusal:
    """A command that would change nothing: answered as done, with no version and no history;
    its key is claimed all the same (`keep_no_op`)."""
    return Refusal(Verdict.UNCHANGED, notice)
