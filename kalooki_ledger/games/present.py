"""What the pages show, built only from the engine's ledger: money written for people,
the standings rows and the score sheet's rows."""

from dataclasses import dataclass, replace
from decimal import Decimal

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount

KALOOKIE_HOW = {
    "elimination": "kalookie",
    "positive": "kaluki",
    "per-hand": "kaluki",
    "fixed-deals": "bending the table",
}
SYMBOLS = {"GBP": "£", "EUR": "€", "USD": "$", "JMD": "J$", "TTD": "TT$", "SEK": "kr "}


def money(amount: Decimal, currency: str, digits: int, signed: bool = False) -> str:
    """£0.50, -£1.60, +£0.30; units and other currencies as a plain number with the code."""
    text = format_amount(abs(amount), digits)
    sign = "-" if amount < 0 and text.strip("0.") else ("+" if signed and amount > 0 else "")
    if currency in SYMBOLS:
        return f"{sign}{SYMBOLS[currency]}{text}"
    if currency == "units":
        return f"{sign}{text}"
    return f"{sign}{text} {currency}"


class Money:
    """Writes the game's amounts with its currency and places."""

    def __init__(self, ledger: engine.Ledger) -> None:
        self.currency = ledger.game.stakes.currency
        self.digits = ledger.money_digits

    def __call__(self, amount: Decimal, signed: bool = False) -> str:
        return money(amount, self.currency, self.digits, signed)


def transfer_key(transfer: engine.Transfer, digits: int) -> str:
    """A settling-up transfer as a form value; amounts written in the currency's places."""
    return f"{transfer.payer}>{transfer.payee}>{format_amount(transfer.amount, digits)}"


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


STATUS_WORDS = {
    "in-progress": "being played",
    "awaiting-buy-ins": "waiting for a buy-in decision",
    "finished": "finished",
    "stopped": "stopped early",
}


def status_text(ledger: engine.Ledger) -> str:
    """Where the game stands, in words: "being played", "John won", "a tie between …"."""
    if ledger.winner:
        return f"{ledger.winner} won"
    if ledger.status == "finished" and ledger.sharers:
        return f"a tie between {' and '.join(ledger.sharers)}"
    return STATUS_WORDS.get(ledger.status, ledger.status)


def leading(ledger: engine.Ledger) -> tuple[str, ...]:
    """Who leads a points game: the best total among those still in (none before a hand)."""
    rules = ledger.game.rules
    if rules.family == "elimination" or not ledger.hands:
        return ()
    if ledger.over:
        return ledger.sharers
    totals = {s.name: s.total for s in ledger.standings if not s.out}
    best = (min if rules.lowest_wins() else max)(totals.values())
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
    if rules.family != "elimination":
        rows.sort(key=lambda r: r.total, reverse=not rules.lowest_wins())
    return rows


def problem_text(problem: engine.Problem) -> str:
    """An engine problem as a sentence: "Frank is out of the game after hand 2 …"."""
    if not problem.player:
        return problem.message
    # The engine's messages about a player start with the verb ("is out of the game…").
    if problem.message.startswith(("was ", "is ", "won ")):
        return f"{problem.player} {problem.message}"
    return f"{problem.player}: {problem.message}"


@dataclass(frozen=True)
class Cell:
    text: str
    mark: str  # "", "winner", "kalookie", "buy-in"
    note: str = ""  # the footnote mark of a penalty adjustment: "†1"


@dataclass(frozen=True)
class PenaltyNote:
    """A fixed-deals penalty adjustment, marked on the sheet and told in a footnote."""

    mark: str
    hand: int
    player: str
    points: int
    reason: str

    def text(self) -> str:
        return f"{self.mark} {self.plain()}"

    def plain(self) -> str:
        why = f" — {self.reason}" if self.reason else ""
        return f"Hand {self.hand}, {self.player}: {self.points:+d} penalty points{why}"


def penalty_notes(ledger: engine.Ledger) -> list[PenaltyNote]:
    """Every scored hand's penalty adjustments (Jamaica, Trinidad) with their reasons, in order."""
    notes: list[PenaltyNote] = []
    for row, hand in zip(ledger.hands, ledger.game.hands, strict=True):
        if row.void or row.conflicting:
            continue
        for player in ledger.game.players:
            if player in hand.adjustments:
                mark = f"†{len(notes) + 1}"
                reason = hand.reasons.get(player, "")
                notes.append(
                    PenaltyNote(mark, row.number, player, hand.adjustments[player], reason)
                )
    return notes


def adjustments_text(hand: engine.Hand) -> str:
    """A hand's penalty adjustments in one phrase: "penalty points Cy +50 (called four times)"."""
    if not hand.adjustments:
        return ""
    told = []
    for player, points in hand.adjustments.items():
        reason = hand.reasons.get(player)
        told.append(f"{player} {points:+d}" + (f" ({reason})" if reason else ""))
    return "penalty points " + ", ".join(told)


@dataclass(frozen=True)
class SheetRow:
    number: int
    dealer: str
    void: bool
    points: list[Cell]
    payments: list[str]
    problems: list[str]
    deal: int | None = None
    contract: str | None = None


