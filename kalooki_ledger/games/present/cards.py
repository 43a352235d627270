"""Each family's rules card (plain sentences for the rules page) and its settings lines (the
short words of a score sheet's header); families.py registers them under the family's key."""

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from kalooki_ledger.rules import Rules, Stakes

from .card_lines import (
    aces_phrase,
    buy_in_line,
    deck_and_deal,
    deck_line,
    deck_short,
    either,
    first_meld,
    limit_line,
    pot_line,
    values_line,
)
from .money import amount_words


def elimination_card(rules: Rules, stakes: Stakes) -> list[str]:
    low, high = rules.hand_value_bounds()
    lines = [
        deck_and_deal(rules),
        first_meld(rules),
        gettext(
            "Cards left in a loser's hand: jokers %(joker)s, aces %(ace)s, kings, queens, jacks "
            "and tens 10, the rest their face value (so a hand is worth %(low)s to %(high)s)."
        )
        % {"joker": rules.joker_value, "ace": rules.ace_value, "low": low, "high": high},
        gettext(
            "Aces rank high only in runs (A-K-Q, not A-2-3); a melded joker stands for the card "
            "it replaces."
        ),
        limit_line(rules),
        buy_in_line(rules),
    ]
    if rules.kalookie_doubles_penalties:
        lines.append(
            gettext("A kalookie (all 13 cards down at once) doubles the others' penalty points.")
        )
    if rules.winner_bonus_call_up or rules.winner_bonus_kalookie:
        lines.append(
            gettext(
                "The winner of a hand takes %(call_up)s points off their total (%(kalookie)s "
                "for a kalookie)."
            )
            % {"call_up": rules.winner_bonus_call_up, "kalookie": rules.winner_bonus_kalookie}
        )
    lines.append(_pool_line(stakes))
    lines.append(
        gettext(
            "If the stock runs out twice the hand is void: no score, and the same dealer deals."
        )
    )
    return lines


def _pool_line(stakes: Stakes) -> str:
    """What elimination plays for: each hand's stakes, the pool and buy-ins, or no money."""
    if not any(stakes.amounts()):
        return gettext("No money is played for: the last player within the limit wins.")
    return gettext(
        "Each hand the others pay the winner %(call_up)s (%(kalookie)s for a kalookie). "
        "Everyone puts %(initial)s in the pool to start; a buy-in costs %(buy_in)s. The "
        "last player within the limit takes the pool."
    ) % {
        "call_up": amount_words(stakes.call_up, stakes),
        "kalookie": amount_words(stakes.kalookie, stakes),
        "initial": amount_words(stakes.initial, stakes),
        "buy_in": amount_words(stakes.buy_in, stakes),
    }


def positive_card(rules: Rules, stakes: Stakes) -> list[str]:
    doubling = (
        gettext("A kaluki (all the cards down at once) doubles what the others pay in points.")
        if rules.kalookie_doubles_penalties
        else gettext("A kaluki scores the same as any other win.")
    )
    ends = []
    if rules.target:
        target = number_format(rules.target, force_grouping=True)
        ends.append(gettext("the first to %(target)s points") % {"target": target})
    if rules.deals:
        ends.append(
            gettext("the highest total after %(deals)s deals (void deals don't count)")
            % {"deals": rules.deals}
        )
    lines = [
        deck_and_deal(rules),
        first_meld(rules),
        values_line(rules, rules.cards_held(4)),
        gettext(
            "The winner of a hand scores the sum of what the others hold; the losers score nothing."
        ),
        doubling,
        gettext("The game is won by %(ends)s; the highest total wins.") % {"ends": either(ends)}
        if ends
        else gettext("The game runs until the table stops it; the highest total wins."),
    ]
    if stakes.per_point:
        lines.append(
            gettext("Each loser pays the winner %(amount)s a point they hold.")
            % {"amount": amount_words(stakes.per_point, stakes)}
        )
    if stakes.initial:
        lines.append(pot_line(stakes))
    return lines


def per_hand_card(rules: Rules, stakes: Stakes) -> list[str]:
    lines = [
        deck_and_deal(rules),
        first_meld(rules),
        gettext(
            "A loser scores a point for each card left in hand and one more for each joker; "
            "a kaluki (all the cards down at once) doubles it."
        ),
        gettext(
            "Each hand settles by itself: the winner wins what the losers lose. Totals are "
            "points won less points lost; the game runs until the table stops it."
        ),
    ]
    if stakes.per_point:
        lines.append(
            gettext("Each loser pays the winner %(amount)s a point.")
            % {"amount": amount_words(stakes.per_point, stakes)}
        )
    return lines


def _deal_line(number: int, cards: int, contract: str) -> str:
    return gettext("Deal %(number)s: %(cards)s cards, %(contract)s.") % {
        "number": number,
        "cards": cards,
        "contract": gettext(contract),
    }


