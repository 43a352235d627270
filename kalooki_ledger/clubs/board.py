"""A board for the room: a club's tables playing now, or a tournament's round, who is out, who
waits to buy in, the next round's seating and the prize pot, in large type for a screen across
the room (1920x1080). Nothing private: no scoring links, no handles, no controls.

Its link is a capability (signed, like a watch link) so a TV and any player's phone open it
without an account. The frame and every table on it are answered like a watch link's page: under
/w/, public for two seconds with an ETag, a poll whose state stands answered 204 (a club's frame
stands while the same tables play: each polls its own panel), so the shared cache in front
(deploy/nginx.conf) serves a room full of boards. docs/clubs.md.
"""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from django.core.signing import Signer
from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from kalooki_ledger.games import room
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.qr import qr_svg
from kalooki_ledger.games.views.watch import phone_language, public

from . import tournaments
from .models import Club, ClubPlayer, Tournament, TournamentBuyIn, TournamentTable

SALT = "kalooki_ledger.clubs.board"
KINDS = ("club", "tournament")
PER_PAGE = 12  # tables on one page of the board at 1920x1080: four across, three down
# Columns and rows of a page of so many tables: the cards as large as the screen allows.
GRIDS = {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2), 7: (4, 2), 8: (4, 2)}
GRIDS |= {9: (3, 3), 10: (4, 3), 11: (4, 3), 12: (4, 3)}
RECENT = timedelta(hours=12)  # a club's table counts as playing now if changed this recently
ROTATE_SECONDS = 12


def signature(kind: str, pk: int) -> str:
    return Signer(salt=SALT).signature(f"{kind}:{pk}")


def board_url(kind: str, pk: int) -> str:
    return reverse("board", args=[kind, pk, signature(kind, pk)])


def _club_games(pk: int) -> list[Game]:
    """The club's games changed lately, oldest first (the ones not over are its tables now)."""
    since = timezone.now() - RECENT
    return list(
        Game.objects.filter(club_link__club_id=pk, updated__gte=since).order_by("created", "id")
    )


def _playing(games: list[Game]) -> list[tuple[Game, dict]]:
    """The club's tables playing now (not over), each with its panel (`room.panel_context`)."""
    shown = [(game, room.panel_context(game)) for game in games]
    return [(game, panel) for game, panel in shown if not panel["over"]]


def _frame_key(playing: list[tuple[Game, dict]]) -> str:
    """What a club's frame shows beyond its tables' panels, which poll by themselves: which
    tables play and by which names (a club's or tournament's rename moves a game's `shown`; an
    untitled game's name is its players' and date, which stay)."""
    parts = [(game.pk, game.shown, game.title) for game, _panel in playing]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:16]


