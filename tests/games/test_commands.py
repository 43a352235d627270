"""Every form that changes a game, sent twice or from a stale page: the second send changes
nothing, and a command made against an older version is refused with what changed since."""

import html
import re

import pytest

from kalooki_ledger.games.models import BuyInDecision, Change, Game, Hand, PaidTransfer
from tests.games.web import (
    GBP,
    hand_post,
    new_key,
    over_limit_hands,
    stored_game,
    worked_hands,
)

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def version(game: Game) -> str:
    return str(Game.objects.values_list("version", flat=True).get(pk=game.pk))


def sent(game: Game, data: dict | None = None, key: str | None = None) -> dict:
    """A form as its page sends it now: the version it shows and a key of its own."""
    return {**(data or {}), "version": version(game), "key": key or new_key()}


def numbers(game: Game) -> list[int]:
    return list(Hand.objects.filter(game=game).values_list("number", flat=True))


def winners(game: Game) -> list[str | None]:
    return [h.winner.name if h.winner else None for h in Hand.objects.filter(game=game)]


def five_hands() -> Game:
    hands = [
        {"winner": "John", "penalties": {"Andy": 5, "Mark": 6, "Frank": 7}},
        {"winner": "Andy", "penalties": {"Mark": 5, "John": 6, "Frank": 7}},
        {"winner": "Mark", "penalties": {"Andy": 5, "John": 6, "Frank": 7}},
        {"winner": "Frank", "penalties": {"Andy": 5, "Mark": 6, "John": 7}},
        {"winner": "John", "penalties": {"Andy": 2, "Mark": 2, "Frank": 2}},
    ]
    return stored_game(hands=hands)


def test_deleting_a_hand_twice_with_the_same_form_deletes_it_once(client):
    game = five_hands()
    form = sent(game)
    first = client.post(f"/g/{game.edit_token}/hands/3/delete/", form)
    second = client.post(f"/g/{game.edit_token}/hands/3/delete/", form, follow=True)
    assert first.status_code == 302 and second.status_code == 200
    assert "already saved" in second.content.decode()
    assert numbers(game) == [1, 2, 3, 4]
    assert winners(game) == ["John", "Andy", "Frank", "John"]
    assert Change.objects.filter(game=game, action="delete").count() == 1


def test_a_stale_edit_is_refused_and_does_not_overwrite_the_hand_that_moved_up(client):
    game = five_hands()
    seen = version(game)  # phone A opens "edit hand 3"
    other = client.post(f"/g/{game.edit_token}/hands/2/delete/", sent(game))  # phone B
    assert other.status_code == 302
    edit = hand_post(3, "Andy", game, Mark=40, John=41, Frank=42)
    edit.update(version=seen, key=new_key())
    response = client.post(f"/g/{game.edit_token}/hands/3/edit/", edit)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Nothing was saved" in page and "Deleted hand 2" in page
    assert winners(game) == ["John", "Mark", "Frank", "John"]
    assert numbers(game) == [1, 2, 3, 4]


def test_an_edit_of_a_hand_undone_since_is_told_what_changed_not_that_it_is_missing(client):
    game = five_hands()
    edit = sent(game, hand_post(5, "Andy", game, Mark=40, John=41, Frank=42))
    assert client.post(f"/g/{game.edit_token}/undo/", sent(game, {"hand": "5"})).status_code == 302
    response = client.post(f"/g/{game.edit_token}/hands/5/edit/", edit)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Nothing was saved" in page and "Undid hand 5" in page
    assert numbers(game) == [1, 2, 3, 4]


def test_recording_a_hand_twice_with_the_same_form_stores_it_once(client):
    game = stored_game(hands=worked_hands()[:2])
    form = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    url = f"/g/{game.edit_token}/hands/"
    assert client.post(url, form, headers=HTMX).status_code == 200
    again = client.post(url, form, headers=HTMX)
    assert again.status_code == 200
    assert "That hand was already recorded (sent twice)" in again.content.decode()
    assert numbers(game) == [1, 2, 3]
    assert Change.objects.filter(game=game, action="record").count() == 1


