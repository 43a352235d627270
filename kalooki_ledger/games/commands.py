"""The write model: every change to a game is a command, applied by `apply` in one transaction.

A command names the version of the game it was made against (the version the page showed) and
carries an idempotency key made by that page. `apply` stores it when that version still stands
and moves the version on; answers the same receipt, changing nothing, when the key comes again
with the same request (its fingerprint), and refuses the key with another; and refuses it as
stale when the game has changed since, unless the command is still safe to apply (see
`stale_ok`). Each stored command leaves one `Change`: the history line is its receipt. A change
that would change nothing stores nothing. Commands that make something (`Making`: a game, house
rules, a club's step) claim a `Receipt` instead. What became of a command is a `Verdict`;
`answers.py` says it in HTTP.
"""

import dataclasses
import datetime
import enum
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol

from django.db import IntegrityError, connection, models, transaction
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount

from . import present, store
from .models import Change, Game, HouseRules, PaidTransfer, Receipt

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass(frozen=True)
class Sent:
    """What comes with every command: the version its page showed, its key, and who sent it."""

    version: int | None
    key: str
    who: str


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
class HandChosen(Decision):
    """Hand `number` is to be stored as `hand` (recorded or corrected)."""

    number: int
    hand: engine.Hand


@dataclass(kw_only=True)
class BuyInAnswered(Decision):
    """The buy-in question after hand `number` is answered."""

    number: int


@dataclass(kw_only=True)
class HandTakenBack(Decision):
    """Hand `number`, the last, is to be taken back; its values go back in the form."""

    number: int
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
    entry: Any = None  # the view's hand form refused, with its errors (see `HandReader`)
    problems: tuple[engine.Problem, ...] = ()
    undone: engine.Hand | None = None  # the hand an undo took back, for the form to offer again
    made: Any = None  # what a making command made (now or on its key's first send)

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
CARRIERS = frozenset({"csrfmiddlewaretoken", "key", "version"})


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


def parse_sent(post: Any, who: str) -> Sent:
    """The version and key a form carries; a key that isn't one is refused as damaged."""
    try:
        version = int(post.get("version", ""))
    except ValueError:
        version = None
    key = post.get("key", "")
    if key and not KEY.fullmatch(key):
        raise Refusal(
            Verdict.DAMAGED, gettext("That form's key is damaged: reload the page and try again.")
        )
    return Sent(version, key, who)


class Command:
    """One change to a game. Subclasses check it against a ledger (`decide`, pure) and write it
    (`write`); `stale_ok` says which changes since its version leave it safe to apply."""

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

    def decide(self, ledger: engine.Ledger) -> Decision:
        raise NotImplementedError

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        raise NotImplementedError

    def stale_ok(self, since: list[Change]) -> bool:
        return False

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

    def replay_notice(self, change: Change) -> str:
        return gettext("That was already saved (sent twice): %(summary)s.") % {
            "summary": change.text
        }

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        """Stores the command if `sent.version` still stands; False (nothing stored) if not."""
        with transaction.atomic():
            if not game.moved_on_from(sent.version):
                return False
            self.write(game, ledger, decision)
            receipt(game, sent, self.action, decision.values, self.fingerprint())
        return True


def receipt(
    game: Game, sent: Sent, action: str, values: dict[str, Any], fingerprint: str = ""
) -> Change:
    """The history line of a change: its action and values, written when shown."""
    return Change.objects.create(
        game=game,
        who=sent.who,
        action=action,
        details=values,
        key=sent.key,
        fingerprint=fingerprint,
        version=game.version,
    )


def apply(game: Game | None, sent: Sent, command: "Command | Making") -> Outcome:
    """Applies the command to the game, all or nothing, as the module's docstring says; a
    command that makes something (no game yet) claims its receipt (`Making`, `once`)."""
    if isinstance(command, Making):
        return _make(sent, command)
    assert game is not None
    if sent.version is not None and sent.version == game.version:
        # The common case: decide against the cached ledger, then store under compare-and-set.
        ledger = game.ledger()
        try:
            decision = command.decide(ledger)
        except Refusal as refusal:
            # A key already used is a replay (an API client may name no version); and hands
            # loaded afresh may be a later write's: the refusal holds only if the version still
            # stands (every write moves it). Otherwise the locked way says what happened.
            used = sent.key and Change.objects.filter(game=game, key=sent.key).exists()
            if not used and Game.objects.filter(pk=game.pk, version=sent.version).exists():
                return refusal.outcome
            return _apply_locked(game, sent, command)
        try:
            if command.store(game, sent, ledger, decision):
                return _applied(game, decision)
        except IntegrityError:
            pass  # the key was used, or another request won: the locked way tells which
    return _apply_locked(game, sent, command)


