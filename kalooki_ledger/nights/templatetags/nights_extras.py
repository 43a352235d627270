"""What a night's page tells its outbox: the page language's marks in a typed amount, so a
payment kept without signal is sent to the API in its canonical form (the server reads it)."""

from django import template
from django.utils import formats
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def amount_marks() -> str:
    """`data-decimal` and `data-grouping` attributes: the marks games.typed_numbers reads."""
    return format_html(
        'data-decimal="{}" data-grouping="{}"',
        formats.get_format("DECIMAL_SEPARATOR"),
        formats.get_format("THOUSAND_SEPARATOR"),
    )
