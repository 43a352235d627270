from django.contrib import admin

from .models import BuyInDecision, Entry, Game, Hand, HouseRules, Seat


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

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.touch()  # renamed seats change what the pages show


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0


class BuyInDecisionInline(admin.TabularInline):
    model = BuyInDecision
    extra = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Every edit here moves the game's version, as the pages' own edits do, so no page shows a
    ledger cached from before it."""

    list_display = ["game", "number", "void", "winner", "kalookie", "created"]
    list_select_related = ["game", "winner"]
    inlines = [EntryInline, BuyInDecisionInline]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.game.touch()

    def delete_model(self, request, obj):
        game = obj.game
        super().delete_model(request, obj)
        game.touch()

    def delete_queryset(self, request, queryset):
        games = {hand.game for hand in queryset.select_related("game")}
        super().delete_queryset(request, queryset)
        for game in games:
            game.touch()


@admin.register(HouseRules)
class HouseRulesAdmin(admin.ModelAdmin):
    """Saved house rules: a game copies their settings when it starts, so no game changes here.
    The settings themselves are read-only: the house rules page checks them, this page could not."""

    list_display = ["name", "preset", "created"]
    list_filter = ["preset"]
    search_fields = ["name", "notes"]
    readonly_fields = ["preset", "rule_overrides", "stakes", "token", "created"]
