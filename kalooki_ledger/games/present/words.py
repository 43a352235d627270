"""The words of a game, from the engine's ledger: where it stands, its result, its hands, the
standings rows. Every status line of every page is written here, in the active language: each
sentence is one message with named placeholders; the family's words are translated as shown."""

import datetime
from dataclasses import dataclass

from django.utils.dateformat import format as format_date
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from kalooki_ledger import rules as engine

from .families import words_of
from .money import Money


def family(ledger: engine.Ledger) -> engine.Family:
    return engine.family_of(ledger.game.rules.family)


def joined(names: tuple[str, ...] | list[str]) -> str:
    """Names in a phrase, as the reader's language lists them: "Ann", "Ann and Bo",
    "Ann, Bo and Cy" ("Ann, Bo och Cy")."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return pgettext("a list of names", "%(first)s and %(last)s") % {
        "first": ", ".join(names[:-1]),
        "last": names[-1],
    }


def untitled_name(names: list[str], when: datetime.date | None, number: int | None) -> str:
    """An untitled game by its players and date, written when shown (its title stays empty):
    "Andy, Mark and John · 20 Nov 2026"."""
    if not names:
        return gettext("Game %(number)s") % {"number": number}
    if when is None:
        return joined(names)
    return gettext("%(players)s · %(day)s") % {
        "players": joined(names),
        "day": format_date(when, gettext("j M Y")),
    }


@dataclass(frozen=True)
class Row:
    name: str
    seat: int
    total: int
    room: int | None
    buy_ins: int
    allowed: str
    out: bool
    awaiting: bool
    net: str
    dealer: bool
    leads: bool = False


STATUS = {
    "in-progress": gettext_lazy("being played"),
    "awaiting-buy-ins": gettext_lazy("awaiting buy-in decisions"),
    "finished": gettext_lazy("finished"),
    "stopped": gettext_lazy("stopped early"),
}


def status_text(ledger: engine.Ledger) -> str:
    """Where the game stands, in a few words: "being played", "John won", "a tie between …"."""
    if ledger.winner:
        return gettext("%(winner)s won") % {"winner": ledger.winner}
    if ledger.status == "finished" and ledger.sharers:
        return gettext("a tie between %(names)s") % {"names": joined(ledger.sharers)}
    return str(STATUS[ledger.status])


def pot_word(ledger: engine.Ledger) -> str:
    """What the stakes put in are called: the pool of elimination, the pot everywhere else."""
    return gettext(family(ledger).pot_word)


def has_pot(ledger: engine.Ledger) -> bool:
    """Whether a pool or pot is told: the family has a pool, or a pot was staked."""
    return bool(family(ledger).eliminates or ledger.game.stakes.initial)


def _the_pot(ledger: engine.Ledger, fmt: Money) -> str:
    """ "the pool of £25.00", "the pot of £3.00", as the family names it."""
    return str(words_of(ledger.game.rules.family).the_pot) % {"amount": fmt(ledger.pool)}


def _outcome(ledger: engine.Ledger, fmt: Money, result: bool = False) -> str:
    """A game over, in a phrase: "John wins the pool of 25", "the pot of £3.00 refunded"."""
    pot = _the_pot(ledger, fmt) if has_pot(ledger) else ""
    names = joined(ledger.sharers)
    if ledger.status == "finished":
        if ledger.winner and pot:
            return gettext("%(winner)s wins %(pot)s") % {"winner": ledger.winner, "pot": pot}
        if ledger.winner:
            return gettext("%(winner)s wins") % {"winner": ledger.winner}
        # The result line says what a tie without a pot shares; the status line needs not.
        if pot:
            text = gettext("a tie: %(names)s share %(pot)s") % {"names": names, "pot": pot}
        elif result:
            text = gettext("a tie: %(names)s share the best total") % {"names": names}
        else:
            text = gettext("a tie: %(names)s share") % {"names": names}
        return text[:1].upper() + text[1:] if result else text
    if not has_pot(ledger):
        # No pot was staked: a stop hands nothing over, so only a leader is told.
        if ledger.game.stopped != "leader":
            return ""
        return ngettext(
            "%(names)s in the lead", "%(names)s sharing the lead", len(ledger.sharers)
        ) % {"names": names}
    pot = _the_pot(ledger, fmt)
    if ledger.game.stopped == "leader":
        return ngettext(
            "%(pot)s taken by the leader, %(names)s",
            "%(pot)s taken by the leaders, %(names)s",
            len(ledger.sharers),
        ) % {"pot": pot, "names": names}
    if ledger.game.stopped == "refund":
        return gettext("%(pot)s refunded") % {"pot": pot}
    return gettext("%(pot)s split equally among the players still in") % {"pot": pot}


def status_line(ledger: engine.Ledger) -> str:
    """The printed sheet's status: "Finished: John wins the pool of 25", "Being played: …"."""
    state = str(STATUS[ledger.status])
    state = state[:1].upper() + state[1:]
    if ledger.over and not _outcome(ledger, Money(ledger)):
        text = state
    elif ledger.over:
        text = gettext("%(state)s: %(outcome)s") % {
            "state": state,
            "outcome": _outcome(ledger, Money(ledger)),
        }
    elif ledger.status == "awaiting-buy-ins":
        text = gettext("%(state)s: %(names)s") % {
            "state": state,
            "names": joined(ledger.awaiting_buy_ins),
        }
    elif ledger.dealer:
        text = gettext("%(state)s: %(dealer)s deals hand %(number)s") % {
            "state": state,
            "dealer": ledger.dealer,
            "number": ledger.next_hand_number,
        }
    else:
        text = state
    if ledger.problems:
        text = gettext("%(text)s; %(count)s problem(s) to resolve") % {
            "text": text,
            "count": len(ledger.problems),
        }
    return text


