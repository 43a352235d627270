"""Names people read at the table (players, clubs, house rules): one written form, nothing
invisible, and one test of "the same name" for every place a name enters."""

import unicodedata
from collections.abc import Iterable

from .errors import Problem, problem
from .words import gettext_noop

MAX_NAME = 40
A_PLAYERS_NAME = gettext_noop("a player's name")
# Control, format (zero-width, bidirectional), surrogate, private and unassigned characters,
# and line or paragraph separators: none draws a letter, so two names could look alike.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and marks that draw nothing: the Hangul fillers, the braille blank, the grapheme joiner.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u180e")


def _variation_selector(char: str) -> bool:
    code = ord(char)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def hidden_character(text: str) -> str | None:
    """The first character of `text` that draws nothing or turns the text around (a zero-width
    space, a right-to-left override, a control…), None when there is none; a variation
    selector is allowed only after a symbol, where it picks an emoji's look."""
    previous = ""
    for char in text:
        if char in _INVISIBLE or unicodedata.category(char) in _REFUSED_CATEGORIES:
            return char
        if _variation_selector(char) and not unicodedata.category(previous).startswith("S"):
            return char
        previous = char
    return None


def describe(char: str) -> str:
    """A character as a message can show it: its code point and Unicode name."""
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed').lower()})"


def tidy_name(text: str) -> str:
    """The form a name is kept in: composed (NFC), spaces of any width as one plain space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_key(name: str) -> str:
    """What two names must differ in to be told apart: case, width and composition don't
    count (Ann, ANN and a full-width Ann; é and e + accent are each one name)."""
    return unicodedata.normalize("NFKC", tidy_name(name).casefold())


def check_name(text: str, what: str = A_PLAYERS_NAME, limit: int = MAX_NAME) -> tuple[str, str]:
    """The tidy name, and "" when it may be used or else a message saying what a name may
    hold, beginning with `what` ("a club's name")."""
    name, found = name_problem(text, what, limit)
    return name, found.message if found else ""


def name_problem(
    text: str, what: str = A_PLAYERS_NAME, limit: int = MAX_NAME
) -> tuple[str, Problem | None]:
    """The tidy name, and None when it may be used or else the problem saying what a name may
    hold, beginning with `what` ("a club's name", in the words the reader reads)."""
    name = tidy_name(text)
    if not name:
        return name, problem("name-empty", what=what)
    hidden = hidden_character(name)
    if hidden is not None:
        return name, problem("name-hidden", what=what, char=describe(hidden))
    if len(name) > limit:
        return name, problem("name-long", what=what, limit=limit)
    return name, None


def first_repeat(names: Iterable[str]) -> str | None:
    """The first name that repeats an earlier one by `name_key`, None when all differ."""
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            return name
        seen.add(key)
    return None