def _apply_locked(game: Game, sent: Sent, command: Command) -> Outcome:
    """The careful way: the game's row locked, the key looked up, the changes since read."""
    with transaction.atomic():
        row = Game.objects.select_for_update().get(pk=game.pk)
        done = Change.objects.filter(game=row, key=sent.key).first() if sent.key else None
        if done is not None:
            _refresh(game, row)
            if not same_request(done.fingerprint, command.fingerprint()):
                return Outcome(Verdict.REFUSED, key_reused())
            return Outcome(Verdict.REPLAYED, command.replay_notice(done))
        if sent.version is not None and not 0 <= sent.version <= row.version:
            # A version the game never had: no change since can explain it.
            _refresh(game, row)
            return Outcome(Verdict.REFUSED, never_had(sent.version, row.version))
        if sent.version != row.version:
            since = []
            if sent.version is not None:
                since = list(
                    Change.objects.filter(game=row, version__gt=sent.version).order_by("version")
                )
            known = sent.version is not None and len(since) == row.version - sent.version
            if not (known and command.stale_ok(since)):
                _refresh(game, row)
                return Outcome(Verdict.STALE, command.stale_notice(since if known else []))
        ledger = row.ledger()
        try:
            decision = command.decide(ledger)
        except Refusal as refusal:
            _refresh(game, row)
            return refusal.outcome
        try:
            with transaction.atomic():
                row.moved_on_from(row.version)  # the row is locked: this can't fail
                command.write(row, ledger, decision)
                receipt(row, sent, command.action, decision.values, command.fingerprint())
        except IntegrityError:
            # A row written outside the commands (a hand number taken): nothing is stored.
            _refresh(game, Game.objects.get(pk=game.pk))
            return Outcome(Verdict.STALE, command.stale_notice([]))
        _refresh(game, row)
    return _applied(game, decision)


def never_had(sent: int, now: int) -> str:
    return gettext(
        "This change names version %(sent)s of the game, a version it has never had (it is at "
        "version %(now)s): nothing was saved. Load the game again and send it from there."
    ) % {"sent": sent, "now": now}


def _refresh(game: Game, row: Game) -> None:
    """Brings the view's instance up to the row as it now stands."""
    game.version, game.updated, game.stopped = row.version, row.updated, row.stopped
    game._seat_ids = getattr(row, "_seat_ids", None) or getattr(game, "_seat_ids", None)


def _applied(game: Game, decision: Decision) -> Outcome:
    if decision.after is not None:
        game.keep_ledger(decision.after)
    return Outcome(
        Verdict.APPLIED,
        decision.notice,
        warning=decision.warning,
        undone=decision.undone if isinstance(decision, HandTakenBack) else None,
    )


def _problems(problems: list[engine.Problem]) -> str:
    return "; ".join(present.problem_text(p) for p in problems)


def in_hand(ledger: engine.Ledger, number: int) -> list[str]:
    """Players still in the game when hand `number` was dealt."""
    return [s.name for s in ledger.standings if s.out_after is None or s.out_after >= number]


def seat_order(ledger: engine.Ledger) -> dict[str, int]:
    return {name: i for i, name in enumerate(ledger.game.players)}


class HandReader(Protocol):
    """How a view reads its hand form into an engine hand, against the ledger a command decides
    on (the players in that hand, their seats, the rules, the deal): the command gets an engine
    hand, and the view's form is handed back with its errors and the engine's problems."""

    def read(self, ledger: engine.Ledger, number: int) -> engine.Hand | None:
        """The hand, or None when the post can't be read into one."""
        ...

    def refused(self, problems: tuple[engine.Problem, ...]) -> Any:
        """The form to show again (its errors and these problems beside its inputs), or None
        when the hand was read and the engine found no problem."""
        ...


def _checked(
    reader: HandReader | None,
    hand: engine.Hand | None,
    number: int,
    derive: Callable[[engine.Hand], engine.Ledger],
    ledger: engine.Ledger,
) -> tuple[engine.Hand, engine.Ledger]:
    """The hand the command was given, or its reader read, with the ledger it leaves; refused
    with the engine's problems (and the reader's form) when it can't be stored."""
    if reader is None:
        hand = hand or engine.Hand(void=True)
        after = derive(hand)
        if after.hand_problems(number):
            raise refused(after.hand_problems(number))
        return hand, after
    read = reader.read(ledger, number)
    after = derive(read) if read is not None else None
    problems = tuple(after.hand_problems(number)) if after is not None else ()
    entry = reader.refused(problems)
    if entry is not None or read is None or after is None:
        raise Refusal(Verdict.REFUSED, entry=entry, problems=problems)
    return read, after


