"""Paper for a club's tables: its blank score sheet, and a tournament table's own sheet."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from kalooki_ledger.rules import PRESETS, TOURNAMENT_PRESET
from kalooki_ledger.rules.record import build_rules
from kalooki_ledger.sheets.blank import blank_file_name, blank_sheet, blank_sheet_pdf
from kalooki_ledger.sheets.downloads import download

from ..access import club_view
from ..models import TournamentTable
from ..table_forms import ClubSheetForm
from .posted import tournament_table


def _pdf(data: bytes, name: str) -> HttpResponse:
    return download(data, "application/pdf", name)


@club_view()
def sheet(request, club, membership):
    """A blank score sheet with the club's name, rules and stakes, and the players' names."""
    form = ClubSheetForm(request.GET or None, club=club)
    if not request.GET or not form.is_valid():
        context = {"club": club, "membership": membership, "form": form}
        return render(request, "clubs/sheet.html", context, status=400 if request.GET else 200)
    names = tuple(p.name for p in form.cleaned_data["people"])
    seats = len(names) or form.cleaned_data["seats"]
    paper = blank_sheet(
        seats,
        club.preset,
        club.name,
        stakes=club.stakes(),
        rules=build_rules(club.preset, club.rule_changes(club.preset))[0],
        names=names,
    )
    pdf = blank_sheet_pdf(paper, form.cleaned_data["paper"])
    return _pdf(pdf, blank_file_name(club.slug, seats))


@club_view()
def table_sheet(request, club, membership, pk: int, table: int):
    """A tournament table's own sheet: its players' names, points only, no money."""
    found = tournament_table(club, pk, table, "game", "tournament")
    names = tuple(seat.name for seat in found.game.seats.all())
    t = found.tournament
    fmt = t.money()
    limit = PRESETS[TOURNAMENT_PRESET].rules.limit
    out = (
        _("Out over %(limit)s: see the organiser to buy in (%(buy_in)s) to a new table.")
        % {"limit": limit, "buy_in": fmt(t.buy_in)}
        if found.round == TournamentTable.HEAT
        else _("Out over %(limit)s: out of the tournament.") % {"limit": limit}
    )
    paper = blank_sheet(
        len(names),
        TOURNAMENT_PRESET,
        club.name,
        rows=15,
        names=names,
        tournament=f"{t} · {found.label}",
        out_note=out,
    )
    return _pdf(blank_sheet_pdf(paper), f"{club.slug}-{t.pk}-{found.pk}-table-sheet.pdf")
