"""What is kept of a game (its ledger, offline kit, sheet rows and the formless parts of its
pages, by the page's freshness key: docs/architecture.md, "The caching rule") never shows on a
page as stale: after each change a phone makes, the page served while what was kept before may
still be there is the page rendered with nothing kept, but for the per-request tokens (issues 25,
32 and 41); with each worker's own cache and with a cache several servers share."""

import datetime
import difflib
import json
import os
import pickle
import random
import re

import pytest
from django.conf import settings as site
from django.core.cache import caches
from django.core.management import call_command
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.test.utils import override_script_prefix
from django.utils import timezone

from kalooki_ledger.clubs import tournaments
from kalooki_ledger.clubs.filing import file_game
from kalooki_ledger.games import ledger_cache
from kalooki_ledger.games.models import Game
from tests.clubs.factories import finish_table, make_club, tournament_with
from tests.games.web import FormClient, hand_post, stored_game, stored_ledger, worked_hands
from tests.helpers import manage

pytestmark = pytest.mark.django_db

TOKENS = re.compile(r'(name="(?:key|csrfmiddlewaretoken)" value=")[^"]*(")')
HTMX = {"HTTP_HX_REQUEST": "true"}
OTHER_HOST = "kalooki.example"


def normal(response) -> str:
    return TOKENS.sub(r"\1TOKEN\2", response.content.decode())


def differences(kept, fresh) -> str:
    """The lines that differ between the kept and the fresh page, as a diff ("" if none)."""
    if kept.status_code != fresh.status_code:
        return f"status {kept.status_code} kept, {fresh.status_code} fresh"
    lines = difflib.unified_diff(
        normal(kept).splitlines(), normal(fresh).splitlines(), "kept", "fresh", lineterm="", n=1
    )
    return "\n".join(lines)


def ask(client, game: Game, how: dict, headers: dict):
    """The page (or the repeated post) a step shows, as the game's scoring link now reads."""
    for name, value in how.get("session", {}).items():  # what a GET takes once, put back
        session = client.session
        session[name] = value
        session.save()
    url = game.get_absolute_url() + how.get("query", "")
    extra = {**headers, **how.get("headers", {})}
    if "post" in how:
        path, data = how["post"]
        return client.post(path(game), data(game), **extra)
    return client.get(url, **extra)


def kept_then_fresh(client, game: Game, how: dict) -> tuple[list[str], str]:
    """The full page and the htmx fragment, the cache allowed, then all rendered afresh: the
    differences found (none when the kept page is the fresh one), and the fresh full page."""
    kept = [ask(client, game, how, headers) for headers in ({}, HTMX)]
    ledger_cache.clear()
    fresh = [ask(client, game, how, headers) for headers in ({}, HTMX)]
    client.get(game.get_absolute_url())  # its parts kept, for the next change to outdate
    found = []
    for kind, before, after in zip(("page", "htmx"), kept, fresh, strict=True):
        diff = differences(before, after)
        if diff:
            found.append(f"{kind}:\n{diff}")
    return found, fresh[0].content.decode()


def walk(client, game: Game, steps) -> dict[str, list[str]]:
    """Each step's change made as a phone makes it, then the page checked (the step showing what
    it should): the steps whose kept page was not the fresh one."""
    stale = {}
    for name, change, shows in steps:
        game.refresh_from_db()
        how = change(client, game) or {}
        game.refresh_from_db()
        found, html = kept_then_fresh(client, game, how)
        assert shows in html, f"{name}: the page does not show {shows!r}"
        if found:
            stale[name] = found
    return stale


def report(stale: dict[str, list[str]]) -> str:
    return "\n\n".join(f"STALE after {k}:\n" + "\n".join(v) for k, v in stale.items())


# The changes, as the table page's forms send them (a plain post follows its redirect: the
# notice it leaves is shown once, before the step's check).


def nothing(client, game):
    return None


def posted(path, data, htmx=False):
    def change(client, game):
        extra = HTMX if htmx else {}
        response = client.post(path(game), data(game), follow=not htmx, **extra)
        assert response.status_code == 200, response.content.decode()[:2000]

    return change


