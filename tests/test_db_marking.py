"""The check that keeps the marking true (tests/db_marking.py): it finds the signs of a
database-specific test in the test's code and in the functions of tests/ it calls, and says
what to mark. Its own samples below are code to read, never run."""

import threading

import pytest
from django.db import connection

from tests.db_marking import message, signs

pytestmark = pytest.mark.db_agnostic("it reads sample code; none of it runs")


def locks_the_game(games):
    return games.select_for_update().get()


def counts_rows_in_sql():
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM games_game")


def calls_a_helper_that_locks(games):
    return locks_the_game(games)


def races_two_threads():
    threads = [threading.Thread(target=print) for _ in range(2)]
    return threads


def migrates():
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def renders_a_page(client):
    return client.get("/").status_code


def told(function) -> set[str]:
    return {what for what, _where in signs(function)}


@pytest.mark.parametrize(
    ("sample", "sign"),
    [
        (locks_the_game, "locks rows (select_for_update)"),
        (counts_rows_in_sql, "writes its own SQL (a cursor)"),
        (races_two_threads, "races threads (threading.Thread)"),
        (migrates, "runs migrations (migrate)"),
    ],
)
def test_each_sign_is_found_in_the_code_that_shows_it(sample, sign):
    assert sign in told(sample)


def test_a_sign_in_a_function_of_tests_it_calls_is_found_and_placed_there():
    found = signs(calls_a_helper_that_locks)
    assert ("locks rows (select_for_update)", "locks_the_game (tests/test_db_marking.py)") in found


def test_a_test_that_only_renders_pages_shows_no_sign():
    assert told(renders_a_page) == set()


def test_the_message_names_the_test_what_gave_it_away_and_both_markers():
    class Item:
        nodeid = "tests/games/test_new.py::test_two_phones_at_once"

    said = message(Item(), "races threads (threading.Thread) in race (tests/games/web.py)")
    assert said.startswith("Mark this test db_specific or db_agnostic")
    assert "tests/games/test_new.py::test_two_phones_at_once races threads" in said
    assert "@pytest.mark.db_specific" in said and '@pytest.mark.db_agnostic("why")' in said