def test_undoing_twice_with_the_same_form_undoes_one_hand(client):
    game = five_hands()
    form = sent(game, {"hand": "5"})
    assert client.post(f"/g/{game.edit_token}/undo/", form).status_code == 302
    assert client.post(f"/g/{game.edit_token}/undo/", form).status_code == 302
    assert numbers(game) == [1, 2, 3, 4]


def test_undo_made_before_another_phone_recorded_is_refused_and_the_game_goes_on(client):
    game = five_hands()
    undo = sent(game, {"hand": "5"})
    recorded = client.post(
        f"/g/{game.edit_token}/hands/",
        sent(game, hand_post(6, "Andy", game, Mark=2, John=2, Frank=2)),
    )
    assert recorded.status_code == 302
    response = client.post(f"/g/{game.edit_token}/undo/", undo)
    assert response.status_code == 409
    assert "nothing was undone" in response.content.decode()
    assert numbers(game) == [1, 2, 3, 4, 5, 6]
    following = hand_post(7, "Mark", game, Andy=2, John=2, Frank=2)
    assert client.post(f"/g/{game.edit_token}/hands/", sent(game, following)).status_code == 302
    assert numbers(game) == [1, 2, 3, 4, 5, 6, 7]


def test_a_buy_in_decision_sent_twice_is_stored_once(client):
    game = stored_game(hands=over_limit_hands())
    form = sent(game, {"player": "Mark", "hand": "4", "choice": "in"})
    assert client.post(f"/g/{game.edit_token}/buy-in/", form).status_code == 302
    assert client.post(f"/g/{game.edit_token}/buy-in/", form).status_code == 302
    assert BuyInDecision.objects.filter(hand__game=game).count() == 1


def test_stopping_twice_with_the_same_form_stops_once(client):
    game = stored_game(hands=worked_hands()[:2])
    form = sent(game, {"settle": "split"})
    assert client.post(f"/g/{game.edit_token}/stop/", form).status_code == 302
    assert client.post(f"/g/{game.edit_token}/stop/", form).status_code == 302
    assert Game.objects.get(pk=game.pk).stopped == "split"
    assert Change.objects.filter(game=game, action="stop").count() == 1


def test_a_stop_made_before_another_phone_recorded_is_refused(client):
    game = stored_game(hands=worked_hands()[:2])
    stop = sent(game, {"settle": "refund"})
    hand = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(f"/g/{game.edit_token}/hands/", hand).status_code == 302
    response = client.post(f"/g/{game.edit_token}/stop/", stop)
    assert response.status_code == 409
    assert Game.objects.get(pk=game.pk).stopped == ""


def finished_game() -> Game:
    return stored_game(hands=worked_hands())


def paid_keys(client, game: Game) -> list[str]:
    page = client.get(game.get_absolute_url()).content.decode()
    return [html.unescape(k) for k in re.findall(r'name="paid" value="([^"]+)"', page)]


def test_a_paid_tick_sent_twice_is_stored_once(client):
    game = finished_game()
    keys = paid_keys(client, game)
    form = sent(game, {"paid": keys[:1], "shown": "1"})
    assert client.post(f"/g/{game.edit_token}/paid/", form).status_code == 302
    assert client.post(f"/g/{game.edit_token}/paid/", form).status_code == 302
    assert PaidTransfer.objects.filter(game=game).count() == 1
    assert Change.objects.filter(game=game, action="paid").count() == 1


def test_a_tick_from_a_stale_page_keeps_the_other_phones_tick(client):
    game = finished_game()
    keys = paid_keys(client, game)
    assert len(keys) >= 2
    stale = sent(game, {"paid": [keys[1]], "shown": "1"})  # phone A's page: nothing ticked
    mine = sent(game, {"paid": [keys[0]], "shown": "1"})  # phone B ticks the first
    assert client.post(f"/g/{game.edit_token}/paid/", mine).status_code == 302
    assert client.post(f"/g/{game.edit_token}/paid/", stale).status_code == 302
    assert PaidTransfer.objects.filter(game=game).count() == 2


