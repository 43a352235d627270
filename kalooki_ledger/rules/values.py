"""A loser's hand value, from the number entered or the cards listed, within what the deck
and the cards held allow."""

from dataclasses import replace

from .cards import cards_value, check_against_deck, parse_card
from .config import Rules
from .errors import Problem, RecordError, problem
from .game import Hand


def hand_values(
    hand: Hand, losers: list[str], rules: Rules, number: int, held: int
) -> tuple[dict[str, int], list[Problem]]:
    """Each loser's hand value, from the number or the cards; problems say what is allowed.
    `held`: the most cards a loser can hold."""
    low, high = rules.hand_value_bounds(held)
    values: dict[str, int] = {}
    problems: list[Problem] = []
    for player in losers:
        given = player in hand.penalties
        listed = player in hand.cards
        if given and listed:
            problems.append(problem("value-and-cards", number, player))
            continue
        if listed:
            try:
                values[player] = cards_value(hand.cards[player], rules, held)
            except RecordError as exc:
                problems.append(replace(exc.problem, hand=number, player=player, field="cards"))
                continue
        elif given:
            value = hand.penalties[player]
            if isinstance(value, bool) or not isinstance(value, int):
                problems.append(problem("value-not-whole", number, player, low=low, high=high))
                continue
            values[player] = value
        else:
            problems.append(problem("value-missing", number, player, low=low, high=high))
            continue
        value = values[player]
        if value > high:
            problems.append(
                problem(
                    "value-too-high", number, player, "value", held=held, high=high, value=value
                )
            )
        elif value < low:
            problems.append(problem("value-too-low", number, player, "value", low=low, value=value))
    if not problems:
        problems.extend(_cards_across_losers(hand, losers, rules, number))
    return values, problems


def _cards_across_losers(hand: Hand, losers: list[str], rules: Rules, number: int) -> list[Problem]:
    """All losers' card lists together can't hold more copies of a card than the deck."""
    held: list[tuple[str, str | None]] = []
    listed: list[str] = []
    for player in losers:
        if player not in hand.cards:
            continue
        held.extend(parse_card(c) for c in hand.cards[player])
        listed.append(player)
        try:
            check_against_deck(held, rules)
        except RecordError as exc:
            code, params = f"{exc.problem.code}-between", {**exc.problem.params}
            return [problem(code, number, player, "cards", players=tuple(listed), **params)]
    return []
