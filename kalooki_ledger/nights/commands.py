"""Every change to a home group or a night is a command through the games' one `apply`
(`games.commands`): on a night or a group, `Versioned` (its version, its key, its history line;
409 when stale, 422 for a key used for another request); a new group or night, `Making` (a
receipt for its key)."""

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Max
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.commands import (
    Decision,
    Making,
    Read,
    Refusal,
    Sent,
    Verdict,
    Versioned,
    unchanged,
)
from kalooki_ledger.games.models import Game
from kalooki_ledger.rules.money import format_amount, minor_digits
from kalooki_ledger.rules.night import CARRIED, OPEN, WRITTEN_OFF, NightSettle, payment_amount

from .models import Group, Night, NightGameLink, NightPayment
from .record import group_json, import_night, night_json


def shown(row: Night | Group) -> dict:
    """What a night or a group shows (its record): the state its pages and ETags name."""
    return night_json(row) if isinstance(row, Night) else group_json(row)


class OnRow(Versioned):
    """A change to a night or a group: a state named at the current version is checked whole
    (its games may have taken hands since), on the row as locked."""

    def shown(self, row: Night | Group) -> dict:
        return shown(row)


@dataclass
class Money(Read):
    """A night's money as a command on it decides on it: its games locked (a hand corrected at
    the same moment is either seen here or waits until the change is stored), its settle-up
    and the places its amounts show."""

    settled: NightSettle
    digits: int

    @property
    def values(self) -> dict:
        """What every money line of the history keeps beside its amounts."""
        return {"currency": self.row.currency, "digits": self.digits}

    def balances(self, amounts: dict[str, Decimal]) -> dict[str, str]:
        return {p: format_amount(a, self.digits) for p, a in amounts.items() if a != 0}


def _money(night: Night, since: list) -> Money:
    games = _lock_games(night)
    return Money(night, since, night.settle(games), night.digits(games))


def _closed_refusal(night: Night) -> Refusal:
    return Refusal(
        Verdict.REFUSED,
        gettext(
            "This night's money is closed (what was left unpaid was carried on or written "
            "off): start a new night for more games or payments."
        ),
    )


def _lock_games(night: Night) -> list[Game]:
    """The night's games, their rows locked while a night's money is decided."""
    ids = list(night.night_games.values_list("game_id", flat=True))
    list(Game.objects.select_for_update().filter(pk__in=ids).values_list("pk", flat=True))
    return night.games()


@dataclass
class StartGroup(Making):
    """A new home group: its name, its currency and stakes (the record's terms), its regulars."""

    name: str
    currency: str = "units"
    regulars: list[str] = field(default_factory=list)
    preset: str = engine.DEFAULT_PRESET
    stakes: dict = field(default_factory=dict)
    rule_overrides: dict = field(default_factory=dict)
    scope = "start-group"

    def make(self, sent: Sent) -> str:
        group = Group.objects.create(
            name=self.name,
            currency=self.currency,
            regulars=self.regulars,
            preset=self.preset,
            rule_overrides=self.rule_overrides,
            stakes=self.stakes,
        )
        group.add_line(sent, "start-group", {"name": self.name}, "")
        return group.edit_token

    def found(self, made: str) -> Group:
        return Group.objects.get(edit_token=made)


@dataclass
class StartNight(Making):
    """A new night of the group, the next by number, in the group's currency."""

    group_id: int
    scope = "start-night"

    def make(self, sent: Sent) -> str:
        group = Group.objects.select_for_update().get(pk=self.group_id)
        number = (group.nights.aggregate(most=Max("number"))["most"] or 0) + 1
        night = Night.objects.create(group=group, number=number, currency=group.currency)
        night.add_line(sent, "start-night", {"number": number}, "")
        return night.edit_token

    def found(self, made: str) -> Night:
        return Night.objects.get(edit_token=made)


def currency_refusal(game: Game, night: Night) -> str:
    return gettext(
        "This game is played in %(game)s and the night settles in %(night)s: a night settles "
        "in one currency, so a game in another can't join it."
    ) % {
        "game": present.currency_unit(game.currency),
        "night": present.currency_unit(night.currency),
    }


