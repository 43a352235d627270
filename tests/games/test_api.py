"""The JSON API: the record to read by either link, the write model's commands to send by the
scoring link, each answered with the record as it now stands or the reason nothing was stored."""

import io
import json

import pytest
from django.core.management import call_command

from kalooki_ledger.games.models import Game, Hand, PaidTransfer
from tests.games.web import new_key, over_limit_hands, stored_game, worked_hands

pytestmark = pytest.mark.django_db


def api(game: Game, path: str = "", scoring: bool = True) -> str:
    token = game.edit_token if scoring else game.share_token
    return f"/api/v1/games/{token}{path}"


def send(client, method: str, url: str, body=None, key: str | None = None, **headers):
    headers.setdefault("Idempotency-Key", key or new_key())
    data = body if isinstance(body, (str, bytes)) else json.dumps(body or {})
    return getattr(client, method)(url, data, content_type="application/json", headers=headers)


def exported(game: Game) -> dict:
    out = io.StringIO()
    call_command("export_game", str(game.pk), stdout=out)
    return json.loads(out.getvalue())


def etag(game: Game) -> str:
    now = Game.objects.get(pk=game.pk)
    return f'"{now.version}.{now.revision}"'


def next_hand(number: int) -> dict:
    return {"number": number, "winner": "Andy", "penalties": {"Mark": 10, "John": 11, "Frank": 12}}


@pytest.mark.parametrize("scoring", [True, False], ids=["scoring link", "watch link"])
def test_the_record_reads_exactly_as_export_game_prints_it_by_either_link(client, scoring):
    game = stored_game(hands=worked_hands()[:3])
    response = client.get(api(game, scoring=scoring))
    assert response.status_code == 200
    assert response.json() == exported(game)
    assert response["ETag"] == etag(game)


def test_a_read_with_the_current_etag_is_304(client):
    game = stored_game(hands=worked_hands()[:2])
    response = client.get(api(game), headers={"If-None-Match": etag(game)})
    assert response.status_code == 304 and response.content == b""


def test_an_unknown_link_is_404_in_json(client):
    response = client.get("/api/v1/games/" + "x" * 24)
    assert response.status_code == 404
    assert response.json()["error"] == "There is no game at this link."


def test_an_address_the_api_does_not_have_is_404_in_json(client):
    response = client.get("/api/v1/no/such/route")
    assert response.status_code == 404
    assert response.json() == {"error": "There is nothing at this address.", "problems": []}


def test_a_body_over_two_and_a_half_megabytes_is_413_in_json_and_stores_nothing(client):
    game = stored_game(hands=worked_hands()[:2])
    body = {**next_hand(3), "title": "x" * 2_700_000}
    response = send(client, "post", api(game, "/hands"), body)
    assert response.status_code == 413
    assert "larger than the API takes" in response.json()["error"]
    assert Hand.objects.filter(game=game).count() == 2


def test_a_hand_is_recorded_with_201_and_the_results(client):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "post", api(game, "/hands"), next_hand(3))
    assert response.status_code == 201
    body = response.json()
    assert body["hands"][2] == {k: v for k, v in next_hand(3).items() if k != "number"}
    assert body["results"]["hands"][2]["scored"]["Andy"] == 0
    assert response["ETag"] == etag(game)


def test_the_same_key_again_gets_the_same_answer_and_stores_once(client):
    game = stored_game(hands=worked_hands()[:2])
    first = send(client, "post", api(game, "/hands"), next_hand(3), key="outbox-hand-3")
    again = send(client, "post", api(game, "/hands"), next_hand(3), key="outbox-hand-3")
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert Hand.objects.filter(game=game).count() == 3


def test_a_stale_hand_number_is_409_with_the_current_results(client):
    game = stored_game(hands=worked_hands()[:2])
    send(client, "post", api(game, "/hands"), next_hand(3))
    response = send(client, "post", api(game, "/hands"), next_hand(3))
    assert response.status_code == 409
    body = response.json()
    assert "Hand 3 was just recorded" in body["error"]
    assert body["game"] == exported(game)
    assert Hand.objects.filter(game=game).count() == 3


def test_a_watch_link_can_never_write(client):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "post", api(game, "/hands", scoring=False), next_hand(3))
    assert response.status_code == 403
    assert "watch link" in response.json()["error"]
    assert Hand.objects.filter(game=game).count() == 2