@dataclass
class RecordHand(Command):
    """The next hand (or a void one): an engine hand, or the view's reader of its hand form."""

    number: int
    hand: engine.Hand | None = None
    reader: HandReader | None = None
    action = "record"

    def carrier(self) -> str:
        return "a" if self.reader is None else "f"

    def alike(self) -> Any:
        return self.number

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = self.number
        if not 1 <= number <= engine.MAX_HANDS and number != ledger.next_hand_number:
            # No game ever had, or will have, such a hand: not out of date, wrong (the one past
            # the most a game holds is told so by the engine).
            raise Refusal(Verdict.REFUSED, number_range(number))
        if number != ledger.next_hand_number:
            if 0 < number < ledger.next_hand_number:
                raise Refusal(Verdict.STALE, race_notice(number))
            raise Refusal(
                Verdict.STALE, gettext("That form was out of date: here is the table now.")
            )
        if not ledger.can_record_hand:
            raise Refusal(Verdict.STALE, why_no_hand(ledger))
        hand, after = _checked(
            self.reader, self.hand, number, lambda h: engine.extend(ledger, h), ledger
        )
        values = hand_event(ledger, number, hand)
        return HandChosen(values, after, number=number, hand=hand)

    def write(self, game: Game, ledger: engine.Ledger, decision: HandChosen) -> None:
        store.add_hand(game, decision.number, decision.hand)

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        assert isinstance(decision, HandChosen)
        hand = decision.hand
        if connection.vendor == "postgresql" and not hand.buy_ins:
            # One statement, one round trip: it stores nothing if the version moved.
            return store.record_in_one_statement(
                game,
                sent.version,
                decision.number,
                hand,
                sent,
                decision.values,
                self.fingerprint(),
            )
        return super().store(game, sent, ledger, decision)

    def stale_ok(self, since: list[Change]) -> bool:
        # Ticking a payment or setting the date changes no hand: the next hand is still the next.
        return all(c.action in ("paid", "date", "handle") for c in since)

    def stale_notice(self, since: list[Change]) -> str:
        # Unknown changes, or a hand number taken under us, are most likely another phone's hand.
        if not since or any(c.action == "record" for c in since):
            return race_notice(self.number)
        return super().stale_notice(since)

    def replay_notice(self, change: Change) -> str:
        return gettext("That hand was already recorded (sent twice): %(summary)s.") % {
            "summary": change.text
        }


def number_range(number: int) -> str:
    return gettext("A hand's number is 1 to %(most)s, not %(number)s.") % {
        "most": engine.MAX_HANDS,
        "number": number,
    }


def unchanged(notice: str) -> Refusal:
    """A command that would change nothing: answered as done, with no version and no history."""
    return Refusal(Verdict.UNCHANGED, notice)


def hand_event(ledger: engine.Ledger, number: int, hand: engine.Hand, key: str = "hand") -> dict:
    """A hand's history values: its number, the hand as the record writes it, the family whose
    words describe it."""
    return {
        "number": number,
        key: present.hand_values(hand),
        "family": ledger.game.rules.family,
    }


def void_ask(number: int) -> str:
    return gettext(
        "Values are typed for hand %(number)s: void it anyway (the stock ran out twice)? "
        "They will be thrown away."
    ) % {"number": number}


def race_notice(number: int) -> str:
    return gettext(
        "Hand %(number)s was just recorded by another phone (or a repeated tap): "
        "here is the table as it stands now."
    ) % {"number": number}


def why_no_hand(ledger: engine.Ledger) -> str:
    if ledger.awaiting_buy_ins:
        return gettext("%(name)s must decide about buying in before the next hand.") % {
            "name": ledger.awaiting_buy_ins[0]
        }
    if ledger.over:
        return gettext("The game is over: no more hands can be recorded.")
    return gettext("Some hands conflict: correct them on the score sheet before recording another.")


def answered() -> str:
    return gettext("That buy-in question was already answered: here is the table now.")


