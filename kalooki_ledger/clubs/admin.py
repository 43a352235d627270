"""The clubs' admin is for reading, as the games' is: a club's settings, members, regulars and
tournaments change through the club pages' commands (each form a key, docs/clubs.md), so staff
see them here and change none."""

from django.contrib import admin

from kalooki_ledger.games.admin import ReadOnlyAdmin, inline

from .models import Club, ClubPlayer, Entrant, Membership, Tournament, TournamentTable


@admin.register(Club)
class ClubAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "season_start"]
    search_fields = ["name", "slug"]
    readonly_fields = ["created"]
    inlines = [inline(Membership)]


@admin.register(ClubPlayer)
class ClubPlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "club"]
    search_fields = ["name"]


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "stage", "created"]
    readonly_fields = ["created"]
    inlines = [inline(Entrant), inline(TournamentTable)]
