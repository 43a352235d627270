"""The token in a game's links: what `secrets.token_urlsafe` writes and nothing else, so a
malformed token (a NUL, a slash, anything else) is a 404 before any view or query sees it."""


class TokenConverter:
    regex = "[A-Za-z0-9_-]{16,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
