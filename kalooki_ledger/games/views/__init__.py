"""The games' pages, one module a flow: `setup` (the phone's games, a new game, house rules),
`table` (the scoring page and what it sends), `sheet` (the score sheet, the date, the rules
card), `corrections` (a hand edited or deleted), `watch` (the watch link's cacheable pages);
`base` loads the game a link names and applies a form's command. Each view loads the game,
parses the post, applies a command and renders a page model from `games/present/`.

The room's boards share the watch pages' cacheable answers: `watch.watched`, `watch.public`."""
