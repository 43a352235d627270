"""The service worker, served from the site's root so that its scope is the whole site.

A file under /static/ could only control /static/, and its name changes with every deploy (the
manifest storage hashes it), so the worker is a template rendered here: it lists the static
files to keep by their current URLs, and its bytes change whenever one of them does, which is
how a browser learns that there is a new worker. See docs/offline.md.
"""

import hashlib
import json
from dataclasses import replace

from django.contrib.staticfiles import finders
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from kalooki_ledger.rules import family_of, replay

from . import ledger_cache, present

# Everything a table page needs, kept on the phone when the worker installs.
KEPT = [
    "css/app.css",
    "css/print.css",
    "js/app.js",
    "js/offline.js",
    "js/outbox_core.js",
    "js/outbox.js",
    "django_htmx/htmx-2.min.js",
    "manifest.webmanifest",
    "icons/icon-192.png",
]


def kept_urls() -> list[str]:
    # The print stylesheet is written by another change; keep it only once it exists. The
    # scripts' words in the phone's language too (English has no catalogue file).
    paths = [*KEPT, f"js/i18n/{get_language()}.js", f"manifest.{get_language()}.webmanifest"]
    return [static(path) for path in paths if finders.find(path) is not None]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    urls = kept_urls()
    version = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    context = {"urls": urls, "version": version, "stylesheet": static("css/app.css")}
    body = render_to_string("sw.js", context)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # Always asked for again: a stale worker would keep serving stale pages.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def elimination_kit(ledger, game=None) -> dict | None:
    """What a phone without signal needs to tell whom the hands it keeps put over the limit, and
    so ask the buy-in question itself (static/js/outbox.js): the engine's figures now. The
    server's answer stays the truth: a wrong guess comes back refused, as any kept command can."""
    rules = ledger.game.rules
    if not family_of(rules.family).eliminates or not ledger.can_record_hand:
        return None
    kit = {
        "within": rules.highest_within(),
        "factor": rules.penalty_factor(True),
        "bonus": [rules.winner_bonus(False), rules.winner_bonus(True)],
        "needs": rules.buy_in_needs_remaining,
        "price": present.Money(ledger)(ledger.game.stakes.buy_in),
        **_standing(ledger),
    }
    # The game from its start, and its hands as the engine took them: an edit or delete of an
    # earlier hand kept offline is reckoned by replaying them all.
    kit["start"] = _standing(replay(replace(ledger.game, hands=())))
    kit["record"] = [_recorded(row) for row in ledger.hands]
    # Where the game stood before its last hand: an undo kept offline goes back there.
    if ledger.hands:
        before = _standing_before(ledger) if game is None else _kept_before(game, ledger)
        if before is not None:
            kit["before"] = before
    return kit


_BEFORE = "standing-before-its-last-hand"
_NOTHING_BEFORE = "nothing"  # kept for a standing before that had problems (None reads as a miss)


def _kept_before(game, ledger) -> dict | None:
    before = ledger_cache.kept(
        game.pk, game.revision, _BEFORE, lambda: _standing_before(ledger) or _NOTHING_BEFORE
    )
    return None if before == _NOTHING_BEFORE else before


def _standing_before(ledger) -> dict | None:
    before = replay(replace(ledger.game, hands=ledger.game.hands[:-1]))
    return None if before.problems else _standing(before)


def keep_standing_before(game, after, before) -> None:
    """Keeps `before`'s standing as the kit's "before" of `after` (the game's ledger at its
    revision now) when `after` is `before` with one hand more (a hand just recorded), so building
    its kit needs no replay of the game."""
    hands = after.game.hands
    if hands and replace(after.game, hands=hands[:-1]) == before.game:
        standing = _NOTHING_BEFORE if before.problems else _standing(before)
        ledger_cache.keep(game.pk, game.revision, _BEFORE, standing)


def _recorded(row) -> dict:
    """A recorded hand for the phone's replay: the values as entered (or counted from cards) and
    the buy-in answers in the order they were asked."""
    if row.void:
        return {"void": True, "buy_ins": []}
    answered = [name for name in row.buy_in_offers if name in row.bought_in or name in row.out]
    return {
        "winner": row.winner,
        "kalookie": row.kalookie,
        "penalties": {name: value for name, value in row.values.items() if name != row.winner},
        "buy_ins": [[name, name in row.bought_in] for name in answered],
    }


def _standing(ledger) -> dict:
    """The seats (clockwise), the next dealer and the hands so far, as the phone reckons on."""
    return {
        "hands": len(ledger.hands),
        "dealer": ledger.dealer,
        "seats": [
            {"name": s.name, "total": s.total, "left": s.buy_ins_left, "out": s.out}
            for s in ledger.standings
        ],
    }


def kit_attribute(game, ledger) -> str:
    """The kit of `game` at `ledger` (its ledger at its revision) as the hand form's
    `data-offline-kit`: an attribute survives every htmx swap, where a script element would be
    dropped (htmx removes scripts with allowScriptTags off). Escaped for the attribute; the table
    page keeps it per revision and language, as building it replays the game twice and a
    1,000-hand game's is about 200 kB to escape."""
    kit = elimination_kit(ledger, game)
    return escape(json.dumps(kit, cls=DjangoJSONEncoder)) if kit else ""
