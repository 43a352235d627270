"""The games' pages, one module a flow: `setup` (the phone's games, a new game, house rules),
`table` (the scoring page and what it sends), `sheet` (the score sheet, the date, the rules
card), `corrections` (a hand edited or deleted), `watch` (the watch link's cacheable pages);
`base` loads the game a link names and applies a form's command. Each view loads the game,
parses the post, applies a command and renders a page model from `games/present/`.

Named here: the watch pages' cacheable answers, which the room's boards share."""

from .watch import _phone_language, _public, _watched

__all__ = ["_phone_language", "_public", "_watched"]
