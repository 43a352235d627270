"""The footer's language switch (templates/base.html): Django's set_language, a POST form."""

from django.conf import settings
from django.http import HttpRequest


def language_switch(request: HttpRequest) -> dict:
    """Whether a page shows the switch. A watch link's pages are one cached copy for every
    watcher, with no cookie: they can't carry the form's CSRF token, so they follow the phone's
    language (Accept-Language) alone."""
    match = request.resolver_match
    watching = bool(match and match.namespace == "games" and match.url_name.startswith("watch"))
    # Each language named in itself (settings.LANGUAGES), as a Swede looks for "Svenska".
    return {"language_switch": not watching, "languages": settings.LANGUAGES}