@pytest.mark.parametrize(
    ("body", "headers", "message"),
    [
        ("{not json", {}, "The body is not JSON"),
        ("[1, 2]", {}, "The body is a JSON object"),
        ({"winner": "Andy"}, {}, "number is the hand's number"),
        (next_hand(3), {"Idempotency-Key": "short"}, "Send an Idempotency-Key header"),
        (
            '{"number": 3, "winner": "Mark", "winner": "Andy", '
            '"penalties": {"Mark": 10, "John": 11, "Frank": 12}}',
            {},
            'The body gives "winner" more than once',
        ),
    ],
    ids=["not json", "not an object", "no number", "a bad key", "a key twice"],
)
def test_a_malformed_request_is_400_saying_what_is_allowed(client, body, headers, message):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "post", api(game, "/hands"), body, **headers)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
    assert Hand.objects.filter(game=game).count() == 2


def test_a_hand_the_engine_refuses_is_422_naming_the_hand_player_and_field(client):
    game = stored_game(hands=worked_hands()[:2])
    hand = {"number": 3, "winner": "Andy", "penalties": {"Mark": 149, "John": 11, "Frank": 12}}
    response = send(client, "post", api(game, "/hands"), hand)
    assert response.status_code == 422
    [problem] = response.json()["problems"]
    assert (problem["hand"], problem["player"]) == (3, "Mark")
    assert "148" in problem["message"]


def test_a_refusal_is_in_swedish_for_a_client_asking_for_swedish(client):
    game = stored_game(hands=worked_hands()[:2])
    hand = {"number": 3, "winner": "Andy", "penalties": {"Mark": 149, "John": 11, "Frank": 12}}
    swedish = {"Accept-Language": "sv-SE,sv;q=0.9"}
    response = send(client, "post", api(game, "/hands"), hand, **swedish)
    said = "Mark: ingen hand med 13 kort är värd mer än 148 (angivet 149)"
    assert response.status_code == 422
    assert response.json()["error"] == said
    assert response.json()["problems"][0]["message"] == said.removeprefix("Mark: ")
    assert (response.json()["problems"][0]["player"], response.json()["problems"][0]["field"]) == (
        "Mark",
        "value",
    )


def test_a_hand_of_the_wrong_shape_is_422_naming_the_hand_and_player(client):
    game = stored_game(hands=worked_hands()[:2])
    hand = {"number": 3, "winner": "Andy", "penalties": {"Mark": "ten", "John": 1, "Frank": 1}}
    response = send(client, "post", api(game, "/hands"), hand)
    assert response.status_code == 422
    [problem] = response.json()["problems"]
    assert (problem["hand"], problem["player"]) == (3, "Mark")


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ('"5"', 'a hand value is a whole number such as 42, not "5"'),
        ("true", "a hand value is a whole number such as 42, not true"),
        ("1e999", "a hand value is a whole number such as 42, not 1E+999"),
        ("4.5", "a hand value is a whole number such as 42, not 4.5"),
        ("null", "a hand value is a whole number such as 42, not null"),
        ('["7", "KD"]', 'a hand value is a whole number such as 42, not ["7", "KD"]'),
    ],
    ids=["a string", "true", "a number too large", "a fraction", "null", "a list"],
)
def test_a_422_says_what_was_sent_in_json_and_what_is_allowed(client, sent, said):
    game = stored_game(hands=worked_hands()[:2])
    body = (
        f'{{"number": 3, "winner": "Andy", "penalties": {{"Mark": {sent}, "John": 1, "Frank": 1}}}}'
    )
    response = send(client, "post", api(game, "/hands"), body)
    assert response.status_code == 422
    assert response.json()["problems"][0]["message"] == said
    assert response.json()["error"] == f"Hand 3, Mark: {said}"


