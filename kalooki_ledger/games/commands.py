"""The write model: every change to a game is a command, applied by `apply` in one transaction.

A command names the version of the game it was made against (the version the page showed) and
carries an idempotency key made by that page. `apply` stores it when that version still stands
and moves the version on; answers the same receipt, changing nothing, when the key comes again;
and refuses it (409) when the game has changed since, unless the command is still safe to apply
(see `stale_ok`). Each stored command leaves one `Change`: the history line is its receipt.
"""

import datetime
import re
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils.dateformat import format as format_date
from django.utils.translation import gettext, gettext_lazy, ngettext

from kalooki_ledger import rules as engine

from . import present, store
from .forms import HandForm, keep_counted_cards
from .models import Change, Game, PaidTransfer

KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass(frozen=True)
class Sent:
    """What comes with every command: the version its page showed, its key, and who sent it."""

    version: int | None
    key: str
    who: str


@dataclass
class Decision:
    """A command checked against the ledger it applies to: what to write and what follows."""

    summary: str
    after: engine.Ledger | None = None
    notice: str = ""
    warning: bool = False
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    """What became of a command: applied, replayed (the same key again), refused or unchanged."""

    status: int
    notice: str = ""
    applied: bool = False
    replayed: bool = False
    warning: bool = False
    entry: HandForm | None = None  # a hand form refused, with its errors
    problems: tuple[engine.Problem, ...] = ()
    undone: engine.Hand | None = None  # the hand an undo took back, for the form to offer again


class Refusal(Exception):
    """A command that can't apply as sent; nothing of it is stored."""

    def __init__(
        self,
        status: int,
        notice: str = "",
        entry: HandForm | None = None,
        problems: tuple[engine.Problem, ...] = (),
    ):
        super().__init__(notice)
        self.outcome = Outcome(status, notice, entry=entry, problems=problems)


def refused(status: int, problems: list[engine.Problem]) -> Refusal:
    """A refusal in the engine's words, its problems kept as data (the API names each one)."""
    return Refusal(status, _problems(problems), problems=tuple(problems))


def parse_sent(post: Any, who: str) -> Sent:
    """The version and key a form carries; a key that isn't one is refused (400)."""
    try:
        version = int(post.get("version", ""))
    except ValueError:
        version = None
    key = post.get("key", "")
    if key and not KEY.fullmatch(key):
        raise Refusal(400, gettext("That form's key is damaged: reload the page and try again."))
    return Sent(version, key, who)


class Command:
    """One change to a game. Subclasses check it against a ledger (`decide`, pure) and write it
    (`write`); `stale_ok` says which changes since its version leave it safe to apply."""

    action = ""

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
        told = "; ".join(f"{c.summary} ({c.who})" for c in since[-3:])
        if len(since) > 3:
            told = gettext("%(told)s and %(n)s more") % {"told": told, "n": len(since) - 3}
        return gettext(
            "Nothing was saved: the game changed since this page was loaded — %(told)s. "
            "Here it is as it is now."
        ) % {"told": told}

    def replay_notice(self, change: Change) -> str:
        return gettext("That was already saved (sent twice): %(summary)s.") % {
            "summary": change.summary
        }

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        """Stores the command if `sent.version` still stands; False (nothing stored) if not."""
        with transaction.atomic():
            if not game.moved_on_from(sent.version):
                return False
            self.write(game, ledger, decision)
            receipt(game, sent, self.action, decision.summary)
        return True


def receipt(game: Game, sent: Sent, action: str, summary: str) -> Change:
    return Change.objects.create(
        game=game,
        who=sent.who,
        action=action,
        summary=summary[:500],
        key=sent.key,
        version=game.version,
    )


def apply(game: Game, sent: Sent, command: Command) -> Outcome:
    """Applies the command to the game, all or nothing, as the module's docstring says."""
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
            return Outcome(200, command.replay_notice(done), replayed=True)
        if sent.version != row.version:
            since = []
            if sent.version is not None:
                since = list(
                    Change.objects.filter(game=row, version__gt=sent.version).order_by("version")
                )
            known = sent.version is not None and len(since) == row.version - sent.version
            if not (known and command.stale_ok(since)):
                _refresh(game, row)
                return Outcome(409, command.stale_notice(since if known else []))
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
                receipt(row, sent, command.action, decision.summary)
        except IntegrityError:
            # A row written outside the commands (a hand number taken): nothing is stored.
            _refresh(game, Game.objects.get(pk=game.pk))
            return Outcome(409, command.stale_notice([]))
        _refresh(game, row)
    return _applied(game, decision)


