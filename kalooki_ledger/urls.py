from django.contrib import admin
from django.urls import include, path, register_converter

from kalooki_ledger.clubs import board
from kalooki_ledger.clubs.accounts import admin_login
from kalooki_ledger.games import api_urls
from kalooki_ledger.games.converters import TokenConverter
from kalooki_ledger.games.offline import service_worker
from kalooki_ledger.nights import api as nights_api

register_converter(TokenConverter, "token")

urlpatterns = [
    # A room's board: under /w/ with the watch pages, whose answers the shared cache keeps.
    path("w/board/<slug:kind>/<int:pk>/<str:sig>/", board.board, name="board"),
    path("", include("kalooki_ledger.games.urls")),
    # At the root, so that the worker may control every page (see docs/offline.md).
    path("sw.js", service_worker, name="service_worker"),
    path("sheets/", include("kalooki_ledger.sheets.urls")),
    path("clubs/", include("kalooki_ledger.clubs.urls")),
    path("nights/", include("kalooki_ledger.nights.urls")),
    # One API for games, nights and groups (games/api_layer.py), its schema generated.
    path("api/v1/", api_urls.urls(nights_api.router)),
    # The footer's language switch (Django's set_language): no language prefix in any URL.
    path("i18n/", include("django.conf.urls.i18n")),
    # The admin's login counts failures with the same limit as the site's.
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
]

# Refusals on the site's own pages (kalooki_ledger/error_pages.py).
handler400 = "kalooki_ledger.error_pages.bad_request"
handler403 = "kalooki_ledger.error_pages.permission_denied"
handler404 = "kalooki_ledger.error_pages.page_not_found"
# A database fault anywhere is the 503 page; anything else the 500 page.
handler500 = "kalooki_ledger.faults.server_error"
