"""The whole-site backup: `backup FILE` and `restore FILE`, Django's dumpdata and loaddata."""

import io
import re
import sys
from datetime import UTC, datetime

import pytest
from django.apps import apps
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.backends.cached_db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.core.management.color import no_style
from django.db import connection

from kalooki_ledger.clubs.models import Club, Tournament
from kalooki_ledger.games import ledger_cache
from kalooki_ledger.games.backup_json import NOT_BACKED_UP
from kalooki_ledger.games.management.commands.backup import backed_up_models
from kalooki_ledger.games.models import BuyInDecision, Change, Game, HouseRules, PaidTransfer
from tests.clubs.factories import (
    club_game,
    finish_table,
    make_club,
    make_players,
    make_user,
    tournament_with,
)
from tests.games.web import FormClient, hand_post, house_post, over_limit_hands, stored_game

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


def build_site() -> dict:
    """Games scored through the pages (history, a buy-in, a paid tick, a stop), house rules,
    accounts with a group and permissions, a club with a filed game and a tournament."""
    phone = FormClient()
    game = stored_game(hands=over_limit_hands(), stakes=None)
    phone.post(f"/g/{game.edit_token}/buy-in/", {"player": "Mark", "hand": "4", "choice": "in"})
    phone.post(
        f"/g/{game.edit_token}/hands/", hand_post(5, "John", game, Andy=29, Mark=71, Frank=60)
    )
    phone.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    stopped = stored_game("Ann Bob Cy", [{"winner": "Ann", "penalties": {"Bob": 20, "Cy": 33}}])
    phone.post(f"/g/{stopped.edit_token}/stop/", {"settle": "refund"})
    phone.post("/rules/new/", house_post(notes="First meld 40"))

    club = make_club("Friday Club", "friday", fran="organiser", sam="scorer")
    make_players(club, "Ann Bob")
    filed = club_game(club)
    tournament = tournament_with(club, 16)
    finish_table(tournament.tables.order_by("number").first().game)

    fran = club.memberships.get(role="organiser").user
    scorers = Group.objects.create(name="Scorers")
    scorers.permissions.add(Permission.objects.get(codename="change_game"))
    fran.groups.add(scorers)
    fran.user_permissions.add(Permission.objects.get(codename="view_club"))
    LogEntry.objects.create(
        user=fran,
        content_type=ContentType.objects.get_for_model(Club),
        object_id=str(club.pk),
        object_repr=str(club),
        action_flag=ADDITION,
    )
    organiser = FormClient()
    organiser.force_login(fran)  # a session the backup keeps: still signed in after a restore

    # What the site must hold, or the round trip proves less than it seems to.
    assert BuyInDecision.objects.exists() and PaidTransfer.objects.exists()
    assert Change.objects.filter(game=game).count() >= 3
    assert Game.objects.get(pk=stopped.pk).stopped == "refund"
    assert HouseRules.objects.exists() and Session.objects.exists()
    return {
        "games": [game, stopped, filed, *Game.objects.filter(tournament_table__isnull=False)],
        "house": HouseRules.objects.get(),
        "club": club,
        "tournament": tournament,
        "organiser": organiser,
    }


def backup() -> str:
    out = io.StringIO()
    call_command("backup", "-", stdout=out)
    return out.getvalue()


def restore(path) -> str:
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    return out.getvalue()


