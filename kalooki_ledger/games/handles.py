"""Payment handles: the command that sets or removes a player's handle, and the settle-up's pay
links built from the handles (games/present/paylinks.py has the services and their formats)."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from kalooki_ledger import rules as engine

from . import present
from .commands import Command, Decision, Refusal, Verdict, unchanged
from .models import Change, Game
from .present import paylinks


def handles_of(game: Game) -> dict[str, tuple[str, str]]:
    """Each player's (service, handle) by name, for the players who gave one."""
    return {name: (pair[0], pair[1]) for name, pair in (game.pay_handles or {}).items()}


def pay_link(
    transfer: engine.Transfer, handles: dict[str, tuple[str, str]], currency: str, title: str
) -> dict[str, str] | None:
    """The payee's pay link for one transfer (service name and URL), or None where the payee
    gave no handle or the service can't take this currency or amount exactly."""
    if transfer.payee not in handles:
        return None
    service, handle = handles[transfer.payee]
    url = paylinks.link(service, handle, transfer.amount, currency, title)
    if url is None:
        return None
    return {"service": paylinks.SERVICES[service].name, "url": url, "key": service}


def with_handles(
    ledger: engine.Ledger, handles: dict[str, tuple[str, str]], title: str, links: bool
) -> list[str]:
    """The settle-up's lines with each payee's handle (`links`: the pay link itself, for a text
    to send; else the handle as typed into the app, for paper), where the service can take it."""
    fmt = present.Money(ledger)
    currency = ledger.game.stakes.currency
    lines = []
    for t in ledger.transfers:
        line = present.transfer_line(t, fmt)
        pay = pay_link(t, handles, currency, title)
        if pay is not None:
            line += f" · {pay['url']}" if links else f" · {paylinks.shown(*handles[t.payee])}"
        lines.append(line)
    return lines


@dataclass(kw_only=True)
class HandleChosen(Decision):
    """A player's handle to keep, (service, handle), or None to remove it."""

    handle: tuple[str, str] | None


@dataclass
class SetHandle(Command):
    """Sets a player's payment handle for a service, or removes it (service "")."""

    game: Game
    player: str
    service: str
    raw: str
    action = "handle"
    not_asked = ("game",)

    def decide(self, ledger: engine.Ledger) -> Decision:
        if self.player not in ledger.game.players:
            raise Refusal(
                Verdict.REFUSED,
                gettext("There is no such player in this game: nothing changed."),
            )
        stored = handles_of(self.game).get(self.player)
        names = {"name": self.player}
        # The history keeps who and which service, never the handle: the sheet is for watchers.
        values = {"player": self.player, "service": ""}
        if not self.service:
            if stored is None:
                raise unchanged("")  # nothing to remove: no history, no new version
            return HandleChosen(
                values,
                ledger,
                notice=gettext("%(name)s's payment handle is removed.") % names,
                handle=None,
            )
        currency = ledger.game.stakes.currency
        found = paylinks.SERVICES.get(self.service)
        if found is None or currency not in found.currencies:
            allowed = ", ".join(s.name for s in paylinks.offered(currency))
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "That service can't take this game's money (%(currency)s): choose one of "
                    "%(allowed)s. Nothing was changed."
                )
                % {"currency": currency, "allowed": allowed or gettext("none")},
            )
        handle = paylinks.clean(self.service, self.raw)
        if not handle:
            raise Refusal(Verdict.REFUSED, f"{found.rule} " + gettext("Nothing was changed."))
        if stored == (self.service, handle):
            raise unchanged("")
        names["service"] = found.name
        return HandleChosen(
            {**values, "service": found.name},
            ledger,
            notice=gettext("%(name)s can now be paid by %(service)s from the settle-up.") % names,
            handle=(self.service, handle),
        )

    def write(self, game: Game, ledger: engine.Ledger, decision: HandleChosen) -> None:
        # Read afresh under the version just moved on: another player's handle stays.
        held = dict(Game.objects.values_list("pay_handles", flat=True).get(pk=game.pk) or {})
        if decision.handle is None:
            held.pop(self.player, None)
        else:
            held[self.player] = list(decision.handle)
        game.pay_handles = held
        game.save(update_fields=["pay_handles"])

    def stale_ok(self, since: list[Change]) -> bool:
        # A handle depends on no hand; only another handle change since would be overwritten.
        return not any(c.action == "handle" for c in since)


def form_rows(game: Game, currency: str, players: Iterable[str]) -> dict | None:
    """The scoring page's handles form: the services this currency allows and each player's
    handle; None where no service takes the game's money (chips, an unknown currency)."""
    return handle_rows(currency, players, handles_of(game))


def handle_rows(
    currency: str, names: Iterable[str], held: Mapping[str, Sequence[str]]
) -> dict | None:
    """The handle forms' rows (`games/_pay_handle_row.html`), a game's players' or a group's
    regulars': the services `currency` allows and each name's (service, handle) in `held`; None
    where no service takes the money."""
    services = paylinks.offered(currency)
    if not services:
        return None
    rows = []
    for name in names:
        service, handle = held.get(name, ("", ""))
        found = paylinks.SERVICES.get(service)
        rows.append(
            {
                "name": name,
                "service": service,
                "handle": handle,
                "shown": found.name if found else "",
            }
        )
    return {"services": services, "rows": rows}
