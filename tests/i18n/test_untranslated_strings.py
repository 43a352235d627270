"""Every string a page shows is translated: each page rendered for a phone in Swedish holds no
word that the same page in English shows, but for its data (names) and the few words both
languages share. To check more pages, add them to tests/i18n/pages.py."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.utils import translation

from kalooki_ledger import error_pages, faults
from tests.i18n.games import game_night
from tests.i18n.pages import (
    ACCOUNT_PAGES,
    CLUB_PAGES,
    DATA,
    ERROR_PAGES,
    GAME_PAGES,
    SETTINGS_PAGES,
    SHEET_PAGES,
    club_night,
    sign_in,
)
from tests.i18n.visible import english_left

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}
PAGES = CLUB_PAGES + ACCOUNT_PAGES + ERROR_PAGES + SETTINGS_PAGES + SHEET_PAGES + GAME_PAGES


def shown(client, page, night, headers=None) -> str:
    url = page.url(night)
    if page.post is None:
        response = client.get(url, headers=headers or {})
    else:
        response = client.post(url, page.post, headers=headers or {})
    assert response.status_code == page.status, url
    return response.content.decode()


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_a_page_shown_in_swedish_has_no_english_word_left(client, page):
    night = game_night() if page.games else club_night(page.tournament)
    sign_in(client, night, page)
    for url in page.visits(night) if page.visits else []:
        client.get(url)
    english = shown(client, page, night)
    swedish = shown(client, page, night, SWEDISH)
    assert 'lang="sv"' in swedish
    left = english_left(swedish, english, DATA + page.data)
    assert not left, "English left:\n" + "\n".join(left)


def refusals(request) -> dict[str, str]:
    """Every refusal page as its handler writes it, for `request`."""
    pages = {
        str(status): error_pages.error_page(request, status).content.decode()
        for status in (400, 403, 404, 405, 413, 429, 500)
    }
    pages["csrf"] = error_pages.csrf_failure(request).content.decode()
    pages["503"] = faults.fault_response(request).content.decode()
    pages["503 in the form"] = faults.fault_response(
        RequestFactory().post("/", headers={"HX-Request": "true"})
    ).content.decode()
    return pages


def test_every_refusal_page_is_written_in_swedish_too(rf):
    request = rf.get("/")
    request.user = AnonymousUser()
    english = refusals(request)
    with translation.override("sv"):
        swedish = refusals(request)
    for name, page in swedish.items():
        assert english_left(page, english[name], DATA) == [], name
    assert 'lang="sv"' in swedish["503"] and 'lang="sv"' in swedish["404"]


FRAGMENTS = [p for p in GAME_PAGES if p.name in ("table, being played", "table, finished")]
FRAGMENTS += [p for p in GAME_PAGES if p.name.startswith("watch")]


@pytest.mark.parametrize("page", FRAGMENTS, ids=[page.name for page in FRAGMENTS])
def test_a_fragment_htmx_swaps_in_reads_swedish_too(client, page):
    night = game_night()
    fragment = {"HX-Request": "true"}
    english = shown(client, page, night, fragment)
    swedish = shown(client, page, night, {**SWEDISH, **fragment})
    assert "<html" not in swedish
    wrapped = ('<html lang="en">' + english, '<html lang="sv">' + swedish)
    left = english_left(wrapped[1], wrapped[0], DATA + page.data)
    assert not left, "English left:\n" + "\n".join(left)
