"""Finds English left on a page shown in another language: the words of its visible text (and
of the attributes people read or hear: title, aria-label, alt, placeholder, a button's value, a
disabled field's value) that the same page in English also shows, less the page's data (names)
and the words both languages share. A word is letters only, case kept ("Nov" and "nov" differ)."""

import re
from html.parser import HTMLParser

WORD = re.compile(r"[^\W\d_]{2,}")
LINK = re.compile(r"\S+://\S+")  # an address shown as text is data
HEARD = ("title", "aria-label", "alt", "placeholder")
UNSEEN = {"script", "style", "head"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
# The same in English and Swedish: the product's and the formats' names, and a cognate.
SHARED = {"Kalooki", "Ledger", "PDF", "QR", "MB", "Blackpool", "US", "Letter", "Final", "Offline"}
SHARED |= {"in", "per", "Per", "information", "ISO", "Jamaica"}  # köpa in, per giv, ISO-kod
SHARED |= {"just", "full", "joker", "version", "problem"}  # Swedish words spelled as English ones
SHARED |= {"GBP", "EUR", "USD", "SEK", "API", "OpenAPI"}  # currency codes, the API's names
SHARED |= {"JSON", "json", "CSV"}  # the formats a game downloads as: "Partifil (.json)"
SHARED |= {"hand", "kr", "Andrew"}  # a card hand in Swedish too; kronor's sign; a source's author
SHARED |= {"text", "Joker"}  # Swedish words spelled as English ones


class Texts(HTMLParser):
    """Visible text nodes and read attributes, outside any element in another language or
    marked translate="no" (code on the API docs page)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)
        self.page_lang = ""

    def skipping(self) -> bool:
        return any(skipped for _tag, skipped in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.page_lang = attrs.get("lang", "")
        lang = attrs.get("lang")
        foreign = tag != "html" and lang is not None and lang != self.page_lang
        foreign = foreign or attrs.get("translate") == "no"
        skipped = tag in UNSEEN or foreign or ("hidden" in attrs and tag != "template")
        if not (skipped or self.skipping()):
            self.texts += [attrs[name] for name in HEARD if attrs.get(name)]
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.texts.append(attrs["value"])
            elif tag == "input" and "disabled" in attrs and attrs.get("value"):
                self.texts.append(attrs["value"])  # the site's words, not what someone typed
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if data.strip() and not self.skipping():
            self.texts.append(" ".join(data.split()))


def visible_texts(html: str) -> list[str]:
    parser = Texts()
    parser.feed(html)
    title = re.search(r"<title>(.*?)</title>", html, re.S)  # <head> is skipped but for this
    return ([title.group(1).strip()] if title else []) + parser.texts


def words(texts) -> set[str]:
    return {word for text in texts for word in WORD.findall(text)}


def english_left(shown: str, english: str, data: tuple[str, ...] = ()) -> list[str]:
    """The texts of `shown` that hold a word of the English page `english` which is neither
    data nor shared by both languages, each with those words: [] when all is translated."""
    # An address is data on either page: a random token in the English page's watch link can
    # hold a Swedish word ("…-den_…").
    english_texts = [LINK.sub("", text) for text in visible_texts(english)]
    english_words = words(english_texts) - SHARED - words(data)
    found = []
    for text in visible_texts(shown):
        seen = LINK.sub("", text)
        left = [word for word in WORD.findall(seen) if word in english_words]
        if left:
            found.append(f"{text!r}: {', '.join(left)}")
    return found
