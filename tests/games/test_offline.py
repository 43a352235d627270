"""The service worker at the site's root and the web app manifest: served so that a browser
installs them, and allowed by the Content-Security-Policy; and the engine's figures a table
carries for a phone without signal."""

import html
import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static

from kalooki_ledger.games import ledger_cache
from tests.games.web import FormClient, family_game, hand_post, stored_game, worked_hands


def test_the_worker_is_served_from_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"


def test_the_worker_keeps_the_static_files_a_table_needs_by_their_current_urls(client):
    body = client.get("/sw.js").content.decode()
    for path in ("js/app.js", "js/outbox_core.js", "js/outbox.js", "js/offline.js", "css/app.css"):
        assert f'"{static(path)}"' in body


def test_the_no_signal_page_of_the_worker_is_styled_by_the_kept_stylesheet(client):
    body = client.get("/sw.js").content.decode()
    assert f'<link rel="stylesheet" href="{static("css/app.css")}">' in body


def test_the_csp_lets_the_worker_and_the_manifest_load_from_the_site_only(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy
    assert "script-src 'self'" in policy


def test_every_page_names_the_manifest_and_the_theme_colour(client):
    page = client.get("/").content.decode()
    assert f'<link rel="manifest" href="{static("manifest.webmanifest")}">' in page
    assert '<meta name="theme-color" content="#0b6b3a">' in page


def test_the_manifest_makes_an_installable_standalone_app_with_its_own_icons():
    manifest = json.loads(Path(finders.find("manifest.webmanifest")).read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#0b6b3a"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert finders.find(icon["src"]), icon["src"]


def kit_in(page: str) -> dict:
    """The offline figures a table page or fragment carries on its hand form."""
    return json.loads(html.unescape(re.search(r'data-offline-kit="([^"]*)"', page)[1]))


def kit_of(client, game) -> dict:
    return kit_in(client.get(game.get_absolute_url()).content.decode())


@pytest.mark.django_db
def test_an_elimination_table_carries_the_engines_figures_for_a_phone_without_signal(client):
    game = stored_game(hands=worked_hands()[:2])
    page = client.get(game.get_absolute_url()).content.decode()
    kit = json.loads(html.unescape(re.search(r'<form [^>]*data-offline-kit="([^"]*)"', page)[1]))
    ledger = game.ledger()
    assert kit["within"] == 150 and kit["needs"] == 2 and kit["bonus"] == [0, 0]
    assert kit["seats"] == [
        {"name": s.name, "total": s.total, "left": s.buy_ins_left, "out": s.out}
        for s in ledger.standings
    ]


@pytest.mark.django_db
def test_a_points_game_carries_no_offline_figures(client):
    game = family_game("north-american")
    assert "data-offline-kit" not in client.get(game.get_absolute_url()).content.decode()


@pytest.mark.django_db
def test_the_offline_figures_come_with_the_fragment_htmx_swaps_in_after_a_hand(client):
    # A script element would be dropped by htmx (allowScriptTags is off): an attribute is kept.
    game = stored_game(hands=worked_hands()[:1])
    fragment = client.get(game.get_absolute_url(), headers={"HX-Request": "true"}).content
    assert b"<script" not in fragment
    kit = kit_in(fragment.decode())
    assert kit["seats"][0]["total"] == game.ledger().standings[0].total


@pytest.mark.django_db
def test_the_offline_figures_name_the_dealer_and_the_game_one_hand_back_for_an_undo(client):
    game = stored_game(hands=worked_hands()[:2])
    kit = kit_of(client, game)
    one_back = stored_game(hands=worked_hands()[:1]).ledger()
    assert (kit["hands"], kit["dealer"]) == (2, game.ledger().dealer)
    assert kit["before"]["hands"] == 1 and kit["before"]["dealer"] == one_back.dealer
    assert [s["total"] for s in kit["before"]["seats"]] == [s.total for s in one_back.standings]


@pytest.mark.django_db
def test_the_figures_after_a_hand_recorded_from_the_page_are_the_figures_built_afresh():
    # The hand recorded keeps the ledger it grew from as the kit's "before": no replay needed.
    game = stored_game(hands=worked_hands()[:2])
    client = FormClient()
    kit_of(client, game)
    third = hand_post(3, "John", game, Andy=38, Mark=53, Frank=40)
    answer = client.post(f"/g/{game.edit_token}/hands/", third, headers={"HX-Request": "true"})
    kept = kit_in(answer.content.decode())
    ledger_cache.clear()
    afresh = kit_of(client, game)
    assert kept == afresh and kept["before"]["hands"] == 2 and kept["hands"] == 3


@pytest.mark.django_db
def test_the_offline_figures_kept_for_a_ledger_follow_the_next_hand_and_the_readers_language():
    game = stored_game(hands=worked_hands()[:1])
    client = FormClient()
    assert kit_of(client, game)["hands"] == 1
    client.post(
        f"/g/{game.edit_token}/hands/", hand_post(2, "Andy", game, Mark=50, John=45, Frank=30)
    )
    assert kit_of(client, game)["hands"] == 2
    swedish = FormClient(headers={"Accept-Language": "sv"})
    swedish.cookies.load({"django_language": "sv"})
    assert kit_of(swedish, game)["price"] != kit_of(client, game)["price"]
