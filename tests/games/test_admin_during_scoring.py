"""Staff saving a game in the admin while phones record its hands, to a real server (gunicorn,
three workers) on SQLite and on PostgreSQL. The admin is for reading: its change form posted
while hands land changes nothing, and afterwards every version of the game has exactly one
history line, the versions 1..N without a gap, so an ETag never names two states."""

import json
import os
import threading

import pytest

from tests.games.test_command_races import (
    Answer,
    Phone,
    database_url,  # noqa: F401 (a fixture)
    gunicorn,
    hand_fields,
)
from tests.helpers import manage as manage_py

pytestmark = pytest.mark.db_specific

PHONES = 3
HANDS_EACH = 6
STAFF_PASSWORD = "a-long-staff-password-42"

SETUP = f"""
import json
from django.contrib.auth.models import User
from tests.games.web import stored_game
User.objects.create_superuser("boss", "boss@example.org", "{STAFF_PASSWORD}")
game = stored_game(title="Friday at Mark's", rules={{"preset": "british", "limit": 10_000}})
print(json.dumps({{"url": game.get_absolute_url(), "pk": game.pk}}))
"""

STATE = """
import json
from kalooki_ledger.games.models import Change, Game, Hand
game = Game.objects.get(pk={pk})
print(json.dumps({{
    "version": game.version,
    "title": game.title,
    "versions": sorted(Change.objects.filter(game=game).values_list("version", flat=True)),
    "actions": sorted(set(Change.objects.filter(game=game).values_list("action", flat=True))),
    "hands": list(Hand.objects.filter(game=game).values_list("number", flat=True)),
}}))
"""


@pytest.fixture(scope="module")
def site(database_url, tmp_path_factory):  # noqa: F811 (the fixture imported above)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "1",
        "DATABASE_CONN_MAX_AGE": "600",
    }

    def manage(*args: str) -> str:
        result = manage_py(env, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout

    manage("migrate", "--noinput", "-v0")
    manage("createcachetable")
    game = json.loads(manage("shell", "-c", SETUP).strip().splitlines()[-1])
    log = tmp_path_factory.mktemp("gunicorn") / "stderr.log"
    with gunicorn(env, log) as base:
        yield (
            base,
            game,
            lambda: json.loads(
                manage("shell", "-c", STATE.format(pk=game["pk"])).strip().splitlines()[-1]
            ),
        )


def staff(base: str) -> Phone:
    """A browser signed in to the admin as a superuser, through its login form."""
    browser = Phone(base)
    page = browser.page("/admin/login/")
    answer = browser.send(page.post("/admin/login/", username="boss", password=STAFF_PASSWORD))
    assert answer.status == 302, answer.body[-2000:]
    return browser


def change_form(browser: Phone, pk: int, title: str) -> list[tuple[str, str]]:
    """What the admin's change form for the game posted before it was read-only: every field of
    the game and its seats, the title typed anew, and the page's CSRF token."""
    page = browser.page(f"/admin/games/game/{pk}/change/")
    token = next(v for f in page.forms for n, v in f["hidden"] if n == "csrfmiddlewaretoken")
    fields = {
        "csrfmiddlewaretoken": token,
        "title": title,
        "preset": "british",
        "rule_overrides": '{"limit": 10000}',
        "currency": "GBP",
        "first_dealer": "0",
        "stopped": "",
        "call_up": "0.25",
        "kalookie": "0.50",
        "initial": "1.00",
        "buy_in": "1.00",
        "per_point": "0",
        "seats-TOTAL_FORMS": "0",
        "seats-INITIAL_FORMS": "0",
        "seats-MIN_NUM_FORMS": "0",
        "seats-MAX_NUM_FORMS": "1000",
        "_save": "Save",
    }
    return list(fields.items())


def score(base: str, url: str, hands: int, answers: list[Answer]) -> None:
    """A phone recording `hands` hands, loading the table again whenever another phone's hand
    landed first (409)."""
    phone = Phone(base)
    recorded = 0
    while recorded < hands:
        page = phone.page(url)
        answer = phone.send(
            page.post(f"{url}hands/", **hand_fields("Andy", Mark=2, John=2, Frank=2))
        )
        answers.append(answer)
        recorded += answer.status == 302


def test_staff_saving_a_game_while_hands_are_recorded_changes_nothing_and_leaves_one_line_a_version(
    site,
):
    base, game, state = site
    pk, url = game["pk"], game["url"]
    browser = staff(base)
    before = state()
    scored: list[Answer] = []
    saves: list[int] = []
    phones = [
        threading.Thread(target=score, args=(base, url, HANDS_EACH, scored)) for _ in range(PHONES)
    ]
    for phone in phones:
        phone.start()
    while any(p.is_alive() for p in phones):
        body = change_form(browser, pk, f"Renamed in the admin {len(saves)}")
        saves.append(browser.request(f"/admin/games/game/{pk}/change/", body).status)
    for phone in phones:
        phone.join()

    after = state()
    hands = PHONES * HANDS_EACH
    assert {a.status for a in scored} <= {302, 409}
    assert after["hands"] == list(range(1, hands + 1))
    # One history line a version, 1..N without a gap: an ETag names one state.
    assert after["versions"] == list(range(1, after["version"] + 1))
    assert after["version"] == hands
    # The admin changed nothing: every save refused, no line of its own in the history.
    assert after["title"] == before["title"] == "Friday at Mark's"
    assert after["actions"] == ["record"]
    assert saves and set(saves) == {403}, saves
