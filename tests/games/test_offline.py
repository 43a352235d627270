"""The service worker at the site's root and the web app manifest: served so that a browser
installs them, and allowed by the Content-Security-Policy."""

import json
from pathlib import Path

from django.contrib.staticfiles import finders
from django.templatetags.static import static


def test_the_worker_is_served_from_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"


def test_the_worker_keeps_the_static_files_a_table_needs_by_their_current_urls(client):
    body = client.get("/sw.js").content.decode()
    for path in ("js/app.js", "js/outbox.js", "js/offline.js", "css/app.css"):
        assert f'"{static(path)}"' in body


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
