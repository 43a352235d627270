"""A key is one change: sent again with the same request it is a replay, sent with another
request it is refused (422) and nothing is stored, on the API and on the forms."""

import html

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.handles import SetHandle
from kalooki_ledger.games.models import Change, Game, Hand, HouseRules, Receipt
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.test_api import api, etag, next_hand, send
from tests.games.test_commands import numbers, sent
from tests.games.web import GBP, hand_post, house_post, new_key, stored_game, worked_hands

pytestmark = pytest.mark.django_db


def test_a_key_used_for_one_hand_is_refused_for_another_hand(client):
    game = stored_game(hands=worked_hands()[:2])
    key = new_key()
    first = send(client, "post", api(game, "/hands"), next_hand(3), key=key)
    assert first.status_code == 201
    other = {"number": 4, "winner": "Mark", "penalties": {"Andy": 3, "John": 4, "Frank": 5}}
    again = send(client, "post", api(game, "/hands"), other, key=key)
    assert again.status_code == 422
    assert "already used for another change" in again.json()["error"]
    assert "Idempotent-Replayed" not in again
    assert numbers(game) == [1, 2, 3]


def test_a_key_used_for_a_hand_is_refused_for_a_delete(client):
    game = stored_game(hands=worked_hands()[:2])
    key = new_key()
    assert send(client, "post", api(game, "/hands"), next_hand(3), key=key).status_code == 201
    version = Game.objects.get(pk=game.pk).version
    delete = send(client, "delete", api(game, "/hands/1"), key=key, **{"If-Match": etag(game)})
    assert delete.status_code == 422
    assert numbers(game) == [1, 2, 3]
    assert Game.objects.get(pk=game.pk).version == version


def test_the_same_hand_sent_again_with_other_spacing_is_a_replay(client):
    game = stored_game(hands=worked_hands()[:2])
    key = new_key()
    assert send(client, "post", api(game, "/hands"), next_hand(3), key=key).status_code == 201
    spaced = '{ "number" : 3,\n "penalties": {"Frank": 12, "John": 11, "Mark": 10},\n'
    spaced += ' "winner": "Andy" }'
    again = send(client, "post", api(game, "/hands"), spaced, key=key)
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert numbers(game) == [1, 2, 3]


def test_a_stop_key_reused_for_another_settlement_is_refused(client):
    game = stored_game(hands=worked_hands()[:3])
    key = new_key()
    body = {"settle": "refund"}
    first = send(client, "post", api(game, "/stop"), body, key=key, **{"If-Match": etag(game)})
    assert first.status_code == 200
    other = send(
        client, "post", api(game, "/stop"), {"settle": "split"}, key=key, **{"If-Match": etag(game)}
    )
    assert other.status_code == 422
    assert Game.objects.get(pk=game.pk).stopped == "refund"


def test_a_hand_form_sent_back_with_other_values_under_its_key_is_refused(client):
    game = stored_game(hands=worked_hands()[:2])
    url = f"/g/{game.edit_token}/hands/"
    form = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(url, form).status_code == 302
    changed = {**form, **hand_post(3, "Andy", game, Mark=20, John=11, Frank=12)}
    response = client.post(url, changed)
    assert response.status_code == 422
    assert "already used for another change" in response.content.decode()
    assert Hand.objects.filter(game=game).count() == 3
    assert Change.objects.filter(game=game, action="record").count() == 1


def test_a_form_sent_again_with_other_spacing_is_a_replay(client):
    game = stored_game(hands=worked_hands()[:2])
    url = f"/g/{game.edit_token}/hands/"
    form = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(url, form).status_code == 302
    spaced = {k: f" {v} " if k.startswith("value") else v for k, v in form.items()}
    again = client.post(url, spaced, follow=True)
    assert again.status_code == 200
    assert "already recorded (sent twice)" in again.content.decode()
    assert Hand.objects.filter(game=game).count() == 3


def test_a_delete_form_key_reused_on_another_hand_is_refused(client):
    game = stored_game(hands=worked_hands())
    form = sent(game)
    assert client.post(f"/g/{game.edit_token}/hands/5/delete/", form).status_code == 302
    response = client.post(f"/g/{game.edit_token}/hands/1/delete/", form, follow=True)
    assert "already used for another change" in response.content.decode()
    assert numbers(game) == [1, 2, 3, 4]


def test_a_new_game_form_key_reused_for_other_players_is_refused(client):
    data = {"player_1": "Andy", "player_2": "Mark", "preset": "british", "seating": "typed"}
    form = {**data, **GBP, "key": new_key()}
    assert client.post("/new/", form).status_code == 302
    other = client.post("/new/", {**form, "player_2": "John"})
    assert other.status_code == 422
    assert "already used for another change" in other.content.decode()
    assert Game.objects.count() == 1


def test_a_new_game_form_sent_again_with_its_names_spaced_otherwise_is_a_replay(client):
    data = {"player_1": "Andy", "player_2": "Mark", "preset": "british", "seating": "typed"}
    form = {**data, **GBP, "key": new_key()}
    first = client.post("/new/", form)
    again = client.post("/new/", {**form, "player_2": " Mark "})
    assert again.status_code == 302 and again["Location"] == first["Location"]
    assert Game.objects.count() == 1


