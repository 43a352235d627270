"""A regular's page (their history and net chart) and their payment handle."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kalooki_ledger.games import charts, present, season
from kalooki_ledger.games.present import paylinks

from .. import stats
from ..access import club_view
from ..models import ClubPlayer, Membership


@club_view()
def person(request, club, membership, pk: int):
    who = get_object_or_404(ClubPlayer, club=club, pk=pk)
    lines = season.history(who, stats.club_games(club, since=club.season_start))
    money = stats.tournament_lines(club, since=club.season_start).get(who.pk, [])
    running = season.running_net(lines, money)
    fmt = club.money(*(line.net for line, _ in running), *(total for _, total in running))
    summary = season.summary(who, lines, money)
    context = {
        "club": club,
        "membership": membership,
        "person": who,
        "running": [
            (line, fmt(line.net, signed=True), fmt(total, signed=True))
            for line, total in reversed(running)
        ],
        "chart": mark_safe(_net_chart(club, running, fmt)),  # built from escaped text
        "summary": summary,
        "net": fmt(summary.net, signed=True),
        "tournament_net": fmt(summary.tournament_net, signed=True),
        # The payment handle form: for those who start games (who else should read it?)
        "pay_services": paylinks.SERVICES.values() if membership.can_score else (),
        "pay_service_name": getattr(paylinks.SERVICES.get(who.pay_service), "name", ""),
    }
    return render(request, "clubs/person.html", context)


def _net_chart(club, running, fmt) -> str:
    """The person's net after each game or tournament of the season, dated."""
    day = _("d M")  # a date format: Swedish writes the month in small letters
    labels = [
        f"{date_format(line.date, day)} {line.tournament}"
        if isinstance(line, stats.TournamentLine)
        else f"{date_format(line.played.date, day)} {line.played.game}"
        for line, _total in running
    ]
    totals = [total for _line, total in running]
    return charts.net_chart(labels, totals, fmt, present.currency_unit(club.currency))


@require_POST
@club_view(Membership.SCORER)
def person_handle(request, club, membership, pk: int):
    """Sets or removes a regular's payment handle; each club game they sit down at from now
    on has it, where the service takes that game's currency."""
    who = get_object_or_404(ClubPlayer, club=club, pk=pk)
    service = "" if request.POST.get("action") == "remove" else request.POST.get("service", "")
    found = paylinks.SERVICES.get(service)
    handle = paylinks.clean(service, request.POST.get("handle", "")) if found else ""
    if service and not handle:
        told = found.rule if found else _("Choose one of the services listed.")
        messages.error(request, f"{told} " + _("Nothing was changed."))
        return redirect(who)
    who.pay_service, who.pay_handle = service, handle
    who.save(update_fields=["pay_service", "pay_handle"])
    if service:
        said = _("%(name)s's payment handle is kept: %(service)s.")
        messages.info(request, said % {"name": who.name, "service": found.name})
    else:
        messages.info(request, _("%(name)s's payment handle is removed.") % {"name": who.name})
    return redirect(who)
