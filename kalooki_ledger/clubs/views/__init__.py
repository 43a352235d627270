"""Club pages: thin views that load, ask the engine (through stats and tournaments), and render.
One module a page flow: the club and its season, people, games, members, tournaments, paper."""
