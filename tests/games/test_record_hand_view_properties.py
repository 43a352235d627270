"""Property: the hand form of each family accepts exactly the hands the engine accepts."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalooki_ledger import rules as engine
from kalooki_ledger.games.models import Hand
from tests.games.web import family_game, seat_post, stored_ledger

pytestmark = pytest.mark.django_db

PLAYERS = ("Ann", "Bob", "Cy")
FAST = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@st.composite
def hands(draw, preset: str) -> tuple[str, dict, engine.Hand]:
    """A winner and what is typed for the others, with the engine's hand for the same entry."""
    winner = draw(st.sampled_from(PLAYERS))
    losers = [p for p in PLAYERS if p != winner]
    kalookie = draw(st.booleans())
    fields: dict[str, dict] = {}
    kwargs: dict = {"winner": winner, "kalookie": kalookie}
    if preset == "scarne":
        cards = {p: draw(st.integers(0, 20)) for p in losers}
        jokers = {p: draw(st.integers(0, 6)) for p in losers}
        fields = {"cards": cards, "jokers": jokers}
        kwargs["counts"] = {p: engine.CardCount(cards[p], jokers[p]) for p in losers}
    else:
        values = {p: draw(st.integers(0, 420)) for p in losers}
        fields = {"value": values}
        kwargs["penalties"] = values
    if preset in ("jamaica", "trinidad"):
        adjust = draw(st.dictionaries(st.sampled_from(PLAYERS), st.integers(-1100, 1100)))
        fields["adjust"] = adjust
        kwargs["adjustments"] = adjust
    return winner, fields, engine.Hand(**kwargs)


def check(client, preset: str, drawn) -> None:
    winner, fields, hand = drawn
    game = family_game(preset)
    before = stored_ledger(game)
    expected = engine.extend(before, hand)
    data = seat_post(1, winner, game, **fields)
    if hand.kalookie:
        data["kalookie"] = "on"
    response = client.post(f"/g/{game.edit_token}/hands/", data)
    if expected.hand_problems(1):
        assert response.status_code == 422
        assert not Hand.objects.filter(game=game).exists()
    else:
        assert response.status_code == 302
        stored = stored_ledger(game)
        assert stored.game.hands == (hand,)
        assert stored.standings == expected.standings


@pytest.mark.parametrize("preset", ["north-american", "scarne", "jamaica", "trinidad"])
def test_the_hand_form_accepts_exactly_what_the_engine_accepts(client, preset):
    @FAST
    @given(drawn=hands(preset))
    def run(drawn):
        check(client, preset, drawn)

    run()
