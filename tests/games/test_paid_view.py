import pytest

from kalooki_ledger.games.models import Change, PaidTransfer
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.django_db


def test_ticking_a_transfer_marks_it_paid_for_everyone(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    response = client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    assert response.status_code == 302
    assert PaidTransfer.objects.get().payer == "Mark"
    html = client.get(game.get_absolute_url()).content.decode()
    assert 'value="Mark&gt;John&gt;16" checked' in html
    watching = client.get(game.share_url()).content.decode()
    assert "Mark pays John 16 · <strong>paid</strong>" in watching


def test_unticking_a_transfer_marks_it_unpaid(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    client.post(f"/g/{game.edit_token}/paid/", {})
    assert not PaidTransfer.objects.exists()


def test_a_tick_for_a_transfer_that_is_not_owed_is_ignored(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    client.post(f"/g/{game.edit_token}/paid/", {"paid": ["John>Mark>1000"]})
    assert not PaidTransfer.objects.exists()


def test_ticking_is_kept_in_the_history(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>16"]})
    assert Change.objects.get(action="paid").text == "Marked paid: Mark pays John 16"


def test_ticking_nothing_new_changes_nothing(client):
    game = stored_game(hands=worked_hands(), stakes=None)
    client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Andy>Mark>99", "<b>"]})
    assert not Change.objects.filter(action="paid").exists()


def test_a_tick_is_matched_whatever_places_the_amount_is_written_with(client):
    game = stored_game(hands=worked_hands())
    client.post(f"/g/{game.edit_token}/paid/", {"paid": ["Mark>John>1.60"]})
    assert PaidTransfer.objects.get().payer == "Mark"
