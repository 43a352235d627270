from django.contrib import admin

from .models import Club, ClubPlayer, Membership, Tournament


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "season_start"]
    search_fields = ["name", "slug"]
    inlines = [MembershipInline]


@admin.register(ClubPlayer)
class ClubPlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club"]
    search_fields = ["name"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "stage", "created"]
