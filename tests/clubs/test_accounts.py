"""Sign up, log in with the rate limit, log out, and reset a password by e-mail."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from kalooki_ledger.clubs import ratelimit
from tests.clubs.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def log_in(client, password: str = PASSWORD, username: str = "fran", headers=None, **fields):
    """The log-in form, sent as `username`; `fields`: more of its fields, such as next."""
    form = {"username": username, "password": password, **fields}
    return client.post("/clubs/accounts/login/", form, headers=headers)


def test_signing_up_makes_an_account_and_logs_in(client):
    response = client.post(
        "/clubs/accounts/signup/",
        {"username": "neil", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="neil").exists()
    assert client.get("/clubs/").status_code == 200


def test_signing_up_with_mismatched_passwords_says_so_and_makes_nothing(client):
    response = client.post(
        "/clubs/accounts/signup/",
        {"username": "neil", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert "password fields didn\N{RIGHT SINGLE QUOTATION MARK}t match" in response.content.decode()
    assert not get_user_model().objects.filter(username="neil").exists()


def test_logging_in_goes_to_the_page_asked_for(client):
    make_user("fran")
    response = log_in(client, next="/clubs/x/")
    assert response.status_code == 302 and response["Location"] == "/clubs/x/"


def test_logging_in_never_redirects_to_another_site(client):
    make_user("fran")
    response = log_in(client, next="https://evil.example/")
    assert response["Location"] == "/clubs/"


def test_after_five_failures_even_the_right_password_gets_429(client):
    make_user("fran")
    for _ in range(5):
        failed = log_in(client, "nope")
        assert failed.status_code == 200
    blocked = log_in(client)
    assert blocked.status_code == 429
    assert "Wait 15 minutes" in blocked.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_limit_also_counts_per_address_across_names(client):
    make_user("fran")
    for name in [f"guess{n}" for n in range(ratelimit.ADDRESS_FAILURES)]:
        log_in(client, "nope", name)
    blocked = log_in(client)
    assert blocked.status_code == 429


def test_four_failures_then_success_clears_the_count(client):
    make_user("fran")
    for _ in range(4):
        log_in(client, "nope")
    assert log_in(client).status_code == 302
    client.post("/clubs/accounts/logout/")
    for _ in range(4):
        log_in(client, "nope")
    assert log_in(client).status_code == 302


def test_logging_out_takes_a_post(client):
    client.force_login(make_user("fran"))
    assert client.get("/clubs/accounts/logout/").status_code == 405
    client.post("/clubs/accounts/logout/")
    assert client.get("/clubs/").status_code == 302


def test_a_password_reset_mails_a_link_that_sets_a_new_password(client):
    make_user("fran", "fran@example.org")
    response = client.post("/clubs/accounts/password-reset/", {"email": "fran@example.org"})
    assert response["Location"] == "/clubs/accounts/password-reset/sent/"
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/clubs/accounts/reset/\S+)", mail.outbox[0].body)[1]
    form_page = client.get(link, follow=True)
    assert b"Choose a new password" in form_page.content
    new = "another-long-password-77"
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}
    )
    assert done["Location"] == "/clubs/accounts/reset/done/"
    assert client.login(username="fran", password=new)


def test_behind_the_proxy_each_client_address_counts_on_its_own(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    make_user("fran")
    for name in [f"guess{n}" for n in range(ratelimit.ADDRESS_FAILURES)]:
        log_in(client, "nope", name, headers={"X-Forwarded-For": "203.0.113.9"})
    elsewhere = log_in(client, headers={"X-Forwarded-For": "198.51.100.7"})
    assert elsewhere.status_code == 302
    spoofed = log_in(client, headers={"X-Forwarded-For": "10.0.0.1, 203.0.113.9"})
    assert spoofed.status_code == 429


def test_the_admin_login_is_throttled_the_same_way(client):
    get_user_model().objects.create_superuser("boss", "boss@example.org", PASSWORD)
    for _ in range(5):
        failed = client.post("/admin/login/", {"username": "boss", "password": "nope"})
        assert failed.status_code == 200
    blocked = client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert blocked.status_code == 429
    assert "Wait 15 minutes" in blocked.content.decode()


def test_the_throttled_admin_login_still_lets_the_right_password_in(client):
    get_user_model().objects.create_superuser("boss", "boss@example.org", PASSWORD)
    response = client.post("/admin/login/?next=/admin/", {"username": "boss", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/admin/"
