"""The project's URLs with the admin's login throttled, as docs/clubs.md asks urls.py to do."""

from django.urls import path

from kalooki_ledger.clubs.accounts import admin_login
from kalooki_ledger.urls import urlpatterns as project

urlpatterns = [path("admin/login/", admin_login), *project]