def settled_with_night(sender: object, game: Game, **kwargs: object) -> str | None:
    """Why a game of a night takes no tick on its own page (games.signals.settled_elsewhere)."""
    link = NightGameLink.objects.filter(game=game).select_related("night__group").first()
    if link is None:
        return None
    return gettext(
        "This game's money is settled with its night (%(night)s): tick the payments on the "
        "night's page, so nobody is asked for the same money twice."
    ) % {"night": str(link.night)}


@dataclass
class Joining(Read):
    """A game a night would take: its row (locked), the night it is in, if any, and whether
    any of its transfers were ticked paid on its own page."""

    game: Game | None
    link: NightGameLink | None
    ticked: bool


@dataclass
class AddGame(OnRow):
    """A game of the scorer's added to the night (Play again adds the new game too)."""

    game_id: int
    action = "add-game"

    def load(self, night: Night, since: list) -> "Joining":
        # The game's row locked: another night adding it at the same instant waits, then finds
        # it taken (422); a tick on its page waits too, then is refused (settled_elsewhere).
        game = Game.objects.select_for_update().filter(pk=self.game_id).first()
        links = NightGameLink.objects.filter(game_id=self.game_id).select_related("night__group")
        ticked = game is not None and game.paid_transfers.exists()
        return Joining(night, since, game, links.first(), ticked)

    def decide(self, read: "Joining") -> Decision:
        night, game, link = read.row, read.game, read.link
        if game is None:
            raise Refusal(Verdict.MISSING, gettext("There is no such game."))
        if night.closed:
            raise _closed_refusal(night)
        if link is not None and link.night_id == night.pk:
            raise unchanged(gettext("That game is already in this night."))
        if link is not None:
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "That game is already in another night (%(night)s): take it out of that "
                    "night first, so its money is settled once."
                )
                % {"night": str(link.night)},
            )
        if game.currency != night.currency:
            raise Refusal(Verdict.REFUSED, currency_refusal(game, night))
        if read.ticked:
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "Some of this game's transfers were already ticked as paid on its own page, "
                    "so the night would ask for that money again: untick them on the game's "
                    "page first, or let this game settle on its own."
                ),
            )
        return Decision({"title": str(game), "game": game.pk})

    def write(self, read: Read, decision: Decision, sent: Sent) -> None:
        night = read.row
        last = night.night_games.aggregate(most=Max("position"))["most"]
        NightGameLink.objects.create(
            night=night, game_id=self.game_id, position=0 if last is None else last + 1
        )

    def stale_ok(self, since: list) -> bool:
        return True  # adding a game depends on no other change of the night


@dataclass
class Leaving(Read):
    """A game leaving a night: its link to the night, if it is in it, and whether the night
    has payments."""

    link: NightGameLink | None
    paid: bool


@dataclass
class TakeOutGame(OnRow):
    """A game taken out of the night: its money settles on its own again."""

    game_id: int
    action = "take-out"

    def load(self, night: Night, since: list) -> "Leaving":
        link = night.night_games.filter(game_id=self.game_id).select_related("game").first()
        return Leaving(night, since, link, night.night_payments.exists())

    def decide(self, read: "Leaving") -> Decision:
        night, link = read.row, read.link
        if link is None:
            raise unchanged(gettext("That game isn't in this night."))
        if night.closed:
            raise _closed_refusal(night)
        if read.paid:  # they were paid against this game's money too
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "This night has payments, made against this game's money too: take the "
                    "payments back first, or the game would ask for that money again."
                ),
            )
        return Decision({"title": str(link.game), "game": self.game_id})

    def write(self, read: Read, decision: Decision, sent: Sent) -> None:
        read.row.night_games.filter(game_id=self.game_id).delete()


