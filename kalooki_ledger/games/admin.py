from django.contrib import admin, messages

from . import commands
from .models import BuyInDecision, Entry, Game, Hand, HouseRules, Seat


def changed_in_admin(request, game: Game, form, formsets) -> None:
    """Moves the game's version and leaves a line in its history naming what staff changed, so
    the pages, the watchers and a stale phone's 409 all know of it."""
    fields = list(form.changed_data)
    for formset in formsets:
        for inline in formset.forms:
            fields += [f"{formset.prefix}.{name}" for name in inline.changed_data]
        fields += [f"{formset.prefix} deleted" for _ in formset.deleted_forms]
    game.touch()
    sent = commands.Sent(game.version, "", f"admin {request.user.get_username()}")
    commands.receipt(game, sent, "admin", {"fields": list(dict.fromkeys(fields))})


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
        changed_in_admin(request, form.instance, form, formsets)  # rules, stakes, seats…


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0


class BuyInDecisionInline(admin.TabularInline):
    model = BuyInDecision
    extra = 0


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    """Every edit here moves the game's version, as the pages' own edits do, so no page shows a
    ledger cached from before it. A hand's place is the commands' alone: none is added here, none
    moves, and a deletion is the score sheet's delete command (later hands move up, no gap)."""

    list_display = ["game", "number", "void", "winner", "kalookie", "created"]
    list_select_related = ["game", "winner"]
    readonly_fields = ["game", "number"]
    inlines = [EntryInline, BuyInDecisionInline]

    def has_add_permission(self, request):
        return False

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        changed_in_admin(request, form.instance.game, form, formsets)

    def delete_model(self, request, obj):
        self._delete(request, [obj])

    def delete_queryset(self, request, queryset):
        self._delete(request, list(queryset.select_related("game")))

    def _delete(self, request, hands: list[Hand]) -> None:
        # The highest number first, so the numbers of those still to go stay where they are.
        for hand in sorted(hands, key=lambda h: (h.game_id, -h.number)):
            game = Game.objects.get(pk=hand.game_id)
            sent = commands.Sent(game.version, "", f"admin {request.user.get_username()}")
            outcome = commands.apply(game, sent, commands.DeleteHand(hand.number))
            if not outcome.applied:
                self.message_user(request, f"{hand}: {outcome.notice}", messages.ERROR)


@admin.register(HouseRules)
class HouseRulesAdmin(admin.ModelAdmin):
    """Saved house rules: a game copies their settings when it starts, so no game changes here.
    The settings themselves are read-only: the house rules page checks them, this page could not."""

    list_display = ["name", "preset", "created"]
    list_filter = ["preset"]
    search_fields = ["name", "notes"]
    readonly_fields = ["preset", "rule_overrides", "stakes", "token", "created"]
