"""A phone's session is stored in the database and read from its copy in the database's cache
(`SESSION_ENGINE`, Django's cached_db): a page reads the copy in one plain query. A copy that is
missing (a new database, a cleared cache) is read from the session's row and kept again, inside
the page's one snapshot (games/snapshot.py), even when another request keeps the same copy
between the page's reads: on both databases the page answers and nothing is lost."""

import threading

import pytest
from django.contrib.sessions.backends.cached_db import SessionStore
from django.contrib.sessions.backends.db import SessionStore as RowStore
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.games.web import stored_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.db_specific,
    pytest.mark.threads,
]


def test_a_scoring_page_reads_the_phones_session_from_its_copy_and_not_its_row():
    game = stored_game(title="Friday at Mark's")
    phone = Client()
    phone.get(game.get_absolute_url())  # remembered: the session's row and its copy written
    with CaptureQueriesContext(connection) as seen:
        page = phone.get(game.get_absolute_url())
    read = " ".join(q["sql"] for q in seen)
    assert page.status_code == 200
    assert "kalooki_cache" in read and "django_session" not in read


class AnotherRequestKeepsTheCopy:
    """A wrapper on the page's connection: after the page's first read of the cache table (the
    session's copy, missing here), another request of the same phone (a thread with its own
    connection, as another worker or server) reads the session and keeps the copy, committed,
    before the page reads on."""

    def __init__(self, session_key: str) -> None:
        self.session_key, self.kept = session_key, False

    def __call__(self, execute, sql, params, many, context):
        answer = execute(sql, params, many, context)
        if not self.kept and "kalooki_cache" in sql and sql.lstrip().startswith("SELECT"):
            self.kept = True
            thread = threading.Thread(target=self.keep)
            thread.start()
            thread.join(30)
        return answer

    def keep(self) -> None:
        try:
            SessionStore(self.session_key).load()  # a miss too: read from the row, then kept
        finally:
            connection.close()


def test_a_missing_copy_is_read_from_the_row_while_another_request_keeps_it_at_once():
    game = stored_game(title="Friday at Mark's")
    later = stored_game(title="Sunday at John's")
    phone = Client()
    phone.get(game.get_absolute_url())
    key = phone.cookies["sessionid"].value
    caches["default"].clear()  # the copy gone, the row kept
    forced = AnotherRequestKeepsTheCopy(key)
    with connection.execute_wrapper(forced):
        page = phone.get(later.get_absolute_url())
    assert forced.kept  # the other request kept the copy between the page's reads
    assert page.status_code == 200 and "Sunday at John" in page.content.decode()
    home = phone.get("/").content.decode()  # both games, the one remembered before and now
    assert game.get_absolute_url() in home and later.get_absolute_url() in home
    row, copy = RowStore(key).load(), caches["default"].get(SessionStore(key).cache_key)
    assert row == copy and len(row["games"]) == 2
