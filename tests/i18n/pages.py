"""The pages the untranslated-string check renders, each with the data it shows (names, which
are the same in every language): the club pages on a club night, the game's own on a game night
(tests/i18n/games.py)."""

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from kalooki_ledger.clubs.models import Membership
from tests.clubs import factories
from tests.i18n import house_rules

CLUB = "Kallegänget"
PLAYERS = ["Agneta", "Bosse", "Cissi", "Dagge"]
USERS = ["nisse", "lotta"]
TOURNAMENT = "Blackpool Open"
TOO_LONG = "Agneta" * 7  # a name past the 40 characters a regular's name may have


@dataclass(frozen=True)
class Page:
    """A request a phone makes: GET `url` of the night, or POST `post` to it, and the status
    it answers with."""

    name: str
    url: Callable[[dict], str]
    post: dict | None = None
    status: int = 200
    signed_in: bool = True
    tournament: bool = False  # drawing one costs a second: only for the pages that show it
    data: tuple[str, ...] = ()  # what else the page shows as it is in every language
    games: bool = False  # the page is of a game night (tests/i18n/games.py), not a club night
    visits: Callable[[dict], list[str]] | None = None  # pages the phone opens first


def club_night(with_tournament: bool = False) -> dict:
    """A club with an organiser and a scorer, regulars, a finished game, a game being played and
    a tournament with one finished table: every club page has something to show."""
    club = factories.make_club(name=CLUB, slug="kallet")
    nisse, lotta = factories.make_user("nisse"), factories.make_user("lotta")
    factories.join(club, nisse, Membership.ORGANISER)
    scorer = factories.join(club, lotta, Membership.SCORER)
    people = factories.make_players(club, " ".join(PLAYERS))
    finished = factories.club_game(club, factories.short_game(PLAYERS, "Agneta", title="Fredag"))
    playing = factories.club_game(
        club, {**factories.short_game(PLAYERS[:2], "Bosse"), "hands": [], "title": "Lördag"}
    )
    night = {
        "club": club,
        "person": people[0],
        "finished": finished,
        "playing": playing,
        "scorer": scorer,
    }
    if with_tournament:
        night["tournament"] = factories.tournament_with(club, 16, entry_fee=5, buy_in=5)
        night["table"] = night["tournament"].tables.get(number=1)
        factories.finish_table(night["table"].game)
    return night


def _club(name: str) -> Callable[[dict], str]:
    return lambda night: reverse(f"clubs:{name}", args=[night["club"].slug])


def _in_club(name: str, key: str) -> Callable[[dict], str]:
    return lambda night: reverse(f"clubs:{name}", args=[night["club"].slug, night[key].pk])


def _at(name: str, **kwargs: str) -> Callable[[dict], str]:
    return lambda night: reverse(name, kwargs=kwargs)


CLUB_PAGES = [
    Page("clubs home", _at("clubs:home")),
    Page("club", _club("club"), tournament=True),
    Page("members and settings", _club("members")),
    Page("person", _in_club("person", "person"), tournament=True),
    Page("club game, finished", _in_club("game", "finished")),
    Page("club game, playing", _in_club("game", "playing")),
    Page("new game", _club("new_game")),
    Page("new game, refused", _club("new_game"), post={"seat_1": "Agneta"}, status=400),
    Page("file a game", _club("file_game")),
    Page("file a game, refused", _club("file_game"), post={"link": "/w/nothing/"}, status=422),
    Page("new tournament", _club("new_tournament")),
    Page("new tournament, refused", _club("new_tournament"), post={"name": ""}, status=400),
    Page("tournament", _in_club("tournament", "tournament"), tournament=True),
    Page(
        "tournament table's QR page",
        lambda n: reverse(
            "clubs:table_link", args=[n["club"].slug, n["tournament"].pk, n["table"].pk]
        ),
        tournament=True,
    ),
    Page("blank sheet form", _club("sheet")),
    Page("remove a member?", _in_club("member_role", "scorer"), post={"remove": "1"}),
    # A name the engine refuses, worded from its problem's code in the page's language.
    Page(
        "add a regular, refused",
        _club("members"),
        post={"action": "add-player", "player-name": TOO_LONG},
        status=400,
    ),
]

ACCOUNT_PAGES = [
    Page("log in", _at("clubs:login"), signed_in=False),
    Page(
        "log in, refused",
        _at("clubs:login"),
        post={"username": "nisse", "password": "wrong"},
        signed_in=False,
    ),
    Page("sign up", _at("clubs:signup"), signed_in=False),
    Page(
        "sign up, refused",
        _at("clubs:signup"),
        post={"username": "nisse", "password1": "a", "password2": "b"},
        signed_in=False,
    ),
    Page("password reset", _at("clubs:password_reset"), signed_in=False),
    Page("reset sent", _at("clubs:password_reset_done"), signed_in=False),
    Page(
        "reset link used",
        _at("clubs:password_reset_confirm", uidb64="MQ", token="abc-def"),
        signed_in=False,
    ),
    Page("password changed", _at("clubs:password_reset_complete"), signed_in=False),
]

