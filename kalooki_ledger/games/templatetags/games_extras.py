"""Template tags for the game pages."""

import secrets
from collections.abc import Hashable
from decimal import Decimal
from functools import cache

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.signals import setting_changed
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.functional import Promise
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from kalooki_ledger.games import ledger_cache

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
        return kept_static(path)
    except ValueError:
        # The manifest storage of production refuses files it doesn't know.
        return ""


# Every page's static files and fixed addresses, looked up once per process: the manifest's and
# the resolver's look-ups cost a page (and the 404 page) a tenth of its time.
_static_urls: dict[tuple[str, str], str] = {}
_urls: dict[tuple[str, str, object], str] = {}


@register.simple_tag
def kept_static(path: str) -> str:
    """`{% static path %}`, kept by the path and the static URL (the manifest is read once)."""
    key = (path, settings.STATIC_URL)
    url = _static_urls.get(key)
    if url is None:
        url = _static_urls[key] = static(path)
    return url


@register.simple_tag
def kept_url(name: str) -> str:
    """`{% url name %}` of an address that takes no argument, kept by the site's prefix."""
    key = (name, get_script_prefix(), get_urlconf())
    url = _urls.get(key)
    if url is None:
        url = _urls[key] = reverse(name)
    return url


def _forget(**kwargs) -> None:
    _static_urls.clear()
    _urls.clear()


setting_changed.connect(_forget)  # a test's changed settings


@register.simple_tag(takes_context=True)
def command_fields(context: template.Context) -> str:
    """What every form that changes a game sends: its CSRF token, the version of the game this
    page shows and a key of its own, so a second send of the same form changes nothing."""
    csrf, version = escape(context.get("csrf_token")), escape(context.get("version", ""))
    # A page has a few of these: written directly (a URL-safe key needs no escaping).
    return mark_safe(
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{csrf}">'
        f'<input type="hidden" name="version" value="{version}">'
        f'<input type="hidden" name="key" value="{secrets.token_urlsafe(16)}">'
    )


@register.simple_tag
def command_key() -> str:
    """A key of its own for a form that makes something (a club's game, a tournament's step):
    sent twice, even at once, it is done once."""
    return format_html('<input type="hidden" name="key" value="{}">', secrets.token_urlsafe(16))


@register.simple_tag(takes_context=True)
def ledger_include(context: template.Context, name: str, ledger, *inputs) -> str:
    """`{% include name %}` for a part of a page that holds no token and shows the ledger alone
    (with `inputs`, which name whatever else it reads): rendered once for each ledger, language
    and inputs; a game's next version is another ledger."""

    def render() -> str:
        with context.push():
            return context.template.engine.get_template(name).render(context)

    return ledger_cache.derived(ledger, (name, get_language(), plain(inputs)), render)


PLAIN = (str, int, float, Decimal, type(None))  # bool is an int


def plain(value) -> Hashable:
    """`value` as a key made of plain values only: an object's repr may leave out what tells two
    apart (a model shows its title), and two phones would then see each other's part."""
    if isinstance(value, PLAIN):
        return (type(value).__name__, value)
    if isinstance(value, Promise):  # a lazy translation: the words it is now
        return ("str", str(value))
    if isinstance(value, list | tuple):
        return tuple(plain(item) for item in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), plain(v)) for k, v in value.items()))
    raise TypeError(f"ledger_include keys on plain values, not {type(value).__name__}")