SHEET_TITLES = {
    "elimination": "Penalty points (* won, *K kalookie, (n) bought in, out: dropped out)",
    "positive": "Points (* won, *K kaluki); highest wins",
    "per-hand": "Points won less lost (* won, *K kaluki)",
    "fixed-deals": "Points (* won, *K bent the table); lowest wins",
}


def pot_title(ledger: engine.Ledger) -> str:
    """The pool's row title, or "" where the family has none and no pot was staked."""
    if ledger.game.rules.family == "elimination":
        return "Pool"
    return "Pot" if ledger.game.stakes.initial else ""


def pot_word(ledger: engine.Ledger) -> str:
    """What the stakes put in are called: the pool of elimination, the pot everywhere else."""
    return "pool" if ledger.game.rules.family == "elimination" else "pot"


def sheet_rows(ledger: engine.Ledger) -> list[SheetRow]:
    """As on 000's sheet: totals with * for the winner, *K for a kalookie, (n) for a buy-in reset;
    beside them the running hand payments."""
    fmt = Money(ledger)
    players = ledger.game.players
    running = dict.fromkeys(players, Decimal(0))
    notes = {(n.hand, n.player): n.mark for n in penalty_notes(ledger)}
    rows = []
    for hand in ledger.hands:
        cells = []
        for p in players:
            running[p] += hand.payments.get(p, Decimal(0))
            if hand.void or hand.conflicting or p not in hand.totals:
                cells.append(Cell("", ""))
            elif p == hand.winner:
                star = "*K" if hand.kalookie else "*"
                cells.append(
                    Cell(f"{star} {hand.totals[p]}", "kalookie" if hand.kalookie else "winner")
                )
            elif p in hand.bought_in:
                cells.append(Cell(f"({hand.totals[p]})", "buy-in"))
            elif p in hand.out:
                cells.append(Cell(f"{hand.totals[p]} out", "out"))
            elif p in hand.scored:
                cells.append(Cell(str(hand.totals[p]), ""))
            else:
                cells.append(Cell("", ""))
            if (hand.number, p) in notes and cells[-1].text:
                cells[-1] = replace(cells[-1], note=notes[(hand.number, p)])
        rows.append(
            SheetRow(
                number=hand.number,
                dealer=hand.dealer,
                void=hand.void,
                points=cells,
                payments=[fmt(running[p], signed=True) for p in players],
                problems=[problem_text(p) for p in hand.problems],
                deal=hand.deal,
                contract=hand.contract,
            )
        )
    return rows


def pool_row(ledger: engine.Ledger) -> list[str]:
    """Each player's pool account: what they took from the pool less what they paid in."""
    fmt = Money(ledger)
    return [fmt(s.pool_share - s.paid_in, signed=True) for s in ledger.standings]


def describe_hand(hand: engine.Hand, family: str = "elimination") -> str:
    """A hand in one line for the history: "John won (Andy 85, Mark 42)", in the family's
    words ("won by bending the table")."""
    if hand.void:
        return "void"
    how = f"won by {KALOOKIE_HOW[family]}" if hand.kalookie else "won"
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
    how = f" by {KALOOKIE_HOW[ledger.game.rules.family]}" if row.kalookie else ""
    values = ", ".join(f"{p} {v}" for p, v in row.values.items())
    penalties = adjustments_text(ledger.game.hands[-1])
    if penalties:
        values = f"{values}; {penalties}" if values else penalties
    return f"Last hand ({row.number}): {row.winner} won{how}" + (f" — {values}." if values else ".")


def result_line(ledger: engine.Ledger) -> str:
    """The game's result in one sentence, for a link preview and the text shared."""
    fmt = Money(ledger)
    word = pot_word(ledger)
    staked = ledger.game.rules.family == "elimination" or ledger.game.stakes.initial
    pot = f" the {word} of {fmt(ledger.pool)}" if staked else ""
    if ledger.status == "finished":
        if ledger.winner:
            return f"{ledger.winner} wins" + (pot or "") + "."
        return f"A tie: {' and '.join(ledger.sharers)} share{pot or ' the best total'}."
    if ledger.status == "stopped":
        if ledger.game.stopped == "leader":
            verb = "takes" if len(ledger.sharers) == 1 else "share"
            return f"Stopped early: {' and '.join(ledger.sharers)} led and {verb}{pot or ' it'}."
        how = "refunded" if ledger.game.stopped == "refund" else "split"
        return f"Stopped early: the {word} {how}."
    hands = len(ledger.hands)
    return f"{hands} hand{'s' if hands != 1 else ''} played; {status_text(ledger)}."


def share_text(ledger: engine.Ledger, title: str) -> str:
    """The result ready for a group chat: the result, each player's net, who pays whom."""
    fmt = Money(ledger)
    lines = [f"{title}: {result_line(ledger)}"]
    lines.append(", ".join(f"{s.name} {fmt(s.net, signed=True)}" for s in ledger.standings))
    lines += [f"{t.payer} pays {t.payee} {fmt(t.amount)}" for t in ledger.transfers]
    return "\n".join(lines)
