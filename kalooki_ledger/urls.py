from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("kalooki_ledger.games.urls")),
    path("sheets/", include("kalooki_ledger.sheets.urls")),
    path("clubs/", include("kalooki_ledger.clubs.urls")),
    path("admin/", admin.site.urls),
]
