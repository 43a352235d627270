from django.contrib import admin
from django.urls import include, path

from kalooki_ledger.clubs.accounts import admin_login

urlpatterns = [
    path("", include("kalooki_ledger.games.urls")),
    path("sheets/", include("kalooki_ledger.sheets.urls")),
    path("clubs/", include("kalooki_ledger.clubs.urls")),
    # The admin's login counts failures with the same limit as the site's.
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
]
