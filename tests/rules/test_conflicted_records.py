"""A game the site holds may carry conflicts (an edit can leave a later hand to correct): its
exported record, results and all, comes back with them; a record written by hand must have none."""

from dataclasses import replace

import pytest

from kalooki_ledger import rules as engine
from kalooki_ledger.rules import RecordError
from tests.helpers import worked_example


def conflicted_export() -> dict:
    """The worked example with hand 3 deleted: Mark's buy-in after the new hand 3 is now
    a decision nobody was asked for."""
    record = engine.parse_record(worked_example())
    game = replace(record.game, hands=record.game.hands[:2] + record.game.hands[3:])
    conflicted = replace(record, game=game)
    return engine.record_to_json(conflicted, engine.replay(game))


def test_an_exported_record_with_conflicts_comes_back_with_the_same_conflicts():
    data = conflicted_export()
    record = engine.parse_record(data)
    problems = engine.replay(record.game).problems
    assert [(p.hand, p.player) for p in problems] == [(3, "Mark")]
    assert engine.record_to_json(record, engine.replay(record.game)) == data


def test_the_same_record_without_its_results_is_refused_naming_the_hand_and_player():
    data = conflicted_export()
    del data["results"]
    with pytest.raises(RecordError, match="Hand 3, Mark: was not offered a buy-in"):
        engine.parse_record(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["players"]["Mark"].update(total=1),
        lambda r: r["hands"].pop(),
        lambda r: r.update(pool="0.00"),
        lambda r: r.clear(),
    ],
    ids=["a total", "a hand row", "the pool", "nothing at all"],
)
def test_results_that_are_not_the_replays_own_do_not_let_conflicts_in(change):
    data = conflicted_export()
    change(data["results"])
    with pytest.raises(RecordError, match="was not offered a buy-in"):
        engine.parse_record(data)


def test_results_beside_a_record_without_conflicts_change_nothing():
    data = worked_example()
    data["results"] = {"status": "whatever"}
    assert engine.parse_record(data).game == engine.parse_record(worked_example()).game
