"""The hand commands: record the next hand, answer a buy-in, undo, correct or delete a hand."""

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass
from typing import Any

from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from .. import store
from ..models import Change, Game
from .base import (
    BuyInAnswered,
    Command,
    Decision,
    HandChosen,
    HandTakenBack,
    Refusal,
    Sent,
    Verdict,
    refused,
)


def _checked(
    command: "HandCommand",
    number: int,
    derive: Callable[[engine.Hand], engine.Ledger],
) -> tuple[engine.Hand, engine.Ledger]:
    """The hand the command was given (its engine hand, or the one the view read from its form),
    with the ledger it leaves; refused with the engine's problems (and the view's form, to show
    again with them) when it can't be stored."""
    if command.reader is None:
        hand = command.hand or engine.Hand(void=True)
        after = derive(hand)
        if after.hand_problems(number):
            raise refused(after.hand_problems(number))
        return hand, after
    read = command.read
    after = derive(read) if read is not None else None
    problems = tuple(after.hand_problems(number)) if after is not None else ()
    if read is None or after is None or problems or command.misread:
        raise Refusal(Verdict.REFUSED, entry=command.form, problems=problems)
    return read, after


# What a page's form hands a hand command besides what its key asked: the hand the view read
# from the form (None: none could be read), whether some input could not be read (`misread`: its
# error is on the form, told with the engine's problems), and the form, to show again if refused.
FORM_READ = ("read", "misread", "form")


@dataclass
class HandCommand(Command):
    """Hand `number` as an engine hand (the API's), or as a page's form posted (`reader`) with
    the hand the view read from it (`read`, `form`: see FORM_READ)."""

    number: int
    hand: engine.Hand | None = None
    _: KW_ONLY
    reader: Any = None  # posted.PostedHand: what a form's key asked (the name it is hashed by)
    read: engine.Hand | None = None
    misread: bool = False
    form: Any = None
    not_asked = FORM_READ

    def carrier(self) -> str:
        return "a" if self.reader is None else "f"

    def alike(self) -> Any:
        return self.number


@dataclass
class RecordHand(HandCommand):
    """The next hand (or a void one)."""

    action = "record"

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
        hand, after = _checked(self, number, lambda h: engine.extend(ledger, h))
        values = hand_event(ledger, number, hand)
        return HandChosen(values, after, number=number, hand=hand)

    def write(self, game: Game, ledger: engine.Ledger, decision: HandChosen) -> None:
        store.add_hand(game, decision.number, decision.hand)

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        # One call to the store: the hand, its history line, the version and the ledger it leaves.
        assert isinstance(decision, HandChosen)
        return store.record_hand(
            game,
            sent,
            store.Line(self.action, decision.values, self.fingerprint()),
            decision.number,
            decision.hand,
            decision.after,
        )

    def stale_ok(self, since: list[Change]) -> bool:
        # Ticking a payment or setting the date changes no hand: the next hand is still the next.
        return changes_no_hand(since)

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


def hand_event(ledger: engine.Ledger, number: int, hand: engine.Hand, key: str = "hand") -> dict:
    """A hand's history values: its number, the hand as the record writes it, the family whose
    words describe it."""
    return {
        "number": number,
        key: engine.record.hand_to_json(hand),  # the record's JSON form of a hand
        "family": ledger.game.rules.family,
    }


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

    def stale_ok(self, since: list[Change]) -> bool:
        return changes_no_hand(since)  # the question asked after the last hand still stands

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

    def stale_ok(self, since: list[Change]) -> bool:
        return changes_no_hand(since)  # the last hand is still the one the page showed

    def stale_notice(self, since: list[Change]) -> str:
        return not_undone() + " " + super().stale_notice(since)


def changes_no_hand(since: list[Change]) -> bool:
    """Whether the changes since a command's state touched no hand (a payment, the date, a
    handle): a command on the hands is still made on the hands the page showed."""
    return all(c.action in ("paid", "date", "handle") for c in since)


def not_undone() -> str:
    return gettext("The last hand has changed since this page was loaded: nothing was undone.")


@dataclass
class EditHand(HandCommand):
    """A corrected hand `number`; the hands after it are rechecked."""

    action = "edit"

    def decide(self, ledger: engine.Ledger) -> Decision:
        number = self.number
        if not 1 <= number <= len(ledger.hands):
            raise Refusal(Verdict.MISSING, gettext("There is no such hand."))
        before = ledger.game.hands[number - 1]
        hand, after = _checked(
            self, number, lambda h: engine.replay(ledger.game.with_hand_replaced(number, h))
        )
        values = hand_event(ledger, number, before, "before")
        values["after"] = engine.record.hand_to_json(hand)
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