@dataclass
class BuyIn(Command):
    """The answer of the player asked to buy in after the last hand."""

    player: str
    number: int  # the hand after which the question was asked
    bought_in: bool | None  # None: an answer that is neither
    action = "buy-in"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = len(ledger.hands)
        asked = ledger.awaiting_buy_ins[0] if ledger.awaiting_buy_ins else None
        if self.player != asked or self.number != number or self.bought_in is None:
            raise Refusal(Verdict.STALE, answered())
        bought_in = self.bought_in
        hand = ledger.game.hands[-1].with_buy_ins({self.player: bought_in})
        after = engine.replay(ledger.game.with_hand_replaced(number, hand))
        if after.hand_problems(number):
            raise refused(after.hand_problems(number))
        values = {"number": number, "player": self.player, "bought_in": bought_in}
        return BuyInAnswered(values, after, number=number)

    def write(self, game: Game, ledger: engine.Ledger, decision: BuyInAnswered) -> None:
        store.add_decision(game, decision.number, self.player, bool(self.bought_in))

    def stale_notice(self, since: list[Change]) -> str:
        if any(c.action == "buy-in" for c in since):
            return answered()
        return super().stale_notice(since)


@dataclass
class Undo(Command):
    """Takes back the last hand, as the table page showed it."""

    number: int
    action = "undo"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = len(ledger.hands)
        if self.number != number or number == 0:
            raise Refusal(Verdict.STALE, not_undone())
        last = ledger.game.hands[-1]
        notice = gettext("Hand %(number)s undone — its values are back in the form.")
        if last.void:
            notice = gettext("Hand %(number)s (void) undone.")
        return HandTakenBack(
            hand_event(ledger, number, last),
            notice=notice % {"number": number},
            number=number,
            undone=last,
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: HandTakenBack) -> None:
        store.delete_hand(game, decision.number)

    def stale_notice(self, since: list[Change]) -> str:
        return not_undone() + " " + super().stale_notice(since)


def not_undone() -> str:
    return gettext("The last hand has changed since this page was loaded: nothing was undone.")


@dataclass
class EditHand(Command):
    """A corrected hand `number`: an engine hand, or the view's reader of the edit form; later
    hands are rechecked."""

    number: int
    reader: HandReader | None = None
    hand: engine.Hand | None = None
    action = "edit"

    def carrier(self) -> str:
        return "a" if self.reader is None else "f"

    def alike(self) -> Any:
        return self.number

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = self.number
        if not 1 <= number <= len(ledger.hands):
            raise Refusal(Verdict.MISSING, gettext("There is no such hand."))
        before = ledger.game.hands[number - 1]
        hand, after = _checked(
            self.reader,
            self.hand,
            number,
            lambda h: engine.replay(ledger.game.with_hand_replaced(number, h)),
            ledger,
        )
        values = hand_event(ledger, number, before, "before")
        values["after"] = present.hand_values(hand)
        later = sorted({p.hand for p in after.problems if p.hand and p.hand != number})
        if later:
            listed = ", ".join(str(n) for n in later)
            notice = gettext(
                "Hand %(number)s was saved. It conflicts with hand(s) %(listed)s: each is kept "
                "and explained on the score sheet; correct or delete them."
            ) % {"number": number, "listed": listed}
        else:
            notice = gettext("Hand %(number)s was saved and every later hand recomputed.") % {
                "number": number
            }
        return HandChosen(values, after, notice, bool(later), number=number, hand=hand)

    def write(self, game: Game, ledger: engine.Ledger, decision: HandChosen) -> None:
        store.replace_hand(game, self.number, decision.hand)


