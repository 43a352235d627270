"""The language follows the phone (Accept-Language) unless the footer's switch chose one, which
a cookie keeps; English otherwise. No URL carries a language."""

import re

import pytest
from django.conf import settings
from django.core import mail

from tests.games.web import stored_game

pytestmark = pytest.mark.django_db

SWEDISH_PHONE = {"Accept-Language": "sv-SE,sv;q=0.9,en-US;q=0.8,en;q=0.7"}


def test_a_phone_set_to_swedish_gets_the_page_in_swedish(client):
    page = client.get("/clubs/accounts/login/", headers=SWEDISH_PHONE).content.decode()
    assert '<html lang="sv">' in page
    assert "<h1>Logga in</h1>" in page and "Glömt lösenordet?" in page


def test_a_phone_in_any_other_language_gets_english(client):
    for header in ({}, {"Accept-Language": "de-DE,de;q=0.9"}, {"Accept-Language": "en-US"}):
        page = client.get("/clubs/accounts/login/", headers=header).content.decode()
        assert '<html lang="en-gb">' in page and "<h1>Log in</h1>" in page, header


def test_the_footer_switch_posts_to_set_language_with_its_token_and_the_page_to_come_back_to(
    client,
):
    page = client.get("/clubs/accounts/login/?next=/clubs/").content.decode()
    footer = re.search(r"<footer class=\"site\">.*?</footer>", page, re.S).group(0)
    assert 'action="/i18n/setlang/" method="post"' in footer
    assert 'name="csrfmiddlewaretoken"' in footer
    assert 'name="next" value="/clubs/accounts/login/?next=/clubs/"' in footer
    assert 'value="sv" lang="sv"' in footer and ">Svenska</button>" in footer
    assert 'value="en-gb" lang="en-gb" class="secondary" aria-pressed="true"' in footer


def test_the_switch_changes_the_language_and_it_sticks_over_the_phones_own(client):
    switched = client.post("/i18n/setlang/", {"language": "sv", "next": "/clubs/accounts/login/"})
    assert switched.status_code == 302 and switched["Location"] == "/clubs/accounts/login/"
    cookie = client.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "sv" and cookie["httponly"] and cookie["max-age"] == 31_536_000
    again = client.get("/clubs/accounts/signup/", headers={"Accept-Language": "en-GB"})
    assert '<html lang="sv">' in again.content.decode()
    client.post("/i18n/setlang/", {"language": "en-gb", "next": "/"})
    back = client.get("/clubs/accounts/signup/", headers=SWEDISH_PHONE).content.decode()
    assert '<html lang="en-gb">' in back and "<h1>Sign up</h1>" in back


def test_the_switch_goes_back_only_to_this_site(client):
    switched = client.post("/i18n/setlang/", {"language": "sv", "next": "https://evil.example/"})
    assert switched["Location"] == "/"


def test_a_watch_page_has_no_switch_and_so_no_cookie_but_follows_the_phone(client):
    game = stored_game()
    response = client.get(game.share_url(), headers=SWEDISH_PHONE)
    assert "/i18n/setlang/" not in response.content.decode()
    assert not response.cookies
    assert '<html lang="sv">' in response.content.decode()
    assert "Accept-Language" in response["Vary"]


def test_a_swedish_page_loads_the_scripts_swedish_words_and_an_english_one_none(client):
    swedish = client.get("/clubs/accounts/login/", headers=SWEDISH_PHONE).content.decode()
    english = client.get("/clubs/accounts/login/").content.decode()
    assert '<script src="/static/js/i18n/sv.js" defer></script>' in swedish
    assert "js/i18n/" not in english
    # Before every other script (deferred scripts run in order), the outbox's on the table too.
    table = client.get(stored_game().get_absolute_url(), headers=SWEDISH_PHONE).content.decode()
    assert table.index("js/i18n/sv.js") < table.index("js/outbox.js") < table.index("js/app.js")


def test_the_password_reset_mail_is_written_in_the_language_it_was_asked_in(client):
    from tests.clubs.factories import make_user

    make_user("fran", "fran@example.org")
    client.post(
        "/clubs/accounts/password-reset/", {"email": "fran@example.org"}, headers=SWEDISH_PHONE
    )
    sent = mail.outbox[0]
    assert sent.subject == "Återställ ditt lösenord till Kalooki Ledger"
    assert (
        "Någon har bett om att återställa lösenordet för Kalooki Ledger-kontot fran." in sent.body
    )
    assert "Öppna den här länken för att välja ett nytt lösenord:" in sent.body
    assert "&" not in sent.body and "&#" not in sent.subject
