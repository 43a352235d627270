"""The sentences and short phrases every family's rules card and settings lines share: the
deck and the deal, card values, the first meld, the limit and buy-ins, the pot."""

from django.utils.translation import gettext

from kalooki_ledger.rules import Rules, Stakes

from .money import amount_words


def either(parts: list[str]) -> str:
    return f" {gettext('or')} ".join(parts)


def limit_line(rules: Rules) -> str:
    if rules.out_at == "reach":
        return gettext("A player is out on reaching %(limit)s penalty points.") % {
            "limit": rules.limit
        }
    return gettext("A player is out with more than %(limit)s penalty points.") % {
        "limit": rules.limit
    }


def buy_in_line(rules: Rules) -> str:
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


def aces_phrase(rules: Rules) -> str:
    if rules.red_ace_value is not None:
        return gettext("black aces %(black)s, red aces %(red)s") % {
            "black": rules.ace_value,
            "red": rules.red_ace_value,
        }
    return gettext("aces %(value)s") % {"value": rules.ace_value}


def values_line(rules: Rules, cards: int, extra: int | None = None) -> str:
    low, high = rules.hand_value_bounds(cards)
    told = {
        "joker": rules.joker_value,
        "aces": aces_phrase(rules),
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


def deck_line(rules: Rules) -> str:
    cards = rules.packs * 52 + rules.jokers
    return gettext("%(packs)s packs and %(jokers)s jokers (%(cards)s cards)") % {
        "packs": rules.packs,
        "jokers": rules.jokers,
        "cards": cards,
    }


def dealt(rules: Rules) -> str:
    by = rules.cards_by_players
    if not by:
        return gettext("each player is dealt %(cards)s") % {"cards": rules.hand_size}
    return gettext(
        "%(four)s cards each to two to four players, %(five)s to five, %(six)s to six"
    ) % {"four": by[0], "five": by[3], "six": by[4]}


def deck_and_deal(rules: Rules) -> str:
    return gettext("%(deck)s; %(dealt)s.") % {"deck": deck_line(rules), "dealt": dealt(rules)}


def first_meld(rules: Rules) -> str:
    return gettext("Your first meld must be worth at least %(points)s points.") % {
        "points": rules.initial_meld
    }


def pot_line(stakes: Stakes) -> str:
    return gettext(
        "Everyone puts %(amount)s in the pot; the winner takes it (a tie shares it)."
    ) % {"amount": amount_words(stakes.initial, stakes)}


def deck_short(rules: Rules) -> str:
    return gettext("%(packs)s packs + %(jokers)s jokers") % {
        "packs": rules.packs,
        "jokers": rules.jokers,
    }
