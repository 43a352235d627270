"""A game's rules in words: the short settings lines of a score sheet's header (printed or
blank), its stakes line, and the plain-language rules card the table page links. Every line is
one message of the active language, its numbers and amounts in named placeholders."""

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, ngettext

from kalooki_ledger.rules import PRESETS, Family, Rules, Stakes, family_of

from .money import amount_words, money, stake_digits


def _or(parts: list[str]) -> str:
    return f" {gettext('or')} ".join(parts)


def _limit_line(rules: Rules) -> str:
    if rules.out_at == "reach":
        return gettext("A player is out on reaching %(limit)s penalty points.") % {
            "limit": rules.limit
        }
    return gettext("A player is out with more than %(limit)s penalty points.") % {
        "limit": rules.limit
    }


def _buy_in_line(rules: Rules) -> str:
    if rules.max_buy_ins == 0:
        return gettext("No buy-ins: a player over the limit is out for good.")
    if rules.max_buy_ins is None:
        times = gettext("as often as they like")
    elif rules.max_buy_ins == 1:
        times = gettext("once")
    else:
        times = gettext("up to %(count)s times") % {"count": rules.max_buy_ins}
    return gettext(
        "A player over the limit may buy back in %(times)s, while at least %(remaining)s "
        "players are still within it, going back to the highest total of those within. They "
        "decide in turn from the left of the hand's winner."
    ) % {"times": times, "remaining": rules.buy_in_needs_remaining}


def _aces(rules: Rules) -> str:
    if rules.red_ace_value is not None:
        return gettext("black aces %(black)s, red aces %(red)s") % {
            "black": rules.ace_value,
            "red": rules.red_ace_value,
        }
    return gettext("aces %(value)s") % {"value": rules.ace_value}


def _values_line(rules: Rules, cards: int, extra: int | None = None) -> str:
    low, high = rules.hand_value_bounds(cards)
    told = {
        "joker": rules.joker_value,
        "aces": _aces(rules),
        "cards": cards,
        "low": low,
        "high": high,
        "extra": extra,
    }
    if extra is not None:
        return (
            gettext(
                "Cards left in a loser's hand: jokers %(joker)s, %(aces)s, kings, queens, jacks "
                "and tens 10, the rest their face value (a loser may hold %(extra)s more than "
                "dealt after calls; so %(cards)s cards are worth %(low)s to %(high)s)."
            )
            % told
        )
    return (
        gettext(
            "Cards left in a loser's hand: jokers %(joker)s, %(aces)s, kings, queens, jacks and "
            "tens 10, the rest their face value (so %(cards)s cards are worth %(low)s to %(high)s)."
        )
        % told
    )


def _deck_line(rules: Rules) -> str:
    cards = rules.packs * 52 + rules.jokers
    return gettext("%(packs)s packs and %(jokers)s jokers (%(cards)s cards)") % {
        "packs": rules.packs,
        "jokers": rules.jokers,
        "cards": cards,
    }


def _dealt(rules: Rules) -> str:
    by = rules.cards_by_players
    if not by:
        return gettext("each player is dealt %(cards)s") % {"cards": rules.hand_size}
    return gettext(
        "%(four)s cards each to two to four players, %(five)s to five, %(six)s to six"
    ) % {"four": by[0], "five": by[3], "six": by[4]}


def _deck_and_deal(rules: Rules) -> str:
    return gettext("%(deck)s; %(dealt)s.") % {"deck": _deck_line(rules), "dealt": _dealt(rules)}


def _first_meld(rules: Rules) -> str:
    return gettext("Your first meld must be worth at least %(points)s points.") % {
        "points": rules.initial_meld
    }


def _pot_line(stakes: Stakes) -> str:
    return gettext(
        "Everyone puts %(amount)s in the pot; the winner takes it (a tie shares it)."
    ) % {"amount": amount_words(stakes.initial, stakes)}


def _positive_card(rules: Rules, stakes: Stakes) -> list[str]:
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
        _deck_and_deal(rules),
        _first_meld(rules),
        _values_line(rules, rules.cards_held(4)),
        gettext(
            "The winner of a hand scores the sum of what the others hold; the losers score nothing."
        ),
        doubling,
        gettext("The game is won by %(ends)s; the highest total wins.") % {"ends": _or(ends)}
        if ends
        else gettext("The game runs until the table stops it; the highest total wins."),
    ]
    if stakes.per_point:
        lines.append(
            gettext("Each loser pays the winner %(amount)s a point they hold.")
            % {"amount": amount_words(stakes.per_point, stakes)}
        )
    if stakes.initial:
        lines.append(_pot_line(stakes))
    return lines