def test_a_house_rules_key_reused_for_other_rules_is_refused(client):
    key = new_key()
    assert client.post("/rules/new/", house_post(key=key)).status_code == 302
    other = client.post("/rules/new/", house_post(key=key, name="Saturday rules"))
    assert other.status_code == 422
    assert "already used for another change" in other.content.decode()
    assert HouseRules.objects.count() == 1


def test_a_hand_posted_by_the_form_and_sent_again_by_the_outbox_is_a_replay(client):
    game = stored_game(hands=worked_hands()[:2])
    form = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(f"/g/{game.edit_token}/hands/", form).status_code == 302
    again = send(client, "post", api(game, "/hands"), next_hand(3), key=form["key"])
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert numbers(game) == [1, 2, 3]


def test_a_form_key_sent_by_the_api_for_another_hand_number_is_refused(client):
    game = stored_game(hands=worked_hands()[:2])
    form = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(f"/g/{game.edit_token}/hands/", form).status_code == 302
    again = send(client, "post", api(game, "/hands"), next_hand(4), key=form["key"])
    assert again.status_code == 422
    assert numbers(game) == [1, 2, 3]


# A no-op's key: answered "nothing to do", it belongs to that request all the same.


NO_OPS = [
    "take back a stop never made",
    "untick what was never ticked",
    "remove a handle never given",
]


def no_ops(game: Game) -> dict[str, object]:
    """Each command that can change nothing, made so that it does on `game` (not stopped,
    nothing ticked, nobody's handle given)."""
    return {
        "take back a stop never made": commands.Stop(""),
        "untick what was never ticked": commands.MarkPaid(game, set(), set()),
        "remove a handle never given": SetHandle(game, "John", "", ""),
    }


@pytest.mark.db_specific
@pytest.mark.parametrize("which", NO_OPS)
def test_a_no_ops_key_is_refused_for_another_change_and_answers_the_no_op_again(which):
    game = stored_game(hands=worked_hands()[:3])
    key, before = new_key(), Game.objects.get(pk=game.pk).version

    def send(command) -> commands.Outcome:
        now = Game.objects.get(pk=game.pk)
        return commands.apply(now, commands.Sent(now.version, key, "iPhone 00ff"), command)

    first = send(no_ops(game)[which])
    assert first.verdict is commands.Verdict.UNCHANGED
    hand = EngineHand(winner="Andy", penalties={"Mark": 10, "John": 11, "Frank": 12})
    reused = send(commands.RecordHand(4, hand))
    assert reused.verdict is commands.Verdict.REFUSED
    assert "already used for another change" in reused.notice
    again = send(no_ops(game)[which])
    assert (again.verdict, again.notice) == (first.verdict, first.notice)
    assert numbers(game) == [1, 2, 3]
    assert Game.objects.get(pk=game.pk).version == before
    assert not Change.objects.filter(game=game, key=key).exists()  # no version, no history line
    assert Receipt.objects.filter(key=key).count() == 1


@pytest.mark.db_specific
def test_a_no_op_stop_keeps_its_key_from_a_hand_and_answers_the_same_again(client):
    """The probe: `POST /stop {"settle": null}` with K (nothing to do), `POST /hands` with K,
    then the first request again."""
    game = stored_game(hands=worked_hands()[:3])
    key, body = new_key(), {"settle": None}
    first = send(client, "post", api(game, "/stop"), body, key=key, **{"If-Match": etag(game)})
    assert first.status_code == 200
    hand = send(client, "post", api(game, "/hands"), next_hand(4), key=key)
    assert hand.status_code == 422
    assert "already used for another change" in hand.json()["error"]
    again = send(client, "post", api(game, "/stop"), body, key=key, **{"If-Match": etag(game)})
    assert again.status_code == 200
    assert again.json() == first.json() and again["ETag"] == first["ETag"]
    assert "Idempotent-Replayed" not in again and "Idempotent-Replayed" not in first
    assert numbers(game) == [1, 2, 3]


@pytest.mark.db_specific
def test_a_no_op_form_keeps_its_key_from_a_hand_form(client):
    game = stored_game(hands=worked_hands()[:3])
    key = new_key()
    take_back = sent(game, {"settle": ""}, key=key)
    assert client.post(f"/g/{game.edit_token}/stop/", take_back).status_code == 302
    post = sent(game, hand_post(4, "Andy", game, Mark=10, John=11, Frank=12), key=key)
    refused = client.post(f"/g/{game.edit_token}/hands/", post)
    assert refused.status_code == 422
    assert "already used for another change" in html_text(refused)
    assert numbers(game) == [1, 2, 3]


@pytest.mark.db_specific
def test_a_no_op_sent_again_after_the_game_moved_on_still_changes_nothing(client):
    """Taking back a stop when there was none, then a refund from another phone: the first
    request sent again is the answered no-op, not a take-back of that refund."""
    game = stored_game(hands=worked_hands()[:3])
    key, take_back = new_key(), {"settle": None}
    first = send(client, "post", api(game, "/stop"), take_back, key=key, **{"If-Match": etag(game)})
    assert first.status_code == 200
    refund = {"settle": "refund"}
    stopped = send(client, "post", api(game, "/stop"), refund, **{"If-Match": etag(game)})
    assert stopped.status_code == 200
    again = send(client, "post", api(game, "/stop"), take_back, key=key, **{"If-Match": etag(game)})
    assert again.status_code == 200
    assert Game.objects.get(pk=game.pk).stopped == "refund"
    assert again.json()["results"]["status"] == "stopped"


def html_text(response) -> str:
    return html.unescape(response.content.decode())
