"""The watch link as an inline SVG QR code, black on white so phones scan it in either theme.

Encoding takes a cheap phone's worth of milliseconds and a code is a function of its URL (and
label) alone, so each worker keeps the codes it made in Django's local-memory cache by them."""

import hashlib
import io
from html import escape

import segno
from django.core.cache import caches
from django.utils.safestring import SafeString, mark_safe


def _kept(*key: str, build) -> object:
    name = "qr:" + hashlib.sha256("\x00".join(key).encode()).hexdigest()
    return caches["local"].get_or_set(name, build, timeout=None)


def qr_svg(url: str, label: str = "QR code of the watch link") -> SafeString:
    def build() -> str:
        svg = segno.make(url, error="m").svg_inline(
            scale=4, dark="#000", light="#fff", omitsize=True, svgclass="qr"
        )
        # segno writes only the code; the role lets screen readers announce it as one image.
        # Escaped for a double-quoted attribute; an apostrophe may stay as written.
        words = escape(str(label), quote=False).replace('"', "&quot;")
        return svg.replace("<svg ", f'<svg role="img" aria-label="{words}" ', 1)

    return mark_safe(_kept("svg", url, str(label), build=build))


def qr_file(url: str) -> bytes:
    """The same code as an SVG file, for an <img> the page loads only when it is shown."""

    def build() -> bytes:
        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="svg", scale=4, dark="#000", light="#fff")
        return out.getvalue()

    return _kept("file", url, build=build)
