"""The words of a game, from the engine's ledger: where it stands, its result, its hands, the
standings rows. Every status line of every page is written here."""

from dataclasses import dataclass

from kalooki_ledger import rules as engine

from .money import Money


def family(ledger: engine.Ledger) -> engine.Family:
    return engine.family_of(ledger.game.rules.family)


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
    "in-progress": "being played",
    "awaiting-buy-ins": "awaiting buy-in decisions",
    "finished": "finished",
    "stopped": "stopped early",
}


def status_text(ledger: engine.Ledger) -> str:
    """Where the game stands, in a few words: "being played", "John won", "a tie between …"."""
    if ledger.winner:
        return f"{ledger.winner} won"
    if ledger.status == "finished" and ledger.sharers:
        return f"a tie between {' and '.join(ledger.sharers)}"
    return STATUS[ledger.status]


def pot_word(ledger: engine.Ledger) -> str:
    """What the stakes put in are called: the pool of elimination, the pot everywhere else."""
    return family(ledger).pot_word


def _pot(ledger: engine.Ledger, fmt: Money) -> str:
    """ " the pool of £25.00", or "" where the family has no pool and no pot was staked."""
    if not (family(ledger).eliminates or ledger.game.stakes.initial):
        return ""
    return f" the {pot_word(ledger)} of {fmt(ledger.pool)}"


def _outcome(ledger: engine.Ledger, fmt: Money, tie: str = "a tie", no_pot: str = "") -> str:
    """A game over, in a phrase: "John wins the pool of 25", "the pot of £3.00 refunded"."""
    pot = _pot(ledger, fmt)
    if ledger.status == "finished":
        if ledger.winner:
            return f"{ledger.winner} wins{pot}"
        return f"{tie}: {' and '.join(ledger.sharers)} share{pot or no_pot}"
    word = f"the {pot_word(ledger)} of {fmt(ledger.pool)}"
    if ledger.game.stopped == "leader":
        leaders = "s" if len(ledger.sharers) > 1 else ""
        return f"{word} taken by the leader{leaders}, {' and '.join(ledger.sharers)}"
    how = "refunded" if ledger.game.stopped == "refund" else "split among the players in"
    return f"{word} {how}"


def status_line(ledger: engine.Ledger) -> str:
    """The printed sheet's status: "Finished: John wins the pool of 25", "Being played: …"."""
    text = STATUS[ledger.status].capitalize()
    if ledger.over:
        text += f": {_outcome(ledger, Money(ledger))}"
    elif ledger.status == "awaiting-buy-ins":
        text += f": {', '.join(ledger.awaiting_buy_ins)}"
    elif ledger.dealer:
        text += f": {ledger.dealer} deals hand {ledger.next_hand_number}"
    if ledger.problems:
        text += f"; {len(ledger.problems)} problem(s) to resolve"
    return text


@dataclass(frozen=True)
class Line:
    """A sentence with the names it is about apart, so that a page can set them in bold."""

    before: str
    names: str = ""
    after: str = ""

    def __str__(self) -> str:
        return f"{self.before}{self.names}{self.after}"


def board_line(ledger: engine.Ledger) -> Line:
    """The table's status above the standings: who deals, who must decide, who won."""
    if ledger.status == "in-progress":
        first = f" · {ledger.first_player} plays first"
        return Line(f"Hand {ledger.next_hand_number} · ", ledger.dealer or "", f" deals{first}")
    if ledger.status == "awaiting-buy-ins":
        waiting = ", ".join(ledger.awaiting_buy_ins)
        return Line(f"Waiting for {waiting} to decide about buying in")
    if ledger.status == "finished" and ledger.winner:
        return Line("Game over: ", ledger.winner, " wins")
    if ledger.status == "finished":
        shared = ", who share the pot" if ledger.game.stakes.initial else ""
        return Line("Game over: a tie between ", " and ".join(ledger.sharers), shared)
    return Line("Game stopped")


def settle_line(ledger: engine.Ledger) -> Line:
    """A game over, above the settling up: who takes the pool or pot, or where it goes."""
    pot = _pot(ledger, Money(ledger))
    names = " and ".join(ledger.sharers)
    stopped = "The game was stopped early"
    if family(ledger).eliminates:
        if ledger.status == "finished":
            return Line("", ledger.winner or "", f" wins{pot}.")
        if ledger.game.stopped == "refund":
            return Line(f"{stopped}:{pot} goes back to those who paid into it.")
        return Line(f"{stopped}:{pot} is split among the players still in.")
    if ledger.status == "finished" and ledger.winner:
        return Line("", ledger.winner, f" wins{pot}.")
    if ledger.status == "finished":
        split = f" and split{pot} evenly (odd units one each, starting left of the dealer)"
        return Line("A tie: ", names, f" share the best total{split if pot else ''}.")
    if ledger.game.stopped == "leader":
        if len(ledger.sharers) > 1:
            return Line(f"{stopped}: the leaders, ", names, f", split{pot or ' the pot'}.")
        return Line(f"{stopped}: the leader, ", names, f", takes{pot or ' the pot'}.")
    how = "given back" if ledger.game.stopped == "refund" else "split among the players"
    return Line(f"{stopped}:{pot} is {how}." if pot else f"{stopped}.")


