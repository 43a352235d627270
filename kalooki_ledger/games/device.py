"""A short label for each phone ("iPhone 3fa2"), so the history says who changed what. It lives
in a signed cookie of its own, so a write need not load the session to name its author."""

import secrets
from urllib.parse import quote, unquote

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

COOKIE = "device"
SALT = "kalooki_ledger.device"
MAX_LENGTH = 40
KINDS = ("iPhone", "iPad", "Android", "Mac", "Windows", "Linux")


def _from_cookie(request: HttpRequest) -> str:
    # Quoted in the cookie: a header carries Latin-1 only, and an iPhone types a curly apostrophe.
    return unquote(request.get_signed_cookie(COOKIE, default="", salt=SALT))[:MAX_LENGTH]


def current_label(request: HttpRequest) -> str | None:
    """This phone's label if it has one yet (it gets one with its first change)."""
    return _from_cookie(request) or request.session.get("device") or None


def rename(request: HttpRequest, name: str) -> str | None:
    """Gives this phone the name for its changes from now on; the reason it can't, or None."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_LENGTH:
        return gettext("A phone's name is 1 to %(most)s characters, such as “Mark's phone”.") % {
            "most": MAX_LENGTH
        }
    if not name.isprintable():
        return gettext("A phone's name is letters, digits, spaces and punctuation only.")
    request._device_label = request._device_label_to_send = name
    return None


def device_label(request: HttpRequest) -> str:
    """This phone's label: from its cookie, else from the session of a phone labelled before
    the cookie existed, else a new one; the middleware sends it back as the cookie."""
    label = getattr(request, "_device_label", None)
    if label:
        return label
    label = current_label(request) or _new_label(request)
    # Sent again with every change, so a phone in use keeps its name past the cookie's year.
    request._device_label = request._device_label_to_send = label
    return label


def _new_label(request: HttpRequest) -> str:
    agent = request.headers.get("User-Agent", "")
    kind = next((k for k in KINDS if k in agent), gettext("Browser"))
    return f"{kind} {secrets.token_hex(2)}"


class DeviceLabelMiddleware:
    """Sends the cookie of the label this request used or gave the phone."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        label = getattr(request, "_device_label_to_send", None)
        if label:
            response.set_signed_cookie(
                COOKIE,
                quote(label, safe=""),
                salt=SALT,
                max_age=settings.SESSION_COOKIE_AGE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