def _refresh(game: Game, row: Game) -> None:
    """Brings the view's instance up to the row as it now stands."""
    game.version, game.updated, game.stopped = row.version, row.updated, row.stopped
    game._seat_ids = getattr(row, "_seat_ids", None) or getattr(game, "_seat_ids", None)


def _applied(game: Game, decision: Decision) -> Outcome:
    if decision.after is not None:
        game.keep_ledger(decision.after)
    return Outcome(
        200,
        decision.notice,
        applied=True,
        warning=decision.warning,
        undone=decision.data.get("undone"),
    )


def _problems(problems: list[engine.Problem]) -> str:
    return "; ".join(present.problem_text(p) for p in problems)


def in_hand(ledger: engine.Ledger, number: int) -> list[str]:
    """Players still in the game when hand `number` was dealt."""
    return [s.name for s in ledger.standings if s.out_after is None or s.out_after >= number]


def seat_order(ledger: engine.Ledger) -> dict[str, int]:
    return {name: i for i, name in enumerate(ledger.game.players)}


@dataclass
class RecordHand(Command):
    """The next hand (or a void one): an engine hand, or the hand form's post to read one from."""

    number: int
    hand: engine.Hand | None = None
    post: Any = None
    action = "record"

    @classmethod
    def posted(cls, post: Any) -> "RecordHand":
        try:
            number = int(post.get("number", ""))
        except ValueError:
            number = 0
        return cls(number, post=post)

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = self.number
        if number != ledger.next_hand_number:
            if 0 < number < ledger.next_hand_number:
                raise Refusal(409, race_notice(number))
            raise Refusal(409, gettext("That form was out of date: here is the table now."))
        if not ledger.can_record_hand:
            raise Refusal(409, why_no_hand(ledger))
        players = list(ledger.in_game())
        action = "" if self.post is None else self.post.get("action")
        if self.post is None or action == "void-anyway":
            hand = self.hand or engine.Hand(void=True)
            after = engine.extend(ledger, hand)
            if after.hand_problems(number):
                raise refused(422, after.hand_problems(number))
        else:
            form = HandForm(players, seat_order(ledger), ledger.game.rules, ledger.next_deal)
            read = form.read(self.post)
            if action == "void" and form.holds_values():
                form.add("void", void_ask(number))
                raise Refusal(422, entry=form)
            if read is not None:
                after = engine.extend(ledger, read)
                form.add_problems(after.hand_problems(number))
            if form.errors or read is None:
                raise Refusal(422, entry=form)
            hand = read
        summary = hand_summary(number, present.describe_hand(hand, present.family(ledger)))
        return Decision(summary, after, data={"number": number, "hand": hand})

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.add_hand(game, decision.data["number"], decision.data["hand"])

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        hand = decision.data["hand"]
        if connection.vendor == "postgresql" and not hand.buy_ins:
            # One statement, one round trip: it stores nothing if the version moved.
            return store.record_in_one_statement(
                game, sent.version, decision.data["number"], hand, sent, decision.summary[:500]
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
            "summary": change.summary
        }


def hand_summary(number: int, what: str) -> str:
    return gettext("Hand %(number)s: %(what)s") % {"number": number, "what": what}


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
    hand: str
    choice: str
    action = "buy-in"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = len(ledger.hands)
        asked = ledger.awaiting_buy_ins[0] if ledger.awaiting_buy_ins else None
        if self.player != asked or self.hand != str(number) or self.choice not in ("in", "out"):
            raise Refusal(409, answered())
        bought_in = self.choice == "in"
        hand = ledger.game.hands[-1].with_buy_ins({self.player: bought_in})
        after = engine.replay(ledger.game.with_hand_replaced(number, hand))
        if after.hand_problems(number):
            raise refused(422, after.hand_problems(number))
        what = gettext("%(name)s bought in") if bought_in else gettext("%(name)s dropped out")
        summary = hand_summary(number, what % {"name": self.player})
        return Decision(summary, after, data={"number": number})

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.add_decision(game, decision.data["number"], self.player, self.choice == "in")

    def stale_notice(self, since: list[Change]) -> str:
        if any(c.action == "buy-in" for c in since):
            return answered()
        return super().stale_notice(since)


