"""Score sheets as PDF through WeasyPrint: one game's sheet, laid out like source 000's."""

from django.template.loader import render_to_string
from weasyprint import HTML

from kalooki_ledger import rules as engine

from .sheet import score_sheet

PAPERS = {"a4": "A4", "letter": "letter"}
# Three pages of the sheet, about four seconds of a worker: far longer than a club's game.
MAX_PDF_HANDS = 150


def check_paper(paper: str) -> str:
    """The CSS page size for a paper name; ValueError says which papers there are."""
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}") from None


def pdf_bytes(html: str) -> bytes:
    return HTML(string=html).write_pdf()


def score_sheet_html(record: engine.GameRecord, ledger: engine.Ledger, paper: str = "a4") -> str:
    sheet = score_sheet(record, ledger)
    context = {"sheet": sheet, "paper": check_paper(paper), "span": 2 * len(sheet.players)}
    return render_to_string("sheets/score_sheet_pdf.html", context)


def score_sheet_pdf(record: engine.GameRecord, ledger: engine.Ledger, paper: str = "a4") -> bytes:
    return pdf_bytes(score_sheet_html(record, ledger, paper))
