"""Source 000's two-account score sheet as rows of ready-written cells, from the engine's Ledger.

Pure Python over the engine's records: the PDF, its benchmark and the tests need no database.
Every word and figure on it is written by games/present; this puts them in the sheet's places.
"""

import datetime
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext

from kalooki_ledger.games import present
from kalooki_ledger.games.present import Cell, PrintedRow
from kalooki_ledger.rules import Family, GameRecord, Ledger, family_of

__all__ = ["Cell", "PrintedRow", "ScoreSheet", "score_sheet"]


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    played_on: str
    preset: str
    settings: tuple[str, ...]
    stakes: tuple[str, ...]
    seats: str
    status: str
    players: tuple[str, ...]
    rows: tuple[PrintedRow, ...]
    buy_ins: tuple[str, ...]  # buy-ins used, beside the pool row
    results: tuple[Cell, ...]  # final totals, beside the totals row
    pool_row: tuple[str, ...]
    totals_row: tuple[str, ...]
    transfers: tuple[str, ...]
    settled: bool
    family: Family  # its deals and pool
    pot_title: str  # "" where the family has no pool and no pot was staked
    legend: str  # the marks, at the foot of each page (present.printed_legend)
    place: str = ""  # where it was played: the club (and tournament table), when one filed it
    penalty_notes: tuple[str, ...] = ()  # fixed-deals adjustments and their reasons


def score_sheet(
    record: GameRecord,
    ledger: Ledger,
    place: str = "",
    started: datetime.date | None = None,
) -> ScoreSheet:
    """The sheet's cells; `started` dates a game whose record has no date (the day it began)."""
    game = ledger.game
    kind = family_of(game.rules.family)
    fmt = present.Money(ledger)
    day = record.played_on or started
    return ScoreSheet(
        title=record.title or gettext("Kalooki score sheet"),
        # English keeps the ISO date it always printed; other languages write theirs.
        played_on=pgettext("a sheet's date", "date not recorded") if day is None else _day(day),
        preset=present.preset_text(record.preset, game.rules, named_only=True),
        settings=present.rule_lines(game.rules),
        stakes=present.stake_lines(game.stakes, kind),
        seats=gettext("Seats clockwise: %(players)s; %(dealer)s dealt first")
        % {"players": ", ".join(game.players), "dealer": game.first_dealer},
        status=present.status_line(ledger),
        players=game.players,
        rows=present.printed_rows(ledger),
        buy_ins=tuple(str(s.buy_ins) for s in ledger.standings),
        results=tuple(present.result_cell(ledger, p) for p in game.players),
        pool_row=tuple(present.pool_row(ledger)),
        totals_row=tuple(present.net_row(ledger)),
        transfers=tuple(present.transfer_line(t, fmt) for t in ledger.transfers),
        settled=ledger.over,
        family=kind,
        pot_title=present.pot_title(ledger),
        legend=present.printed_legend(ledger),
        place=place,
        penalty_notes=tuple(n.plain() for n in present.penalty_notes(ledger)),
    )


def _day(day: datetime.date) -> str:
    """The day a game was played: 2026-03-14 in English as ever, "14 mars 2026" in Swedish."""
    return date_format(day, gettext("Y-m-d"))
