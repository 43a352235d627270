"""Pages read a game's ledger from a per-process cache keyed by its revision (written anew with
every change); what they show must always be the ledger of the hands as stored now."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import ledger_cache, store
from kalooki_ledger.games.models import Game, Hand
from kalooki_ledger.rules import Hand as EngineHand
from tests.games.web import hand_post, stored_game, worked_hands
from tests.rules.test_families import JAMAICA, SCARNE

pytestmark = pytest.mark.django_db


def row(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def test_a_recorded_hand_keeps_a_ledger_equal_to_a_fresh_replay(
    client, django_capture_on_commit_callbacks
):
    game = stored_game(hands=worked_hands()[:3])
    client.get(game.get_absolute_url())
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            f"{game.get_absolute_url()}hands/",
            hand_post(4, "Frank", game, Andy=4, Mark=3, John=5),
        )
    current = row(game)
    kept = ledger_cache.get(current.pk, current.revision)
    assert kept is not None and len(kept[0].hands) == 4
    ledger_cache.clear()  # so that `ledger()` replays the stored hands afresh
    assert kept[0] == current.ledger()
    assert kept[1] == {seat.name: seat.pk for seat in game.seats.all()}


def test_a_write_keeps_its_ledger_only_once_its_transaction_commits(
    client, django_capture_on_commit_callbacks
):
    game = stored_game(hands=worked_hands()[:3])
    client.get(game.get_absolute_url())
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(
            f"{game.get_absolute_url()}hands/",
            hand_post(4, "Frank", game, Andy=4, Mark=3, John=5),
        )
    current = row(game)
    assert ledger_cache.get(current.pk, current.revision) is None  # not committed yet
    for callback in callbacks:
        callback()
    assert len(ledger_cache.get(current.pk, current.revision)[0].hands) == 4


def test_every_change_writes_a_revision_never_seen_before():
    game = stored_game()
    seen = {game.revision}
    for _ in range(3):
        assert row(game).touch() is True
        seen.add(row(game).revision)
    game = row(game)
    game.title = "Renamed"
    game.save(update_fields=["title"])  # as the admin or an import saves
    seen.add(row(game).revision)
    assert len(seen) == 5


def test_a_hand_stored_by_another_path_shows_at_once_because_the_version_moves(client):
    game = stored_game(hands=worked_hands()[:2])
    client.get(game.get_absolute_url())
    store.add_hand(game, 3, EngineHand(winner="John", penalties={"Andy": 7, "Mark": 8, "Frank": 9}))
    game.touch()
    page = client.get(game.get_absolute_url()).content.decode()
    assert "Hand 4" in page


def test_touch_says_whether_anyone_wrote_since_the_game_was_read():
    game = stored_game()
    other = row(game)
    assert other.touch() is True
    assert game.touch() is False  # `game` was read before `other` wrote
    assert row(game).updated == game.updated


def test_a_write_that_raced_another_keeps_no_ledger(client):
    game = stored_game(hands=worked_hands()[:2])
    stale = row(game)
    row(game).touch()  # another phone wrote in between
    ledger = stale.ledger()
    assert ledger_cache.get(stale.pk, stale.revision) is None
    assert len(ledger.hands) == 2


def test_the_table_page_makes_the_same_queries_for_10_and_200_hands(client):
    def queries(hands: int) -> int:
        cycle = [{"winner": "John", "penalties": {"Andy": 2, "Mark": 2, "Frank": 2}}]
        game = stored_game(hands=cycle * hands, rules={"preset": "british", "limit": 10_000})
        client.get(game.get_absolute_url())  # the first visit loads the hands
        with CaptureQueriesContext(connection) as captured:
            assert client.get(game.get_absolute_url()).status_code == 200
        return len(captured)

    assert queries(10) == queries(200)


def test_recording_a_hand_after_the_page_loaded_looks_up_no_seats_and_no_session(
    client, django_capture_on_commit_callbacks
):
    game = stored_game(hands=worked_hands()[:3])
    client.get(game.get_absolute_url())
    with django_capture_on_commit_callbacks(execute=True):
        client.post(  # the first write sends the phone its label
            f"{game.get_absolute_url()}hands/",
            hand_post(4, "Frank", game, Andy=4, Mark=3, John=5),
        )
    post = hand_post(5, "John", game, Andy=2, Mark=2, Frank=2)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            f"{game.get_absolute_url()}hands/", post, headers={"HX-Request": "true"}
        )
    assert response.status_code == 200 and 'id="live"' in response.content.decode()
    assert Hand.objects.filter(game=game, number=5).exists()
    looked_at = " ".join(q["sql"] for q in captured)
    assert "games_seat" not in looked_at and "django_session" not in looked_at


def test_a_renamed_seat_is_recorded_under_its_new_name(client):
    game = stored_game(hands=worked_hands()[:3])
    client.get(game.get_absolute_url())  # the cache now knows the seats
    seat = game.seats.get(name="Frank")
    seat.name = "Francis"
    seat.save(update_fields=["name"])
    row(game).touch()  # as the admin's seat edit does
    post = hand_post(4, "Francis", game, Andy=4, Mark=3, John=5)
    assert client.post(f"{game.get_absolute_url()}hands/", post).status_code == 302
    assert Hand.objects.get(game=game, number=4).winner == seat


def test_a_game_loaded_with_its_hands_gives_its_ledger_in_five_queries_however_many_hands(
    django_assert_num_queries,
):
    for hands in (worked_hands()[:1], worked_hands()):
        game = stored_game(hands=hands)
        with django_assert_num_queries(5):  # the game, its seats, hands, entries and decisions
            ledger = Game.objects.loaded().get(pk=game.pk).ledger()
        assert len(ledger.hands) == len(hands)


def test_what_a_page_derives_from_a_game_is_built_once_for_each_revision():
    game, built = row(stored_game(hands=worked_hands()[:2])), []
    for _ in range(2):
        ledger_cache.kept(game.pk, game.revision, "part", lambda: built.append(1) or "html")
    game.touch()
    ledger_cache.kept(game.pk, game.revision, "part", lambda: built.append(1) or "html")
    assert built == [1, 1]


def test_the_board_shows_the_game_as_it_stands_in_the_readers_language(client):
    game = stored_game(hands=worked_hands()[:1])
    assert "<td>42</td>" in client.get(game.get_absolute_url()).content.decode()  # Mark
    client.post(
        f"{game.get_absolute_url()}hands/", hand_post(2, "Andy", game, Mark=50, John=45, Frank=30)
    )
    english = client.get(game.get_absolute_url()).content.decode()
    assert "<td>92</td>" in english and '<th scope="col">Player</th>' in english
    client.cookies.load({"django_language": "sv"})
    swedish = client.get(game.get_absolute_url()).content.decode()
    assert "<td>92</td>" in swedish and '<th scope="col">Spelare</th>' in swedish


@pytest.mark.parametrize(
    "made",
    [
        lambda: stored_game(hands=worked_hands()),
        lambda: store.import_record(JAMAICA),
        lambda: store.import_record(SCARNE),
    ],
    ids=["buy-ins", "cards-adjustments-void", "counts"],
)
def test_a_worker_reading_a_game_anew_reads_what_its_pages_prefetch(made):
    game = made()
    prefetched = Game.objects.loaded().get(pk=game.pk)
    played, seat_ids = row(game)._read_played()
    assert played == prefetched._played() and played.hands
    assert seat_ids == {seat.name: seat.pk for seat in game.seats.all()}
    ledger_cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert row(game).ledger() == engine.replay(prefetched._played())
    assert len(queries) == 7  # its row, again with the hands' four, and the revision after
