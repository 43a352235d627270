"""What a group remembers for every game of its nights: its stakes and rules, each regular's
pay handle and its time zone. Commands on the group (`Versioned`, through the games' `apply`),
and the handles given to a game of its nights (through the games' own `SetHandle`)."""

import hashlib
import zoneinfo
from dataclasses import dataclass

from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands
from kalooki_ledger.games.commands import Decision, Refusal, Sent, Verdict, Versioned, unchanged
from kalooki_ledger.games.handles import SetHandle, handles_of
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import paylinks
from kalooki_ledger.rules.money import format_amount

from .models import Group


def stakes_of(game: Game) -> dict[str, str]:
    """A game's stakes in the record's terms (as a group and house rules keep them)."""
    ledger = game.ledger()
    stakes = ledger.game.stakes
    return {k: format_amount(getattr(stakes, k), ledger.money_digits) for k in engine.STAKE_KEYS}


@dataclass
class Learning(commands.Read):
    """A game the group learns from, and the handles it was given."""

    game: Game
    handles: dict


@dataclass
class LearnFromGame(Versioned):
    """The group takes what a game of its nights was given: its stakes and rules when the group
    has none yet, and each player's pay handle."""

    game_id: int
    action = "group-learned"

    def load(self, group: Group, since: list) -> "Learning":
        game = Game.objects.get(pk=self.game_id)
        return Learning(group, since, game, handles_of(game))

    def decide(self, read: "Learning") -> Decision:
        group, game = read.row, read.game
        values: dict = {"title": str(game), "stakes": False, "handles": []}
        if not group.stakes and game.currency == group.currency:
            values["stakes"] = True
        held = {**(group.pay_handles or {})}
        for name, pair in read.handles.items():
            if held.get(name) != list(pair):
                values["handles"].append(name)
        if not values["stakes"] and not values["handles"]:
            raise unchanged("")
        return Decision(values)

    def write(self, read: "Learning", decision: Decision, sent: Sent) -> None:
        group, game = read.row, read.game
        fields = ["pay_handles"]
        if decision.values["stakes"]:
            group.stakes = stakes_of(game)
            group.preset, group.rule_overrides = game.preset, game.rule_overrides
            fields += ["stakes", "preset", "rule_overrides"]
        held = dict(group.pay_handles or {})
        for name, pair in read.handles.items():
            held[name] = list(pair)
        group.pay_handles = held
        group.save(update_fields=fields)

    def stale_ok(self, since: list) -> bool:
        return True  # it only adds what the game holds


@dataclass
class SetGroupHandle(Versioned):
    """A regular's pay handle kept by the group (service "" removes it), given to each new game
    of its nights."""

    player: str
    service: str
    raw: str
    action = "group-handle"

    def decide(self, read: commands.Read) -> Decision:
        group = read.row
        if self.player not in group.regulars:
            raise Refusal(Verdict.REFUSED, gettext("There is no such regular: nothing changed."))
        held = (group.pay_handles or {}).get(self.player)
        values = {"player": self.player, "service": ""}
        if not self.service:
            if held is None:
                raise unchanged("")
            return Decision(values, notice=gettext("The handle is removed."))
        found = paylinks.SERVICES.get(self.service)
        if found is None or group.currency not in found.currencies:
            allowed = ", ".join(s.name for s in paylinks.offered(group.currency))
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "That service can't take this group's money (%(currency)s): choose one of "
                    "%(allowed)s. Nothing was changed."
                )
                % {"currency": group.currency, "allowed": allowed or gettext("none")},
            )
        handle = paylinks.clean(self.service, self.raw)
        if not handle:
            raise Refusal(Verdict.REFUSED, f"{found.rule} " + gettext("Nothing was changed."))
        if held == [self.service, handle]:
            raise unchanged("")
        values["service"] = found.name
        notice = gettext("%(name)s can now be paid by %(service)s from the settle-up.") % {
            "name": self.player,
            "service": found.name,
        }
        # The history keeps who and which service, never the handle: the group's page is shared.
        return Decision(values, notice=notice)

    def write(self, read: commands.Read, decision: Decision, sent: Sent) -> None:
        group = read.row
        held = dict(group.pay_handles or {})
        if self.service:
            held[self.player] = [self.service, paylinks.clean(self.service, self.raw)]
        else:
            held.pop(self.player, None)
        group.pay_handles = held
        group.save(update_fields=["pay_handles"])

    def stale_ok(self, since: list) -> bool:
        # Only this regular's handle changed since would be overwritten unseen.
        return not any(
            c.action == "group-handle" and c.details.get("player") == self.player for c in since
        )


def zone_choices() -> list[str]:
    return sorted(zoneinfo.available_timezones())


@dataclass
class SetGroupZone(Versioned):
    """The group's time zone: its pages for a phone that has told none, and its files."""

    zone: str
    action = "group-zone"

    def decide(self, read: commands.Read) -> Decision:
        group = read.row
        if self.zone and self.zone not in zoneinfo.available_timezones():
            raise Refusal(
                Verdict.REFUSED,
                gettext(
                    "A time zone is one of the list, such as Europe/Stockholm or Europe/London: "
                    "nothing was changed."
                ),
            )
        if self.zone == group.time_zone:
            raise unchanged("")
        return Decision({"zone": self.zone})

    def write(self, read: commands.Read, decision: Decision, sent: Sent) -> None:
        read.row.time_zone = self.zone
        read.row.save(update_fields=["time_zone"])

    def stale_ok(self, since: list) -> bool:
        return True


def learn_from(group: Group, game: Game, sent: Sent) -> None:
    """The group takes a game's stakes (when it has none) and handles; nothing when it has them."""
    commands.apply(group, sent, LearnFromGame(game.pk))


def give_handles(group: Group, game: Game, who: str) -> None:
    """Each player's handle the group keeps, given to a new game of its nights where the game
    has none (through the game's own command: its history says so)."""
    have = handles_of(game)
    for name in game.ledger().game.players:
        pair = (group.pay_handles or {}).get(name)
        if pair is None or name in have:
            continue
        game.refresh_from_db(fields=["version", "pay_handles"])
        key = hashlib.sha256(f"{game.edit_token}:handle:{name}".encode()).hexdigest()[:32]
        command = SetHandle(game, name, pair[0], pair[1])
        commands.apply(game, Sent(game.version, key, who), command)
