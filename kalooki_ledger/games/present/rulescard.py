"""A game's rules in words: the short settings lines of a score sheet's header (printed or
blank), its stakes line, and the plain-English rules card the table page links."""

from django.utils.translation import gettext_lazy

from kalooki_ledger.rules import Family, Rules, Stakes, family_of

from .money import amount_words, money, stake_digits


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
        per_point = amount_words(stakes.per_point, stakes)
        lines.append(f"Each loser pays the winner {per_point} a point they hold.")
    if stakes.initial:
        lines.append(
            f"Everyone puts {amount_words(stakes.initial, stakes)} in the pot; the winner takes it "
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
        lines.append(
            f"Each loser pays the winner {amount_words(stakes.per_point, stakes)} a point."
        )
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
            f"Everyone puts {amount_words(stakes.initial, stakes)} in the pot; the winner takes it "
            "(a tie shares it)."
        )
    lines.append(
        "If the stock runs out twice the deal is void: the same dealer deals it again with "
        "the same contract."
    )
    return lines


def rules_card(rules: Rules, stakes: Stakes) -> list[str]:
    """Plain sentences: the deal, the first meld, jokers and aces, the limit, buy-ins, stakes."""
    kind = family_of(rules.family)
    if kind.plays_deals:
        return _fixed_deals_card(rules, stakes)
    if kind.takes_counts():
        return _per_hand_card(rules, stakes)
    if not kind.eliminates:
        return _positive_card(rules, stakes)
    return _elimination_card(rules, stakes)


def _elimination_card(rules: Rules, stakes: Stakes) -> list[str]:
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
            f"Each hand the others pay the winner {amount_words(stakes.call_up, stakes)} "
            f"({amount_words(stakes.kalookie, stakes)} for a kalookie). Everyone puts "
            f"{amount_words(stakes.initial, stakes)} in the pool to start; a buy-in costs "
            f"{amount_words(stakes.buy_in, stakes)}. The last player within the limit takes the "
            "pool."
        )
    else:
        lines.append("No money is played for: the last player within the limit wins.")
    lines.append(
        "If the stock runs out twice the hand is void: no score, and the same dealer deals."
    )
    return lines


def _points_rule_lines(rules: Rules, kind: Family) -> tuple[str, ...]:
    """The settings of a points game (North American, Scarne, Jamaica, Trinidad)."""
    deck = f"{rules.packs} packs + {rules.jokers} jokers"
    aces = (
        f"black aces {rules.ace_value}, red aces {rules.red_ace_value}"
        if rules.red_ace_value is not None
        else f"aces {rules.ace_value}"
    )
    dealt = f"{rules.cards_held(4)} dealt (fewer with five or six players)"
    if kind.takes_counts():
        return (
            "Scoring: a point a card left in hand, one more a joker; doubled on a kaluki",
            f"Cards: {deck}, {dealt}",
            "Ends: when the table stops",
        )
    if not kind.plays_deals:
        doubles = "kaluki doubles" if rules.kalookie_doubles_penalties else "no doubling"
        ends = []
        if rules.target:
            ends.append(f"first to {rules.target}")
        if rules.deals:
            ends.append(f"after {rules.deals} deals")
        return (
            f"Scoring: the winner scores the others' hands; {doubles}",
            f"Cards: {deck}, {dealt}; "
            f"joker {rules.joker_value}, {aces}; first meld {rules.initial_meld}",
            f"Ends: {' or '.join(ends) if ends else 'when the table stops'}; highest total wins",
        )
    schedule = rules.deal_schedule[: rules.deal_count()]
    deals = "; ".join(f"{i}: {d.cards} cards, {d.contract}" for i, d in enumerate(schedule, 1))
    doubling = (
        "doubled when the table is bent" if rules.kalookie_doubles_penalties else "no doubling"
    )
    return (
        f"Scoring: losers score their hands, {doubling}; lowest total wins",
        f"Cards: {deck}; joker {rules.joker_value}, {aces}",
        f"Deals: {deals}",
    )


def rule_lines(rules: Rules) -> tuple[str, ...]:
    """Every setting of a game, in the short words of a score sheet's header."""
    kind = family_of(rules.family)
    if not kind.eliminates:
        return _points_rule_lines(rules, kind)
    if rules.out_at == "over":
        limit = f"out over {rules.limit}"
    else:
        limit = f"out on reaching {rules.limit}"
    if rules.max_buy_ins is None:
        buy_ins = "unlimited buy-ins"
    elif rules.max_buy_ins == 0:
        buy_ins = "no buy-ins"
    else:
        buy_ins = f"{rules.max_buy_ins} buy-in{'s' if rules.max_buy_ins != 1 else ''} each"
    if rules.max_buy_ins != 0:
        buy_ins += f" while {rules.buy_in_needs_remaining} players stay within the limit"
    if rules.winner_bonus_call_up or rules.winner_bonus_kalookie:
        bonus = (
            f"winner takes off {rules.winner_bonus_call_up} (call-up), "
            f"{rules.winner_bonus_kalookie} (kalookie)"
        )
    else:
        bonus = "no winner bonus"
    doubles = "kalookie doubles penalties" if rules.kalookie_doubles_penalties else "no doubling"
    deck = f"{rules.packs} packs + {rules.jokers} jokers"
    cards = f"joker {rules.joker_value}, ace {rules.ace_value}"
    return (
        f"Limit: {limit}",
        f"Buy-ins: {buy_ins}",
        f"Scoring: {doubles}; {bonus}",
        f"Cards: {deck}, {rules.hand_size} dealt; {cards}; first meld {rules.initial_meld}",
    )


STAKE_WORDS = {
    "call_up": gettext_lazy("call-up"),
    "kalookie": gettext_lazy("kalookie"),
    "initial": gettext_lazy("initial"),
    "buy_in": gettext_lazy("buy-in"),
    "per_point": gettext_lazy("per point"),
}


def stake_lines(stakes: Stakes, kind: Family) -> tuple[str, ...]:
    """The stakes the family plays for: "Stakes (GBP): per point £0.01", "pot £1.00 each"."""
    digits = stake_digits(stakes)
    lines = []
    for key in kind.stakes:
        amount = money(getattr(stakes, key), stakes.currency, digits)
        if key == "initial" and not kind.eliminates:
            lines.append(f"pot {amount} each")
        else:
            lines.append(f"{STAKE_WORDS[key]} {amount}")
    return (f"Stakes ({stakes.currency}): {lines[0]}", *lines[1:])
