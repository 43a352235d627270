"""The login throttle (clubs/ratelimit.py): five failures in fifteen minutes per name and per
address, then 429 with a clear message, even for the right password, until the window passes.
The counts live in a table of their own (kalooki_ledger/throttle.py), which nothing culls."""

import datetime
import threading

import pytest
from django.contrib.auth.forms import UsernameField
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.utils.timezone import now as real_now
from hypothesis import given

from kalooki_ledger import throttle
from kalooki_ledger.clubs import ratelimit
from tests.games.test_faults import read_only
from tests.games.web import FormClient as Client

from .factories import FAST, PASSWORD, hostile_text, make_user, snapshot

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.db_specific,
    # Hostile names make cache keys memcached would refuse; the local-memory cache only warns.
    pytest.mark.filterwarnings("ignore::django.core.cache.backends.base.CacheKeyWarning"),
]

LOGIN = "/clubs/accounts/login/"
MESSAGE = "Too many failed log-ins for this name or from this address. Wait 15 minutes"


class Clock:
    """The throttle's clock, moved on by hand: the window passes without waiting for it."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> datetime.datetime:
        return real_now() + datetime.timedelta(seconds=self.offset)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(throttle, "now", fake.now)
    return fake


def attempt(client: Client, username: str, password: str, **headers):
    return client.post(LOGIN, {"username": username, "password": password}, **headers)


def fail_times(client: Client, username: str, times: int = ratelimit.MAX_FAILURES, **headers):
    for _ in range(times):
        response = attempt(client, username, "wrong-password", **headers)
        assert response.status_code == 200
        assert MESSAGE not in response.content.decode()


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_the_sixth_attempt_is_429_with_a_clear_message_even_with_the_right_password(client):
    make_user("fran")
    fail_times(client, "fran")
    response = attempt(client, "fran", PASSWORD)
    assert response.status_code == 429
    assert MESSAGE in response.content.decode()
    assert not logged_in(client)


def test_four_failures_still_let_the_right_password_in(client):
    make_user("fran")
    fail_times(client, "fran", ratelimit.MAX_FAILURES - 1)
    response = attempt(client, "fran", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_a_good_log_in_clears_the_count(client):
    make_user("fran")
    fail_times(client, "fran", ratelimit.MAX_FAILURES - 1)
    assert attempt(client, "fran", PASSWORD).status_code == 302
    client.post("/clubs/accounts/logout/")
    fail_times(client, "fran", ratelimit.MAX_FAILURES - 1)
    assert attempt(client, "fran", PASSWORD).status_code == 302


def test_the_block_lasts_the_window_from_the_first_failure_then_lifts(client, clock):
    """Whatever the cache: a backend whose incr() re-sets the default timeout (Django's
    BaseCache.incr, used by the database cache) would lift the block 300 s after the last try."""
    make_user("fran")
    fail_times(client, "fran")
    clock.offset = ratelimit.WINDOW - 5
    assert attempt(client, "fran", PASSWORD).status_code == 429
    clock.offset = ratelimit.WINDOW + 1
    response = attempt(client, "fran", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


def test_blocked_attempts_do_not_lengthen_the_window(client, clock):
    make_user("fran")
    fail_times(client, "fran")
    for minute in range(1, 15):
        clock.offset = minute * 60
        assert attempt(client, "fran", "wrong-password").status_code == 429
    clock.offset = ratelimit.WINDOW + 1
    assert attempt(client, "fran", PASSWORD).status_code == 302


def test_one_address_trying_many_names_is_blocked(client):
    make_user("fran")
    for n in range(ratelimit.ADDRESS_FAILURES):
        fail_times(client, f"guess{n}", 1)
    assert attempt(client, "fran", PASSWORD).status_code == 429
    other = Client(REMOTE_ADDR="10.0.0.9")
    assert attempt(other, "fran", PASSWORD).status_code == 302


def test_many_addresses_trying_one_name_are_blocked(client):
    make_user("fran")
    for n in range(ratelimit.NAME_FAILURES):
        fail_times(Client(REMOTE_ADDR=f"10.0.0.{n}"), "fran", 1)
    response = attempt(Client(REMOTE_ADDR="10.0.1.1"), "fran", PASSWORD)
    assert response.status_code == 429
    make_user("sam")
    assert attempt(Client(REMOTE_ADDR="10.0.1.1"), "sam", PASSWORD).status_code == 302


@pytest.mark.parametrize("variant", ["FRAN", " fran", "Fran ", "fRaN"])
def test_the_name_counts_whatever_its_case_and_spaces(client, variant):
    make_user("fran")
    for n in range(ratelimit.NAME_FAILURES):
        fail_times(Client(REMOTE_ADDR=f"10.0.0.{n}"), variant, 1)
    assert attempt(Client(REMOTE_ADDR="10.0.1.1"), "fran", PASSWORD).status_code == 429


# Spellings Django's login signs in to the same account (its form normalises a name to NFKC):
# full-width letters, mathematical bold and double-struck ones, full-width and bold digits, the
# "fi" ligature; then case and spaces.
SPELLINGS = {
    "erin": [
        "\uff45rin",
        "\U0001d41erin",
        "\uff25\uff32\uff29\uff2e",
        "\U0001d556\U0001d563\U0001d55a\U0001d55f",
        " Erin ",
    ],
    "erin7": ["erin\uff17", "\uff45\uff52\uff49\uff4e\uff17", "\U0001d41erin\U0001d7d5"],
    "fiona": ["\ufb01ona", "\uff26\uff29ona"],
}


@pytest.mark.db_specific
@pytest.mark.parametrize("name", SPELLINGS)
def test_every_spelling_of_a_locked_name_is_locked_even_with_the_right_password(client, name):
    make_user(name)
    fail_times(client, name)
    for spelling in SPELLINGS[name]:
        response = attempt(client, spelling, PASSWORD)
        assert response.status_code == 429, spelling
        assert MESSAGE in response.content.decode()
    assert not logged_in(client)


@pytest.mark.db_specific
def test_failures_under_other_spellings_count_for_the_one_name(client):
    make_user("erin")
    spellings = SPELLINGS["erin"]
    for spelling in spellings[: ratelimit.MAX_FAILURES]:
        fail_times(client, spelling, 1)
    assert attempt(client, "erin", PASSWORD).status_code == 429
    assert not logged_in(client)


@pytest.mark.db_specific
def test_behind_the_proxy_other_spellings_from_other_addresses_count_for_the_name(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_user("erin")
    spellings = ["erin", *SPELLINGS["erin"]]
    for n in range(ratelimit.NAME_FAILURES):
        proxied = {"HTTP_X_FORWARDED_FOR": f"198.51.100.{n}"}
        fail_times(Client(), spellings[n % len(spellings)], 1, **proxied)
    for n, spelling in enumerate(spellings):
        proxied = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n}"}
        assert attempt(client, spelling, PASSWORD, **proxied).status_code == 429, spelling
    assert not logged_in(client)


@pytest.mark.parametrize(
    ("typed", "counted"),
    [
        ("\uff45rin", "erin"),
        ("\U0001d41erin", "erin"),
        ("erin\uff17", "erin7"),
        (" ERIN\t", "erin"),
        ("\ufb01", "fi"),
    ],
)
def test_the_limiter_counts_the_name_the_login_form_signs_in_with(typed, counted):
    assert ratelimit.login_name(typed) == counted
    assert ratelimit.login_name(UsernameField().clean(typed)) == counted


def test_a_forged_forwarded_for_header_does_not_reset_the_count_without_a_proxy(client):
    make_user("fran")
    for n in range(ratelimit.ADDRESS_FAILURES):
        fail_times(client, f"guess{n}", 1, HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")
    response = attempt(client, "sam", "x", HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert response.status_code == 429


def test_behind_the_proxy_only_the_address_the_proxy_appended_counts(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_user("fran")
    for n in range(ratelimit.ADDRESS_FAILURES):
        # The client forges a first entry each time; the proxy appends the real address.
        forged = f"203.0.113.{n}, 192.0.2.50"
        fail_times(client, f"guess{n}", 1, HTTP_X_FORWARDED_FOR=forged)
    blocked = attempt(client, "fran", PASSWORD, HTTP_X_FORWARDED_FOR="1.2.3.4, 192.0.2.50")
    assert blocked.status_code == 429
    # Another real client behind the same proxy is not blocked.
    ok = attempt(Client(), "fran", PASSWORD, HTTP_X_FORWARDED_FOR="192.0.2.51")
    assert ok.status_code == 302


def test_a_blocked_attempt_changes_nothing_stored(client):
    user = make_user("fran")
    fail_times(client, "fran")
    before = snapshot()
    assert attempt(client, "fran", PASSWORD).status_code == 429
    assert snapshot() == before
    user.refresh_from_db()
    assert user.last_login is None


@pytest.mark.parametrize(
    "username",
    [
        "\x00",
        "fran\x00",
        "x" * 300,
        "x" * 5000,
        "🃏" * 100,
        "<script>alert(1)</script>",
    ],
)
def test_any_user_name_is_counted_and_never_a_500(client, username):
    """The name goes into a cache key: a NUL or 5000 characters must not break the cache
    (a database cache on PostgreSQL refuses NUL and keys over 255 characters)."""
    statuses = [attempt(client, username, "wrong").status_code for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    assert MESSAGE in attempt(client, username, "wrong").content.decode()


@FAST
@given(username=hostile_text, password=hostile_text)
def test_hostile_names_and_passwords_are_counted_and_never_a_500(username, password):
    throttle.Slot.objects.all().delete()
    client = Client()
    statuses = [attempt(client, username, password).status_code for _ in range(6)]
    assert statuses[:5] == [200] * 5
    assert statuses[5] == 429


def test_the_throttle_is_shared_by_every_worker_process():
    """The counts are rows in the database every worker and server uses, not a process's memory."""
    make_user("fran")
    fail_times(Client(), "fran")
    assert throttle.Slot.objects.count() == 3 * ratelimit.MAX_FAILURES  # pair, address, name


