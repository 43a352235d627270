"""The table page and its script say the same thing in the same words: outbox.js rewrites the
hand's title and the undo button after a hand recorded on the phone, so a string both write
is translated alike in django.po and djangojs.po."""

from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.LOCALE_PATHS[0])
LANGUAGES = sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES/djangojs.po").exists())
# What templates/games/_table_content.html writes and static/js/outbox.js writes again.
TABLE_AND_SCRIPT = ("Hand %(n)s", "Undo hand %(n)s?", "Undo last hand (%(n)s)")


def entries(language: str, domain: str) -> dict[str, str]:
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))
    return {e.msgid: e.msgstr for e in po if not e.msgid_plural and not e.msgctxt}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_and_its_script_word_a_string_alike(language):
    page, script = entries(language, "django"), entries(language, "djangojs")
    for msgid in TABLE_AND_SCRIPT:
        assert page[msgid] and page[msgid] == script[msgid], msgid
    differ = [m for m in page.keys() & script.keys() if page[m] != script[m]]
    assert not differ, differ
