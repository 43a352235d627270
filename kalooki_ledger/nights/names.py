"""A night's one name, on its page, in links, pay messages, files and the phone's list."""

from django.utils.translation import gettext


def night_name(group: str, number: int) -> str:
    return gettext("%(group)s · night %(number)s") % {"group": group, "number": number}