def _per_hand_card(rules: Rules, stakes: Stakes) -> list[str]:
    lines = [
        _deck_and_deal(rules),
        _first_meld(rules),
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


def _fixed_deals_card(rules: Rules, stakes: Stakes) -> list[str]:
    schedule = rules.deal_schedule[: rules.deal_count()]
    lines = [
        gettext("%(deck)s; %(count)s deals, each with its cards and contract:")
        % {"deck": _deck_line(rules), "count": len(schedule)},
        *(_deal_line(i, deal.cards, deal.contract) for i, deal in enumerate(schedule, 1)),
        _values_line(rules, rules.cards_held(4, 1), extra=rules.extra_cards),
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
        lines.append(_pot_line(stakes))
    lines.append(
        gettext(
            "If the stock runs out twice the deal is void: the same dealer deals it again with "
            "the same contract."
        )
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
    lines = [
        _deck_and_deal(rules),
        _first_meld(rules),
        gettext(
            "Cards left in a loser's hand: jokers %(joker)s, aces %(ace)s, kings, queens, jacks "
            "and tens 10, the rest their face value (so a hand is worth %(low)s to %(high)s)."
        )
        % {"joker": rules.joker_value, "ace": rules.ace_value, "low": low, "high": high},
        gettext(
            "Aces rank high only in runs (A-K-Q, not A-2-3); a melded joker stands for the card "
            "it replaces."
        ),
        _limit_line(rules),
        _buy_in_line(rules),
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
    if any(stakes.amounts()):
        lines.append(
            gettext(
                "Each hand the others pay the winner %(call_up)s (%(kalookie)s for a kalookie). "
                "Everyone puts %(initial)s in the pool to start; a buy-in costs %(buy_in)s. The "
                "last player within the limit takes the pool."
            )
            % {
                "call_up": amount_words(stakes.call_up, stakes),
                "kalookie": amount_words(stakes.kalookie, stakes),
                "initial": amount_words(stakes.initial, stakes),
                "buy_in": amount_words(stakes.buy_in, stakes),
            }
        )
    else:
        lines.append(gettext("No money is played for: the last player within the limit wins."))
    lines.append(
        gettext(
            "If the stock runs out twice the hand is void: no score, and the same dealer deals."
        )
    )
    return lines


def _deck_short(rules: Rules) -> str:
    return gettext("%(packs)s packs + %(jokers)s jokers") % {
        "packs": rules.packs,
        "jokers": rules.jokers,
    }


def _points_rule_lines(rules: Rules, kind: Family) -> tuple[str, ...]:
    """The settings of a points game (North American, Scarne, Jamaica, Trinidad)."""
    deck = _deck_short(rules)
    aces = _aces(rules)
    dealt = gettext("%(cards)s dealt (fewer with five or six players)") % {
        "cards": rules.cards_held(4)
    }
    if kind.takes_counts():
        return (
            gettext("Scoring: a point a card left in hand, one more a joker; doubled on a kaluki"),
            gettext("Cards: %(deck)s, %(dealt)s") % {"deck": deck, "dealt": dealt},
            gettext("Ends: when the table stops"),
        )
    if not kind.plays_deals:
        doubles = (
            gettext("kaluki doubles")
            if rules.kalookie_doubles_penalties
            else gettext("no doubling")
        )
        ends = []
        if rules.target:
            ends.append(gettext("first to %(target)s") % {"target": rules.target})
        if rules.deals:
            ends.append(gettext("after %(deals)s deals") % {"deals": rules.deals})
        return (
            gettext("Scoring: the winner scores the others' hands; %(doubles)s")
            % {"doubles": doubles},
            gettext("Cards: %(deck)s, %(dealt)s; joker %(joker)s, %(aces)s; first meld %(meld)s")
            % {
                "deck": deck,
                "dealt": dealt,
                "joker": rules.joker_value,
                "aces": aces,
                "meld": rules.initial_meld,
            },
            gettext("Ends: %(ends)s; highest total wins")
            % {"ends": _or(ends) if ends else gettext("when the table stops")},
        )
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
        % {"deck": deck, "joker": rules.joker_value, "aces": aces},
        gettext("Deals: %(deals)s") % {"deals": deals},
    )


def rule_lines(rules: Rules, buy_ins: bool = True) -> tuple[str, ...]:
    """Every setting of a game, in the short words of a score sheet's header; a tournament
    table's sheet leaves out the buy-ins (`buy_ins=False`), paid to the organiser instead."""
    kind = family_of(rules.family)
    if not kind.eliminates:
        return _points_rule_lines(rules, kind)
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
            "deck": _deck_short(rules),
            "dealt": rules.hand_size,
            "joker": rules.joker_value,
            "ace": rules.ace_value,
            "meld": rules.initial_meld,
        },
    )


def changed_rules(preset: str, rules: Rules) -> tuple[str, ...]:
    """The settings where a game's (or a club's) rules differ from its preset's, in the same
    words as `rule_lines`: what "changed" names instead of the record's keys."""
    before = set(rule_lines(PRESETS[preset].rules))
    return tuple(line for line in rule_lines(rules) if line not in before)


def preset_text(preset: str, rules: Rules, named_only: bool = False) -> str:
    """The rules a game is played by, in one phrase: "Swedish", or "Swedish, changed: Limit:
    out over 200"; `named_only` names the settings alone ("Swedish, changed: Limit"), where
    the settings lines follow."""
    name = gettext(PRESETS[preset].name)
    changed = changed_rules(preset, rules)
    if named_only:
        changed = tuple(line.partition(":")[0] for line in changed)
    if not changed:
        return name
    return gettext("%(name)s, changed: %(changed)s") % {"name": name, "changed": "; ".join(changed)}


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
            pot = gettext(kind.pot_word)
            lines.append(gettext("%(pot)s %(amount)s each") % {"pot": pot, "amount": amount})
        else:
            lines.append(
                gettext("%(stake)s %(amount)s") % {"stake": STAKE_WORDS[key], "amount": amount}
            )
    currency = gettext("units") if stakes.currency == "units" else stakes.currency
    return (
        gettext("Stakes (%(currency)s): %(first)s") % {"currency": currency, "first": lines[0]},
        *lines[1:],
    )
