"""The group's page's settings: each regular's pay handle and the group's time zone, each a
command on the group (`group_settings`). Load, parse, apply, answer: thin, as every view."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from kalooki_ledger.games import commands, device, handles
from kalooki_ledger.games.posted import parse_sent

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


@require_POST
def group_settings(request: HttpRequest, token: str) -> HttpResponse:
    group = get_object_or_404(Group, edit_token=token)
    if "zone" in request.POST:
        command = SetGroupZone(request.POST.get("zone", "").strip())
    else:
        service = "" if request.POST.get("action") == "remove" else request.POST.get("service", "")
        command = SetGroupHandle(
            request.POST.get("player", ""), service, request.POST.get("handle", "")
        )
    try:
        outcome = commands.apply(
            group, parse_sent(request.POST, device.device_label(request)), command
        )
    except commands.Refusal as refusal:
        outcome = refusal.outcome
    if outcome.notice:
        level = messages.SUCCESS if outcome.done else messages.ERROR
        messages.add_message(request, level, outcome.notice)
    return redirect(f"{group.get_absolute_url()}#group-settings")