@pytest.mark.parametrize(
    ("hand", "said"),
    [
        ({"void": "yes"}, 'void must be true or false, not "yes"'),
        ({"winner": "Andy", "kalookie": 1}, "kalookie must be true or false, not 1"),
        ({"winner": "Andy", "bonus": 20}, 'unknown key "bonus": a hand has adjustments'),
        ({"winner": "Andy", "penalties": {"Zoe": 3}}, 'penalties names "Zoe", who is not one'),
        ({"winner": "Zoe"}, 'the winner "Zoe" is not one of the players'),
        ({"winner": "Andy", "cards": {"Mark": ["ZZ"]}}, '"ZZ" is not a card'),
    ],
    ids=[
        "void a string",
        "kalookie a number",
        "an unknown key",
        "a stranger",
        "no winner",
        "no card",
    ],
)
def test_a_422_shows_no_python_in_its_words(client, hand, said):
    game = stored_game(hands=worked_hands()[:2])
    response = send(client, "post", api(game, "/hands"), {"number": 3, **hand})
    assert response.status_code == 422
    message = response.json()["problems"][0]["message"]
    assert message.startswith(said)
    assert not any(python in message for python in ("'", "True", "None", "Decimal("))


def test_an_edit_needs_the_etag_it_was_made_against(client):
    game = stored_game(hands=worked_hands()[:3])
    edited = {"winner": "John", "penalties": {"Andy": 20, "Mark": 21, "Frank": 22}}
    missing = send(client, "put", api(game, "/hands/2"), edited)
    assert missing.status_code == 428
    made_up = send(client, "put", api(game, "/hands/2"), edited, **{"If-Match": '"999"'})
    assert made_up.status_code == 422
    assert "never had" in made_up.json()["error"]
    assert Game.objects.get(pk=game.pk).version == game.version
    response = send(client, "put", api(game, "/hands/2"), edited, **{"If-Match": etag(game)})
    assert response.status_code == 200
    assert response.json()["hands"][1] == edited


def test_deleting_a_hand_moves_the_later_ones_up(client):
    game = stored_game(hands=worked_hands()[:3])
    response = send(client, "delete", api(game, "/hands/1"), **{"If-Match": etag(game)})
    assert response.status_code == 200
    assert [h["winner"] for h in response.json()["hands"]] == ["Andy", "John"]


def test_undo_takes_back_the_last_hand_named(client):
    game = stored_game(hands=worked_hands()[:3])
    assert send(client, "post", api(game, "/undo"), {"number": 2}).status_code == 409
    response = send(client, "post", api(game, "/undo"), {"number": 3})
    assert response.status_code == 200 and len(response.json()["hands"]) == 2


def test_a_buy_in_decision_is_answered(client):
    game = stored_game(hands=over_limit_hands())
    body = {"number": 4, "player": "Mark", "bought_in": True}
    response = send(client, "post", api(game, "/buy-ins"), body)
    assert response.status_code == 200
    assert response.json()["hands"][3]["buy_ins"] == {"Mark": True}


def test_stopping_early_and_ticking_a_payment(client):
    game = stored_game(hands=worked_hands()[:3])
    stopped = send(
        client, "post", api(game, "/stop"), {"settle": "split"}, **{"If-Match": etag(game)}
    )
    assert stopped.status_code == 200
    results = stopped.json()["results"]
    assert results["status"] == "stopped" and results["transfers"]
    first = {**results["transfers"][0], "paid": True}
    response = send(client, "post", api(game, "/paid"), {"transfers": [first]})
    assert response.status_code == 200
    assert PaidTransfer.objects.filter(game=game).count() == 1


def test_the_docs_page_lists_every_operation(client):
    page = client.get("/api/v1/").content.decode()
    schema = client.get("/api/v1/openapi.json").json()
    for path, methods in schema["paths"].items():
        for method in methods:
            assert f"{method.upper()} {path}" in page


def test_the_date_played_is_refused_when_another_date_came_since(client):
    game = stored_game(hands=worked_hands()[:2])
    url = api(game, "/date")
    assert send(client, "post", url, {"played_on": "2026-11-20"}).status_code == 428
    stale = etag(game)
    assert send(client, "post", api(game, "/undo"), {"number": 2}).status_code == 200
    other = send(client, "post", url, {"played_on": "2026-11-19"}, **{"If-Match": etag(game)})
    assert other.status_code == 200
    assert (
        send(client, "post", url, {"played_on": "2026-11-20"}, **{"If-Match": stale}).status_code
        == 409
    )
    bad = send(client, "post", url, {"played_on": "20 Nov"}, **{"If-Match": etag(game)})
    assert bad.status_code == 422
    done = send(client, "post", url, {"played_on": "2026-11-20"}, **{"If-Match": etag(game)})
    assert done.status_code == 200
    assert Game.objects.get(pk=game.pk).played_on.isoformat() == "2026-11-20"
