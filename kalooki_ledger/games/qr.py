"""The watch link as an inline SVG QR code, black on white so phones scan it in either theme."""

import io
from functools import lru_cache

import segno
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=512)
def qr_svg(url: str, label: str = "QR code of the watch link") -> SafeString:
    # Encoding takes a cheap phone's worth of milliseconds; a game's link never changes.
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, svgclass="qr"
    )
    # segno writes only the code; the role lets screen readers announce it as one image.
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1))


@lru_cache(maxsize=512)
def qr_file(url: str) -> bytes:
    """The same code as an SVG file, for an <img> the page loads only when it is shown."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, dark="#000", light="#fff")
    return out.getvalue()
