"""Groups and nights in the admin, to read: every change to them is a command (docs/nights.md),
which the admin's forms would bypass."""

from django.contrib import admin

from .models import Group, Night, NightChange, NightPayment


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class PaymentInline(admin.TabularInline):
    model = NightPayment
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Group)
class GroupAdmin(ReadOnly):
    list_display = ["name", "currency", "created"]
    search_fields = ["name"]


@admin.register(Night)
class NightAdmin(ReadOnly):
    list_display = ["group", "number", "currency", "closed", "created"]
    inlines = [PaymentInline]


@admin.register(NightChange)
class NightChangeAdmin(ReadOnly):
    list_display = ["group", "night", "action", "who", "at"]
