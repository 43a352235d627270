"""A piece of a page kept as HTML in Django's cache framework (the `local` cache, per process):
its template rendered from one value and nothing else, keyed by the game's revision, the
language, the site's prefix and whatever else the value holds (docs/architecture.md, "The
caching rule").

The value is rendered in a plain `Context`: no request, no context processors, no CSRF token, no
session, no user, so the piece can't read what its key does not hold (`render_from` refuses a
value that brings any of them along). What differs with every request is left as a slot and
filled in afterwards (`fill`): each form's CSRF token and fresh key, the links that name the host
the page is read from."""

import hashlib
import html
import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import caches
from django.template.loader import get_template
from django.urls import get_script_prefix
from django.utils.translation import get_language

from .ledger_cache import CACHE

# A slot's mark is this process's own, unguessable: no name or title typed can forge one.
_MARK = secrets.token_hex(8)
# What a form sends (`command_fields`): the version is the piece's, its CSRF token and key the
# request's.
FORM_SLOT = f"<!--kept-slot-{_MARK}:form:{{version}}-->"
FORM_SLOTS = re.compile(re.escape(f"<!--kept-slot-{_MARK}:form:") + r"([0-9]*)-->")
# The watch link (an absolute URL: the host the page is read from).
WATCH_LINK_SLOT = f"kept-slot-{_MARK}:watch-link"
# What a game's page takes from the context processors (clubs' and nights'), by name.
AROUND = ("filed_under", "in_night")
# What a piece's value may never hold: what a request brings.
PER_REQUEST = frozenset({"request", "csrf_token", "user", "perms", "messages", "session"})


@dataclass(frozen=True)
class Piece:
    """A piece of a game's page: `template` rendered from the one value `build()` makes (only
    called when no worker's cache holds it), kept under the game's revision and `name`."""

    name: str
    template: str
    game_id: int
    revision: str
    build: Callable[[], Mapping[str, Any]]

    def key(self, around: Mapping[str, Any]) -> str:
        said = json.dumps(
            [self.name, get_language(), get_script_prefix(), around],
            sort_keys=True,
            default=str,
        )
        digest = hashlib.sha256(said.encode()).hexdigest()[:32]
        return f"game:{self.game_id}:{self.revision}:piece:{digest}"


def render_from(template_name: str, value: Mapping[str, Any]) -> str:
    """`template_name` rendered from `value` alone (its keys are the names the template reads)."""
    if not isinstance(value, Mapping):
        raise TypeError("a piece is rendered from one mapping")
    brought = PER_REQUEST & set(value)
    if brought:
        raise ValueError(f"a kept piece can't read what a request brings: {sorted(brought)}")
    # No request: a plain Context, without context processors (nor the CSRF token they add).
    return get_template(template_name).render(dict(value))


def kept_html(piece: Piece, around: Mapping[str, Any]) -> str:
    """The piece's HTML with its slots still in it, from the cache or rendered and kept;
    `around`: what the request's context processors put on the page (the club or the night the
    game is in), part of the value and of the key alike."""
    cache = caches[CACHE]
    key = piece.key(around)
    found = cache.get(key)
    if found is None:
        found = render_from(piece.template, {**piece.build(), **around})
        cache.set(key, found)
    return found


def fill(kept: str, form_fields: Callable[[str], str], watch_link: str) -> str:
    """The request's own parts put in a kept piece's slots: every form its own fields (given
    the version the piece holds)."""
    kept = kept.replace(WATCH_LINK_SLOT, html.escape(watch_link))
    return FORM_SLOTS.sub(lambda slot: form_fields(slot.group(1)), kept)
