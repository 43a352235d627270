"""Blank club score sheets for tables that score on paper: the preset's rules in the header."""

from dataclasses import dataclass, replace

from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext, pgettext

from kalooki_ledger.games import present
from kalooki_ledger.rules import PRESETS, TOURNAMENT_PRESET, Rules, Stakes, family_of

from .pdf import check_paper, pdf_bytes


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
    names: tuple[str, ...] = ()  # printed in the name boxes, seat by seat
    tournament: str = ""  # a tournament table's sheet: points only, no money at the table
    out_note: str = ""  # a tournament table: what a player who goes out does
    legend: str = ""  # what to write for a winner (present.blank_legend), at each page's foot


def blank_sheet(
    players: int,
    preset_key: str,
    club: str = "",
    rows: int = 22,
    *,
    stakes: Stakes | None = None,
    limit: int | None = None,
    rules: Rules | None = None,
    names: tuple[str, ...] = (),
    tournament: str = "",
    out_note: str = "",
) -> BlankSheet:
    """A sheet for a table: the preset's rules (or a club's: its limit, or all its changes) and
    stakes (the club's, or the preset's); a tournament table's sheet (the Blackpool preset)
    keeps points only."""
    preset = PRESETS[preset_key]
    rules = rules or (replace(preset.rules, limit=limit) if limit else preset.rules)
    stakes = stakes or preset.stakes
    at_tournament = bool(tournament) or preset_key == TOURNAMENT_PRESET
    return BlankSheet(
        club=club.strip(),
        preset=_preset_line(preset_key, rules, at_tournament),
        # A tournament table's players go out to the organiser, not to a buy-in at the table.
        settings=present.rule_lines(rules, buy_ins=not at_tournament),
        stakes=() if at_tournament else present.stake_lines(stakes, family_of(rules.family)),
        players=players,
        rows=rows,
        buy_in_boxes=rules.max_buy_ins,
        pool_line="" if at_tournament else _pool_line(players, stakes),
        # With n players the fewest transfers that settle every net are at most n - 1.
        transfer_lines=0 if at_tournament else players - 1,
        names=tuple(names[:players]),
        legend=present.blank_legend(rules),
        tournament=tournament or (gettext("Tournament table") if at_tournament else ""),
        out_note=out_note
        or (
            gettext("Out over the limit: see the organiser to buy in to a new table.")
            if at_tournament
            else ""
        ),
    )


def _preset_line(preset_key: str, rules: Rules, at_tournament: bool) -> str:
    """A table with stakes names its preset alone (the description quotes the preset's own
    stakes): one set of stakes is printed, the table's. A tournament's plays for none."""
    if not at_tournament:
        return present.preset_text(preset_key, rules, named_only=True)
    preset = PRESETS[preset_key]
    return gettext("%(name)s: %(description)s") % {
        "name": gettext(preset.name),
        "description": gettext(preset.description),
    }


def _pool_line(players: int, stakes: Stakes) -> str:
    """What goes into the pool: each player's initial stake, and each buy-in."""
    digits = present.stake_digits(stakes)
    initial, buy_in = (
        present.money(a, stakes.currency, digits) for a in (stakes.initial, stakes.buy_in)
    )
    return gettext("%(players)s %(times)s initial %(initial)s + buy-ins %(times)s %(buy_in)s") % {
        "players": players,
        "times": "\N{MULTIPLICATION SIGN}",
        "initial": initial,
        "buy_in": buy_in,
    }


def blank_file_name(name: str, seats: int) -> str:
    """A blank sheet's download name in the reader's language: "friday-score-sheet-5-players.pdf"
    ("fredag-protokoll-5-spelare.pdf")."""
    words = pgettext("a file name", "%(name)s-score-sheet-%(count)s-players.pdf")
    return words % {"name": slugify(name) or "kalooki", "count": seats}


def blank_sheet_pdf(sheet: BlankSheet, paper: str = "a4") -> bytes:
    context = {
        "sheet": sheet,
        "paper": check_paper(paper),
        "seats": range(1, sheet.players + 1),
        "hands": range(1, sheet.rows + 1),
        "boxes": range(sheet.buy_in_boxes or 0),
        "lines": range(sheet.transfer_lines),
        "heads": [
            (n, sheet.names[n - 1] if n <= len(sheet.names) else "")
            for n in range(1, sheet.players + 1)
        ],
    }
    return pdf_bytes(render_to_string("sheets/blank_sheet_pdf.html", context))
