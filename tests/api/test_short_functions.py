"""Every function of the API's modules, and the new-game view, is short enough to read at once:
at most 50 lines (its docstring included), read from the source by an ast walk."""

from tests.nights.test_short_functions import ROOT, long_functions


def test_no_function_of_the_api_or_the_new_game_view_is_over_fifty_lines():
    found = [
        line
        for line in long_functions(ROOT / "games") + long_functions(ROOT / "nights")
        if line.startswith(("games/api", "nights/api", "games/views/setup.py"))
    ]
    assert found == []
