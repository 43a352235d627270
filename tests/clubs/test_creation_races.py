"""One form that makes something, sent eight times at the same moment (a phone's retries, a
double tap on a slow network) to a real server (gunicorn, three workers) on SQLite and on
PostgreSQL: a New game form, a house rules form, a club's game and a tournament's step each
store once, and every send is answered with what the first one made."""

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

from tests.games.test_command_races import (
    ROOT,
    Phone,
    Post,
    database_url,  # noqa: F401 (a fixture)
    gunicorn,
    race,
)
from tests.games.web import GBP

pytestmark = pytest.mark.db_specific

SENDS = 8

SETUP = """
import json
from kalooki_ledger.clubs.models import Membership
from tests.clubs.factories import PASSWORD, finish_table, make_club, tournament_with
club = make_club("Race Club", "race", organiser=Membership.ORGANISER)
tournament = tournament_with(club, 16)
for table in tournament.tables.all():
    finish_table(table.game)
print(json.dumps({"tournament": tournament.get_absolute_url(), "password": PASSWORD}))
"""

COUNTS = """
import json
from kalooki_ledger.clubs.models import ClubGame, TournamentTable
from kalooki_ledger.games.models import Change, Game, HouseRules, Receipt
print(json.dumps({
    "games": Game.objects.count(),
    "starts": Change.objects.filter(action="start").count(),
    "club_games": ClubGame.objects.count(),
    "house_rules": HouseRules.objects.count(),
    "semis": TournamentTable.objects.filter(round="semi").count(),
    "finals": TournamentTable.objects.filter(round="final").count(),
    "receipts": Receipt.objects.count(),
}))
"""


@dataclass
class Site:
    base: str
    manage: object
    setup: dict

    def counts(self) -> dict:
        return json.loads(self.manage("shell", "-c", COUNTS).strip().splitlines()[-1])


@pytest.fixture(scope="module")
def site(database_url, tmp_path_factory):  # noqa: F811 (the fixture imported above)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "1",
        "DATABASE_CONN_MAX_AGE": "600",
    }

    def manage(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    manage("migrate", "--noinput", "-v0")
    manage("createcachetable")
    setup = json.loads(manage("shell", "-c", SETUP).strip().splitlines()[-1])
    log = tmp_path_factory.mktemp("gunicorn") / "stderr.log"
    with gunicorn(env, log) as base:
        yield Site(base, manage, setup)


def sent_at_once(phone: Phone, post: Post) -> list:
    """The same form, sent `SENDS` times at the same moment by one phone."""
    return race([(phone, post)] * SENDS)


def logged_in(site: Site) -> Phone:
    phone = Phone(site.base)
    page = phone.page("/clubs/accounts/login/")
    login = "/clubs/accounts/login/"
    post = page.post(login, username="organiser", password=site.setup["password"])
    answer = phone.send(post)
    assert answer.status == 302, answer.body[-2000:]
    return phone


def one_place(answers: list) -> str:
    """Every send was answered with a redirect to the same place: what the first one made."""
    assert {a.status for a in answers} == {302}, [(a.status, a.body[-500:]) for a in answers]
    places = {a.location for a in answers}
    assert len(places) == 1, places
    return places.pop()


def test_one_new_game_form_sent_eight_times_at_once_opens_one_game(site):
    before = site.counts()
    phone = Phone(site.base)
    fields = {"player_1": "Andy", "player_2": "Mark", "player_3": "John", **GBP}
    post = phone.page("/new/").post("/new/", preset="british", seating="typed", **fields)
    one_place(sent_at_once(phone, post))
    after = site.counts()
    assert after["games"] == before["games"] + 1
    assert after["starts"] == before["starts"] + 1


def test_one_house_rules_form_sent_eight_times_at_once_saves_them_once(site):
    before = site.counts()
    phone = Phone(site.base)
    fields = {"name": "Friday rules", "preset": "british", "currency": "GBP", "action": "save"}
    post = phone.page("/rules/new/").post("/rules/new/", **fields)
    one_place(sent_at_once(phone, post))
    assert site.counts()["house_rules"] == before["house_rules"] + 1


def test_one_club_game_form_sent_eight_times_at_once_opens_one_club_game(site):
    before = site.counts()
    phone = logged_in(site)
    seats = {"seat_1": "Andy", "seat_2": "Mark", "seat_3": "John", "seat_4": "Neil"}
    url = "/clubs/race/games/new/"
    post = phone.page(url).post("", title="Friday", preset="british", **seats)
    one_place(sent_at_once(phone, Post(url, post.body)))
    after = site.counts()
    assert after["club_games"] == before["club_games"] + 1
    assert after["games"] == before["games"] + 1


def test_one_tournament_step_sent_eight_times_at_once_is_taken_once(site):
    before = site.counts()
    phone = logged_in(site)
    url = site.setup["tournament"]
    post = phone.page(url).post(f"{url}act/", having="action")
    assert dict(post.body)["action"] == "start-semis"
    one_place(sent_at_once(phone, post))
    after = site.counts()
    assert (after["semis"], after["finals"]) in ((2, 0), (0, 1))
    assert after["games"] - before["games"] == after["semis"] + after["finals"]
    page = phone.page(url).html
    assert "Nothing changed" not in page
