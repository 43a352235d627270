"""The score sheet's cells and rows, from the engine's hand rows: the web sheet's (every total
written out, footnoted adjustments) and the printed sheet's (source 000's two accounts: a lone
star, out struck through, adjustments beside the total). What a cell is, is decided once."""

from dataclasses import dataclass, replace
from decimal import Decimal

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import ZERO

from .money import Money
from .problems import located_text, problem_text
from .words import has_pot


@dataclass(frozen=True)
class Cell:
    text: str
    mark: str = ""  # a CSS class: winner, kalookie, win, buy-in, out, wait, adjusted
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
        told = {"hand": self.hand, "player": self.player, "points": f"{self.points:+d}"}
        if self.reason:
            return gettext("Hand %(hand)s, %(player)s: %(points)s penalty points — %(reason)s") % {
                **told,
                "reason": self.reason,
            }
        return gettext("Hand %(hand)s, %(player)s: %(points)s penalty points") % told


def penalty_notes(ledger: engine.Ledger) -> list[PenaltyNote]:
    """Every scored hand's penalty adjustments (Jamaica, Trinidad) with their reasons, in order."""
    notes: list[PenaltyNote] = []
    for row, hand in zip(ledger.hands, ledger.game.hands, strict=True):
        for player in ledger.game.players:
            if player in row.adjustments:
                mark = f"†{len(notes) + 1}"
                reason = hand.reasons.get(player, "")
                notes.append(PenaltyNote(mark, row.number, player, row.adjustments[player], reason))
    return notes


def pot_title(ledger: engine.Ledger) -> str:
    """The pool's row title, or "" where the family has none and no pot was staked."""
    if not has_pot(ledger):
        return ""
    return capfirst(gettext(engine.family_of(ledger.game.rules.family).pot_word))


def bends(rules: engine.Rules) -> bool:
    """Whether going out at once means something under these rules: always outside the fixed
    deals; in them only where the rules double (Jamaica), never in Trinidad as source 001 plays."""
    return not engine.family_of(rules.family).plays_deals or rules.kalookie_doubles_penalties


def points_heading(ledger: engine.Ledger) -> str:
    """The web sheet's points heading with its marks; no *K where nobody bends the table."""
    if bends(ledger.game.rules):
        return gettext(engine.family_of(ledger.game.rules.family).sheet_title)
    return gettext("Points (* won); lowest wins")


def printed_legend(ledger: engine.Ledger) -> str:
    """The printed sheet's marks, at the foot of each page; no *K where nobody bends the table."""
    if bends(ledger.game.rules):
        return gettext(engine.family_of(ledger.game.rules.family).legend)
    return gettext("* won, +n penalty points; lowest total wins")


def blank_legend(rules: engine.Rules) -> str:
    """What a blank sheet's scorer writes, at the foot of each page; no *K where nobody bends."""
    if bends(rules):
        return gettext(
            "Write * for the winner, *K for a kalookie, (n) for a buy-in back to n; strike out a "
            "player who is out"
        )
    return gettext("Write * for the winner, and penalty points beside the total: 75 (+50)")


def void_note(row: engine.HandRow, printed: bool = False) -> str:
    """What a void hand's row says instead of figures."""
    if printed and row.deal:
        return gettext("Void: stock ran out twice, same dealer deals deal %(deal)s again") % {
            "deal": row.deal
        }
    if printed:
        return gettext("Void: stock ran out twice, same dealer")
    if row.deal:
        return gettext("void (stock ran out twice): deal %(deal)s dealt again") % {"deal": row.deal}
    return gettext("void (stock ran out twice)")


def _role(row: engine.HandRow, name: str) -> str:
    """What a scored player's cell is on this hand; "" for a plain total."""
    if name == row.winner:
        return "kalookie" if row.kalookie else "winner"
    if name in row.bought_in:
        return "buy-in"
    if row.adjustments.get(name):
        return "adjusted"
    if name in row.out:
        return "out"
    if name in row.awaiting:
        return "wait"
    return ""


STARS = {"winner": "*", "kalookie": "*K"}


def web_cell(row: engine.HandRow, name: str) -> Cell:
    """`* 45` winner, `*K 45` kalookie, `(127)` back in at 127, `198 out`; a plain total else."""
    if name not in row.scored:
        return Cell("")
    total, role = row.totals[name], _role(row, name)
    if role in STARS:
        return Cell(f"{STARS[role]} {total}", role)
    if role == "buy-in":
        return Cell(f"({total})", role)
    if role == "out":
        return Cell(gettext("%(total)s out") % {"total": total}, role)
    return Cell(str(total))