def _state_key(kind: str, pk: int, recent: list[Game] | None) -> str:
    """What the board shows changes only when one of these does: a few queries, no replay;
    `recent`: a club's games changed lately, read already."""
    if kind == "club":
        parts = [(game.pk, game.revision, game.shown) for game in recent or []]
    else:
        parts = [
            *Game.objects.filter(tournament_table__tournament_id=pk).values_list(
                "pk", "revision", "shown"
            ),
            *TournamentBuyIn.objects.filter(tournament_id=pk).values_list(
                "pk", "to_table_id", "refunded"
            ),
            *Tournament.objects.filter(pk=pk).values_list("stage"),
        ]
    return hashlib.sha1(repr(sorted(map(repr, parts))).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Page:
    """One screenful of tables and its grid (columns by rows), the same on every page."""

    tables: list[dict]
    cols: int
    rows: int


def _pages(tables: list[tuple[str, dict]]) -> list[Page]:
    """The tables (each its name on the board and its panel, `room.panel_context`), up to
    twelve to a page; beyond, as many pages as it takes with the tables shared evenly, so that
    every page keeps one grid."""
    panels = [{"label": label, "panel": panel} for label, panel in tables]
    if not panels:
        return [Page([], 1, 1)]
    pages = -(-len(panels) // PER_PAGE)
    per = -(-len(panels) // pages)
    cols, rows = GRIDS[per]
    return [Page(panels[i : i + per], cols, rows) for i in range(0, len(panels), per)]


@dataclass(frozen=True)
class Seating:
    """One table of the next round: its name and who is seated there so far."""

    label: str
    names: list[str]
    places: int


def next_round(state: tournaments.State) -> list[Seating]:
    """The next round's tables as the results so far fill them (tournaments.start_semis and
    start_final seat them the same way); empty once the final is seated."""
    stage = state.tournament.stage
    if stage == Tournament.HEATS and state.heats:
        winners = [t.winner.name if t.winner else "" for t in state.heats]
        if len(state.heats) <= tournaments.STRAIGHT_TO_FINAL:
            names = [p.name for p in tournaments.heat_finalists(state.heats)]
            return [Seating(_("Final"), names, tournaments.final_places(len(state.heats)))]
        return [
            Seating(
                _("Semi-final %(letter)s") % {"letter": letter}, [n for n in half if n], len(half)
            )
            for letter, half in (("A", winners[0::2]), ("B", winners[1::2]))
        ]
    if stage == Tournament.SEMIS:
        names = [p.name for semi in state.semis for p in semi.top_two()]
        return [Seating(_("Final"), names, 2 * len(state.semis))]
    return []


def out_of_it(state: tournaments.State) -> list[ClubPlayer]:
    """Who is out of the tournament: out at a table and not (yet) bought in from it; at the
    semi-finals, those not in a semi's top two once it has finished."""
    bought = {(b.person_id, b.from_table_id) for b in state.buy_ins}
    out = [
        person for t in state.heats for person in t.out() if (person.pk, t.table.pk) not in bought
    ]
    for semi in state.semis:
        if semi.finished:
            top = {p.pk for p in semi.top_two()}
            out += [p for p in semi.people.values() if p.pk not in top]
    return out


def _round_tables(state: tournaments.State) -> list[tuple[str, Game]]:
    stage = state.tournament.stage
    rounds = {
        Tournament.HEATS: TournamentTable.HEAT,
        Tournament.SEMIS: TournamentTable.SEMI,
    }
    wanted = rounds.get(stage, TournamentTable.FINAL)
    return [(t.table.label, t.game) for t in state.tables if t.table.round == wanted]


def _context(request: HttpRequest, kind: str, pk: int, key: str, playing: list | None) -> dict:
    """The board's page; `key`: what its frame's poll names; `playing`: a club's tables now."""
    url = board_url(kind, pk)
    context = {
        "kind": kind,
        "key": key,
        "url": url,
        "rotate": ROTATE_SECONDS,
        "qr": qr_svg(request.build_absolute_uri(url), _("QR code of this board")),
    }
    if kind == "club":
        club = Club.objects.filter(pk=pk).first()
        if club is None:
            raise Http404(_("No such board"))
        # A tournament's table by its name in the board's language, not its stored title.
        games = [g for g, _panel in playing or []]
        at = TournamentTable.objects.filter(game__in=games).select_related("tournament")
        named = {t.game_id: f"{t.tournament.name} · {t.label}" for t in at}
        tables = [(named.get(g.pk, str(g)), panel) for g, panel in playing or []]
        context.update(title=club.name, pages=_pages(tables), tables=len(tables))
        return context
    tournament = Tournament.objects.select_related("club").filter(pk=pk).first()
    if tournament is None:
        raise Http404(_("No such board"))
    state = tournaments.load(tournament)
    tables = [(label, room.panel_context(game)) for label, game in _round_tables(state)]
    context.update(
        title=tournament.name,
        subtitle=tournament.club.name,
        state=state,
        stage=_("Finished") if state.champion else tournament.get_stage_display(),
        pages=_pages(tables),
        tables=len(tables),
        waiting=state.waiting,
        out=out_of_it(state),
        seating=next_round(state),
    )
    return context


@require_GET
def board(request: HttpRequest, kind: str, pk: int, sig: str) -> HttpResponse:
    """The board, or its frame's poll (htmx): 204 while what the frame shows stands (a club's
    tables update themselves), else 304 for the ETag it has."""
    if kind not in KINDS or not constant_time_compare(sig, signature(kind, pk)):
        raise Http404(_("No such board"))
    language = phone_language(request)
    with translation.override(language):  # the tables' kept panels are in the board's language
        request.LANGUAGE_CODE = language
        response = _answer(request, kind, pk, language)
    response["Content-Language"] = language
    return response


def _answer(request: HttpRequest, kind: str, pk: int, language: str) -> HttpResponse:
    recent = _club_games(pk) if kind == "club" else None
    key = _state_key(kind, pk, recent)
    etag = f'"b{key}-{language}{"-f" if request.htmx else ""}"'
    playing = _playing(recent) if recent is not None else None
    frame = key if playing is None else _frame_key(playing)
    if request.htmx and request.GET.get("v") == frame:
        return public(HttpResponse(status=204), etag)
    # 304 for an If-None-Match naming it, read as Django reads it (weakly; lists, `*`).
    response = get_conditional_response(request, etag=etag)
    if response is None:
        template = "clubs/board.html#frame" if request.htmx else "clubs/board.html"
        context = _context(request, kind, pk, frame, playing)
        response = HttpResponse(render_to_string(template, context, request))
    return public(response, etag)
