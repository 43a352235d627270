"""Each phone's label in the history ("iPhone 3fa2") lives in a signed cookie of its own."""

import html

import pytest

from kalooki_ledger.games.device import COOKIE
from kalooki_ledger.games.models import Change
from tests.games.web import hand_post, stored_game

pytestmark = pytest.mark.django_db

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)"


def record(client, game, number: int, **headers: str):
    post = hand_post(number, "John", game, Andy=4, Mark=3, Frank=5)
    return client.post(f"{game.get_absolute_url()}hands/", post, headers=headers)


def labels(game) -> list[str]:
    return list(Change.objects.filter(game=game).order_by("pk").values_list("who", flat=True))


def test_a_phone_keeps_one_label_for_every_change_it_makes(client):
    game = stored_game()
    first = record(client, game, 1, user_agent=IPHONE)
    second = record(client, game, 2, user_agent=IPHONE)
    # Renewed with each change; the signature's timestamp may tick over between the two.
    label = [r.cookies[COOKIE].value.split(":")[0] for r in (first, second)]
    assert label[0] == label[1]
    first_label, second_label = labels(game)
    assert first_label == second_label and first_label.startswith("iPhone ")


def test_two_phones_get_different_labels(client):
    from tests.games.web import FormClient as Client

    game = stored_game()
    record(client, game, 1)
    record(Client(), game, 2)
    one, other = labels(game)
    assert one != other


def test_a_phone_labelled_in_its_session_before_the_cookie_keeps_its_label(client):
    game = stored_game()
    session = client.session
    session["device"] = "Android 00aa"
    session.save()
    record(client, game, 1)
    record(client, game, 2)
    assert labels(game) == ["Android 00aa", "Android 00aa"]


def test_a_forged_label_cookie_is_ignored(client):
    game = stored_game()
    client.cookies[COOKIE] = "The banker:made-up-signature"
    record(client, game, 1, user_agent=IPHONE)
    (label,) = labels(game)
    assert label != "The banker" and label.startswith("iPhone ")


def rename(client, game, name: str) -> str:
    """The score sheet the rename lands on, as text."""
    page = client.post(f"{game.get_absolute_url()}phone/", {"name": name}, follow=True)
    return html.unescape(page.content.decode())


def test_a_phone_named_on_the_score_sheet_shows_that_name_from_then_on(client):
    game = stored_game()
    record(client, game, 1, user_agent=IPHONE)
    page = rename(client, game, "  Mark's   phone ")
    assert "This phone's changes now show as “Mark's phone”." in page
    record(client, game, 2, user_agent=IPHONE)
    first, second = labels(game)
    assert first.startswith("iPhone ") and second == "Mark's phone"  # the past stays as it was
    sheet = html.unescape(client.get(f"{game.get_absolute_url()}sheet/").content.decode())
    assert "This phone shows as “Mark's phone”." in sheet


@pytest.mark.parametrize("name", ["Mark\N{RIGHT SINGLE QUOTATION MARK}s phone", "Ann \U0001f0cf"])
def test_a_name_beyond_latin_1_travels_in_a_header_the_server_can_send(client, name):
    game = stored_game()
    response = client.post(f"{game.get_absolute_url()}phone/", {"name": name})
    response.cookies[COOKIE].OutputString().encode("latin-1")  # what a WSGI server does
    record(client, game, 1)
    assert labels(game) == [name]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "A phone's name is 1 to 40 characters"),
        ("x" * 41, "A phone's name is 1 to 40 characters"),
        ("Mark\x00", "letters, digits, spaces and punctuation only"),
    ],
)
def test_a_bad_phone_name_is_refused_and_changes_nothing(client, name, message):
    game = stored_game()
    record(client, game, 1)
    page = rename(client, game, name)
    assert message in page and "Nothing was changed." in page
    record(client, game, 2)
    one, other = labels(game)
    assert one == other


def test_a_watcher_is_not_offered_a_name_and_a_share_link_cannot_rename(client):
    game = stored_game()
    assert "Name this phone" not in client.get(f"/w/{game.share_token}/sheet/").content.decode()
    assert client.post(f"/g/{game.share_token}/phone/", {"name": "Spy"}).status_code == 404
    assert "Name this phone" in client.get(f"{game.get_absolute_url()}sheet/").content.decode()