@dataclass(frozen=True)
class Line:
    """A sentence with the names it is about apart, so that a page can set them in bold."""

    before: str
    names: str = ""
    after: str = ""

    def __str__(self) -> str:
        return f"{self.before}{self.names}{self.after}"


def _line(sentence: str, names: str, **values: object) -> Line:
    """A translated sentence with a %(names)s placeholder, cut around the names."""
    marker = "\x00"
    before, _, after = (sentence % {**values, "names": marker}).partition(marker)
    return Line(before, names, after)


def board_line(ledger: engine.Ledger) -> Line:
    """The table's status above the standings: who deals, who must decide, who won."""
    if ledger.status == "in-progress":
        return _line(
            gettext("Hand %(number)s · %(names)s deals · %(first)s plays first"),
            ledger.dealer or "",
            number=ledger.next_hand_number,
            first=ledger.first_player,
        )
    if ledger.status == "awaiting-buy-ins":
        waiting = joined(ledger.awaiting_buy_ins)
        return _line(gettext("Waiting for %(names)s to decide about buying in"), waiting)
    if ledger.status == "finished" and ledger.winner:
        return _line(gettext("Game over: %(names)s wins"), ledger.winner)
    if ledger.status == "finished":
        if ledger.game.stakes.initial:
            sentence = gettext("Game over: a tie between %(names)s, who share the pot")
        else:
            sentence = gettext("Game over: a tie between %(names)s")
        return _line(sentence, joined(ledger.sharers))
    return Line(gettext("Game stopped"))


