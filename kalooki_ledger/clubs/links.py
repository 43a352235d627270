"""What the games app's own pages and files say about a club game: where it was played and the
way back to its club or tournament; and the clubs' own sheets on the site's blank sheets page.
The games and sheets apps never import the clubs app; these reach them through the sheets'
`games.signals.place_of_game` signal and the `filed_under` and `club_sheets` context processors."""

from django.urls import reverse

from kalooki_ledger.games.freshness import kept, shown_on_game_pages
from kalooki_ledger.games.models import Game

from .models import Club, ClubGame, Tournament, TournamentTable

# What `filed_under` reads: a save or delete of any of these renews the games' display token, so
# every kept part of their pages and the watch link's ETag move on (games/freshness.py).
shown_on_game_pages(ClubGame, lambda link: Game.objects.filter(pk=link.game_id))
shown_on_game_pages(
    Club,
    lambda club: Game.objects.filter(club_link__club_id=club.pk),
    fields=frozenset({"name", "slug"}),
)
# A tournament's stage and its count of heat tables decide whether a player out may buy in.
shown_on_game_pages(
    Tournament,
    lambda t: Game.objects.filter(tournament_table__tournament_id=t.pk),
    fields=frozenset({"name", "stage", "buy_in", "currency", "club"}),
)
shown_on_game_pages(
    TournamentTable,
    lambda table: Game.objects.filter(tournament_table__tournament_id=table.tournament_id),
)


def place_of_game(sender: object, game, **kwargs: object) -> str:
    """ "Friday Club", or "Friday Club · Blackpool Open · Table 3" for a tournament table."""
    table = TournamentTable.objects.filter(game=game).select_related("tournament__club").first()
    if table:
        return f"{table.tournament.club} · {table.tournament} · {table.label}"
    link = ClubGame.objects.filter(game=game).select_related("club").first()
    return link.club.name if link else ""


def _filing(field: str, token: str) -> tuple | None:
    """The club's name and slug and the tournament table of the game whose `field` is the token:
    a light look (most games are filed nowhere), as loading the link with its game and
    tournament as models cost a table page a fifth of its time."""
    return (
        ClubGame.objects.filter(**{field: token})
        .values_list("club__name", "club__slug", "game__tournament_table")
        .order_by("pk")
        .first()
    )


def filed_under(request) -> dict:
    """On a game's own pages (/g/, /w/): a link back to its tournament or club, and whether it is
    a tournament table (whose phone has no money to show: it all goes through the pot) where a
    player who goes out may still buy in."""
    match = request.resolver_match
    token = match and match.namespace == "games" and match.kwargs.get("token")
    if not token:
        return {}
    # /w/ addresses (the watch pages, a room's panel) carry the share token; /g/, the edit token.
    field = "game__share_token" if match.route.startswith("w/") else "game__edit_token"
    return {"filed_under": kept(request, "filed-under", lambda: _filed(field, token))}


def _filed(field: str, token: str) -> dict:
    """The club or tournament table the game is filed under, as `filed_under` gives it."""
    found = _filing(field, token)
    if found is None:
        return {}
    name, slug, table_id = found
    if table_id is None:
        club = Club(name=name, slug=slug)
        return {"url": club.get_absolute_url(), "name": club.name}
    table = TournamentTable.objects.select_related("tournament__club").get(pk=table_id)
    t = table.tournament
    # Buying in is open at a heat until the eighth table forms or the next round is seated.
    can_buy_in = (
        table.round == TournamentTable.HEAT
        and t.stage == Tournament.HEATS
        and t.tables.filter(round=TournamentTable.HEAT).count() < Tournament.MAX_TABLES
    )
    return {
        "url": t.get_absolute_url(),
        "name": t.name,
        "table": table.label,
        "buy_in": t.money()(t.buy_in),
        "can_buy_in": can_buy_in,
    }


def club_sheets(request) -> dict:
    """On the site's blank sheets page (the menu's "Blank sheets"): the signed-in user's clubs,
    each linking its own sheet with the club's name, rules, stakes and players."""
    match = request.resolver_match
    if not (match and match.view_name == "sheets:blank" and request.user.is_authenticated):
        return {}
    clubs = Club.objects.filter(memberships__user=request.user).order_by("name")
    return {"club_sheets": [(c.name, reverse("clubs:sheet", args=[c.slug])) for c in clubs]}