ERROR_PAGES = [
    Page("404", lambda night: "/no/such/page/", status=404, signed_in=False),
    Page("404 of a club", lambda night: "/clubs/elsewhere/", status=404),
    Page("403 of a member", _club("members"), status=403),
    Page("405 of a form's address", _at("clubs:logout"), status=405),
]


def _game(name: str, state: str, *args: object) -> Callable[[dict], str]:
    return lambda night: reverse(f"games:{name}", args=[night[state].edit_token, *args])


def _watched(state: str, name: str = "watch") -> Callable[[dict], str]:
    return lambda night: reverse(f"games:{name}", args=[night[state].share_token])


GAME_PAGES = [
    Page("table, new game", _game("table", "new"), signed_in=False, games=True),
    Page("table, being played", _game("table", "playing"), signed_in=False, games=True),
    Page("table, a buy-in asked", _game("table", "asked"), signed_in=False, games=True),
    Page("table, finished", _game("table", "finished"), signed_in=False, games=True),
    Page(
        "table, scoring code shown",
        lambda night: reverse("games:table", args=[night["playing"].edit_token]) + "?handover=1",
        signed_in=False,
        games=True,
    ),
    Page("watch, being played", _watched("playing"), signed_in=False, games=True),
    Page("watch, finished", _watched("finished"), signed_in=False, games=True),
    Page("score sheet, new game", _game("sheet", "new"), signed_in=False, games=True),
    Page("score sheet", _game("sheet", "finished"), signed_in=False, games=True),
    Page("watched score sheet", _watched("finished", "watch_sheet"), signed_in=False, games=True),
    Page("edit hand", _game("edit", "finished", 4), signed_in=False, games=True),
    Page(
        "home with games",
        _at("games:home"),
        signed_in=False,
        games=True,
        visits=lambda night: [
            night["finished"].get_absolute_url(),
            reverse("games:watch_remember", args=[night["playing"].share_token]),
        ],
    ),
]


def _house(night: dict) -> str:
    return house_rules.house_rules().get_absolute_url()


def _game_rules(night: dict) -> str:
    return reverse("games:rules", args=[night["finished"].edit_token])


# The API docs page's prose names headers, a command and JSON's null as they are written.
API_NAMES = ("If-Match", "If-None-Match", "Idempotency-Key", "ETag", "export_game", "null")
API_NAMES += ("openapi.json", "kalooki-game", "docs/record-format.md")
API_NAMES += ("Allow", "Retry-After", "GET")

NEW_GAME = {"player_1": "Agneta", "player_2": "Bosse", "preset": "british", "currency": "SEK"}

# The settings and info pages: starting a game, house rules, the rules.
SETTINGS_PAGES = [
    Page("new game (games)", _at("games:new")),
    Page(
        "new game, refused (games)",
        _at("games:new"),
        post={**NEW_GAME, "player_2": "agneta", "call_up": "lite", "limit": "5"},
        status=422,
        data=("lite",),  # the stake as typed, quoted back
    ),
    Page("house rules, new", _at("games:house_rules_new")),
    Page(
        "house rules, previewed",
        _at("games:house_rules_new"),
        post={
            "name": house_rules.HOUSE,
            "preset": "british",
            "currency": "SEK",
            "action": "preview",
        },
    ),
    Page(
        "house rules, refused",
        _at("games:house_rules_new"),
        post={"name": "", "preset": "british", "currency": "SEK", "initial": "-1"},
        status=422,
    ),
    Page("house rules", _house),
    Page("rules of a game", _game_rules),
    Page("API docs", _at("api:docs"), signed_in=False, data=API_NAMES),
]

SHEET_PAGES = [
    Page("blank sheets form", _at("sheets:blank"), signed_in=False),
    Page(
        "blank sheets form, refused",
        lambda night: reverse("sheets:blank") + "?players=9&rows=2",
        status=400,
        signed_in=False,
    ),
    Page("import refused", _at("sheets:import"), post={}, status=400, signed_in=False),
]

DATA = (CLUB, TOURNAMENT, "Fredag", "Lördag", *PLAYERS, *USERS, TOO_LONG, TOO_LONG[:40])
DATA += (house_rules.HOUSE, house_rules.NOTES)
DATA += ("iPhone 00ff",)  # the phone that made the history (tests/i18n/games.py)


def sign_in(client, night: dict, page: Page) -> None:
    if page.signed_in:
        user = "lotta" if page.status == 403 else "nisse"
        assert client.login(username=user, password=factories.PASSWORD)