def at(name: str):
    return lambda game: f"/g/{game.edit_token}/{name}/"


def hand(i: int):
    """The i-th hand of the worked sheet, as the hand form posts it for the next number."""

    def data(game):
        played = worked_hands()[i]
        number = stored_ledger(game).next_hand_number
        return hand_post(number, played["winner"], game, **played["penalties"])

    return posted(at("hands"), data, htmx=True)


def void(game):
    return {"number": str(stored_ledger(game).next_hand_number), "action": "void"}


def refused(game):
    data = hand_post(stored_ledger(game).next_hand_number, "Andy", game, Mark=20, John=30)
    return {**data, f"value-{game.seats.get(name='Frank').position}": "9x"}


def refused_again(client, game):
    """A refused hand (a value that is none) and the same sent again: refused alike, changing
    nothing, its errors shown and its typed values kept."""
    response = client.post(at("hands")(game), refused(game))
    html = response.content.decode()
    assert response.status_code == 422 and 'value="9x"' in html and 'class="error"' in html
    return {"post": (at("hands"), refused)}


def buy_in(game):
    return {"player": "Mark", "hand": str(len(stored_ledger(game).hands)), "choice": "in"}


def handle(service: str, text: str, action: str = "save"):
    data = {"player": "John", "service": service, "handle": text, "action": action}
    return posted(at("pay-handle"), lambda game: data)


def first_transfer(game) -> str:
    html = Client().get(game.share_url()).content.decode()
    # The key as the settle-up's tick sends it: payer>payee>amount.
    found = re.search(r"(\w+) pays (\w+) £([\d.]+)", html)
    assert found, "no transfer to tick"
    return ">".join(found.groups())


def tick(game):
    return {"paid": [first_transfer(game)], "shown": "1"}


def untick(game):
    return {"shown": "1", "was": [first_transfer(game)]}


def undone(client, game):
    """The last hand undone from a plain form: its values wait in the session for the page,
    which takes them once; each check's page is given them as the first page after the undo."""
    response = client.post(at("undo")(game), {"hand": str(len(stored_ledger(game).hands))})
    assert response.status_code == 302
    waiting = {k: v for k, v in client.session.items() if k.startswith("restore-")}
    assert waiting, "the undone hand's values are not offered"
    return {"session": waiting}


PLAYED = timezone.localdate() - datetime.timedelta(days=40)


def dated(client, game):
    response = client.post(at("date")(game), {"played_on": PLAYED.isoformat()}, follow=True)
    assert response.status_code == 200  # on the score sheet, its notice shown there


def filed(client, game):
    file_game(game, make_club("Friday Club", "friday"))


def swedish(client, game):
    client.post("/i18n/setlang/", {"language": "sv", "next": game.get_absolute_url()})
    assert 'lang="sv"' in client.get(game.get_absolute_url()).content.decode()


def handover_shown(client, game):
    return {"query": "?handover=1"}


def other_host(client, game):
    return {"headers": {"HTTP_HOST": OTHER_HOST}}


