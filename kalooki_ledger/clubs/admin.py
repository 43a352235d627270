"""The clubs' admin is for reading, as the games' is: a club's settings, members, regulars and
tournaments change through the club pages' commands (each form a key, docs/clubs.md), so staff
see them here and change none."""

from django.contrib import admin

from kalooki_ledger.games.admin import ReadOnlyAdmin, ReadOnlyInline

from .models import Club, ClubPlayer, Entrant, Membership, Tournament, TournamentTable


class MembershipInline(ReadOnlyInline):
    model = Membership


@admin.register(Club)
class ClubAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "season_start"]
    search_fields = ["name", "slug"]
    readonly_fields = ["created"]
    inlines = [MembershipInline]


@admin.register(ClubPlayer)
class ClubPlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "club"]
    search_fields = ["name"]


class EntrantInline(ReadOnlyInline):
    model = Entrant


class TableInline(ReadOnlyInline):
    model = TournamentTable


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "stage", "created"]
    readonly_fields = ["created"]
    inlines = [EntrantInline, TableInline]