@dataclass
class RecordPayment(OnRow):
    """Money handed over: who paid whom, how much, when. `ticked`: sent by ticking a transfer
    of the settle-up as the page showed it, which must still be one of the transfers (a hand
    corrected since may have changed them: refused with 409 and the night as it is now)."""

    payer: str
    payee: str
    amount: Decimal
    when: datetime.datetime | None = None
    ticked: bool = True
    action = "payment"

    def load(self, night: Night, since: list) -> Money:
        return _money(night, since)

    def decide(self, read: Money) -> Decision:
        night, since, settled = read.row, read.since, read.settled
        if night.closed:
            raise _closed_refusal(night)
        try:
            amount = payment_amount(self.amount, night.currency)
        except engine.RecordError as error:
            raise Refusal(Verdict.REFUSED, capfirst(present.problem_text(error.problem))) from None
        if self.payer == self.payee or not {self.payer, self.payee} <= set(settled.players):
            raise Refusal(
                Verdict.REFUSED,
                gettext("A payment is from one of the night's players to another."),
            )
        digits = minor_digits(night.currency)
        asked = (self.payer, self.payee, amount)
        if self.ticked and asked not in {(t.payer, t.payee, t.amount) for t in settled.transfers}:
            if any(
                c.action == "payment"
                and (c.details.get("payer"), c.details.get("payee")) == asked[:2]
                and Decimal(c.details.get("amount", "0")) == amount
                for c in since
            ):
                raise unchanged(gettext("Another phone already marked that payment."))
            raise Refusal(
                Verdict.STALE,
                gettext(
                    "Nothing was saved: the night's settle-up changed since this page was "
                    "loaded (a game was corrected or paid). Here it is as it is now."
                ),
            )
        values = {
            "payer": self.payer,
            "payee": self.payee,
            "amount": format_amount(amount, digits),
            **read.values,
        }
        return Decision(values)

    def write(self, read: Read, decision: Decision, sent: Sent) -> None:
        NightPayment.objects.create(
            night=read.row,
            payer=self.payer,
            payee=self.payee,
            amount=Decimal(decision.values["amount"]),
            at=self.when or timezone.now(),
            who=sent.who,
        )

    def stale_ok(self, since: list) -> bool:
        return True  # checked against the transfers as they now stand (decide)


@dataclass
class Unpaying(Read):
    """A payment to take back, if the night still has it, and the places its amount shows."""

    payment: NightPayment | None
    digits: int


@dataclass
class TakeBackPayment(OnRow):
    """A payment ticked by mistake, taken back (the tick undone); its history line stays."""

    payment_id: int
    action = "unpay"

    def load(self, night: Night, since: list) -> "Unpaying":
        payment = night.night_payments.filter(pk=self.payment_id).first()
        return Unpaying(night, since, payment, night.digits())

    def decide(self, read: "Unpaying") -> Decision:
        night, payment = read.row, read.payment
        if night.closed:
            raise _closed_refusal(night)
        if payment is None:
            raise unchanged(gettext("That payment was already taken back."))
        values = {
            "payer": payment.payer,
            "payee": payment.payee,
            "amount": format_amount(payment.amount, read.digits),
            "currency": night.currency,
            "digits": read.digits,
        }
        return Decision(values)

    def write(self, read: Read, decision: Decision, sent: Sent) -> None:
        read.row.night_payments.filter(pk=self.payment_id).delete()

    def stale_ok(self, since: list) -> bool:
        return True


def _added(digits: int, held: dict, amounts: dict[str, str]) -> dict[str, str]:
    """`held` ({name: "amount"}) with `amounts` added, as the record writes amounts."""
    total = {p: Decimal(v) for p, v in held.items()}
    for p, v in amounts.items():
        total[p] = total.get(p, Decimal(0)) + Decimal(v)
    return {p: format_amount(v, digits) for p, v in total.items() if v != 0}


def _still_to_close(read: Money, how: str) -> dict[str, str]:
    """What this close would carry or write off, as the history writes it: what is left unpaid,
    or, on a night closed already, the difference a hand corrected since has made (closed the
    same way again)."""
    night, settled = read.row, read.settled
    if night.closed and night.closed != how:
        carried = night.closed == CARRIED
        raise Refusal(
            Verdict.REFUSED,
            gettext("This night's money was carried on: carry the difference on too.")
            if carried
            else gettext("This night's money was written off: write the difference off too."),
        )
    if settled.playing:
        raise Refusal(
            Verdict.REFUSED,
            gettext(
                "A game of this night is still being played: finish or stop it before the "
                "night's money is carried on or written off."
            ),
        )
    owed = read.balances(settled.owed)
    if night.closed and not owed:
        raise unchanged(gettext("This night's money was already carried on or written off."))
    return owed


