"""The admin's hands: a hand deleted there goes the way of the score sheet's delete command, so
the numbers stay 1..n and the game goes on; no hand is added or moved there."""

import json

import pytest
from django.contrib.auth.models import User

from kalooki_ledger.games.models import Change, Game, Hand
from tests.games.test_commands import five_hands, numbers, sent, winners
from tests.games.web import hand_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_superuser("boss", "boss@example.org", "a-long-pw-42"))
    return client


def test_a_hand_deleted_in_the_admin_moves_the_later_hands_up_and_the_game_goes_on(staff):
    game = five_hands()
    hand = Hand.objects.get(game=game, number=3)

    response = staff.post(f"/admin/games/hand/{hand.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert numbers(game) == [1, 2, 3, 4]
    assert winners(game) == ["John", "Andy", "Frank", "John"]
    deleted = Change.objects.get(game=game, action="delete")
    assert deleted.who == "admin boss" and deleted.text.startswith("Deleted hand 3")
    following = hand_post(5, "Mark", game, Andy=2, John=2, Frank=2)
    assert staff.post(f"/g/{game.edit_token}/hands/", sent(game, following)).status_code == 302
    assert numbers(game) == [1, 2, 3, 4, 5]


def test_hands_deleted_together_in_the_admin_leave_no_gap(staff):
    game, other = five_hands(), five_hands()
    chosen = Hand.objects.filter(game=game, number__in=[2, 4]) | Hand.objects.filter(
        game=other, number=1
    )
    form = {"action": "delete_selected", "post": "yes"}
    form["_selected_action"] = [str(pk) for pk in chosen.values_list("pk", flat=True)]

    assert staff.post("/admin/games/hand/", form).status_code == 302

    assert numbers(game) == [1, 2, 3] and winners(game) == ["John", "Mark", "John"]
    assert numbers(other) == [1, 2, 3, 4]
    assert Game.objects.get(pk=game.pk).version == game.version + 2


def test_the_admin_neither_adds_a_hand_nor_moves_one(staff):
    game = five_hands()
    hand = Hand.objects.get(game=game, number=2)
    assert staff.get("/admin/games/hand/add/").status_code == 403
    page = staff.get(f"/admin/games/hand/{hand.pk}/change/").content.decode()
    assert 'name="number"' not in page and 'name="game"' not in page


def game_form(game: Game, **changes: str) -> dict:
    """The admin's change form for a game as the page fills it, with `changes` typed in."""
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


def test_a_rule_changed_in_the_admin_is_in_the_history_and_refuses_a_stale_phone(staff):
    game = five_hands()
    stale = sent(game, hand_post(6, "Mark", game, Andy=2, John=2, Frank=2))

    form = game_form(game, rule_overrides='{"limit": 200}', **{"seats-3-name": "Francis"})
    response = staff.post(f"/admin/games/game/{game.pk}/change/", form)

    assert response.status_code == 302, response.content.decode()[-3000:]
    changed = Change.objects.get(game=game, action="admin")
    assert changed.who == "admin boss"
    assert "rule_overrides" in changed.text and "seats.name" in changed.text
    assert Game.objects.get(pk=game.pk).ledger().game.rules.limit == 200
    refused = staff.post(f"/g/{game.edit_token}/hands/", stale)
    assert refused.status_code == 409
    assert "Changed in the admin" in refused.content.decode()