GBP_WALK = [
    ("a new game, no hands", nothing, "Hand 1 ·"),
    ("hand 1 recorded", hand(0), "Hand 2 ·"),
    ("a void hand recorded", posted(at("hands"), void, htmx=True), "Hand 3 ·"),
    ("hand 2 recorded", hand(1), "Hand 4 ·"),
    ("a refused hand, sent twice", refused_again, 'value="9x"'),
    ("the page again after the refused hand", nothing, "Hand 4 ·"),
    ("hand 3 recorded", hand(2), "Hand 5 ·"),
    ("hand 4 recorded: Mark's buy-in asked", hand(3), "Buy in?"),
    ("the buy-in answered", posted(at("buy-in"), buy_in), "Hand 6 ·"),
    (
        "the game stopped: the pot split",
        posted(at("stop"), lambda g: {"settle": "split"}),
        "Settle",
    ),
    ("John's pay handle set", handle("monzo", "john-pays"), "john-pays"),
    ("a transfer ticked paid", posted(at("paid"), tick), " checked> <span>"),
    ("John's pay handle changed", handle("paypal", "JohnPays"), "JohnPays"),
    ("the transfer unticked", posted(at("paid"), untick), "Settle up"),
    ("John's pay handle removed", handle("", "", action="remove"), "Settle up"),
    ("the stop taken back", posted(at("stop"), lambda g: {"settle": ""}), "Hand 6 ·"),
    ("hand 5 recorded: the game over", hand(4), "Game over"),
    ("a pay handle set at the settle-up", handle("revolut", "johnp"), 'class="pay-link"'),
    ("hand 5 undone: its values offered once", undone, 'class="notice restored"'),
    ("the page again after the undo", nothing, "Hand 6 ·"),
    ("hand 5 recorded again", hand(4), "Game over"),
    ("the date played changed", dated, PLAYED.strftime("%b %Y")),
    ("the game filed under a club", filed, "Friday Club"),
    ("the language switched to Swedish", swedish, 'lang="sv"'),
    ("the hand-over code shown", handover_shown, 'id="handover" open'),
    ("the page without the hand-over code", nothing, 'id="handover">'),
    ("the page read from another host name", other_host, f"http://{OTHER_HOST}/w/"),
]


def local_cache(kind: str, tmp_path) -> dict:
    """The `local` cache as each worker's own memory, or as one several servers share: a
    folder of files, or a table in the database."""
    return {
        "locmem": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "kalooki-local-test",
        },
        "files": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "shared-cache"),
        },
        "database": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "kalooki_shared_test_cache",
        },
    }[kind] | {"TIMEOUT": None}


@pytest.fixture(params=["locmem", "files", "database"])
def any_local_cache(request, settings, tmp_path):
    """Each test that takes it run with each kind of `local` cache (the database's table made)."""
    settings.CACHES = {**settings.CACHES, "local": local_cache(request.param, tmp_path)}
    if request.param == "database":
        call_command("createcachetable", "kalooki_shared_test_cache", verbosity=0)
    ledger_cache.clear()
    yield request.param
    ledger_cache.clear()


def test_every_step_of_a_pound_game_shows_the_page_as_rendered_afresh(settings, any_local_cache):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver", OTHER_HOST]
    game = stored_game(title="")  # untitled: its name reads the date it was played
    stale = walk(FormClient(), game, GBP_WALK)
    assert not stale, report(stale)


