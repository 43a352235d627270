"""A short plain-English rules card for a game's rules and stakes, as the table page links it."""

from decimal import Decimal

from .config import Rules, Stakes
from .money import display_digits, format_amount


def _amount(amount: Decimal, stakes: Stakes) -> str:
    text = format_amount(amount, display_digits(stakes.currency, stakes.amounts()))
    if stakes.currency == "units" and amount == 1:
        return f"{text} unit"  # "1 unit", never "1 units"
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


def _values_line(rules: Rules, cards: int) -> str:
    low, high = rules.hand_value_bounds(cards)
    if rules.red_ace_value is not None:
        aces = f"black aces {rules.ace_value}, red aces {rules.red_ace_value}"
    else:
        aces = f"aces {rules.ace_value}"
    return (
        f"Cards left in a loser's hand: jokers {rules.joker_value}, {aces}, kings, queens, "
        f"jacks and tens 10, the rest their face value (so {cards} cards are worth {low} to "
        f"{high})."
    )


def _deck_line(rules: Rules) -> str:
    cards = rules.packs * 52 + rules.jokers
    return f"{rules.packs} packs and {rules.jokers} jokers ({cards} cards)"


def _dealt(rules: Rules) -> str:
    by = rules.cards_by_players
    if not by:
        return f"each player is dealt {rules.hand_size}"
    return f"{by[0]} cards each to two to four players, {by[3]} to five, {by[4]} to six"


def _positive_card(rules: Rules, stakes: Stakes) -> list[str]:
    doubling = (
        "A kaluki (all the cards down at once) doubles what the others pay in points."
        if rules.kalookie_doubles_penalties
        else "A kaluki scores the same as any other win."
    )
    ends = []
    if rules.target:
        ends.append(f"the first to {rules.target:,} points")
    if rules.deals:
        ends.append(f"the highest total after {rules.deals} deals (void deals don't count)")
    lines = [
        f"{_deck_line(rules)}; {_dealt(rules)}.",
        f"Your first meld must be worth at least {rules.initial_meld} points.",
        _values_line(rules, rules.cards_held(4)),
        "The winner of a hand scores the sum of what the others hold; the losers score nothing.",
        doubling,
        ("The game is won by " + " or ".join(ends) + "; the highest total wins.")
        if ends
        else "The game runs until the table stops it; the highest total wins.",
    ]
    if stakes.per_point:
        lines.append(
            f"Each loser pays the winner {_amount(stakes.per_point, stakes)} a point they hold."
        )
    if stakes.initial:
        lines.append(
            f"Everyone puts {_amount(stakes.initial, stakes)} in the pot; the winner takes it "
            "(a tie shares it)."
        )
    return lines


def _per_hand_card(rules: Rules, stakes: Stakes) -> list[str]:
    lines = [
        f"{_deck_line(rules)}; {_dealt(rules)}.",
        f"Your first meld must be worth at least {rules.initial_meld} points.",
        "A loser scores a point for each card left in hand and one more for each joker; "
        "a kaluki (all the cards down at once) doubles it.",
        "Each hand settles by itself: the winner wins what the losers lose. Totals are points "
        "won less points lost; the game runs until the table stops it.",
    ]
    if stakes.per_point:
        lines.append(f"Each loser pays the winner {_amount(stakes.per_point, stakes)} a point.")
    return lines


def _fixed_deals_card(rules: Rules, stakes: Stakes) -> list[str]:
    schedule = rules.deal_schedule[: rules.deal_count()]
    lines = [
        f"{_deck_line(rules)}; {len(schedule)} deals, each with its cards and contract:",
        *(f"Deal {i}: {deal.cards} cards, {deal.contract}." for i, deal in enumerate(schedule, 1)),
        _values_line(rules, rules.cards_held(4, 1)).replace(
            " (so", f" (a loser may hold {rules.extra_cards} more than dealt after calls; so"
        ),
        "Losers score what they hold; bending the table (going out on your first lay-down) "
        "doubles the others' points."
        if rules.kalookie_doubles_penalties
        else "Whoever goes out first (and shouts “kalooki”) scores nothing; the others score "
        "what they hold, never doubled.",
        "Penalty points agreed beforehand (calling too often, a false contract, a lost "
        "challenge) are added to a player's total.",
        "The lowest total after the last deal wins.",
    ]
    if stakes.initial:
        lines.append(
            f"Everyone puts {_amount(stakes.initial, stakes)} in the pot; the winner takes it "
            "(a tie shares it)."
        )
    lines.append(
        "If the stock runs out twice the deal is void: the same dealer deals it again with "
        "the same contract."
    )
    return lines


def rules_card(rules: Rules, stakes: Stakes) -> list[str]:
    """Plain sentences: the deal, the first meld, jokers and aces, the limit, buy-ins, stakes."""
    if rules.family == "positive":
        return _positive_card(rules, stakes)
    if rules.family == "per-hand":
        return _per_hand_card(rules, stakes)
    if rules.family == "fixed-deals":
        return _fixed_deals_card(rules, stakes)
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