def settle_line(ledger: engine.Ledger) -> Line:
    """A game over, above the settling up: who takes the pool or pot, or where it goes."""
    pot = _the_pot(ledger, Money(ledger)) if has_pot(ledger) else ""
    names = joined(ledger.sharers)
    if ledger.status == "finished" and (ledger.winner or family(ledger).eliminates):
        if pot:
            return _line(gettext("%(names)s wins %(pot)s."), ledger.winner or "", pot=pot)
        return _line(gettext("%(names)s wins."), ledger.winner or "")
    if family(ledger).eliminates:
        if ledger.game.stopped == "refund":
            return Line(
                gettext("The game was stopped early: %(pot)s goes back to those who paid into it.")
                % {"pot": pot}
            )
        return Line(
            gettext("The game was stopped early: %(pot)s is split among the players still in.")
            % {"pot": pot}
        )
    if ledger.status == "finished":
        if pot:
            sentence = gettext(
                "A tie: %(names)s share the best total and split %(pot)s evenly (odd units one "
                "each, starting left of the dealer)."
            )
        else:
            sentence = gettext("A tie: %(names)s share the best total.")
        return _line(sentence, names, pot=pot)
    if ledger.game.stopped == "leader" and not pot:
        sentence = ngettext(
            "The game was stopped early with %(names)s in the lead.",
            "The game was stopped early with %(names)s sharing the lead.",
            len(ledger.sharers),
        )
        return _line(sentence, names)
    if ledger.game.stopped == "leader":
        if len(ledger.sharers) > 1:
            sentence = gettext("The game was stopped early: the leaders, %(names)s, split %(pot)s.")
        else:
            sentence = gettext("The game was stopped early: the leader, %(names)s, takes %(pot)s.")
        return _line(sentence, names, pot=pot)
    if not pot:
        return Line(gettext("The game was stopped early."))
    if ledger.game.stopped == "refund":
        sentence = gettext("The game was stopped early: %(pot)s is given back.")
    else:
        sentence = gettext("The game was stopped early: %(pot)s is split among the players.")
    return Line(sentence % {"pot": pot})


def leading(ledger: engine.Ledger) -> tuple[str, ...]:
    """Who leads a points game: the best total among those still in (none before a hand)."""
    return ledger.leaders


def standings(ledger: engine.Ledger) -> list[Row]:
    """The standings rows: seat order for elimination, best first in the points families."""
    fmt = Money(ledger)
    rules = ledger.game.rules
    allowed = rules.max_buy_ins
    leaders = leading(ledger)
    rows = [
        Row(
            name=s.name,
            seat=s.seat,
            total=s.total,
            room=None if s.room is None else max(s.room, 0),
            buy_ins=s.buy_ins,
            allowed="∞" if allowed is None else str(allowed),
            out=s.out,
            awaiting=s.awaiting_decision,
            net=fmt(s.net, signed=True),
            dealer=s.name == ledger.dealer,
            leads=s.name in leaders,
        )
        for s in ledger.standings
    ]
    kind = family(ledger)
    if not kind.eliminates:
        rows.sort(key=lambda r: r.total, reverse=not kind.lowest_wins)
    return rows


def result_line(ledger: engine.Ledger) -> str:
    """The game's result in one sentence, for a link preview and the text shared."""
    if ledger.status == "finished":
        return gettext("%(outcome)s.") % {"outcome": _outcome(ledger, Money(ledger), result=True)}
    if ledger.status == "stopped":
        outcome = _outcome(ledger, Money(ledger))
        if not outcome:
            return gettext("Stopped early.")
        return gettext("Stopped early: %(outcome)s.") % {"outcome": outcome}
    hands = len(ledger.hands)
    return ngettext(
        "%(count)s hand played; %(status)s.", "%(count)s hands played; %(status)s.", hands
    ) % {"count": hands, "status": status_text(ledger)}


def share_text(ledger: engine.Ledger, title: str) -> str:
    """The result ready for a group chat: the result, each player's net, who pays whom."""
    fmt = Money(ledger)
    lines = [f"{title}: {result_line(ledger)}"]
    lines.append(", ".join(f"{s.name} {fmt(s.net, signed=True)}" for s in ledger.standings))
    lines += [transfer_line(t, fmt) for t in ledger.transfers]
    return "\n".join(lines)


def transfer_line(transfer: engine.Transfer, fmt: Money) -> str:
    """A settling-up transfer in words: "Mark pays John £1.60"."""
    return gettext("%(payer)s pays %(payee)s %(amount)s") % {
        "payer": transfer.payer,
        "payee": transfer.payee,
        "amount": fmt(transfer.amount),
    }
