"""Template tags for the game pages."""

import html
import secrets
from functools import cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from .. import freshness
from ..models import Game

register = template.Library()


@cache
def _present(path: str) -> bool:
    return finders.find(path) is not None


@register.simple_tag
def static_if_present(path: str) -> str:
    """The file's static URL, or "" while nobody has written it (the print stylesheet)."""
    if not _present(path):
        return ""
    try:
        return static(path)
    except ValueError:
        # The manifest storage of production refuses files it doesn't know.
        return ""


@register.simple_tag(takes_context=True)
def command_fields(context: template.Context) -> str:
    """What every form that changes a game sends: its CSRF token, the state of the game this
    page shows (its version and, on a game's page, its revision) and a key of its own, so a
    second send of the same form changes nothing."""
    version = html.escape(str(context.get("version", "")))
    game = context.get("game")
    revision = game.revision if isinstance(game, Game) else ""
    # A page has a few of these: written directly, escaped by the standard library as Django's
    # escape does (without its lazy-string wrapper); a URL-safe key needs no escaping.
    csrf = html.escape(str(context.get("csrf_token")))
    # The revision names a state no restore brings back (hex, needing no escaping).
    state = f'<input type="hidden" name="revision" value="{revision}">' if revision else ""
    return mark_safe(
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{csrf}">'
        f'<input type="hidden" name="version" value="{version}">{state}'
        f'<input type="hidden" name="key" value="{secrets.token_urlsafe(16)}">'
    )


@register.simple_tag(takes_context=True)
def fresh_key(context: template.Context) -> str:
    """The freshness key of the game this page shows (`freshness.key`), for `{% cache %}` around
    a part of its page that holds no form."""
    game = context["game"]
    return freshness.key(game.pk, game.revision, game.shown, context["request"])


@register.simple_tag
def command_key() -> str:
    """A key of its own for a form that makes something (a club's game, a tournament's step):
    sent twice, even at once, it is done once."""
    return format_html('<input type="hidden" name="key" value="{}">', secrets.token_urlsafe(16))