def leading(ledger: engine.Ledger) -> tuple[str, ...]:
    """Who leads a points game: the best total among those still in (none before a hand)."""
    kind = family(ledger)
    if kind.eliminates or not ledger.hands:
        return ()
    if ledger.over:
        return ledger.sharers
    totals = {s.name: s.total for s in ledger.standings if not s.out}
    best = (min if kind.lowest_wins else max)(totals.values())
    return tuple(name for name, total in totals.items() if total == best)


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


def adjustments_text(hand: engine.Hand) -> str:
    """A hand's penalty adjustments in one phrase: "penalty points Cy +50 (called four times)"."""
    if not hand.adjustments:
        return ""
    told = []
    for player, points in hand.adjustments.items():
        reason = hand.reasons.get(player)
        told.append(f"{player} {points:+d}" + (f" ({reason})" if reason else ""))
    return "penalty points " + ", ".join(told)


def describe_hand(hand: engine.Hand, kind: engine.Family) -> str:
    """A hand in one line for the history: "John won (Andy 85, Mark 42)", in the family's
    words ("won by bending the table")."""
    if hand.void:
        return "void"
    how = f"won by {kind.kalookie_how}" if hand.kalookie else "won"
    values = [f"{p} {v}" for p, v in hand.penalties.items()]
    values += [f"{p} {' '.join(c)}" for p, c in hand.cards.items()]
    values += [f"{p} {c.cards} cards, {c.jokers} jokers" for p, c in hand.counts.items()]
    text = f"{hand.winner} {how} ({', '.join(values)})"
    if hand.adjustments:
        text += f"; {adjustments_text(hand)}"
    if hand.buy_ins:
        decisions = ", ".join(
            f"{p} {'bought in' if d else 'dropped out'}" for p, d in hand.buy_ins.items()
        )
        text += f"; {decisions}"
    return text


def last_hand(ledger: engine.Ledger) -> str:
    """The last hand in one line, so the table can check what was recorded."""
    if not ledger.hands:
        return ""
    row = ledger.hands[-1]
    if row.void:
        if row.deal:
            return (
                f"Last hand ({row.number}): void — deal {row.deal} is dealt again by the same "
                f"dealer with the same contract ({row.contract})."
            )
        return f"Last hand ({row.number}): void."
    if row.conflicting or not row.winner:
        return f"Last hand ({row.number}): conflicts with an earlier correction."
    how = f" by {family(ledger).kalookie_how}" if row.kalookie else ""
    values = ", ".join(f"{p} {v}" for p, v in row.values.items())
    penalties = adjustments_text(ledger.game.hands[-1])
    if penalties:
        values = f"{values}; {penalties}" if values else penalties
    return f"Last hand ({row.number}): {row.winner} won{how}" + (f" — {values}." if values else ".")


def result_line(ledger: engine.Ledger) -> str:
    """The game's result in one sentence, for a link preview and the text shared."""
    if ledger.status == "finished":
        return f"{_outcome(ledger, Money(ledger), 'A tie', ' the best total')}."
    if ledger.status == "stopped":
        return f"{STATUS['stopped'].capitalize()}: {_outcome(ledger, Money(ledger))}."
    hands = len(ledger.hands)
    return f"{hands} hand{'s' if hands != 1 else ''} played; {status_text(ledger)}."


def share_text(ledger: engine.Ledger, title: str) -> str:
    """The result ready for a group chat: the result, each player's net, who pays whom."""
    fmt = Money(ledger)
    lines = [f"{title}: {result_line(ledger)}"]
    lines.append(", ".join(f"{s.name} {fmt(s.net, signed=True)}" for s in ledger.standings))
    lines += [transfer_line(t, fmt) for t in ledger.transfers]
    return "\n".join(lines)


def transfer_line(transfer: engine.Transfer, fmt: Money) -> str:
    """A settling-up transfer in words: "Mark pays John £1.60"."""
    return f"{transfer.payer} pays {transfer.payee} {fmt(transfer.amount)}"
