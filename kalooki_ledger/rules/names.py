"""Names people read at the table (players, clubs, house rules): one written form, nothing
invisible, and one test of "the same name" for every place a name enters."""

import unicodedata
from collections.abc import Iterable
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

from .errors import Problem, problem
from .words import gettext_noop

MAX_NAME = 40
A_PLAYERS_NAME = gettext_noop("a player's name")
# Control, format (zero-width, bidirectional), surrogate, private and unassigned characters,
# and line or paragraph separators: none draws a letter, so two names could look alike.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and marks that draw nothing: the Hangul fillers, the braille blank, the grapheme joiner.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u180e")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, unchanged from Unicode 14
# to 16): what a font may draw as nothing, such as U+17B4 or U+180B. Python's unicodedata
# doesn't give the property, so its ranges are kept here as data.
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def default_ignorable(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def _variation_selector(char: str) -> bool:
    code = ord(char)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def hidden_character(text: str) -> str | None:
    """The first character of `text` that draws nothing or turns the text around (a zero-width
    space, a right-to-left override, a control…), None when there is none; a variation
    selector is allowed only after a symbol, where it picks an emoji's look."""
    previous = ""
    for char in text:
        if _variation_selector(char):
            if not unicodedata.category(previous).startswith("S"):
                return char
        elif (
            char in _INVISIBLE
            or unicodedata.category(char) in _REFUSED_CATEGORIES
            or default_ignorable(char)
        ):
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


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's stand-in, read from Unicode's confusables table (UTS #39) as
    confusable_homoglyphs keeps it: each source character paired both ways with its prototype.
    A character with a longer prototype (m, drawn like rn) maps to it; characters paired one
    to one are grouped, and each group is written by its first code point."""
    group: dict[str, str] = {}

    def root(char: str) -> str:
        while group.get(char, char) != char:
            char = group[char]
        return char

    longer: dict[str, str] = {}
    for char, pairs in confusables_data.items():
        if len(char) != 1:
            continue
        for pair in pairs:
            # The table wraps right-to-left characters in marks (U+200E) so they print in order.
            other = pair["c"].replace("\u200e", "")
            if len(other) == 1:
                one, two = sorted((root(char), root(other)))
                group[two] = one
            elif other:
                longer[char] = other
    mapped = {char: root(char) for char in group}
    for char, other in longer.items():
        mapped[char] = "".join(mapped.get(c, c) for c in other)
    return mapped


def lookalike_key(name: str) -> str:
    """What two names must differ in to look different: their UTS #39 skeleton (the Cyrillic,
    Greek and Latin capital A are one letter), after name_key's case, width and composition."""
    table = _prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", name_key(name)))
    return unicodedata.normalize("NFD", mapped)


def first_lookalike(names: Iterable[str]) -> tuple[str, str] | None:
    """The first two names that are different names (name_key) but look alike (lookalike_key),
    the earlier first; None when every two look different."""
    seen: dict[str, str] = {}
    for name in names:
        earlier = seen.setdefault(lookalike_key(name), name)
        if name_key(earlier) != name_key(name):
            return earlier, name
    return None


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


def title_problem(text: str) -> Problem | None:
    """None when a game's title shows all it holds, else the problem naming the first hidden
    or direction-changing character (the same test as a name's)."""
    hidden = hidden_character(text)
    return None if hidden is None else problem("title-hidden", char=describe(hidden))


def first_repeat(names: Iterable[str]) -> str | None:
    """The first name that repeats an earlier one by `name_key`, None when all differ."""
    seen: set[str] = set()
    for name in names:
        key = name_key(name)
        if key in seen:
            return name
        seen.add(key)
    return None
