"""What every club form posts beside its fields: its key, and ids."""

from kalooki_ledger.games import commands

from ..forms import is_id


def sent(request) -> commands.Sent:
    """The key a club form carries (none if it isn't one) and who sent it."""
    key = request.POST.get("key", "")
    return commands.Sent(None, key if commands.KEY.fullmatch(key) else "", request.user.username)


def posted_id(value: str | None) -> int:
    """A posted id, or 0 (which matches nothing) unless it is a plain id the database can hold."""
    return int(value) if value and is_id(value) else 0
