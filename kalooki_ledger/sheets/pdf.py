"""Score sheets as PDF through WeasyPrint: one game's sheet, laid out like source 000's."""

import dataclasses
import datetime
import functools
from typing import TYPE_CHECKING, Any

from django.template.loader import render_to_string

from kalooki_ledger import rules as engine
from kalooki_ledger.games import signals
from kalooki_ledger.games.handles import with_handles

from .sheet import score_sheet

if TYPE_CHECKING:
    from weasyprint import CSS

PAPERS = {"a4": "A4", "letter": "letter"}
# Three pages of the sheet, about four seconds of a worker: far longer than a club's game.
MAX_PDF_HANDS = 150


def check_paper(paper: str) -> str:
    """The CSS page size for a paper name; ValueError says which papers there are."""
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}") from None


# WeasyPrint is imported by the first PDF, not with the site: it is half a second of every
# process's start (each worker, each manage.py command) that most never use.
@functools.cache
def no_fetching():
    """The sheets are self-contained: any URL in them is refused, never fetched. Built once per
    process: each URLFetcher loads the system's CA certificates (about 30 ms)."""
    from weasyprint.urls import URLFetcher

    class NoFetching(URLFetcher):
        def fetch(self, url, headers=None):
            raise ValueError(f"the sheets fetch nothing, not {url}")

    return NoFetching()


def pdf_bytes(html: str, stylesheets: "tuple[CSS, ...]" = ()) -> bytes:
    from weasyprint import HTML

    return HTML(string=html, url_fetcher=no_fetching()).write_pdf(stylesheets=list(stylesheets))


@functools.cache
def score_sheet_css() -> "CSS":
    """The score sheet's fixed style; parsing it and compiling selectors cost ~30 ms a render."""
    from weasyprint import CSS

    return CSS(string=render_to_string("sheets/score_sheet_pdf.css"), url_fetcher=no_fetching())


def place_of(game) -> str:
    """Where a stored game was played, as the first app that knows says; "" if none does."""
    return next(iter(signals.answers(signals.place_of_game, game=game)), "")


def score_sheet_html(
    record: engine.GameRecord,
    ledger: engine.Ledger,
    paper: str = "a4",
    place: str = "",
    started: datetime.date | None = None,
    handles: dict[str, tuple[str, str]] | None = None,
) -> str:
    """`handles`: the payees' payment handles beside the settle-up, when the scorer asks."""
    sheet = score_sheet(record, ledger, place, started)
    if handles:
        paying = with_handles(ledger, handles, record.title, links=False)
        sheet = dataclasses.replace(sheet, transfers=tuple(paying))
    context = {"sheet": sheet, "paper": check_paper(paper), "span": 2 * len(sheet.players)}
    return render_to_string("sheets/score_sheet_pdf.html", context)


def score_sheet_pdf(
    record: engine.GameRecord, ledger: engine.Ledger, paper: str = "a4", **sheet: Any
) -> bytes:
    """`score_sheet_html`'s sheet as a PDF; `sheet`: its place, started and handles."""
    html = score_sheet_html(record, ledger, paper, **sheet)
    return pdf_bytes(html, (score_sheet_css(),))