def test_the_share_link_in_the_foot_shows_the_host_the_page_is_read_from(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver", OTHER_HOST]
    game, client = stored_game(hands=worked_hands()), FormClient()  # over: the result to share
    share = f"{game.share_url()}</a>"
    assert f"http://testserver{share}" in client.get(game.get_absolute_url()).content.decode()
    html = client.get(game.get_absolute_url(), HTTP_HOST=OTHER_HOST).content.decode()
    assert f"http://{OTHER_HOST}{share}" in html and "http://testserver" not in html
    assert f'data-url="http://{OTHER_HOST}{game.share_url()}"' in html


def test_an_undone_hands_values_are_offered_once_then_the_form_is_empty():
    game, client = stored_game(hands=worked_hands()[:2]), FormClient()
    client.get(game.get_absolute_url())  # the ledger kept, the form empty
    client.post(at("undo")(game), {"hand": "2"})
    offered = client.get(game.get_absolute_url()).content.decode()
    again = client.get(game.get_absolute_url()).content.decode()
    mark = game.seats.get(name="Mark").position
    assert f'name="value-{mark}" value="50"' in offered
    assert f'name="value-{mark}" value="50"' not in again
    assert 'class="notice restored"' in offered and 'class="notice restored"' not in again


def test_a_ticked_transfer_is_shown_ticked_on_the_settle_up_and_unticked_after():
    game, client = stored_game(hands=worked_hands()), FormClient()
    client.get(game.get_absolute_url())
    client.post(at("paid")(game), {"paid": ["Mark>John>1.60"], "shown": "1"})
    assert (
        'value="Mark&gt;John&gt;1.60" checked'
        in client.get(game.get_absolute_url()).content.decode()
    )
    client.post(at("paid")(game), {"shown": "1", "was": ["Mark>John>1.60"]})
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'value="Mark&gt;John&gt;1.60">' in html


def play_table(client, game: Game, winner: str) -> None:
    """A tournament table played out from its phone: everyone else over the limit at once."""
    names = [seat.name for seat in game.seats.all()]
    penalties = {name: 120 for name in names if name != winner}
    number = stored_ledger(game).next_hand_number
    response = client.post(at("hands")(game), hand_post(number, winner, game, **penalties))
    assert response.status_code == 302


def test_a_tournament_tables_page_follows_the_tournament(any_local_cache):
    tournament = tournament_with(make_club("Friday Club", "friday"))
    game, client = tournaments.load(tournament).heats[0].game, FormClient()
    steps = [
        ("a tournament table, no hands", nothing, "Hand 1 ·"),
        ("the table played out", lambda c, g: play_table(c, g, g.seats.first().name), "to buy in"),
    ]
    stale = walk(client, game, steps)
    for table in tournaments.load(tournament).heats[1:]:  # the other tables, elsewhere
        finish_table(table.game)
    tournaments.start_semis(tournament, random.Random(1))
    stale |= walk(
        client, game, [("the heats over: the semis seated", nothing, "out of the tournament")]
    )
    assert not stale, report(stale)


def form_fields(html: str, action: str) -> dict:
    """The hidden fields of the page's form posting to `action`."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', html, re.S)
    assert form, f"no form posting to {action}"
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group())
    return dict(fields)


def test_two_phones_get_their_own_keys_and_csrf_tokens():
    game = stored_game(hands=worked_hands()[:2])
    url, undo = game.get_absolute_url(), at("undo")(game)
    one, two = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    pages = [c.get(url).content.decode() for c in (one, one, two)]
    keys = [k for page in pages for k in re.findall(r'name="key" value="([^"]+)"', page)]
    assert len(keys) == len(set(keys)) > 3  # every form of every page a key of its own
    ones, twos = form_fields(pages[0], undo), form_fields(pages[2], undo)
    for phone, fields in ((one, ones), (two, twos)):  # each phone's token is of its own cookie
        secret = _unmask_cipher_token(fields["csrfmiddlewaretoken"])
        assert secret == phone.cookies[site.CSRF_COOKIE_NAME].value
    assert two.post(undo, ones).status_code == 403  # one phone's token fails the other's
    assert two.post(undo, twos).status_code == 302  # its own, written afresh, is taken
    answer = one.post(undo, ones)  # the game moved on: stale, but not refused as forged
    assert answer.status_code in (200, 302, 409)


def test_a_page_under_another_prefix_leaves_no_link_on_the_next_page():
    game, client = stored_game(hands=worked_hands()[:3]), FormClient()
    pages = [game.get_absolute_url(), f"{game.get_absolute_url()}sheet/", game.share_url()]
    with override_script_prefix("/evil/"):  # as a server sets it from a SCRIPT_NAME header
        for url in pages:
            evil = client.get(url).content.decode()
            assert "/evil/g/" in evil or "/evil/w/" in evil  # it did take on its own page
    for url in pages:
        assert "/evil" not in client.get(url).content.decode()


def kept_fragments() -> list[str]:
    """The parts of pages this worker keeps (LocMemCache holds them pickled, by its own keys)."""
    held = caches[ledger_cache.CACHE]._cache
    return [pickle.loads(value) for key, value in held.items() if "template.cache." in key]


def test_what_is_kept_of_a_page_holds_no_form_and_nothing_of_the_request(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver", OTHER_HOST]
    ledger_cache.clear()
    game = stored_game(hands=worked_hands())  # over: the settle-up, its share button's link
    client = Client(enforce_csrf_checks=True)
    page = client.get(game.get_absolute_url(), HTTP_HOST=OTHER_HOST).content.decode()
    client.get(game.share_url(), HTTP_HOST=OTHER_HOST)
    csrf = form_fields(page, at("undo")(game))["csrfmiddlewaretoken"]
    kept = kept_fragments()
    assert any("Mark" in part for part in kept) and len(kept) >= 3  # boards, transfers, text
    for part in kept:
        assert "<form" not in part and 'name="csrfmiddlewaretoken"' not in part
        assert csrf not in part and 'name="key"' not in part
    posting = re.findall(r'<form[^>]*method="post"', page)  # every form its own token
    assert page.count('name="csrfmiddlewaretoken"') == len(posting) >= 5


# A phone on a server of its own: its own process, the same database and the same shared cache
# folder as the other server (KALOOKI_GAME_CACHE); it may record a hand first, then reads the
# game's scoring and watch pages. It prints their statuses and HTML.
PHONE = r"""
import json, os, re
from django.test import Client
from kalooki_ledger.games.models import Game
game = Game.objects.get(edit_token=os.environ["GAME"])
client = Client(HTTP_HOST="127.0.0.1")
if os.environ.get("HAND"):
    seats = {s.name: s.position for s in game.seats.all()}
    sent = {"version": str(game.version), "key": "hand-of-the-other-server-" + os.environ["HAND"]}
    data = {"number": os.environ["HAND"], "winner": "John", "action": "record", **sent}
    data |= {f"value-{seats[n]}": "5" for n in ("Andy", "Mark", "Frank")}
    answer = client.post(game.get_absolute_url() + "hands/", data)
    said = re.findall(r'class="(?:error|notice)[^>]*>[^<]*', answer.content.decode())
    assert answer.status_code == 302, said
pages = [client.get(url) for url in (game.get_absolute_url(), game.share_url())]
print(json.dumps([[page.status_code, page.content.decode()] for page in pages]))
"""


def on_a_server(env: dict, hand: int | None = None) -> list[str]:
    """The scoring and watch pages as a server of its own serves them (after recording `hand`)."""
    done = manage({**env, "HAND": str(hand or "")}, "shell", "-c", PHONE)
    assert done.returncode == 0, done.stderr
    pages = json.loads(done.stdout.splitlines()[-1])
    assert [status for status, _ in pages] == [200, 200]
    return [TOKENS.sub(r"\1TOKEN\2", html) for _, html in pages]


@pytest.mark.db_agnostic(
    "two servers' processes share a cache folder over a SQLite file of their own"
)
def test_two_servers_sharing_one_cache_folder_serve_each_others_kept_parts_afresh(tmp_path):
    folder = tmp_path / "shared-cache"
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "KALOOKI_GAME_CACHE": str(folder),
        "DJANGO_DEBUG": "1",  # static files from the source folders: no collectstatic
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
    }
    record = tmp_path / "game.json"
    record.write_text(json.dumps({"format": "kalooki-game/1", **worked_hands_record()}))
    for step in (("migrate", "--noinput", "-v0"), ("createcachetable",)):
        assert manage(env, *step).returncode == 0
    made = manage(env, "import_game", str(record))
    env["GAME"] = json.loads(made.stdout)["url"].strip("/").split("/")[-1]
    first = on_a_server(env)  # the one server keeps the pages' parts in the folder
    kept = sorted(path.name for path in folder.iterdir())
    assert kept and on_a_server(env) == first  # the other serves them: nothing more to keep
    assert sorted(path.name for path in folder.iterdir()) == kept
    after = on_a_server(env, hand=3)  # a hand recorded on the other server
    assert "Hand 4 ·" in after[0] and "Hand 4 ·" not in first[0]
    for path in folder.iterdir():  # nothing kept: every part rendered afresh
        path.unlink()
    assert on_a_server(env) == after
    posting = re.findall(r'<form[^>]*method="post"', after[0])
    assert after[0].count('name="csrfmiddlewaretoken" value="TOKEN"') == len(posting) >= 4


def worked_hands_record() -> dict:
    """Andy, Mark, John and Frank with the worked sheet's first two hands."""
    hands = [{"winner": h["winner"], "penalties": h["penalties"]} for h in worked_hands()[:2]]
    return {"players": ["Andy", "Mark", "John", "Frank"], "hands": hands}