def to_the_millisecond(value):
    """Django's JSON keeps times to the millisecond; every other value is kept exactly."""
    if isinstance(value, datetime):
        return value.replace(microsecond=value.microsecond // 1000 * 1000)
    return value


def every_row() -> dict:
    """Each backed-up table's rows by primary key, and the accounts' many-to-many links."""
    rows = {
        model._meta.label: [
            {
                name: to_the_millisecond(value)
                for name, value in row.items()
                if name not in NOT_BACKED_UP.get(model._meta.label_lower, ())
            }
            for row in model._base_manager.order_by("pk").values()
        ]
        for model in backed_up_models()
    }
    for model in backed_up_models():
        for field in model._meta.many_to_many:
            through = field.remote_field.through
            rows[through._meta.label] = sorted(
                tuple(row.values())
                for row in through.objects.values(
                    *sorted(f.attname for f in through._meta.fields if not f.primary_key)
                )
            )
    return rows


def wipe() -> None:
    """Empties every table the backup holds and starts their ids at 1, as in a new database;
    the content types and permissions that migrate made stay."""
    kept = {ContentType._meta.db_table, Permission._meta.db_table}
    tables = [t for t in connection.introspection.django_table_names(only_existing=True)]
    connection.check_constraints()  # PostgreSQL won't truncate under pending deferred checks
    statements = connection.ops.sql_flush(
        no_style(), [t for t in tables if t not in kept], reset_sequences=True
    )
    connection.ops.execute_sql_flush(statements)
    assert not any(m._base_manager.exists() for m in backed_up_models())


# Made afresh for each page shown: the CSRF token and each form's idempotency key.
# What differs by request, and the revision a restored game gets anew (a watch page's poll, the
# state a form names).
PER_PAGE = re.compile(
    r'(name="csrfmiddlewaretoken" value=|name="key" value=|name="revision" value=)"[^"]+"'
    r"|\?v=[0-9a-f]+"
)


def answer(response) -> tuple[int, str]:
    return response.status_code, PER_PAGE.sub("", response.content.decode())


def pages(site: dict) -> dict[str, tuple[int, str]]:
    """Every link the site has handed out, and what it answers."""
    ledger_cache.clear()  # each page from the rows in the database, not from memory
    urls = []
    for game in site["games"]:
        urls += [
            f"/g/{game.edit_token}/",
            f"/g/{game.edit_token}/sheet/",
            f"/w/{game.share_token}/",
            f"/w/{game.share_token}/sheet/",
            f"/sheets/g/{game.edit_token}/record.json",
        ]
    urls.append(site["house"].get_absolute_url())
    visitor, organiser = FormClient(), site["organiser"]
    answers = {}
    for url in urls:
        answers[url] = answer(visitor.get(url))
    for url in ["/clubs/friday/", f"/clubs/friday/tournaments/{site['tournament'].pk}/"]:
        answers[url] = answer(organiser.get(url))
    return answers


def test_a_restored_site_holds_the_same_rows_and_backs_up_byte_for_byte_the_same(tmp_path):
    build_site()
    before = every_row()
    first = backup()
    path = tmp_path / "site.json"
    path.write_text(first)

    wipe()
    restore(path)

    assert every_row() == before
    assert backup() == first


def test_a_time_a_few_microseconds_past_a_second_backs_up_the_same_after_a_restore(tmp_path):
    game = stored_game(hands=over_limit_hands()[:1])
    Game.objects.filter(pk=game.pk).update(
        created=datetime(2026, 11, 23, 10, 55, 32, 500, tzinfo=UTC)
    )
    first = backup()
    assert '"created": "2026-11-23T10:55:32Z"' in first  # as it will read back: no ".000"
    path = tmp_path / "site.json"
    path.write_text(first)
    wipe()
    restore(path)
    assert backup() == first


def test_a_restored_site_answers_every_link_as_before(tmp_path):
    site = build_site()
    before = pages(site)
    assert all(status == 200 for status, _ in before.values())
    path = tmp_path / "site.json"
    call_command("backup", str(path))

    wipe()
    restore(path)

    after = pages(site)
    assert [url for url in before if after.get(url) != before[url]] == []


def test_a_restore_drops_the_copies_of_sessions_kept_before_so_each_reads_as_restored(tmp_path):
    phone = FormClient()
    game = stored_game(title="In the backup")
    phone.get(game.get_absolute_url())
    key = phone.cookies["sessionid"].value
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    later = stored_game(title="After the backup")
    phone.get(later.get_absolute_url())  # the row and its copy list both games now
    assert SessionStore(key).load()["games"] == [later.edit_token, game.edit_token]

    wipe()  # the tables the backup holds, as a new database's: the cache table is no model's
    restore(path)

    assert SessionStore(key).load()["games"] == [game.edit_token]


def test_a_restored_site_goes_on_scoring_with_new_ids_after_the_restored_ones(tmp_path):
    site = build_site()
    path = tmp_path / "site.json.gz"
    call_command("backup", str(path))
    highest = Game.objects.order_by("-pk").first().pk

    wipe()
    restore(path)

    phone = FormClient()
    game = site["games"][0]
    phone.post(f"/g/{game.edit_token}/paid/", {})  # unticks Mark's payment: a new history line
    assert not PaidTransfer.objects.filter(game=game).exists()
    assert stored_game("Di Ed").pk > highest  # PostgreSQL's sequences moved past the restored ids
    assert make_user("newcomer").pk > max(m.user_id for m in site["club"].memberships.all())


def test_the_backup_leaves_out_what_migrate_rebuilds_and_names_it_by_natural_key():
    build_site()
    text = backup()
    assert '"model": "contenttypes.' not in text and '"model": "auth.permission"' not in text
    assert '"content_type": [\n   "clubs",\n   "club"\n  ]' in text
    assert '"change_game",\n    "games",\n    "game"' in text
    assert '"edit_token": "' in text and '"model": "sessions.session"' in text


@pytest.mark.parametrize(
    "already",
    [
        lambda: stored_game("Ann Bob"),
        lambda: Club.objects.create(name="Other", slug="other"),
        lambda: make_user("somebody"),
        lambda: HouseRules.objects.create(name="Ours"),
    ],
    ids=["a game", "a club", "a user", "house rules"],
)
def test_restoring_into_a_database_that_holds_anything_is_refused_and_changes_nothing(
    tmp_path, already
):
    build_site()
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    wipe()
    already()
    before = every_row()

    with pytest.raises(
        CommandError, match=r"restore needs an empty database.*nothing was restored"
    ):
        restore(path)

    assert every_row() == before


def test_restoring_over_the_site_it_came_from_is_refused(tmp_path):
    build_site()
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    before = every_row()
    with pytest.raises(
        CommandError,
        match=r"already holds 7 games, 1 club, 2 users, 1 house rules, \d+ other rows;",
    ):
        restore(path)
    assert every_row() == before


def test_a_backup_on_standard_output_restores_from_standard_input(monkeypatch):
    build_site()
    before = every_row()
    text = backup()
    wipe()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    restore("-")
    assert every_row() == before and Tournament.objects.count() == 1


def test_a_file_restore_could_not_tell_the_format_of_is_refused(tmp_path):
    with pytest.raises(CommandError, match=r"FILE\.json"):
        call_command("backup", str(tmp_path / "site.bak"))
    with pytest.raises(CommandError, match="there is no backup at"):
        restore(tmp_path / "missing.json")
    assert not (tmp_path / "site.bak").exists()


def test_every_model_of_the_site_is_in_the_backup():
    labels = {model._meta.label for model in backed_up_models()}
    for app in ("games", "clubs"):
        models = {m._meta.label for m in apps.get_app_config(app).get_models()}
        assert models - {"games.Slot"} <= labels
    assert {"auth.User", "auth.Group", "sessions.Session", "admin.LogEntry"} <= labels
    # The login limit's counted attempts lapse in minutes: they are no data to restore.
    assert not {"contenttypes.ContentType", "auth.Permission", "games.Slot"} & labels


def test_each_restored_game_gets_a_revision_no_worker_has_seen(tmp_path):
    site = build_site()
    before = dict(Game.objects.values_list("pk", "revision"))
    path = tmp_path / "site.json"
    call_command("backup", str(path))
    assert '"revision"' not in path.read_text()
    wipe()
    restore(path)
    after = dict(Game.objects.values_list("pk", "revision"))
    assert after.keys() == before.keys() == {game.pk for game in site["games"]}
    assert not set(after.values()) & set(before.values())
    assert len(set(after.values())) == len(after)  # each game its own
