"""The room's boards and a finished game's settle-up with pay links hold no English word when a
phone (or a TV) asks for Swedish."""

import pytest

from kalooki_ledger.clubs import board
from tests.i18n.pages import DATA, club_night
from tests.i18n.visible import english_left

pytestmark = pytest.mark.django_db

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}


@pytest.mark.parametrize("kind", ["club", "tournament"])
def test_a_board_in_swedish_has_no_english_word_left(client, kind):
    night = club_night(with_tournament=True)
    pk = night["club"].pk if kind == "club" else night["tournament"].pk
    url = board.board_url(kind, pk)
    english = client.get(url, headers={"Accept-Language": "en"}).content.decode()
    swedish = client.get(url, headers=SWEDISH).content.decode()
    assert 'lang="sv"' in swedish
    names = tuple(e.person.name for e in night["tournament"].entrants.all())
    left = english_left(swedish, english, DATA + names + ("Blackpool", "Open"))
    assert not left, "English left:\n" + "\n".join(left)
