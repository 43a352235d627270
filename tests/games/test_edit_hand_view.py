import pytest

from kalooki_ledger.games.models import Change, Hand
from tests.games.web import (
    family_game,
    hand_post,
    seat_post,
    stored_game,
    stored_ledger,
    worked_hands,
)

pytestmark = pytest.mark.django_db


def edit_url(game, number: int) -> str:
    return f"/g/{game.edit_token}/hands/{number}/edit/"


def mark_over_in_hand_2() -> tuple:
    """Three hands of the worked sheet stored, and the edit of hand 2 that puts Mark over the
    limit (42 + 120) without saying whether he bought in."""
    game = stored_game(hands=worked_hands()[:3])
    return game, hand_post(2, "Andy", game, Mark=120, John=45, Frank=30)


def test_the_edit_form_shows_the_hand_as_recorded(client):
    game = stored_game(hands=worked_hands()[:2])
    html = client.get(edit_url(game, 1)).content.decode()
    assert 'value="John" checked' in html
    assert 'name="value-0" value="85"' in html
    assert 'name="value-3" value="30"' in html


def test_an_edit_recomputes_every_later_hand(client):
    game = stored_game(hands=worked_hands()[:3])
    response = client.post(
        edit_url(game, 1), hand_post(1, "John", game, Andy=58, Mark=42, Frank=30)
    )
    assert response.status_code == 302
    assert stored_ledger(game).standing("Andy").total == 58 + 38
    change = Change.objects.get(action="edit")
    assert "was John won (Andy 85" in change.text and "now John won (Andy 58" in change.text


def test_an_edit_that_puts_a_player_over_asks_whether_they_bought_in(client):
    game, data = mark_over_in_hand_2()
    response = client.post(edit_url(game, 2), data)
    html = response.content.decode()
    assert response.status_code == 422
    assert "Mark was offered a buy-in after this hand and no decision is recorded" in html
    assert stored_ledger(game).standing("Mark").total == 145


def test_a_missing_buy_in_decision_is_told_beside_its_control_in_the_opened_section(client):
    game, data = mark_over_in_hand_2()
    html = client.post(edit_url(game, 2), data).content.decode()
    assert '<details class="decisions" open>' in html
    decisions = html[html.index('<details class="decisions"') :]
    select = decisions[decisions.index('id="decision-1"') :]
    assert select.index('aria-describedby="decision-1-error"') < select.index("</select>")
    assert '<p class="error" id="decision-1-error" role="alert">Mark was offered' in select
    fields = html[: html.index('<details class="decisions"')]
    assert "no decision is recorded" not in fields  # not under the points


def test_an_edit_that_conflicts_with_later_hands_keeps_them_and_explains(client):
    game = stored_game(hands=worked_hands())
    # Frank really held 148 in hand 2 and dropped out: hands 3 to 5 still name him.
    data = hand_post(2, "Andy", game, Mark=50, John=45, Frank=148) | {"decision-3": "out"}
    response = client.post(edit_url(game, 2), data, follow=True)
    html = response.content.decode()
    assert "It conflicts with hand(s) 3, 4, 5" in html
    assert Hand.objects.count() == 5
    assert html.count('class="conflict"') == 3
    assert "Frank is out of the game after hand 2 and has no hand value any more" in html
    table = client.get(game.get_absolute_url()).content.decode()
    assert "Hands 3, 4, 5 conflict with an earlier correction" in table
    assert "Record hand" not in table


def test_a_decision_added_in_the_edit_form_resolves_the_conflict(client):
    game, data = mark_over_in_hand_2()
    data |= {"decision-1": "in"}
    client.post(edit_url(game, 2), data)
    ledger = stored_ledger(game)
    assert not ledger.problems
    assert ledger.standing("Mark").buy_ins == 1


