"""Groups and nights in the admin, to read: every change to them is a command (docs/nights.md),
which the admin's forms would bypass, so no add, change or delete, a superuser's neither (the
games' `ReadOnlyAdmin`: a POST to any of those pages is 403 and changes nothing)."""

from django.contrib import admin

from kalooki_ledger.games.admin import ReadOnlyAdmin, inline

from .models import Group, Night, NightChange, NightGameLink, NightPayment


@admin.register(Group)
class GroupAdmin(ReadOnlyAdmin):
    list_display = ["name", "currency", "created"]
    search_fields = ["name"]


@admin.register(Night)
class NightAdmin(ReadOnlyAdmin):
    list_display = ["group", "number", "currency", "closed", "created"]
    inlines = [inline(NightGameLink), inline(NightPayment)]


@admin.register(NightPayment)
class NightPaymentAdmin(ReadOnlyAdmin):
    list_display = ["night", "payer", "payee", "amount", "at", "who"]


@admin.register(NightChange)
class NightChangeAdmin(ReadOnlyAdmin):
    list_display = ["group", "night", "action", "who", "at"]