def test_a_hand_made_before_a_paid_tick_is_still_recorded(client):
    game = stored_game(hands=worked_hands()[:2])
    stale = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    Game.objects.get(pk=game.pk).moved_on_from(int(version(game)))
    Change.objects.create(
        game=game, who="Android 1", action="paid", summary="Marked paid", version=version(game)
    )
    assert client.post(f"/g/{game.edit_token}/hands/", stale).status_code == 302
    assert numbers(game) == [1, 2, 3]


def test_a_hand_made_before_the_date_was_changed_is_still_recorded(client):
    game = stored_game(hands=worked_hands()[:2])
    stale = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    dated = client.post(f"/g/{game.edit_token}/date/", sent(game, {"played_on": "2026-11-20"}))
    assert dated.status_code == 302
    assert client.post(f"/g/{game.edit_token}/hands/", stale).status_code == 302
    assert numbers(game) == [1, 2, 3]
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-20"


def test_a_date_set_from_a_page_older_than_a_hand_still_applies(client):
    game = stored_game(hands=worked_hands()[:2])
    stale = sent(game, {"played_on": "2026-11-20"})
    hand = sent(game, hand_post(3, "Andy", game, Mark=10, John=11, Frank=12))
    assert client.post(f"/g/{game.edit_token}/hands/", hand).status_code == 302
    assert client.post(f"/g/{game.edit_token}/date/", stale).status_code == 302
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-20"
    assert numbers(game) == [1, 2, 3]


def test_a_date_from_a_stale_page_never_overwrites_another_phones_date(client):
    game = stored_game()
    stale = sent(game, {"played_on": "2026-11-19"})
    mine = sent(game, {"played_on": "2026-11-20"})
    assert client.post(f"/g/{game.edit_token}/date/", mine).status_code == 302
    response = client.post(f"/g/{game.edit_token}/date/", stale)
    assert response.status_code == 409
    assert "Set the date played: 20 Nov 2026" in response.content.decode()
    assert str(Game.objects.get(pk=game.pk).played_on) == "2026-11-20"


def test_the_date_sent_twice_is_set_once(client):
    game = stored_game()
    form = sent(game, {"played_on": "2026-11-20"})
    assert client.post(f"/g/{game.edit_token}/date/", form).status_code == 302
    again = client.post(f"/g/{game.edit_token}/date/", form, follow=True)
    assert "already saved" in again.content.decode()
    assert Change.objects.filter(game=game, action="date").count() == 1


def test_a_form_without_a_version_is_refused_and_changes_nothing(client):
    game = five_hands()
    response = client.post(f"/g/{game.edit_token}/hands/3/delete/", {"version": ""})
    assert response.status_code == 409
    assert numbers(game) == [1, 2, 3, 4, 5]


def test_a_damaged_key_is_refused_with_a_message_and_changes_nothing(client):
    game = five_hands()
    form = {"hand": "5", "version": version(game), "key": "<script>"}
    response = client.post(f"/g/{game.edit_token}/undo/", form)
    assert response.status_code == 400
    assert "key is damaged" in response.content.decode()
    assert numbers(game) == [1, 2, 3, 4, 5]


def test_starting_a_game_twice_with_the_same_form_starts_one(client):
    data = {"player_1": "Andy", "player_2": "Mark", "preset": "british", "seating": "typed"}
    form = {**data, **GBP, "key": new_key()}
    first = client.post("/new/", form)
    second = client.post("/new/", form)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


def test_naming_the_phone_twice_gives_it_that_name_once(client):
    game = five_hands()
    for _ in range(2):
        response = client.post(f"/g/{game.edit_token}/phone/", {"name": "Mark's phone"})
        assert response.status_code == 302
    client.post(f"/g/{game.edit_token}/undo/", sent(game, {"hand": "5"}))
    assert Change.objects.get(game=game, action="undo").who == "Mark's phone"