def crowd(addresses: int, start: int = 0, **headers):
    """One failure from each of `addresses` other clients behind the proxy, each its own name."""
    for n in range(start, start + addresses):
        address = f"10.{n // 250}.{n % 250}.9"
        response = attempt(Client(), f"crowd{n}", "x", HTTP_X_FORWARDED_FOR=address, **headers)
        assert response.status_code == 200


@pytest.mark.parametrize("rounds", [1, 3])
def test_three_hundred_other_addresses_failing_do_not_unblock_an_address(client, settings, rounds):
    """A cache culls entries past its size, the limiter's counts among them: these never go."""
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_user("fran")
    me = {"HTTP_X_FORWARDED_FOR": "192.0.2.50"}
    fail_times(client, "fran", **me)
    for n in range(rounds):
        crowd(300 // rounds, start=n * 300)
        assert attempt(client, "fran", PASSWORD, **me).status_code == 429
    assert not logged_in(client)


def test_a_name_is_blocked_after_its_limit_however_many_others_fail(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_user("fran")
    for n in range(ratelimit.NAME_FAILURES):
        fail_times(client, "fran", 1, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
        crowd(15, start=n * 15)
    blocked = attempt(client, "fran", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.200")
    assert blocked.status_code == 429


@pytest.mark.django_db(transaction=True)
def test_a_log_in_while_the_database_is_read_only_is_503_nothing_saved(client):
    make_user("fran")
    read_only(True)
    try:
        response = attempt(client, "fran", PASSWORD)
    finally:
        read_only(False)
    assert response.status_code == 503
    page = response.content.decode()
    assert "<h1>Nothing was saved</h1>" in page and MESSAGE not in page
    assert not logged_in(client)
    assert attempt(client, "fran", PASSWORD).status_code == 302


def test_the_admin_login_is_rate_limited_too(client):
    make_user("boss", is_staff=True, is_superuser=True)
    for _ in range(ratelimit.MAX_FAILURES):
        response = client.post("/admin/login/", {"username": "boss", "password": "wrong"})
        assert response.status_code == 200
    blocked = client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert blocked.status_code == 429
    assert MESSAGE in blocked.content.decode()
    assert not logged_in(client)


def test_failures_at_the_admin_login_and_the_club_login_share_one_count(client):
    """Whichever way the admin login is routed, club-login failures already block a name."""
    make_user("boss", is_staff=True, is_superuser=True)
    fail_times(client, "boss")
    assert attempt(client, "boss", PASSWORD).status_code == 429


def test_failures_for_one_name_do_not_lock_out_others_behind_the_same_address(client):
    make_user("fran")
    fail_times(client, "bob")
    assert attempt(client, "bob", PASSWORD).status_code == 429
    response = attempt(client, "fran", PASSWORD)
    assert response.status_code == 302
    assert logged_in(client)


class SlowHasher(PBKDF2PasswordHasher):
    """Slow enough (tens of milliseconds) that attempts overlap, as on a real server."""

    iterations = 60_000


@pytest.mark.django_db(transaction=True)
def test_thirty_parallel_attempts_let_through_no_more_than_the_limit(settings):
    """Real threads, each with its own database connection, racing with a hasher slow as a real one:
    a check made before the failure is counted would let many more through."""
    settings.PASSWORD_HASHERS = [f"{__name__}.SlowHasher"]
    make_user("fran")
    start = threading.Barrier(30)
    statuses: list[int] = []

    def guess() -> None:
        try:
            start.wait()
            statuses.append(attempt(Client(), "fran", "wrong-password").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess) for _ in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(statuses) == 30
    assert statuses.count(200) <= ratelimit.MAX_FAILURES
    # SQLite's in-memory test database refuses a writer at once while another holds it: that
    # attempt is answered 503 (nothing done, nobody let in), never 302.
    busy = statuses.count(503) if connection.vendor == "sqlite" else 0
    assert statuses.count(200) + statuses.count(429) + busy == 30


def test_the_block_is_told_in_the_readers_language(client):
    make_user("fran")
    fail_times(client, "fran")
    response = attempt(client, "fran", PASSWORD, HTTP_ACCEPT_LANGUAGE="sv-SE,sv;q=0.9")
    assert response.status_code == 429
    assert "För många misslyckade inloggningar" in response.content.decode()
