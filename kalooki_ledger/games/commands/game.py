"""The commands on a game's end and record: stop it, tick what was paid, set its date."""

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount

from .. import present, signals
from ..models import Change, Game, PaidTransfer
from .base import (
    Command,
    DateChosen,
    Decision,
    Refusal,
    Sent,
    TicksChanged,
    Verdict,
    refused,
    unchanged,
)

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
        if self.settle and ledger.problems:
            raise Refusal(Verdict.REFUSED, unresolved(ledger, stopping=True))
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


def settled_elsewhere(game: Game) -> str | None:
    """Why the game's own ticks are refused (it is settled elsewhere), or None."""
    return next(iter(signals.answers(signals.settled_elsewhere, game=game)), None)


class _SettledSince(Exception):
    """A tick decided before a night took the game: nothing of it is stored."""


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
        why = settled_elsewhere(self.game)
        if why:  # its money is asked once, where it is settled
            raise Refusal(Verdict.REFUSED, why)
        if ledger.problems:
            raise Refusal(Verdict.REFUSED, unresolved(ledger, stopping=False))
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

    def store(self, game: Game, sent: Sent, ledger: engine.Ledger, decision: Decision) -> bool:
        try:
            return super().store(game, sent, ledger, decision)
        except _SettledSince:
            return False  # nothing stored: the locked way decides again, and refuses

    def write(self, game: Game, ledger: engine.Ledger, decision: TicksChanged) -> None:
        # Asked again under the row's lock: a night that took the game since it was decided.
        if decision.pay and settled_elsewhere(game):
            raise _SettledSince
        for t in decision.pay:
            PaidTransfer.objects.create(game=game, payer=t.payer, payee=t.payee, amount=t.amount)
        for t in decision.unpay:
            PaidTransfer.objects.filter(
                game=game, payer=t.payer, payee=t.payee, amount=t.amount
            ).delete()

    def stale_ok(self, since: list[Change]) -> bool:
        # Only what this page changed is applied, to the transfers as they stand now.
        return self.was is not None


def unresolved(ledger: engine.Ledger, stopping: bool) -> str:
    """Why a game whose hands don't fit can't be stopped or settled yet (nothing changed)."""
    numbers = sorted({p.hand for p in ledger.problems if p.hand})
    hands = ", ".join(str(n) for n in numbers)
    if not numbers:  # the game's own problem, no hand's
        text = (
            gettext("The game can't be stopped while its record has a problem: %(problem)s")
            if stopping
            else gettext("Nothing can be marked paid while the record has a problem: %(problem)s")
        )
        return text % {"problem": present.problem_text(ledger.problems[0])}
    if stopping:
        text = ngettext(
            "The game can't be stopped while hand %(hands)s doesn't fit the hands before it: "
            "correct or delete it on the score sheet first. Nothing was changed.",
            "The game can't be stopped while hands %(hands)s don't fit the hands before them: "
            "correct or delete them on the score sheet first. Nothing was changed.",
            len(numbers),
        )
    else:
        text = ngettext(
            "Nothing can be marked paid while hand %(hands)s doesn't fit the hands before it: "
            "correct or delete it on the score sheet first (what is owed may change). Nothing "
            "was changed.",
            "Nothing can be marked paid while hands %(hands)s don't fit the hands before them: "
            "correct or delete them on the score sheet first (what is owed may change). Nothing "
            "was changed.",
            len(numbers),
        )
    return text % {"hands": hands}


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
