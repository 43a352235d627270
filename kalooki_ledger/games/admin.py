from django.contrib import admin

from .models import BuyInDecision, Entry, Game, Hand, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "preset", "currency", "played_on", "created"]
    list_filter = ["preset", "currency"]
    search_fields = ["title", "seats__name"]
    readonly_fields = ["edit_token", "share_token", "created", "updated"]
    inlines = [SeatInline]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0


class BuyInDecisionInline(admin.TabularInline):
    model = BuyInDecision
    extra = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ["game", "number", "void", "winner", "kalookie", "created"]
    list_select_related = ["game", "winner"]
    inlines = [EntryInline, BuyInDecisionInline]
