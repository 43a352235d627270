"""The pages the untranslated-string check renders, each with the data it shows (names, which
are the same in every language). Phase 2 of issue 19 adds the game pages here."""

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from kalooki_ledger import rules as engine
from kalooki_ledger.clubs.models import Membership
from tests.clubs import factories

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
]

DATA = (CLUB, TOURNAMENT, "Fredag", "Lördag", *PLAYERS, *USERS, TOO_LONG, TOO_LONG[:40])

# English that the club pages show from modules phase 2 of issue 19 translates (the rule presets'
# names in kalooki_ledger/rules, a game's status from games/present.py). Phase 2 empties this.
PHASE_2 = (
    *sorted((preset.name for preset in engine.PRESETS.values()), key=len, reverse=True),
    "Being played",
    " won",
)


def sign_in(client, night: dict, page: Page) -> None:
    if page.signed_in:
        user = "lotta" if page.status == 403 else "nisse"
        assert client.login(username=user, password=factories.PASSWORD)