@dataclass
class DeleteHand(Command):
    """Deletes hand `number`; every later hand moves up one."""

    number: int
    action = "delete"

    def decide(self, ledger: engine.Ledger) -> Decision:
        if not 1 <= self.number <= len(ledger.hands):
            raise Refusal(Verdict.MISSING, gettext("There is no such hand."))
        gone = ledger.game.hands[self.number - 1]
        return Decision(
            hand_event(ledger, self.number, gone),
            notice=gettext("Hand %(number)s was deleted; later hands moved up one.")
            % {"number": self.number},
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.delete_hand(game, self.number)


SETTLES = ("refund", "split", "leader", "")  # "": the stop taken back


@dataclass
class Stop(Command):
    """Stops the game early with a refund, a split or (where the family has a leader) the
    leader taking the pot; or takes a stop back."""

    settle: str
    action = "stop"

    def decide(self, ledger: engine.Ledger) -> Decision:
        if self.settle not in SETTLES:
            raise Refusal(
                Verdict.REFUSED,
                gettext("Choose to refund the pool, to split it or to give it to the leader."),
            )
        if self.settle == (ledger.game.stopped or ""):
            if not self.settle:
                raise unchanged(gettext("The game isn't stopped: there is no stop to take back."))
            raise unchanged(gettext("The game was already stopped that way: nothing changed."))
        after = engine.replay(ledger.game.stopped_with(self.settle or None))
        fresh = [p for p in after.problems if p not in ledger.problems]
        if fresh:
            raise refused(fresh)
        values = {
            "settle": self.settle,
            "pot": present.family(ledger).pot_word,
            "staked": present.has_pot(after),
            "sharers": list(after.sharers),
        }
        return Decision(values, after)

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        game.stopped = self.settle
        game.save(update_fields=["stopped"])


@dataclass
class MarkPaid(Command):
    """Ticks and unticks settling-up transfers: what changed between the boxes as the page
    showed them (`was`) and as sent (`ticked`), so a stale page undoes no other phone's tick."""

    game: Game
    ticked: set[str]
    was: set[str] | None
    action = "paid"
    not_asked = ("game",)

    def decide(self, ledger: engine.Ledger) -> Decision:
        digits = ledger.money_digits
        owed = {present.transfer_key(t, digits): t for t in ledger.transfers}
        # Read under the same version as the ledger: every tick moves it.
        paid = set(self.game.paid_transfers.values_list("payer", "payee", "amount"))
        stored = {k for k, t in owed.items() if (t.payer, t.payee, t.amount) in paid}
        was = stored if self.was is None else self.was
        unknown = sorted((self.ticked ^ was) - owed.keys())
        if unknown:
            raise Refusal(Verdict.REFUSED, no_transfer(unknown[0]))
        to_pay = [owed[k] for k in owed if k in self.ticked - was and k not in stored]
        to_unpay = [owed[k] for k in owed if k in was - self.ticked and k in stored]
        if not to_pay and not to_unpay:
            raise unchanged("")  # ticked as it already was: no history, no new version
        values = {
            "pay": [_transfer(t, digits) for t in to_pay],
            "unpay": [_transfer(t, digits) for t in to_unpay],
            "currency": ledger.game.stakes.currency,
            "digits": digits,
        }
        return TicksChanged(values, ledger, pay=to_pay, unpay=to_unpay)

    def write(self, game: Game, ledger: engine.Ledger, decision: TicksChanged) -> None:
        for t in decision.pay:
            PaidTransfer.objects.create(game=game, payer=t.payer, payee=t.payee, amount=t.amount)
        for t in decision.unpay:
            PaidTransfer.objects.filter(
                game=game, payer=t.payer, payee=t.payee, amount=t.amount
            ).delete()

    def stale_ok(self, since: list[Change]) -> bool:
        # Only what this page changed is applied, to the transfers as they stand now.
        return self.was is not None


def no_transfer(key: str) -> str:
    payer, _, rest = key.partition(">")
    payee, _, amount = rest.partition(">")
    return gettext(
        "The settling up has no transfer of %(amount)s from %(payer)s to %(payee)s: nothing "
        "was marked. Tick the transfers the results list."
    ) % {"payer": payer, "payee": payee, "amount": amount}


def _transfer(t: engine.Transfer, digits: int) -> list[str]:
    return [t.payer, t.payee, format_amount(t.amount, digits)]


EARLIEST = datetime.date(1900, 1, 1)


@dataclass
class SetDate(Command):
    """The date the game was played (None: the form's date couldn't be read)."""

    day: datetime.date | None
    today: datetime.date
    action = "date"
    not_asked = ("today",)  # the same date sent again tomorrow is the same change

    def decide(self, ledger: engine.Ledger) -> Decision:
        day = self.day
        if day is None:
            raise Refusal(
                Verdict.REFUSED, gettext("Give the date the game was played, such as 2026-11-20.")
            )
        shown = {"day": present.day_text(day)}
        if not EARLIEST <= day <= self.today + datetime.timedelta(days=1):
            raise Refusal(
                Verdict.REFUSED,
                gettext("A game is played from 1900 to today, not on %(day)s.") % shown,
            )
        return DateChosen(
            {"day": day.isoformat()},
            ledger,
            notice=gettext("The game's date is now %(day)s.") % shown,
            day=day,
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: DateChosen) -> None:
        game.played_on = decision.day
        game.save(update_fields=["played_on"])

    def stale_ok(self, since: list[Change]) -> bool:
        # The date depends on no hand; only another phone's date since would be overwritten.
        return not any(c.action == "date" for c in since)


# Commands that make something: a game, house rules, a tournament's tables.


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


def _make(sent: Sent, command: Making) -> Outcome:
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
