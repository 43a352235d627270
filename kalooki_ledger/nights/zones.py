"""Local time: each page in the phone's time zone (the `tz` cookie static/js/app.js sets from
the browser's own), else, on a group's or a night's pages, the group's zone, else TIME_ZONE; a
game's /w/ pages, cached for every watcher alike, in TIME_ZONE.
Files are written in the group's zone (`file_zone`), whatever phone asks for them."""

import functools
import zoneinfo

from django.conf import settings
from django.http import HttpRequest
from django.utils import timezone

from .models import Group, Night

COOKIE = "tz"


@functools.cache
def known_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The zone of that IANA name, or None for anything else (a cookie says what it likes)."""
    return zoneinfo.ZoneInfo(name) if name in known_zones() else None


def group_zone(match) -> str:
    """The zone of the group whose page (or night's page or file) this is, "" when none is set."""
    token = match.kwargs.get("token") if match and match.namespace == "nights" else None
    if not token:
        return ""
    if match.url_name in ("group", "group_watch"):
        found = Group.objects.filter(edit_token=token) | Group.objects.filter(share_token=token)
        return found.values_list("time_zone", flat=True).first() or ""
    nights = Night.objects.filter(edit_token=token) | Night.objects.filter(share_token=token)
    return nights.values_list("group__time_zone", flat=True).first() or ""


def file_zone(night: Night) -> zoneinfo.ZoneInfo:
    """A night's files are written in its group's zone (else TIME_ZONE), with the offset."""
    return zone_named(night.group.time_zone) or zoneinfo.ZoneInfo(settings.TIME_ZONE)


class LocalTimeMiddleware:
    """Activates the phone's zone, else the group's, for the page (Django's `timezone.activate`);
    the default zone (TIME_ZONE) again after it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    def process_view(self, request: HttpRequest, view, args, kwargs) -> None:
        # A /w/ page is one copy for every watcher (a shared cache keeps it): no cookie chooses.
        shared = request.path_info.startswith("/w/")
        zone = None if shared else zone_named(request.COOKIES.get(COOKIE, ""))
        if zone is None:
            zone = zone_named(group_zone(request.resolver_match))
        if zone is not None:
            timezone.activate(zone)
