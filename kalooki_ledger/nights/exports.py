"""A night on paper and in files: its sheet as one A4 PDF (WeasyPrint, as the games' score
sheets), CSV in the reader's language and its JSON record; and a night's record imported."""

import csv
import io
import json
from decimal import InvalidOperation

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands, device, present
from kalooki_ledger.games.posted import parse_sent
from kalooki_ledger.rules.money import format_amount
from kalooki_ledger.sheets.csv import decimal_comma, number_cell, text_cell
from kalooki_ledger.sheets.pdf import pdf_bytes

from .commands import ImportNight
from .models import Night
from .pages import Links, night_page
from .record import NightRecordError, night_json
from .session import remember


def _night(token: str) -> Night:
    found = Night.objects.select_related("group").filter(edit_token=token).first()
    found = found or Night.objects.select_related("group").filter(share_token=token).first()
    if found is None:
        raise Http404(gettext("No night at this link"))
    return found


def _file_name(night: Night, ext: str) -> str:
    safe = "".join(c if c.isalnum() else "-" for c in night.group.name).strip("-") or "night"
    return f"{safe}-{night.number}.{ext}"


@require_safe
def night_record(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    response = JsonResponse(night_json(night), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{_file_name(night, "json")}"'
    return response


@require_safe
def night_csv(request: HttpRequest, token: str) -> HttpResponse:
    """A row per game and a column per player (the nets), then the night's lines: carried in,
    total, paid, still owed; then each payment and each transfer still to make."""
    night = _night(token)
    games = night.games()
    settled = night.settle(games)
    digits = night.digits(games)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";" if decimal_comma() else ",")

    def amount(value) -> str:
        return number_cell(format_amount(value, digits))

    players = list(settled.players)
    writer.writerow([gettext("Game"), *[text_cell(p) for p in players], gettext("Currency")])
    for game, row in zip(games, settled.games, strict=True):
        writer.writerow(
            [text_cell(str(game)), *[amount(row.nets[p]) for p in players], night.currency]
        )
    for label, values in (
        (gettext("Carried in"), settled.opening),
        (gettext("Night total"), settled.totals),
        (gettext("Paid"), settled.paid),
        (gettext("Still owed"), settled.owed),
    ):
        writer.writerow([label, *[amount(values[p]) for p in players], night.currency])
    writer.writerow([])
    writer.writerow([gettext("Who paid"), gettext("To whom"), gettext("How much"), gettext("When")])
    for p in night.payments():
        writer.writerow(
            [text_cell(p.payer), text_cell(p.payee), amount(p.amount), p.at.isoformat()]
        )
    writer.writerow([])
    writer.writerow([gettext("Who pays"), gettext("To whom"), gettext("How much")])
    for t in settled.transfers:
        writer.writerow([text_cell(t.payer), text_cell(t.payee), amount(t.amount)])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_file_name(night, "csv")}"'
    return response


@require_safe
def night_pdf(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    context = night_page(night, Links(request.build_absolute_uri(night.share_url())))
    html = render_to_string("nights/night_pdf.html", context, request=request)
    response = HttpResponse(pdf_bytes(html), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{_file_name(night, "pdf")}"'
    return response


@require_safe
def import_form(request: HttpRequest) -> HttpResponse:
    return render(request, "nights/import.html")


@require_POST
def import_record(request: HttpRequest) -> HttpResponse:
    upload = request.FILES.get("record")
    try:
        data = json.loads(upload.read()) if upload else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        messages.error(request, gettext("That file is not a night's JSON record."))
        return render(request, "nights/import.html", status=422)
    try:
        sent = parse_sent(request.POST, device.device_label(request))
        outcome = commands.apply(None, sent, ImportNight(data))
    except engine.RecordError as exc:  # a game's first problem: nothing of the night is kept
        why = capfirst(present.located_text(exc.problem))
        messages.error(request, gettext("The record can't be imported: %(why)s") % {"why": why})
        return render(request, "nights/import.html", status=422)
    except (NightRecordError, KeyError, TypeError, ValueError, InvalidOperation):
        messages.error(request, gettext("That file is not a night's JSON record."))
        return render(request, "nights/import.html", status=422)
    if not outcome.done:
        messages.error(request, outcome.notice)
        return render(request, "nights/import.html", status=422)
    remember(request, outcome.made.edit_token)
    return redirect(outcome.made.get_absolute_url())
