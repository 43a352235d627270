"""The admin is for reading: every model of games and clubs is shown to staff and changed by
none of them (a superuser neither). Changes go through the commands, the one write path; a
staff POST to a change, add or delete page, or the list's bulk delete, changes nothing."""

import json

import pytest
from django.contrib import admin
from django.contrib.auth.models import User

from kalooki_ledger.games.models import Change, Game, Hand, HouseRules, Receipt
from tests.clubs.factories import make_club, tournament_with
from tests.games.test_commands import five_hands, numbers, sent
from tests.games.web import hand_post
from tests.security.factories import snapshot

pytestmark = pytest.mark.django_db

PROJECT_APPS = ("games", "clubs", "sheets")


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.org", "a-long-pw-42"))
    return client


@pytest.fixture
def everything(client) -> Game:
    """A row of every model the admin shows: a game with hands, a history line, a paid tick, a
    no-op's receipt, house rules, and a club with members, regulars and a tournament."""
    game = five_hands()
    record = hand_post(6, "Mark", game, Andy=2, John=2, Frank=2)
    assert client.post(f"/g/{game.edit_token}/hands/", sent(game, record)).status_code == 302
    assert client.post(f"/g/{game.edit_token}/stop/", sent(game, {"settle": ""})).status_code == 302
    HouseRules.objects.create(name="Friday rules", preset="british")
    tournament_with(make_club(olive="organiser"))
    return game


def registered() -> list[tuple[type, admin.ModelAdmin]]:
    return [
        (model, model_admin)
        for model, model_admin in admin.site._registry.items()
        if model._meta.app_label in PROJECT_APPS
    ]


def test_every_model_the_admin_shows_is_read_only_even_to_a_superuser(rf):
    boss = User(is_staff=True, is_superuser=True, is_active=True)
    request = rf.get("/admin/")
    request.user = boss
    shown = {model._meta.label for model, _ in registered()}
    assert {"games.Game", "games.Hand", "games.Change", "games.Receipt", "clubs.Club"} <= shown
    for model, model_admin in registered():
        assert model_admin.has_view_permission(request), model
        assert not model_admin.has_add_permission(request), model
        assert not model_admin.has_change_permission(request), model
        assert not model_admin.has_delete_permission(request), model
        for inline in model_admin.get_inline_instances(request):
            assert not inline.has_add_permission(request, None), inline
            assert not inline.has_change_permission(request), inline
            assert not inline.has_delete_permission(request), inline


def test_staff_read_every_model_and_each_page_offers_no_save(staff, everything):
    for model, _ in registered():
        listed = staff.get(f"/admin/{model._meta.app_label}/{model._meta.model_name}/")
        assert listed.status_code == 200, model
        row = model.objects.order_by("pk").first()
        assert row is not None, f"no {model._meta.label} to show"
        page = staff.get(
            f"/admin/{model._meta.app_label}/{model._meta.model_name}/{row.pk}/change/"
        )
        assert page.status_code == 200, model
        html = page.content.decode()
        assert 'name="_save"' not in html and 'name="_continue"' not in html, model
        assert "deletelink" not in html, model


def game_form(game: Game, **changes: str) -> dict:
    """The admin's change form for a game as the page filled it when it could be saved, with
    `changes` typed in."""
    data = {
        "title": game.title,
        "played_on": "",
        "preset": game.preset,
        "rule_overrides": json.dumps(game.rule_overrides),
        "currency": game.currency,
        "first_dealer": str(game.first_dealer),
        "stopped": game.stopped,
        **{k: str(getattr(game, k)) for k in ("call_up", "kalookie", "initial", "buy_in")},
        "per_point": str(game.per_point),
        "_save": "Save",
    }
    seats = list(game.seats.all())
    data.update(
        {
            "seats-TOTAL_FORMS": str(len(seats)),
            "seats-INITIAL_FORMS": str(len(seats)),
            "seats-MIN_NUM_FORMS": "0",
            "seats-MAX_NUM_FORMS": "1000",
        }
    )
    for i, seat in enumerate(seats):
        data.update(
            {
                f"seats-{i}-id": str(seat.pk),
                f"seats-{i}-game": str(game.pk),
                f"seats-{i}-position": str(seat.position),
                f"seats-{i}-name": seat.name,
            }
        )
    return data | changes


def test_a_staff_save_of_a_game_changes_nothing_and_a_phone_goes_on(staff):
    game = five_hands()
    form = game_form(game, rule_overrides='{"limit": 200}', **{"seats-3-name": "Francis"})
    form["title"] = "Renamed by staff"
    before = snapshot()

    response = staff.post(f"/admin/games/game/{game.pk}/change/", form)

    assert response.status_code == 403
    assert snapshot() == before
    assert not Change.objects.filter(game=game).exists()
    following = hand_post(6, "Mark", game, Andy=2, John=2, Frank=2)
    assert staff.post(f"/g/{game.edit_token}/hands/", sent(game, following)).status_code == 302
    assert Game.objects.get(pk=game.pk).version == game.version + 1


@pytest.mark.parametrize("view", ["add", "change", "delete"])
def test_staff_posts_to_any_models_add_change_or_delete_page_change_nothing(
    staff, everything, view
):
    before = snapshot()
    for model, _ in registered():
        row = model.objects.order_by("pk").first()
        base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        path = f"{base}add/" if view == "add" else f"{base}{row.pk}/{view}/"
        response = staff.post(path, {"post": "yes", "name": "Staff's own", "title": "Staff's own"})
        assert response.status_code == 403, (model, view)
    assert snapshot() == before


def test_the_lists_bulk_delete_is_not_offered_and_deletes_nothing(staff):
    game = five_hands()
    chosen = [str(pk) for pk in Hand.objects.filter(game=game).values_list("pk", flat=True)]
    listed = staff.get("/admin/games/hand/").content.decode()
    assert "delete_selected" not in listed
    form = {"action": "delete_selected", "post": "yes", "_selected_action": chosen}
    staff.post("/admin/games/hand/", form)
    assert numbers(game) == [1, 2, 3, 4, 5]
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_no_ops_receipt_reads_in_the_admin(staff, everything):
    kept = Receipt.objects.get(scope=f"game:{everything.pk}")
    listed = staff.get("/admin/games/receipt/").content.decode()
    assert f"game:{everything.pk}" in listed and kept.key in listed
