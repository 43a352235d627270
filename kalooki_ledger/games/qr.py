"""The watch link as an inline SVG QR code, black on white so phones scan it in either theme."""

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(url: str) -> SafeString:
    svg = segno.make(url, error="m").svg_inline(
        scale=4, dark="#000", light="#fff", omitsize=True, svgclass="qr"
    )
    # segno writes only the code; the role lets screen readers announce it as one image.
    return mark_safe(
        svg.replace("<svg ", '<svg role="img" aria-label="QR code of the watch link" ', 1)
    )
