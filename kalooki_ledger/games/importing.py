"""A game record imported (the import page, `import_game`): read by the engine first, then
started by the StartGame command like every new game, so that one file sent twice with one key
makes one game and the import leaves a history line."""

from collections.abc import Callable

from . import commands, store
from .models import Game

# Anyone may import without an account, so each client gets a number of imports an hour:
# a club restoring its games does a handful, a script filling the database does thousands.
IMPORTS_PER_HOUR = 30


def import_game(
    data: object, sent: commands.Sent, then: Callable[[Game], object] | None = None
) -> Game:
    """The game a record makes (RecordError: the record's first problem, nothing stored;
    Refusal: the key was used for another change)."""
    record, handles = store.read_import(data)

    def kept(game: Game) -> None:
        store.keep_handles(game, handles)
        if then is not None:
            then(game)

    history = commands.start_values(record.game.players, imported=True)
    outcome = commands.apply(
        None, sent, commands.StartGame(record, history, values=data, then=kept)
    )
    if not outcome.done:
        raise commands.Refusal(outcome.verdict, outcome.notice)
    return outcome.made
