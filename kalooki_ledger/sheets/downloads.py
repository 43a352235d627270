"""Every file the site hands out, named once: RFC 6266's Content-Disposition through Django's
own `content_disposition_header` (an ASCII `filename` where the name is ASCII, else
`filename*=utf-8''…`), so a name with å/ä/ö is saved as it reads."""

from django.http import HttpResponse
from django.utils.http import content_disposition_header


def download(data: bytes | str, content_type: str, name: str, inline: bool = False) -> HttpResponse:
    """The file as a response saved (or, `inline`, shown) under `name`."""
    response = HttpResponse(data, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(not inline, name)
    return response