@dataclass
class Undo(Command):
    """Takes back the last hand, as the table page showed it."""

    hand: str
    action = "undo"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = len(ledger.hands)
        if self.hand != str(number) or number == 0:
            raise Refusal(409, not_undone())
        last = ledger.game.hands[-1]
        notice = gettext("Hand %(number)s undone — its values are back in the form.")
        if last.void:
            notice = gettext("Hand %(number)s (void) undone.")
        return Decision(
            gettext("Undid hand %(number)s: %(what)s")
            % {"number": number, "what": present.describe_hand(last, present.family(ledger))},
            notice=notice % {"number": number},
            data={"number": number, "undone": last},
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.delete_hand(game, decision.data["number"])

    def stale_notice(self, since: list[Change]) -> str:
        return not_undone() + " " + super().stale_notice(since)


def not_undone() -> str:
    return gettext("The last hand has changed since this page was loaded: nothing was undone.")


@dataclass
class EditHand(Command):
    """A corrected hand `number`: an engine hand, or the edit form's post to read one from;
    later hands are rechecked."""

    number: int
    post: Any = None
    hand: engine.Hand | None = None
    action = "edit"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = self.number
        if not 1 <= number <= len(ledger.hands):
            raise Refusal(404, gettext("There is no such hand."))
        before = ledger.game.hands[number - 1]
        if self.post is None:
            hand = self.hand or engine.Hand(void=True)
            after = engine.replay(ledger.game.with_hand_replaced(number, hand))
            if after.hand_problems(number):
                raise refused(422, after.hand_problems(number))
        else:
            hand, after = self._read(ledger, before)
        family = present.family(ledger)
        summary = gettext("Edited hand %(number)s: was %(before)s; now %(after)s") % {
            "number": number,
            "before": present.describe_hand(before, family),
            "after": present.describe_hand(hand, family),
        }
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
        return Decision(summary, after, notice, bool(later), {"hand": hand})

    def _read(self, ledger: engine.Ledger, before: engine.Hand) -> tuple:
        """The hand in the edit form, kept as cards where its values still count to them."""
        number = self.number
        rules = ledger.game.rules
        deal = ledger.hands[number - 1].deal
        form = HandForm(in_hand(ledger, number), seat_order(ledger), rules, deal, decisions=True)
        hand, after = form.read(self.post), None
        if hand is not None:
            hand = form.hand = keep_counted_cards(hand, before, rules, form.held)
            after = engine.replay(ledger.game.with_hand_replaced(number, hand))
            form.add_problems(after.hand_problems(number))
        if form.errors or hand is None or after is None:
            raise Refusal(422, entry=form)
        return hand, after

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.replace_hand(game, self.number, decision.data["hand"])


@dataclass
class DeleteHand(Command):
    """Deletes hand `number`; every later hand moves up one."""

    number: int
    action = "delete"

    def decide(self, ledger: engine.Ledger) -> Decision:
        if not 1 <= self.number <= len(ledger.hands):
            raise Refusal(404, gettext("There is no such hand."))
        gone = ledger.game.hands[self.number - 1]
        return Decision(
            gettext("Deleted hand %(number)s: %(what)s")
            % {"number": self.number, "what": present.describe_hand(gone, present.family(ledger))},
            notice=gettext("Hand %(number)s was deleted; later hands moved up one.")
            % {"number": self.number},
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        store.delete_hand(game, self.number)


STOPS = {
    "refund": gettext_lazy("Stopped the game: the pool is refunded"),
    "split": gettext_lazy("Stopped the game: the pool is split among the players still in"),
    "leader": gettext_lazy("Stopped the game: the leader takes the pot"),
    "": gettext_lazy("Took back the stop: the game goes on"),
}
# Outside elimination the stakes make a pot, not a pool: the history says so too.
POT_STOPS = {
    "refund": gettext_lazy("Stopped the game: the pot is refunded"),
    "split": gettext_lazy("Stopped the game: the pot is split among the players"),
}


@dataclass
class Stop(Command):
    """Stops the game early with a refund, a split or (where the family has a leader) the
    leader taking the pot; or takes a stop back."""

    settle: str
    action = "stop"

    def decide(self, ledger: engine.Ledger) -> Decision:
        if self.settle not in STOPS:
            raise Refusal(
                422,
                gettext("Choose to refund the pool, to split it or to give it to the leader."),
            )
        after = engine.replay(ledger.game.stopped_with(self.settle or None))
        fresh = [p for p in after.problems if p not in ledger.problems]
        if fresh:
            raise refused(422, fresh)
        pot = present.family(ledger).pot_word == "pot"
        summary = str((POT_STOPS if pot else STOPS).get(self.settle, STOPS[self.settle]))
        names = {"names": gettext(" and ").join(after.sharers)}
        staked = present.has_pot(after)
        if self.settle == "leader" and staked:
            summary = (
                ngettext(
                    "Stopped the game: %(names)s takes the pot",
                    "Stopped the game: %(names)s share the pot",
                    len(after.sharers),
                )
                % names
            )
        elif self.settle == "leader":
            summary = (
                ngettext(
                    "Stopped the game with %(names)s in the lead",
                    "Stopped the game with %(names)s sharing the lead",
                    len(after.sharers),
                )
                % names
            )
        elif self.settle and not staked:
            summary = gettext("Stopped the game")
        return Decision(summary, after)

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

    def decide(self, ledger: engine.Ledger) -> Decision:
        digits = ledger.money_digits
        owed = {present.transfer_key(t, digits): t for t in ledger.transfers}
        # Read under the same version as the ledger: every tick moves it.
        paid = set(self.game.paid_transfers.values_list("payer", "payee", "amount"))
        stored = {k for k, t in owed.items() if (t.payer, t.payee, t.amount) in paid}
        was = stored if self.was is None else self.was
        to_pay = [owed[k] for k in owed if k in self.ticked - was and k not in stored]
        to_unpay = [owed[k] for k in owed if k in was - self.ticked and k in stored]
        if not to_pay and not to_unpay:
            raise Refusal(200)  # nothing changed: no history, no new version
        fmt = present.Money(ledger)
        paid_line = gettext("paid: %(payer)s pays %(payee)s %(amount)s")
        unpaid_line = gettext("not paid after all: %(payer)s pays %(payee)s %(amount)s")
        lines = [paid_line % _transfer(t, fmt) for t in to_pay]
        lines += [unpaid_line % _transfer(t, fmt) for t in to_unpay]
        summary = gettext("Marked %(lines)s") % {"lines": "; ".join(lines)}
        return Decision(summary, ledger, data={"pay": to_pay, "unpay": to_unpay})

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        for t in decision.data["pay"]:
            PaidTransfer.objects.create(game=game, payer=t.payer, payee=t.payee, amount=t.amount)
        for t in decision.data["unpay"]:
            PaidTransfer.objects.filter(
                game=game, payer=t.payer, payee=t.payee, amount=t.amount
            ).delete()

    def stale_ok(self, since: list[Change]) -> bool:
        # Only what this page changed is applied, to the transfers as they stand now.
        return self.was is not None


def _transfer(t: engine.Transfer, fmt: present.Money) -> dict[str, str]:
    return {"payer": t.payer, "payee": t.payee, "amount": fmt(t.amount)}


EARLIEST = datetime.date(1900, 1, 1)


@dataclass
class SetDate(Command):
    """The date the game was played, as the score sheet's form sends it (YYYY-MM-DD)."""

    raw: str
    today: datetime.date
    action = "date"

    def decide(self, ledger: engine.Ledger) -> Decision:
        try:
            day = datetime.date.fromisoformat(self.raw.strip())
        except ValueError:
            raise Refusal(
                422, gettext("Give the date the game was played, such as 2026-11-20.")
            ) from None
        shown = {"day": format_date(day, gettext("j M Y"))}
        if not EARLIEST <= day <= self.today + datetime.timedelta(days=1):
            raise Refusal(
                422, gettext("A game is played from 1900 to today, not on %(day)s.") % shown
            )
        return Decision(
            gettext("Set the date played: %(day)s") % shown,
            ledger,
            notice=gettext("The game's date is now %(day)s.") % shown,
            data={"day": day},
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: Decision) -> None:
        game.played_on = decision.data["day"]
        game.save(update_fields=["played_on"])

    def stale_ok(self, since: list[Change]) -> bool:
        # The date depends on no hand; only another phone's date since would be overwritten.
        return not any(c.action == "date" for c in since)
