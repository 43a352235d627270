"""A short plain-English rules card for a game's rules and stakes, as the table page links it."""

from decimal import Decimal

from .config import Rules, Stakes
from .money import display_digits, format_amount


def _amount(amount: Decimal, stakes: Stakes) -> str:
    text = format_amount(amount, display_digits(stakes.currency, stakes.amounts()))
    return f"{text} {stakes.currency}"


def _limit_line(rules: Rules) -> str:
    if rules.out_at == "reach":
        return f"A player is out on reaching {rules.limit} penalty points."
    return f"A player is out with more than {rules.limit} penalty points."


def _buy_in_line(rules: Rules) -> str:
    if rules.max_buy_ins == 0:
        return "No buy-ins: a player over the limit is out for good."
    times = (
        "as often as they like"
        if rules.max_buy_ins is None
        else ("once" if rules.max_buy_ins == 1 else f"up to {rules.max_buy_ins} times")
    )
    return (
        f"A player over the limit may buy back in {times}, while at least "
        f"{rules.buy_in_needs_remaining} players are still within it, going back to the "
        "highest total of those within. They decide in turn from the left of the hand's winner."
    )


def rules_card(rules: Rules, stakes: Stakes) -> list[str]:
    """Plain sentences: the deal, the first meld, jokers and aces, the limit, buy-ins, stakes."""
    low, high = rules.hand_value_bounds()
    cards = rules.packs * 52 + rules.jokers
    lines = [
        f"{rules.packs} packs and {rules.jokers} jokers ({cards} cards); "
        f"each player is dealt {rules.hand_size}.",
        f"Your first meld must be worth at least {rules.initial_meld} points.",
        f"Cards left in a loser's hand: jokers {rules.joker_value}, aces {rules.ace_value}, "
        "kings, queens, jacks and tens 10, the rest their face value "
        f"(so a hand is worth {low} to {high}).",
        "Aces rank high only in runs (A-K-Q, not A-2-3); a melded joker stands for the card "
        "it replaces.",
        _limit_line(rules),
        _buy_in_line(rules),
    ]
    if rules.kalookie_doubles_penalties:
        lines.append("A kalookie (all 13 cards down at once) doubles the others' penalty points.")
    if rules.winner_bonus_call_up or rules.winner_bonus_kalookie:
        lines.append(
            f"The winner of a hand takes {rules.winner_bonus_call_up} points off their total "
            f"({rules.winner_bonus_kalookie} for a kalookie)."
        )
    if any(stakes.amounts()):
        lines.append(
            f"Each hand the others pay the winner {_amount(stakes.call_up, stakes)} "
            f"({_amount(stakes.kalookie, stakes)} for a kalookie). Everyone puts "
            f"{_amount(stakes.initial, stakes)} in the pool to start; a buy-in costs "
            f"{_amount(stakes.buy_in, stakes)}. The last player within the limit takes the pool."
        )
    else:
        lines.append("No money is played for: the last player within the limit wins.")
    lines.append(
        "If the stock runs out twice the hand is void: no score, and the same dealer deals."
    )
    return lines