@dataclass
class Carrying(Money):
    """Where a carry goes: the group's first open night after this one (None: a new night, the
    group's next by number), both rows locked."""

    following: Night | None
    group: Group
    last: int


def _carrying(night: Night, since: list) -> Carrying:
    """The night's money and where it would carry. Rows are locked in one order: the night's
    games, the later nights by number, then the group's row, so a write-off of the following
    night at the same moment is seen here or waits until the carry is stored."""
    money = _money(night, since)
    later = Night.objects.select_for_update().filter(
        group_id=night.group_id, number__gt=night.number, closed=OPEN
    )
    following = later.order_by("number").first()
    group = Group.objects.select_for_update().get(pk=night.group_id)
    last = group.nights.aggregate(most=Max("number"))["most"] or 0
    return Carrying(night, since, money.settled, money.digits, following, group, last)


@dataclass
class CarryOver(OnRow):
    """What is left unpaid carried into the group's next open night as its opening balances
    (a new night is started when there is none); never into a night already closed. On a night
    carried already, the difference a corrected hand made is carried on the same way."""

    action = "carry"

    def load(self, night: Night, since: list) -> Carrying:
        return _carrying(night, since)

    def decide(self, read: Carrying) -> Decision:
        owed = _still_to_close(read, CARRIED)
        number = read.last + 1 if read.following is None else read.following.number
        values = {"to": number, "balances": owed, **read.values}
        return Decision(values, notice=gettext("Carried into night %(n)s.") % {"n": number})

    def write(self, read: Carrying, decision: Decision, sent: Sent) -> None:
        night, following, digits = read.row, read.following, read.digits
        balances = decision.values["balances"]
        if following is None:
            following = Night.objects.create(
                group=read.group, number=decision.values["to"], currency=night.currency
            )
        following.opening = _added(digits, following.opening, balances)
        following.version += 1
        following.save(update_fields=["opening", "version"])
        line = {"from": night.number, "balances": balances, **read.values}
        following.add_line(Sent(None, "", sent.who), "carried-in", line, "")
        night.closing = _added(digits, night.closing, balances)
        night.closed, night.carried_to = CARRIED, following
        night.save(update_fields=["closed", "closing", "carried_to"])


@dataclass
class WriteOff(OnRow):
    """What is left unpaid written off by the scorer: never dropped in silence. On a night
    written off already, the difference a corrected hand made is written off the same way."""

    action = "write-off"

    def load(self, night: Night, since: list) -> Money:
        return _money(night, since)

    def decide(self, read: Money) -> Decision:
        return Decision({"balances": _still_to_close(read, WRITTEN_OFF), **read.values})

    def write(self, read: Money, decision: Decision, sent: Sent) -> None:
        night = read.row
        night.closing = _added(read.digits, night.closing, decision.values["balances"])
        night.closed = WRITTEN_OFF
        night.save(update_fields=["closed", "closing"])


@dataclass
class AddRegular(OnRow):
    """A regular player of the group, typed once and offered for every new game."""

    name: str
    action = "regular"

    def decide(self, read: Read) -> Decision:
        group = read.row
        name, problem = engine.name_problem(self.name)
        if problem is not None:
            raise Refusal(Verdict.REFUSED, present.problem_text(problem))
        if engine.name_key(name) in {engine.name_key(n) for n in group.regulars}:
            raise unchanged(gettext("%(name)s is already a regular.") % {"name": name})
        return Decision({"name": name})

    def write(self, read: Read, decision: Decision, sent: Sent) -> None:
        group = read.row
        group.regulars = [*group.regulars, decision.values["name"]]
        group.save(update_fields=["regulars"])

    def stale_ok(self, since: list) -> bool:
        return True


@dataclass
class ImportNight(Making):
    """A night's JSON record imported as a new night of a new group (or of `group_id`): once
    per key, like any import."""

    data: dict
    who: str = ""
    group_id: int | None = None
    scope = "import-night"

    def asked(self) -> object:
        return [self.data, self.group_id]

    def make(self, sent: Sent) -> str:
        group = None if self.group_id is None else Group.objects.get(pk=self.group_id)
        return import_night(self.data, sent.who, group).edit_token

    def found(self, made: str) -> Night:
        return Night.objects.get(edit_token=made)
