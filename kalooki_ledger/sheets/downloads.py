"""Every file the site hands out, named once per RFC 6266: an ASCII name as Django's own
`content_disposition_header` writes it (`filename="…"`), any other with both an ASCII fallback
and the name itself (`filename="Fredagsganget-1.csv"; filename*=utf-8''Fredagsg%C3%A4nget-1.csv`),
so a name with å/ä/ö is saved as it reads, and a client that can't read `filename*` still gets
a name close to it."""

import re
import unicodedata
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.http import content_disposition_header

# What a quoted filename may hold as it stands (RFC 9110's quoted-string, as Django checks).
QUOTABLE = re.compile(r"[\t \x21-\x7e]")


def ascii_fallback(name: str) -> str:
    """`name` in ASCII: accents folded away (NFKD), any other character that is not plain
    printable ASCII made "_"."""
    folded = []
    for char in name:
        plain = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        folded.append(plain if plain and all(QUOTABLE.fullmatch(c) for c in plain) else "_")
    return "".join(folded)


def disposition(name: str, inline: bool = False) -> str:
    """The Content-Disposition for a file saved (or, `inline`, shown) under `name`."""
    fallback = ascii_fallback(name)
    header = content_disposition_header(not inline, fallback)
    if fallback == name:
        return header
    return f"{header}; filename*=utf-8''{quote(name)}"


def download(data: bytes | str, content_type: str, name: str, inline: bool = False) -> HttpResponse:
    """The file as a response saved (or, `inline`, shown) under `name`."""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = disposition(name, inline)
    return response
