"""The admin reads groups, nights, payments and history lines and changes none of them (a
superuser neither): a POST to an add, change or delete page is 403, the list's bulk delete is
not offered, and a payment's receipt can't be deleted to let its key store it twice."""

from decimal import Decimal

import pytest
from django.contrib import admin
from django.contrib.auth.models import User

from kalooki_ledger.games import commands
from kalooki_ledger.nights.commands import RecordPayment
from kalooki_ledger.nights.models import Group, Night, NightChange, NightPayment
from tests.security.factories import snapshot

from .factories import finished, group, night, sent

pytestmark = [pytest.mark.django_db, pytest.mark.db_specific]


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.org", "a-long-pw-42"))
    return client


@pytest.fixture
def paid_night() -> Night:
    n = night(group(), finished())
    outcome = commands.apply(
        n, sent(n.version, key="pay-key-0001"), RecordPayment("Mark", "John", Decimal(16))
    )
    assert outcome.applied, outcome.notice
    return Night.objects.get(pk=n.pk)


def nights_admins() -> list[type]:
    return [m for m in admin.site._registry if m._meta.app_label == "nights"]


def test_every_model_of_the_nights_is_read_only_to_a_superuser(rf):
    request = rf.get("/admin/")
    request.user = User(is_staff=True, is_superuser=True, is_active=True)
    assert {Group, Night, NightPayment, NightChange} <= set(nights_admins())
    for model in nights_admins():
        model_admin = admin.site._registry[model]
        assert model_admin.has_view_permission(request), model
        assert not model_admin.has_add_permission(request), model
        assert not model_admin.has_change_permission(request), model
        assert not model_admin.has_delete_permission(request), model
        for inline in model_admin.get_inline_instances(request):
            assert not inline.has_delete_permission(request), inline


@pytest.mark.parametrize("view", ["add", "change", "delete"])
def test_staff_posts_to_a_nights_add_change_or_delete_page_are_403_and_change_nothing(
    staff, paid_night, view
):
    before = snapshot()
    for model in nights_admins():
        row = model.objects.order_by("pk").first()
        base = f"/admin/nights/{model._meta.model_name}/"
        path = f"{base}add/" if view == "add" else f"{base}{row.pk}/{view}/"
        response = staff.post(path, {"post": "yes", "name": "Staff's own"})
        assert response.status_code == 403, (model, view)
    assert snapshot() == before


def test_the_bulk_delete_of_groups_nights_and_history_deletes_nothing(staff, paid_night):
    before = snapshot()
    for model in nights_admins():
        base = f"/admin/nights/{model._meta.model_name}/"
        assert "delete_selected" not in staff.get(base).content.decode()
        chosen = [str(pk) for pk in model.objects.values_list("pk", flat=True)]
        staff.post(base, {"action": "delete_selected", "post": "yes", "_selected_action": chosen})
    assert snapshot() == before


def test_a_payments_receipt_stays_so_its_key_sent_again_stores_nothing(staff, paid_night):
    line = NightChange.objects.get(night=paid_night, action="payment")
    staff.post(f"/admin/nights/nightchange/{line.pk}/delete/", {"post": "yes"})
    again = commands.apply(
        paid_night,
        sent(paid_night.version - 1, key="pay-key-0001"),
        RecordPayment("Mark", "John", Decimal(16)),
    )
    assert again.replayed
    assert paid_night.night_payments.count() == 1
