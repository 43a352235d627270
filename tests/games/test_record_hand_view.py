import pytest
from django.db import IntegrityError
from django.http import QueryDict

from kalooki_ledger.games import commands, store
from kalooki_ledger.games.models import Change, Hand
from kalooki_ledger.games.posted import PostedHand
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import FormClient as Client
from tests.games.web import hand_post, over_limit_hands, stored_game, stored_ledger, worked_hands

pytestmark = pytest.mark.django_db


def record_url(game) -> str:
    return f"/g/{game.edit_token}/hands/"


def test_it_records_a_hand_and_goes_back_to_the_table(client):
    game = stored_game()
    response = client.post(record_url(game), hand_post(1, "John", game, Andy=85, Mark=42, Frank=30))
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    ledger = stored_ledger(game)
    assert [s.total for s in ledger.standings] == [85, 42, 0, 30]
    assert Change.objects.get(action="record").text.startswith("Hand 1: John won")


def test_with_htmx_it_answers_with_the_fresh_table_only(client):
    game = stored_game()
    response = client.post(
        record_url(game),
        hand_post(1, "John", game, Andy=85, Mark=42, Frank=30),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="live"')
    assert "<html" not in html
    assert "Hand 2" in html


def test_it_refuses_a_hand_worth_149(client):
    game = stored_game()
    response = client.post(
        record_url(game), hand_post(1, "John", game, Andy=149, Mark=42, Frank=30)
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert "No 13-card hand is worth more than 148 (entered 149)" in html
    assert 'id="value-0" name="value-0" value="149"' in html
    assert 'aria-invalid="true" aria-describedby="value-0-error"' in html
    assert 'role="alert"' in html
    assert not Hand.objects.exists()


def test_it_reports_every_fields_problem_at_once(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=149, Mark=1) | {"value-3": "abc"}
    response = client.post(record_url(game), data)
    html = response.content.decode()
    assert response.status_code == 422
    assert "No 13-card hand is worth more than 148 (entered 149)" in html
    assert "A loser&#x27;s hand is worth at least 2: one card (entered 1)" in html
    assert "“abc” is not a hand value: enter a whole number from 2 to 148" in html
    assert html.count('aria-invalid="true"') == 3
    assert "no value recorded" not in html  # "abc" is told once, as what was typed


def test_it_refuses_a_value_that_is_not_a_number_and_keeps_the_others(client):
    game = stored_game()
    data = hand_post(1, "John", game, Mark=42, Frank=30) | {"value-0": "8five"}
    html = client.post(record_url(game), data).content.decode()
    assert "“8five” is not a hand value: enter a whole number from 2 to 148" in html
    assert 'value="42"' in html and 'value="30"' in html
    assert not Hand.objects.exists()


def test_it_refuses_a_hand_with_a_missing_value(client):
    game = stored_game()
    html = client.post(record_url(game), hand_post(1, "John", game, Andy=85, Mark=42)).content
    assert "Enter what Frank held: a number from 2 to 148" in html.decode()
    assert not Hand.objects.exists()


def test_it_refuses_a_hand_without_a_winner(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    del data["winner"]
    html = client.post(record_url(game), data).content.decode()
    assert "Choose who won the hand" in html
    assert not Hand.objects.exists()


def test_it_ignores_a_value_typed_for_the_winner(client):
    game = stored_game()
    client.post(record_url(game), hand_post(1, "John", game, Andy=85, Mark=42, John=7, Frank=30))
    assert stored_ledger(game).standing("John").total == 0


def test_it_records_a_void_hand_with_the_same_dealer_next(client):
    game = stored_game()
    response = client.post(record_url(game), {"number": "1", "action": "void"})
    assert response.status_code == 302
    ledger = stored_ledger(game)
    assert ledger.hands[0].void
    assert ledger.dealer == "Andy"


def test_a_double_tap_records_the_hand_once_and_says_so(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    client.post(record_url(game), data)
    response = client.post(record_url(game), data)
    assert response.status_code == 409
    assert "Hand 1 was just recorded by another phone" in response.content.decode()
    assert Hand.objects.count() == 1


def test_the_database_refuses_a_hand_number_twice():
    game = stored_game(hands=worked_hands()[:1])
    with pytest.raises(IntegrityError):
        store.add_hand(game, 1, EngineHand(void=True))


def test_it_refuses_a_hand_while_a_buy_in_decision_is_owed(client):
    game = stored_game(hands=over_limit_hands())
    response = client.post(record_url(game), hand_post(5, "John", game, Andy=2, Frank=2))
    assert response.status_code == 409
    assert "Mark must decide about buying in before the next hand." in response.content.decode()
    assert Hand.objects.count() == 4


def test_it_refuses_a_hand_once_the_game_is_over(client):
    game = stored_game(hands=worked_hands())
    response = client.post(record_url(game), hand_post(6, "John", game, Andy=2))
    assert response.status_code == 409
    assert "The game is over" in response.content.decode()


def test_it_refuses_a_hand_from_an_out_of_date_form(client):
    game = stored_game()
    response = client.post(record_url(game), hand_post(7, "John", game, Andy=2, Mark=2, Frank=2))
    assert response.status_code == 409
    assert not Hand.objects.exists()


def test_the_watch_link_cannot_record_a_hand(client):
    game = stored_game()
    response = client.post(f"/g/{game.share_token}/hands/", {"number": "1", "action": "void"})
    assert response.status_code == 404
    assert not Hand.objects.exists()


def test_it_answers_only_posts(client):
    game = stored_game()
    assert client.get(record_url(game)).status_code == 405


def test_two_phones_sending_the_same_hand_record_it_once(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    other_phone = Client()
    first = client.post(record_url(game), data, headers={"HX-Request": "true"})
    second = other_phone.post(record_url(game), data, headers={"HX-Request": "true"})
    assert first.status_code == 200
    assert second.status_code == 409
    assert "Hand 1 was just recorded by another phone" in second.content.decode()
    assert "Hand 2" in second.content.decode()
    assert Hand.objects.count() == 1


@pytest.mark.parametrize("typed", ["²", "٣", "1" * 5000, "-5", "1e3"])
def test_it_refuses_values_that_only_look_like_numbers(client, typed):
    game = stored_game()
    data = hand_post(1, "John", game, Mark=42, Frank=30) | {"value-0": typed}
    response = client.post(record_url(game), data)
    assert response.status_code == 422
    assert "is not a hand value: enter a whole number from 2 to 148" in response.content.decode()
    assert not Hand.objects.exists()


def test_void_hand_asks_first_when_values_are_typed_and_keeps_them(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=85, Mark=42) | {"action": "void"}
    response = client.post(record_url(game), data)
    html = response.content.decode()
    assert response.status_code == 422
    assert "Values are typed for hand 1: void it anyway" in html
    assert 'value="void-anyway"' in html and 'name="value-0" value="85"' in html
    assert not Hand.objects.exists()
    again = client.post(record_url(game), data | {"action": "void-anyway"})
    assert again.status_code == 302
    assert stored_ledger(game).hands[0].void


def test_void_hand_with_nothing_typed_is_recorded_at_once(client):
    game = stored_game()
    response = client.post(record_url(game), {"number": "1", "action": "void"})
    assert response.status_code == 302
    assert stored_ledger(game).hands[0].void


def test_the_last_value_field_says_go_and_the_others_next(client):
    html = client.get(stored_game().get_absolute_url()).content.decode()
    assert html.count('enterkeyhint="next"') == 3
    last = html[html.index('id="value-3"') :]
    assert last.index('enterkeyhint="go"') < last.index(">")
    kalookie = html.index('name="kalookie"')
    assert kalookie < html.index('id="value-0"')  # ticked before the values, not after


def test_a_hand_refused_for_a_stale_page_keeps_what_was_typed(client):
    game = stored_game()
    client.post(record_url(game), hand_post(1, "John", game, Andy=85, Mark=42, Frank=30))
    stale = hand_post(1, "Andy", game, Mark=17, John=23, Frank=31)  # made before hand 1 was
    response = client.post(record_url(game), stale, headers={"HX-Request": "true"})
    assert response.status_code == 409
    page = response.content.decode()
    for seat, value in ((1, "17"), (2, "23"), (3, "31")):
        assert f'id="value-{seat}" name="value-{seat}" value="{value}"' in page
    assert 'value="Andy" checked' in page
    assert Hand.objects.count() == 1


def test_a_repeated_tap_refused_leaves_the_form_empty_not_offering_the_hand_again(client):
    game = stored_game()
    data = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    client.post(record_url(game), data)
    response = client.post(record_url(game), data, headers={"HX-Request": "true"})
    assert response.status_code == 409
    assert 'value="85"' not in response.content.decode()


def test_a_hand_forms_fingerprint_is_its_post_whatever_the_view_read_from_it():
    post = QueryDict("number=1&winner=John&value-0=85&key=abcdefgh12&version=3")
    read = EngineHand(winner="John", penalties={"Andy": 85})
    as_read = commands.RecordHand(1, reader=PostedHand(post), read=read, form=object())
    refused = commands.RecordHand(1, reader=PostedHand(post), misread=True, form=object())
    assert as_read.fingerprint() == refused.fingerprint()
    # As a command that read its own form hashed it: a key sent across the change still matches.
    asked = {"number": 1, "hand": None, "reader": PostedHand(post)}
    whole = commands.fingerprint("RecordHand", asked)
    assert as_read.fingerprint() == f"f{commands.fingerprint('RecordHand', 1)[:12]}:{whole[:48]}"
