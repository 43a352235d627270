import pytest

from kalooki_ledger.games.models import BuyInDecision, Change, Hand
from tests.games.web import hand_post, stored_game, stored_ledger, worked_hands

pytestmark = pytest.mark.django_db


def undo_url(game) -> str:
    return f"/g/{game.edit_token}/undo/"


def test_undo_removes_the_last_hand(client):
    game = stored_game(hands=worked_hands()[:2])
    response = client.post(undo_url(game), {"hand": "2"})
    assert response.status_code == 302
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert "Undid hand 2: Andy won" in Change.objects.get(action="undo").text


def test_undo_also_undoes_the_last_hands_buy_in_decisions(client):
    game = stored_game(hands=worked_hands()[:4])
    client.post(undo_url(game), {"hand": "4"})
    assert not BuyInDecision.objects.exists()
    assert stored_ledger(game).standing("Mark").total == 145


def test_undo_on_the_game_over_page_reopens_the_game(client):
    game = stored_game(hands=worked_hands())
    client.post(undo_url(game), {"hand": "5"})
    ledger = stored_ledger(game)
    assert ledger.status == "in-progress"
    assert ledger.next_hand_number == 5


def test_undo_from_an_out_of_date_page_changes_nothing(client):
    game = stored_game(hands=worked_hands()[:3])
    response = client.post(undo_url(game), {"hand": "2"})
    assert response.status_code == 409
    assert "nothing was undone" in response.content.decode()
    assert Hand.objects.count() == 3


def test_there_is_nothing_to_undo_before_the_first_hand(client):
    game = stored_game()
    assert client.post(undo_url(game), {"hand": "0"}).status_code == 409


def test_the_watch_link_cannot_undo(client):
    game = stored_game(hands=worked_hands()[:2])
    assert client.post(f"/g/{game.share_token}/undo/", {"hand": "2"}).status_code == 404
    assert Hand.objects.count() == 2


def test_with_htmx_undo_answers_with_the_table_and_says_what_was_undone(client):
    game = stored_game(hands=worked_hands()[:2])
    response = client.post(undo_url(game), {"hand": "2"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="live"')
    assert 'name="number" value="2"' in html
    # The notice is in the form, under its heading, and the undone hand's values are back.
    form = html[html.index('<form method="post" action="/g/') :]
    assert '<p class="notice restored" role="status">Hand 2 undone — its values are back' in form
    assert 'value="Andy" checked' in form
    assert 'name="value-1" value="50"' in form and 'name="value-3" value="30"' in form


def test_without_javascript_the_undone_hands_values_come_back_after_the_redirect(client):
    game = stored_game(hands=worked_hands()[:2])
    response = client.post(undo_url(game), {"hand": "2"})
    assert response["Location"] == game.get_absolute_url() + "#hand-title"
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 2 undone — its values are back in the form." in html
    assert 'name="value-2" value="45"' in html
    again = client.get(game.get_absolute_url()).content.decode()
    assert "its values are back" not in again and 'value="45"' not in again


def test_recording_the_restored_values_again_puts_the_hand_back(client):
    game = stored_game(hands=worked_hands()[:2])
    client.post(undo_url(game), {"hand": "2"})
    data = hand_post(2, "Andy", game, Mark=50, John=45, Frank=30)
    assert client.post(f"/g/{game.edit_token}/hands/", data).status_code == 302
    assert stored_ledger(game).standing("Mark").total == 92


def test_undoing_a_void_hand_brings_back_no_values(client):
    game = stored_game(hands=[*worked_hands()[:1], {"void": True}])
    response = client.post(undo_url(game), {"hand": "2"}, headers={"HX-Request": "true"})
    assert "Hand 2 (void) undone." in response.content.decode()
