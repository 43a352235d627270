"""English the engine keeps for people, marked for the translators without importing Django."""


def gettext_noop(message: str) -> str:
    """Marks `message` for extraction (makemessages reads this name); the web layer translates."""
    return message