def printed_cell(row: engine.HandRow, name: str) -> Cell:
    """`*` winner, `*K` kalookie, `(n)` back in at n, struck through when out after this hand,
    `n?` while a buy-in is awaited, an adjustment beside the total: `75 (+50)`."""
    if name not in row.scored:
        return Cell("")
    total, role = row.totals[name], _role(row, name)
    if role in STARS:
        # A winner bonus moves the winner's total, so the sheet shows it beside the star.
        return Cell(f"{STARS[role]} {total}" if row.scored[name] else STARS[role], "win")
    if role == "buy-in":
        return Cell(f"({total})", role)
    if role == "adjusted":
        return Cell(f"{total} ({row.adjustments[name]:+d})", role)
    if role == "wait":
        return Cell(f"{total}?", role)
    return Cell(str(total), role)


@dataclass(frozen=True)
class SheetRow:
    """A row of the web sheet: its points cells and running payments, written out."""

    number: int
    dealer: str
    void: bool
    points: list[Cell]
    payments: list[str]
    problems: list[str]
    deal: int | None = None
    contract: str | None = None
    note: str = ""  # a void hand's row says so instead of figures


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
            cell = Cell("") if hand.void or hand.conflicting else web_cell(hand, p)
            if (hand.number, p) in notes and cell.text:
                cell = replace(cell, note=notes[(hand.number, p)])
            cells.append(cell)
        rows.append(
            SheetRow(
                number=hand.number,
                dealer=hand.dealer,
                void=hand.void,
                points=cells,
                payments=[fmt(running[p], signed=True) for p in players],
                problems=[problem_text(p) for p in hand.problems],
                deal=hand.deal,
                contract=gettext(hand.contract) if hand.contract else hand.contract,
                note=void_note(hand) if hand.void else "",
            )
        )
    return rows


def pool_row(ledger: engine.Ledger) -> list[str]:
    """Each player's pool account: what they took from the pool less what they paid in."""
    fmt = Money(ledger)
    return [fmt(s.pool_share - s.paid_in, signed=True) for s in ledger.standings]


def net_row(ledger: engine.Ledger) -> list[str]:
    """Each player's net: what they won or lost in all."""
    fmt = Money(ledger)
    return [fmt(s.net, signed=True) for s in ledger.standings]


@dataclass(frozen=True)
class PrintedRow:
    """A row of the printed sheet: both accounts' cells, or a note across a hand not scored."""

    number: int
    penalties: tuple[Cell, ...]  # empty for a void or unscored hand, which has `note`
    payments: tuple[Cell, ...]
    note: str = ""
    deal: str = ""  # fixed-deals: the deal and its contract


def printed_rows(ledger: engine.Ledger) -> tuple[PrintedRow, ...]:
    fmt = Money(ledger)
    players = ledger.game.players
    running = dict.fromkeys(players, ZERO)
    rows = []
    for row in ledger.hands:
        if row.problems:
            problems = "; ".join(located_text(p) for p in row.problems)
            note = gettext("Not scored: %(problems)s") % {"problems": problems}
            rows.append(PrintedRow(row.number, (), (), note))
            continue
        deal = f"{row.deal}: {gettext(row.contract or '')}" if row.deal is not None else ""
        if row.void:
            rows.append(PrintedRow(row.number, (), (), void_note(row, printed=True), deal))
            continue
        for name, amount in row.payments.items():
            running[name] += amount
        penalties = tuple(printed_cell(row, p) for p in players)
        payments = tuple(
            Cell(fmt(running[p], signed=True)) if p in row.payments else Cell("") for p in players
        )
        rows.append(PrintedRow(row.number, penalties, payments, "", deal))
    return tuple(rows)


def result_cell(ledger: engine.Ledger, name: str) -> Cell:
    """The printed sheet's final total: `wins 92`, `ties 80`, `out 160`."""
    standing = ledger.standing(name)
    if name == ledger.winner:
        return Cell(gettext("wins %(total)s") % {"total": standing.total}, "win")
    if ledger.over and not ledger.winner and name in ledger.sharers:
        return Cell(gettext("ties %(total)s") % {"total": standing.total}, "win")
    if standing.out:
        return Cell(pgettext("final total", "out %(total)s") % {"total": standing.total}, "out")
    return Cell(str(standing.total))
