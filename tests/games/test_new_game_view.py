from decimal import Decimal

import pytest
from django.utils import timezone

from kalooki_ledger.games.models import Change, Game
from tests.games.web import new_game_form

pytestmark = pytest.mark.django_db


def test_it_shows_every_preset_with_its_description(client):
    html = client.get("/new/").content.decode()
    assert "British club: Out over 150" in html
    assert "Blackpool: Out over 100, first meld 51" in html
    assert 'name="limit"' in html and 'name="max_buy_ins"' in html


def test_it_starts_a_game_seated_as_typed_with_the_first_name_dealing(client):
    response = client.post("/new/", new_game_form("Andy", "Mark", "John"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == game.get_absolute_url()
    assert [s.name for s in game.seats.all()] == ["Andy", "Mark", "John"]
    assert game.ledger().dealer == "Andy"
    assert game.stakes().initial == Decimal("0.50")
    assert Change.objects.get(game=game).action == "start"


def test_it_draws_the_seats_with_the_ace_dealing_first(client):
    response = client.post("/new/", new_game_form("Andy", "Mark", "John", "Frank", seating="draw"))
    game = Game.objects.get()
    seats = [s.name for s in game.seats.all()]
    assert sorted(seats) == ["Andy", "Frank", "John", "Mark"]
    assert game.first_dealer == 0
    page = client.get(response["Location"]).content.decode()
    assert f"The draw: {seats[0]} drew the ace and deals first" in page


def test_it_refuses_a_game_of_one_player_and_keeps_what_was_typed(client):
    response = client.post("/new/", new_game_form("Andy", title="Lonely"))
    html = response.content.decode()
    assert response.status_code == 422
    assert "A game needs at least two players" in html
    assert 'value="Lonely"' in html
    assert not Game.objects.exists()


def test_it_refuses_two_players_of_the_same_name(client):
    response = client.post("/new/", new_game_form("Andy", "andy"))
    html = response.content.decode()
    assert "Andy is already playing: give each player a different name" in html
    assert 'aria-invalid="true"' in html
    assert not Game.objects.exists()


def test_it_refuses_a_stake_finer_than_a_penny(client):
    response = client.post("/new/", new_game_form("Andy", "Mark", call_up="0.105"))
    assert "The call_up stake in GBP can have at most 2 decimal places" in response.content.decode()
    assert not Game.objects.exists()


def test_it_refuses_an_unknown_currency_code(client):
    response = client.post("/new/", new_game_form("Andy", "Mark", currency="pounds"))
    assert "Currency must be an ISO code such as GBP" in response.content.decode()


def test_it_applies_the_rules_changed_from_the_preset(client):
    form = new_game_form("Andy", "Mark", limit="301", max_buy_ins="none", kalookie_doubles="yes")
    client.post("/new/", form)
    rules = Game.objects.get().engine_rules()
    assert rules.limit == 301
    assert rules.max_buy_ins is None
    assert rules.kalookie_doubles_penalties is True


def test_it_refuses_a_limit_below_ten(client):
    response = client.post("/new/", new_game_form("Andy", "Mark", limit="5"))
    assert response.status_code == 422
    assert "greater than or equal to 10" in response.content.decode()


def test_it_offers_the_names_of_this_browsers_earlier_games(client):
    first = client.post("/new/", new_game_form("Andy", "Mark"))
    client.get(first["Location"])
    html = client.get("/new/").content.decode()
    assert '<option value="Andy">' in html
    assert '<option value="Mark">' in html


def test_a_jamaica_game_keeps_only_its_familys_settings(client):
    data = new_game_form("Ann", "Bob", "Cy", preset="jamaica", deals="3", limit="200")
    data |= {"initial": "1.00", "call_up": "0.10", "per_point": "0.05"}
    response = client.post("/new/", data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.rule_overrides == {"deals": 3}  # the limit belongs to elimination games
    assert (game.initial, game.call_up, game.per_point) == (Decimal("1.00"), 0, 0)
    assert game.ledger().game.rules.deal_count() == 3


def test_a_scarne_game_plays_for_a_price_a_point(client):
    response = client.post(
        "/new/", new_game_form("Ann", "Bob", preset="scarne", per_point="0.01", initial="1")
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.per_point, game.initial) == (Decimal("0.01"), 0)


def test_it_refuses_a_target_of_nothing_beside_the_field(client):
    response = client.post(
        "/new/", new_game_form("Ann", "Bob", preset="north-american", target="0")
    )
    html = response.content.decode()
    assert response.status_code == 422
    assert 'id="id_target_error"' in html and "greater than or equal to 1" in html
    assert not Game.objects.exists()


def test_the_settings_say_which_family_they_belong_to(client):
    html = client.get("/new/").content.decode()
    assert 'data-families="positive"' in html  # the target
    assert 'data-families="fixed-deals positive"' in html  # the number of deals
    assert 'data-family="fixed-deals"' in html


def test_a_game_started_here_is_dated_today(client):
    client.post("/new/", new_game_form("Andy", "Mark"))
    assert Game.objects.get().played_on == timezone.localdate()


def test_an_untitled_game_is_named_by_its_players_and_date(client):
    client.post("/new/", new_game_form("Andy", "Mark", "John", title=""))
    game = Game.objects.get()
    assert str(game) == f"Andy, Mark and John · {timezone.localdate():%-d %b %Y}"


def test_new_game_with_the_same_players_fills_the_seats_and_rules_and_passes_the_deal(client):
    from tests.games.web import stored_game, worked_hands

    old = stored_game(
        hands=worked_hands()[:3],
        rules={"preset": "british", "limit": 250},
        stakes={"currency": "GBP", "call_up": "0.10", "initial": "0.50"},
    )
    html = client.get(f"/new/?again={old.edit_token}").content.decode()
    # Andy dealt first last time: Mark deals first now, the others in seat order after him.
    for i, name in enumerate(["Mark", "John", "Frank", "Andy"], 1):
        assert f'name="player_{i}" id="id_player_{i}" value="{name}"' in html
    assert 'name="limit" value="250"' in html
    assert 'name="call_up" value="0.10"' in html and 'name="initial" value="0.50"' in html


def test_new_game_again_needs_the_scoring_link(client):
    from tests.games.web import stored_game

    old = stored_game()
    assert client.get(f"/new/?again={old.share_token}").status_code == 404


def test_every_family_record_names_only_settings_and_stakes_the_form_has():
    from kalooki_ledger.games.forms import NewGameForm
    from kalooki_ledger.rules import FAMILIES

    for family in FAMILIES:
        assert set(family.settings) | set(family.stakes) <= set(NewGameForm.base_fields)


SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9"}


def test_a_swedish_phone_sees_and_types_stakes_with_a_decimal_comma(client):
    html = client.get("/new/", headers=SWEDISH).content.decode()
    assert (
        'placeholder="0,10"' in html and 'placeholder="0,50"' in html and 'value="0,10"' not in html
    )
    assert "Tomt betyder 0,10." in html
    form = new_game_form("Ann", "Bob", call_up="0,10", initial="0,50", buy_in="0.50")
    response = client.post("/new/", form, headers=SWEDISH)
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.call_up, game.initial, game.buy_in) == (
        Decimal("0.10"),
        Decimal("0.50"),
        Decimal("0.50"),
    )
    assert game.to_json()["stakes"]["initial"] == "0.50"


def test_a_swedish_phone_is_told_in_swedish_when_a_stake_is_no_amount(client):
    response = client.post("/new/", new_game_form("Ann", "Bob", initial="mycket"), headers=SWEDISH)
    assert response.status_code == 422
    assert "Insatsen måste vara ett belopp som ”0,50”, inte ”mycket”" in response.content.decode()
    assert not Game.objects.exists()


def test_an_empty_stake_is_its_default_and_a_typed_one_is_as_typed(client):
    form = new_game_form("Ann", "Bob", call_up="", kalookie="", initial="1,50", buy_in="")
    assert client.post("/new/", form, headers=SWEDISH).status_code == 302
    game = Game.objects.get()
    assert (game.call_up, game.kalookie, game.initial, game.buy_in) == (
        Decimal("0.10"),
        Decimal("0.20"),
        Decimal("1.50"),
        Decimal("0.50"),
    )
