"""A night on paper and in files: its sheet as one A4 PDF (WeasyPrint, as the games' score
sheets), CSV in the reader's language and its JSON record; and a night's record imported."""

import csv
import io
import json

from django.contrib import messages
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from kalooki_ledger import rules as engine
from kalooki_ledger import throttle
from kalooki_ledger.games import answers, commands, device, present
from kalooki_ledger.games.importing import IMPORTS_PER_HOUR
from kalooki_ledger.games.posted import parse_sent
from kalooki_ledger.rules.money import format_amount
from kalooki_ledger.sheets.csv import decimal_comma, number_cell, text_cell
from kalooki_ledger.sheets.downloads import download
from kalooki_ledger.sheets.forms import MAX_UPLOAD
from kalooki_ledger.sheets.pdf import pdf_bytes

from .commands import ImportNight
from .models import Group, Night
from .pages import Links, closing_label, night_page
from .record import NightRecordError, night_json, read_night
from .session import remember
from .zones import file_zone


def _night(token: str) -> Night:
    found = Night.objects.select_related("group").filter(edit_token=token).first()
    found = found or Night.objects.select_related("group").filter(share_token=token).first()
    if found is None:
        raise Http404(gettext("No night at this link"))
    return found


def _file_name(night: Night, ext: str) -> str:
    safe = "".join(c if c.isalnum() else "-" for c in night.group.name).strip("-") or "night"
    return f"{safe}-{night.number}.{ext}"


def _when(at, zone) -> str:
    """A time in a file: the group's zone, with its offset, to the second."""
    return timezone.localtime(at, zone).isoformat(timespec="seconds")


@require_safe
def night_record(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    text = json.dumps(night_json(night), cls=DjangoJSONEncoder, indent=2)
    return download(text, "application/json", _file_name(night, "json"))


@require_safe
def night_csv(request: HttpRequest, token: str) -> HttpResponse:
    """A row per game and a column per player (the nets), then the night's lines: carried in,
    total, paid, carried on or written off (a closed night's), still owed, which is carried in
    + total + paid - carried on; then each payment and each transfer still to make."""
    night = _night(token)
    zone = file_zone(night)
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
    lines = [
        (gettext("Carried in"), settled.opening),
        (gettext("Night total"), settled.totals),
        (gettext("Paid"), settled.paid),
    ]
    if night.closed:
        lines.append((closing_label(night), settled.closing))
    for label, values in (*lines, (gettext("Still owed"), settled.owed)):
        writer.writerow([label, *[amount(values[p]) for p in players], night.currency])
    writer.writerow([])
    writer.writerow([gettext("Who paid"), gettext("To whom"), gettext("How much"), gettext("When")])
    for p in night.payments():
        writer.writerow(
            [text_cell(p.payer), text_cell(p.payee), amount(p.amount), _when(p.at, zone)]
        )
    writer.writerow([])
    writer.writerow([gettext("Who pays"), gettext("To whom"), gettext("How much")])
    for t in settled.transfers:
        writer.writerow([text_cell(t.payer), text_cell(t.payee), amount(t.amount)])
    return download(out.getvalue(), "text/csv; charset=utf-8", _file_name(night, "csv"))


@require_safe
def night_pdf(request: HttpRequest, token: str) -> HttpResponse:
    night = _night(token)
    with timezone.override(file_zone(night)):  # a file reads the same on every phone
        context = night_page(night, Links(request.build_absolute_uri(night.share_url())))
        html = render_to_string("nights/night_pdf.html", context, request=request)
    return download(pdf_bytes(html), "application/pdf", _file_name(night, "pdf"), inline=True)


def _into(request: HttpRequest) -> Group | None:
    """The group a night is imported into, named by its scoring link's token; None: a new one."""
    token = request.POST.get("group", request.GET.get("group", ""))
    if not token:
        return None
    found = Group.objects.filter(edit_token=token).first()
    if found is None:
        raise Http404(gettext("No group at this link"))
    return found


@require_safe
def import_form(request: HttpRequest) -> HttpResponse:
    return render(request, "nights/import.html", {"into": _into(request)})


def _refused(request: HttpRequest, message: str, into: Group | None, status: int = 422):
    messages.error(request, message)
    return render(request, "nights/import.html", {"into": into}, status=status)


def _uploaded(request: HttpRequest) -> object:
    """The upload's JSON as the engine reads record files (each key once, no NaN, no deep
    nesting), or None; a file over the upload limit is refused before it is read."""
    upload = request.FILES.get("record")
    if upload is not None and upload.size > MAX_UPLOAD:
        raise NightRecordError(
            gettext("That file is %(size)s MB: a night's record can be at most 2 MB.")
            % {"size": number_format(upload.size / 1024 / 1024, 1)}
        )
    try:
        return engine.read_record_json(upload.read()) if upload else None
    except engine.RecordError:
        return None


def _slots_taken(request: HttpRequest, count: int) -> bool:
    """Each game of a record read whole counts against the game import's hourly limit (a
    phone not logged in): False when the address has used them up."""
    if request.user.is_authenticated or count == 0:
        return True
    address = f"import:{throttle.client_address(request)}"
    return throttle.take_all([(address, IMPORTS_PER_HOUR, 3600)] * count) is not None


def _cant_import(request: HttpRequest, why: str, into: Group | None) -> HttpResponse:
    return _refused(request, gettext("The record can't be imported: %(why)s") % {"why": why}, into)


@require_POST
def import_record(request: HttpRequest) -> HttpResponse:
    into = _into(request)
    try:
        data = _uploaded(request)
        if not isinstance(data, dict):
            return _refused(request, gettext("That file is not a night's JSON record."), into)
        checked = read_night(data, into)  # a refused record takes no import slot
        if not _slots_taken(request, len(checked.games)):
            said = gettext("This address has imported %(count)s games in the last hour.")
            why = gettext("Wait an hour, or log in to import more. Nothing was imported.")
            said = said % {"count": IMPORTS_PER_HOUR}
            return _refused(request, f"{said} {why}", into, status=429)
        sent = parse_sent(request.POST, device.device_label(request))
        outcome = commands.apply(
            None, sent, ImportNight(data, group_id=None if into is None else into.pk)
        )
    except engine.RecordError as exc:  # a game's first problem: nothing of the night is kept
        return _cant_import(request, capfirst(present.located_text(exc.problem)), into)
    except NightRecordError as exc:
        return _cant_import(request, str(exc), into)
    except commands.Refusal as refusal:  # the form's key, damaged or used for another file
        return _refused(request, refusal.outcome.notice, into, answers.status(refusal.outcome))
    if not outcome.done:
        return _refused(request, outcome.notice, into)
    remember(request, outcome.made.edit_token)
    return redirect(outcome.made.get_absolute_url())
