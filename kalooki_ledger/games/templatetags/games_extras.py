"""Template tags for the game pages."""

from functools import cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static

register = template.Library()


@cache
def _present(path: str) -> bool:
    return finders.find(path) is not None


@register.simple_tag
def static_if_present(path: str) -> str:
    """The file's static URL, or "" while nobody has written it (the print stylesheet)."""
    if not _present(path):
        return ""
    try:
        return static(path)
    except ValueError:
        # The manifest storage of production refuses files it doesn't know.
        return ""
