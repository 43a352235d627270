"""Blank club score sheets for tables that score on paper: the preset's rules in the header."""

from dataclasses import dataclass

from django.template.loader import render_to_string

from kalooki_ledger.rules import PRESETS
from kalooki_ledger.rules.money import display_digits

from .pdf import check_paper, pdf_bytes
from .sheet import rule_lines, stake_lines, with_symbol


@dataclass(frozen=True)
class BlankSheet:
    club: str
    preset: str
    settings: tuple[str, ...]
    stakes: tuple[str, ...]
    players: int
    rows: int
    buy_in_boxes: int | None  # None: unlimited, a line to tally on
    pool_line: str
    transfer_lines: int


def blank_sheet(players: int, preset_key: str, club: str = "", rows: int = 22) -> BlankSheet:
    preset = PRESETS[preset_key]
    stakes, rules = preset.stakes, preset.rules
    digits = display_digits(stakes.currency, stakes.amounts())
    times = "\N{MULTIPLICATION SIGN}"
    initial, buy_in = (with_symbol(a, stakes, digits) for a in (stakes.initial, stakes.buy_in))
    return BlankSheet(
        club=club.strip(),
        preset=f"{preset.name}: {preset.description}",
        settings=rule_lines(rules),
        stakes=stake_lines(stakes, digits),
        players=players,
        rows=rows,
        buy_in_boxes=rules.max_buy_ins,
        pool_line=f"{players} {times} initial {initial} + buy-ins {times} {buy_in}",
        # With n players the fewest transfers that settle every net are at most n - 1.
        transfer_lines=players - 1,
    )


def blank_sheet_pdf(sheet: BlankSheet, paper: str = "a4") -> bytes:
    context = {
        "sheet": sheet,
        "paper": check_paper(paper),
        "seats": range(1, sheet.players + 1),
        "hands": range(1, sheet.rows + 1),
        "boxes": range(sheet.buy_in_boxes or 0),
        "lines": range(sheet.transfer_lines),
    }
    return pdf_bytes(render_to_string("sheets/blank_sheet_pdf.html", context))
