"""The group's page's settings: each regular's pay handle and the group's time zone, each a
command on the group (`group_settings`). Load, parse, apply, answer: thin, as every view."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from kalooki_ledger.games import answers, commands, device, handles
from kalooki_ledger.games.posted import parse_sent

from . import pages
from .group_settings import SetGroupHandle, SetGroupZone
from .models import Group
from .zones import COOKIE, zone_named


def handle_rows(group: Group) -> dict | None:
    """The regulars' handle forms (the games' own rows): None where no service takes the
    group's money."""
    return handles.handle_rows(group.currency, group.regulars, group.pay_handles or {})


def zone_offered(request: HttpRequest, group: Group) -> str:
    """The zone the form shows: the group's, else this phone's."""
    phone = request.COOKIES.get(COOKIE, "")
    return group.time_zone or (phone if zone_named(phone) else "")


def scoring_page(request: HttpRequest, group: Group, outcome=None) -> HttpResponse:
    """The group's page by its scoring link, with its settings forms; the status what became of
    the command (`outcome`) says."""
    context = {**pages.group_page(group), "version": group.version, "scoring": True}
    context.update(pay_handles=handle_rows(group), zone=zone_offered(request, group))
    status = 200 if outcome is None else answers.status(outcome)
    return render(request, "nights/group.html", context, status=status)


def unknown_action(request: HttpRequest) -> commands.Outcome:
    """A form's action that none of its buttons sends: refused, never taken for the default."""
    messages.error(request, gettext("That is not one of this form's actions: nothing was changed."))
    return commands.Outcome(commands.Verdict.REFUSED)


@require_POST
def group_settings(request: HttpRequest, token: str) -> HttpResponse:
    group = get_object_or_404(Group, edit_token=token)
    action = request.POST.get("action", "")
    # The zone's form sends no action; a handle's sends save or remove (Enter sends save).
    if "zone" in request.POST and action == "":
        command = SetGroupZone(request.POST.get("zone", "").strip())
    elif "zone" not in request.POST and action in ("", "save", "remove"):
        service = "" if action == "remove" else request.POST.get("service", "")
        command = SetGroupHandle(
            request.POST.get("player", ""), service, request.POST.get("handle", "")
        )
    else:
        return scoring_page(request, group, unknown_action(request))
    try:
        outcome = commands.apply(
            group, parse_sent(request.POST, device.device_label(request)), command
        )
    except commands.Refusal as refusal:
        outcome = refusal.outcome
    if outcome.notice:
        level = messages.SUCCESS if outcome.done else messages.ERROR
        messages.add_message(request, level, outcome.notice)
    if outcome.done:
        return redirect(f"{group.get_absolute_url()}#group-settings")
    group.refresh_from_db()
    return scoring_page(request, group, outcome)