def test_an_edit_with_a_bad_value_changes_nothing(client):
    game = stored_game(hands=worked_hands()[:2])
    response = client.post(
        edit_url(game, 1), hand_post(1, "John", game, Andy=150, Mark=42, Frank=30)
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert "No 13-card hand is worth more than 148 (entered 150)" in html
    assert stored_ledger(game).standing("Andy").total == 85


def test_deleting_a_hand_moves_the_later_ones_up(client):
    game = stored_game(hands=worked_hands()[:3])
    response = client.post(f"/g/{game.edit_token}/hands/1/delete/")
    assert response.status_code == 302
    assert list(Hand.objects.values_list("number", flat=True)) == [1, 2]
    assert stored_ledger(game).hands[0].winner == "Andy"


def test_there_is_no_hand_to_edit_past_the_last(client):
    game = stored_game(hands=worked_hands()[:1])
    assert client.get(edit_url(game, 2)).status_code == 404


def test_the_watch_link_cannot_edit(client):
    game = stored_game(hands=worked_hands()[:1])
    assert client.get(f"/g/{game.share_token}/hands/1/edit/").status_code == 404
    assert client.post(f"/g/{game.share_token}/hands/1/delete/").status_code == 404


def test_a_scarne_hand_is_edited_with_its_counts(client):
    game = family_game("scarne")
    client.post(
        f"/g/{game.edit_token}/hands/", seat_post(1, "Ann", game, cards={"Bob": 5, "Cy": 3})
    )
    url = f"/g/{game.edit_token}/hands/1/edit/"
    html = client.get(url).content.decode()
    assert 'name="cards-1" value="5"' in html
    data = seat_post(1, "Ann", game, cards={"Bob": 4, "Cy": 3}, jokers={"Bob": 2})
    assert client.post(url, data).status_code == 302
    assert {s.name: s.total for s in stored_ledger(game).standings} == {
        "Ann": 9,
        "Bob": -6,
        "Cy": -3,
    }


def test_a_trinidad_edit_keeps_the_adjustment_and_its_reason(client):
    game = family_game("trinidad")
    data = seat_post(1, "Ann", game, value={"Bob": 30, "Cy": 12}, challenge={"Bob": "on"})
    client.post(f"/g/{game.edit_token}/hands/", data)
    html = client.get(f"/g/{game.edit_token}/hands/1/edit/").content.decode()
    assert 'name="adjust-1" value="50"' in html
    assert 'name="reason-1" value="Lost a challenge"' in html


CARDS_HAND = {"winner": "John", "cards": {"Andy": ["KS", "QH"], "Mark": ["2C", "3D"]}}


def test_an_edit_keeps_the_cards_of_a_player_whose_value_is_unchanged(client):
    game = stored_game(players="Andy Mark John", hands=[CARDS_HAND])
    html = client.get(edit_url(game, 1)).content.decode()
    assert 'name="value-0" value="20"' in html and 'name="value-1" value="5"' in html
    response = client.post(edit_url(game, 1), hand_post(1, "John", game, Andy=20, Mark=9))
    assert response.status_code == 302
    andy, mark = Hand.objects.get(game=game, number=1).entries.order_by("seat__position")
    assert (andy.cards, andy.value) == ("KS QH", None)
    assert (mark.cards, mark.value) == ("", 9)
    assert stored_ledger(game).standing("Andy").total == 20


def test_an_edit_that_makes_a_card_holder_the_winner_drops_their_cards(client):
    game = stored_game(players="Andy Mark John", hands=[CARDS_HAND])
    client.post(edit_url(game, 1), hand_post(1, "Andy", game, Mark=5, John=20))
    names = {e.seat.name: e.cards for e in Hand.objects.get(game=game, number=1).entries.all()}
    assert names == {"Mark": "2C 3D", "John": ""}


def test_a_card_list_longer_than_a_first_deal_is_counted_by_its_own_deal(client):
    # Jamaica's seventh deal is 14 cards: a loser's 14 cards are a hand, not too many.
    fourteen = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "2D", "3D", "4D", "5D", "6D", "7D"]
    hands = [{"winner": "Ann", "penalties": {"Bob": 10, "Cy": 10}}] * 6
    hands.append({"winner": "Ann", "cards": {"Bob": fourteen}, "penalties": {"Cy": 10}})
    game = stored_game("Ann Bob Cy", hands=hands, rules={"preset": "jamaica"}, stakes={})
    html = client.get(edit_url(game, 7)).content.decode()
    assert 'name="value-1" value="71"' in html
    response = client.post(edit_url(game, 7), hand_post(7, "Ann", game, Bob=71, Cy=12))
    assert response.status_code == 302
    bob = Hand.objects.get(game=game, number=7).entries.get(seat__name="Bob")
    assert bob.cards == " ".join(fourteen) and bob.value is None
