"""Template tags for the game pages."""

import html
import secrets
from collections.abc import Callable, Hashable
from decimal import Decimal
from functools import cache, partial

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.signals import setting_changed
from django.template.loader_tags import BlockNode
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.functional import Promise
from django.utils.html import format_html
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
    _site_parts.clear()


setting_changed.connect(_forget)  # a test's changed settings


# Where a kept part's command fields go: each request writes its own there (a phone's CSRF token,
# the version it shows, a fresh key). Random per process, so no text a player types can hold it.
_FIELDS_MARK = f"\x00fields-{secrets.token_hex(8)}\x00"
# What `{% csrf_token %}` would write inside a kept part: refused, as one phone's token kept
# for every phone would fail the others' forms.
_NO_TOKEN = f"\x00no-token-{secrets.token_hex(8)}\x00"
_KEEPING = "_keeping_a_part"  # in the context while a kept part renders


@register.simple_tag(takes_context=True)
def command_fields(context: template.Context) -> str:
    """What every form that changes a game sends: its CSRF token, the version of the game this
    page shows and a key of its own, so a second send of the same form changes nothing."""
    if context.get(_KEEPING):
        return mark_safe(_FIELDS_MARK)
    # A page has a few of these: written directly, escaped by the standard library as Django's
    # escape does (without its lazy-string wrapper); a URL-safe key needs no escaping.
    csrf = html.escape(str(context.get("csrf_token")))
    version = html.escape(str(context.get("version", "")))
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
    """`{% include name %}` for a part of a page that shows the ledger (with `inputs`, which name
    whatever else it reads): rendered once for each ledger, language and inputs, as `kept_part`
    keeps a part of a template; a game's next version is another ledger."""
    key = (name, get_language(), plain(inputs))

    def render() -> str:
        return context.template.engine.get_template(name).render(context)

    return _kept(context, partial(ledger_cache.derived, ledger), key, render)


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
    raise TypeError(f"a kept part keys on plain values, not {type(value).__name__}")


class KeptPartNode(template.Node):
    """`{% kept_part ledger input... [fresh=expr] %}...{% endkept_part %}`: the part rendered
    once for each ledger, language and inputs, as `ledger_include` keeps a template; its
    `{% command_fields %}` are written afresh for every request. `inputs` name everything it
    reads that the ledger doesn't settle; while `fresh` holds, it is rendered every time.
    `{% site_part input... %}` (no ledger) is kept by this process for every page alike."""

    def __init__(self, nodelist, ledger, inputs, fresh, where: tuple[str, int]) -> None:
        self.nodelist, self.ledger, self.inputs, self.fresh = nodelist, ledger, inputs, fresh
        self.where = where

    def render(self, context: template.Context) -> str:
        def render() -> str:
            return self.nodelist.render(context)

        if self.fresh is not None and self.fresh.resolve(context):
            return _kept(context, _afresh, self.where, render)
        inputs = plain([value.resolve(context) for value in self.inputs])
        key = ("part", self.where, get_language(), inputs)
        if self.ledger is None:  # its addresses start with the site's prefix
            return _kept(context, _by_site, (*key, get_script_prefix()), render)
        ledger = self.ledger.resolve(context)
        return _kept(context, partial(ledger_cache.derived, ledger), key, render)


def _afresh(key: Hashable, build: Callable[[], str]) -> str:
    return build()


# The site parts this process has rendered: a few per language (the page's head and header).
_site_parts: dict[Hashable, str] = {}


def _by_site(key: Hashable, build: Callable[[], str]) -> str:
    part = _site_parts.get(key)
    if part is None:
        part = _site_parts[key] = build()
    return part


def _kept(context: template.Context, keep, key: Hashable, render: Callable[[], str]) -> str:
    """`keep(key, marked)`: `render()` kept under `key`, its command fields marked as it
    renders and written for this request, unless it sits inside another kept part, which
    writes them."""

    def marked() -> str:
        with context.push({_KEEPING: True, "csrf_token": _NO_TOKEN}):
            part = render()
        if _NO_TOKEN in part:
            raise template.TemplateSyntaxError(
                f"{key!r}: a kept part writes its CSRF token by command_fields only"
            )
        return part

    part = keep(key, marked)
    return part if context.get(_KEEPING) else _with_fields(part, context)


def _with_fields(part: str, context: template.Context) -> str:
    pieces = part.split(_FIELDS_MARK)
    filled = [pieces[0]]
    for piece in pieces[1:]:
        filled += [command_fields(context), piece]
    return mark_safe("".join(filled))


def _part(parser, token, end: str) -> tuple[template.NodeList, tuple[str, int]]:
    nodelist = parser.parse((end,))
    parser.delete_first_token()
    where = (parser.origin.template_name, token.lineno)
    # A block is the page's own (a child template fills it): kept, one page's would show on all.
    if nodelist.get_nodes_by_type(BlockNode):
        raise template.TemplateSyntaxError(f"{where}: a kept part may not hold a block")
    return nodelist, where


@register.tag
def kept_part(parser, token) -> KeptPartNode:
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("kept_part takes the ledger, then its inputs")
    fresh = None
    if bits[-1].startswith("fresh="):
        fresh = parser.compile_filter(bits.pop()[len("fresh=") :])
    nodelist, where = _part(parser, token, "endkept_part")
    inputs = [parser.compile_filter(bit) for bit in bits[2:]]
    return KeptPartNode(nodelist, parser.compile_filter(bits[1]), inputs, fresh, where)


@register.tag
def site_part(parser, token) -> KeptPartNode:
    nodelist, where = _part(parser, token, "endsite_part")
    inputs = [parser.compile_filter(bit) for bit in token.split_contents()[1:]]
    return KeptPartNode(nodelist, None, inputs, None, where)