def fixed_deals_card(rules: Rules, stakes: Stakes) -> list[str]:
    schedule = rules.deal_schedule[: rules.deal_count()]
    lines = [
        gettext("%(deck)s; %(count)s deals, each with its cards and contract:")
        % {"deck": deck_line(rules), "count": len(schedule)},
        *(_deal_line(i, deal.cards, deal.contract) for i, deal in enumerate(schedule, 1)),
        values_line(rules, rules.cards_held(4, 1), extra=rules.extra_cards),
        gettext(
            "Losers score what they hold; bending the table (going out on your first lay-down) "
            "doubles the others' points."
        )
        if rules.kalookie_doubles_penalties
        else gettext(
            "Whoever goes out first (and shouts “kalooki”) scores nothing; the others score "
            "what they hold, never doubled."
        ),
        # Source 001's Trinidad: a challenge and its 50, where Jamaica agrees penalties beforehand.
        gettext(
            "Whoever loses a challenge (found with more than three calls, or challenging "
            "wrongly) scores their cards plus %(points)s and sits out the rest of the deal."
        )
        % {"points": rules.lost_challenge}
        if rules.lost_challenge
        else gettext(
            "Penalty points agreed beforehand (calling too often, a false contract, a lost "
            "challenge) are added to a player's total."
        ),
        gettext("The lowest total after the last deal wins."),
    ]
    if stakes.initial:
        lines.append(pot_line(stakes))
    lines.append(
        gettext(
            "If the stock runs out twice the deal is void: the same dealer deals it again with "
            "the same contract."
        )
    )
    return lines


def elimination_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """An elimination game's settings: the limit, buy-ins (left out with `buy_ins=False`),
    scoring and cards."""
    if rules.out_at == "over":
        limit = gettext("out over %(limit)s") % {"limit": rules.limit}
    else:
        limit = gettext("out on reaching %(limit)s") % {"limit": rules.limit}
    if rules.max_buy_ins is None:
        allowed = gettext("unlimited buy-ins")
    elif rules.max_buy_ins == 0:
        allowed = gettext("no buy-ins")
    else:
        allowed = ngettext("%(count)s buy-in each", "%(count)s buy-ins each", rules.max_buy_ins) % {
            "count": rules.max_buy_ins
        }
    if rules.max_buy_ins != 0:
        allowed = gettext("%(buy_ins)s while %(remaining)s players stay within the limit") % {
            "buy_ins": allowed,
            "remaining": rules.buy_in_needs_remaining,
        }
    if rules.winner_bonus_call_up or rules.winner_bonus_kalookie:
        bonus = gettext("winner takes off %(call_up)s (call-up), %(kalookie)s (kalookie)") % {
            "call_up": rules.winner_bonus_call_up,
            "kalookie": rules.winner_bonus_kalookie,
        }
    else:
        bonus = gettext("no winner bonus")
    doubles = (
        gettext("kalookie doubles penalties")
        if rules.kalookie_doubles_penalties
        else gettext("no doubling")
    )
    return (
        gettext("Limit: %(limit)s") % {"limit": limit},
        *((gettext("Buy-ins: %(buy_ins)s") % {"buy_ins": allowed},) if buy_ins else ()),
        gettext("Scoring: %(doubles)s; %(bonus)s") % {"doubles": doubles, "bonus": bonus},
        gettext(
            "Cards: %(deck)s, %(dealt)s dealt; joker %(joker)s, ace %(ace)s; first meld %(meld)s"
        )
        % {
            "deck": deck_short(rules),
            "dealt": rules.hand_size,
            "joker": rules.joker_value,
            "ace": rules.ace_value,
            "meld": rules.initial_meld,
        },
    )


def _dealt_by_players(rules: Rules) -> str:
    return gettext("%(cards)s dealt (fewer with five or six players)") % {
        "cards": rules.cards_held(4)
    }


def per_hand_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """Scarne's settings: the scoring by the card, the deck, and no end but the table's."""
    return (
        gettext("Scoring: a point a card left in hand, one more a joker; doubled on a kaluki"),
        gettext("Cards: %(deck)s, %(dealt)s")
        % {"deck": deck_short(rules), "dealt": _dealt_by_players(rules)},
        gettext("Ends: when the table stops"),
    )


def positive_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """North American settings: the winner's scoring, the cards, and how the game ends."""
    doubles = (
        gettext("kaluki doubles") if rules.kalookie_doubles_penalties else gettext("no doubling")
    )
    ends = []
    if rules.target:
        ends.append(gettext("first to %(target)s") % {"target": rules.target})
    if rules.deals:
        ends.append(gettext("after %(deals)s deals") % {"deals": rules.deals})
    return (
        gettext("Scoring: the winner scores the others' hands; %(doubles)s") % {"doubles": doubles},
        gettext("Cards: %(deck)s, %(dealt)s; joker %(joker)s, %(aces)s; first meld %(meld)s")
        % {
            "deck": deck_short(rules),
            "dealt": _dealt_by_players(rules),
            "joker": rules.joker_value,
            "aces": aces_phrase(rules),
            "meld": rules.initial_meld,
        },
        gettext("Ends: %(ends)s; highest total wins")
        % {"ends": either(ends) if ends else gettext("when the table stops")},
    )


def fixed_deals_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """Caribbean settings: the scoring, the cards, and each deal with its contract."""
    schedule = rules.deal_schedule[: rules.deal_count()]
    deals = "; ".join(
        gettext("%(number)s: %(cards)s cards, %(contract)s")
        % {"number": i, "cards": d.cards, "contract": gettext(d.contract)}
        for i, d in enumerate(schedule, 1)
    )
    doubling = (
        gettext("doubled when the table is bent")
        if rules.kalookie_doubles_penalties
        else gettext("no doubling")
    )
    return (
        gettext("Scoring: losers score their hands, %(doubling)s; lowest total wins")
        % {"doubling": doubling},
        gettext("Cards: %(deck)s; joker %(joker)s, %(aces)s")
        % {"deck": deck_short(rules), "joker": rules.joker_value, "aces": aces_phrase(rules)},
        gettext("Deals: %(deals)s") % {"deals": deals},
    )
