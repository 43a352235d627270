"""The admin is for reading: every change to a game (its fields, hands, payments, history) goes
through the commands (docs/commands.md), the one write path, under compare-and-set on the
game's version. Staff see every model here and change none: a POST to a change, add or delete
page is refused (403) and changes nothing."""

from django.contrib import admin

from .models import (
    BuyInDecision,
    Change,
    Entry,
    Game,
    Hand,
    HouseRules,
    PaidTransfer,
    Receipt,
    Seat,
)


class ReadOnly:
    """Seen, never changed: no add, change or delete permission, whoever the staff member is (a
    superuser too), so the admin shows its view pages and refuses every POST."""

    def has_add_permission(self, request, *args) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


class ReadOnlyInline(ReadOnly, admin.TabularInline):
    extra = 0


def inline(model: type) -> type[ReadOnlyInline]:
    """The read-only rows of `model` inside its parent's page: one per model, no class to write."""
    return type(f"{model.__name__}Inline", (ReadOnlyInline,), {"model": model})


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "preset", "currency", "played_on", "version", "created"]
    list_filter = ["preset", "currency"]
    search_fields = ["title", "seats__name"]
    readonly_fields = ["edit_token", "share_token", "version", "created", "updated"]
    inlines = [inline(Seat), inline(PaidTransfer)]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "void", "winner", "kalookie", "created"]
    list_select_related = ["game", "winner"]
    readonly_fields = ["created"]
    inlines = [inline(Entry), inline(BuyInDecision)]


@admin.register(Change)
class ChangeAdmin(ReadOnlyAdmin):
    """A game's history: each line the receipt of the command that made its version."""

    list_display = ["game", "version", "at", "who", "text"]
    list_select_related = ["game"]
    list_filter = ["action"]
    search_fields = ["game__title", "who", "key"]
    readonly_fields = ["at", "text"]


@admin.register(Receipt)
class ReceiptAdmin(ReadOnlyAdmin):
    """The receipts of commands that make something, and of no-ops (scope `game:<id>`,
    `night:<id>`, `group:<id>`)."""

    list_display = ["scope", "key", "made", "at"]
    search_fields = ["scope", "key", "made"]
    readonly_fields = ["at"]


@admin.register(HouseRules)
class HouseRulesAdmin(ReadOnlyAdmin):
    """Saved house rules: a game copies their settings when it starts, so no game changes here."""

    list_display = ["name", "preset", "created"]
    list_filter = ["preset"]
    search_fields = ["name", "notes"]
    readonly_fields = ["token", "created"]
