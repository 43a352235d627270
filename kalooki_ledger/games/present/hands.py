"""A hand in words: one line for the history ("John won (Andy 85, Mark 42)"), the last hand
under the table, and a hand's penalty adjustments, each in the family's own words."""

from django.utils.translation import gettext, ngettext, pgettext

from kalooki_ledger import rules as engine

from .words import family


def adjustments_text(hand: engine.Hand) -> str:
    """A hand's penalty adjustments in one phrase: "penalty points Cy +50 (called four times)"."""
    if not hand.adjustments:
        return ""
    told = []
    for player, points in hand.adjustments.items():
        reason = hand.reasons.get(player)
        values = {"player": player, "points": f"{points:+d}", "reason": reason}
        if reason:
            told.append(gettext("%(player)s %(points)s (%(reason)s)") % values)
        else:
            told.append(gettext("%(player)s %(points)s") % values)
    return gettext("penalty points %(adjustments)s") % {"adjustments": ", ".join(told)}


def _values(hand: engine.Hand) -> list[str]:
    """What the losers held: "Andy 85", "Andy 7♠ K♥", "Andy 9 cards, 1 joker"."""
    values = [f"{p} {v}" for p, v in hand.penalties.items()]
    values += [f"{p} {' '.join(c)}" for p, c in hand.cards.items()]
    for p, c in hand.counts.items():
        cards = ngettext("%(count)s card", "%(count)s cards", c.cards) % {"count": c.cards}
        jokers = ngettext("%(count)s joker", "%(count)s jokers", c.jokers) % {"count": c.jokers}
        values.append(f"{p} {cards}, {jokers}")
    return values


def describe_hand(hand: engine.Hand, kind: engine.Family) -> str:
    """A hand in one line for the history: "John won (Andy 85, Mark 42)", in the family's
    words ("won by bending the table")."""
    if hand.void:
        return pgettext("a hand", "void")
    values = {"winner": hand.winner, "values": ", ".join(_values(hand))}
    if hand.kalookie:
        values["how"] = gettext(kind.kalookie_how)
        text = gettext("%(winner)s won by %(how)s (%(values)s)") % values
    else:
        text = gettext("%(winner)s won (%(values)s)") % values
    if hand.adjustments:
        text += f"; {adjustments_text(hand)}"
    if hand.buy_ins:
        decisions = ", ".join(
            (gettext("%(player)s bought in") if d else gettext("%(player)s dropped out"))
            % {"player": p}
            for p, d in hand.buy_ins.items()
        )
        text += f"; {decisions}"
    return text


def last_hand(ledger: engine.Ledger) -> str:
    """The last hand in one line, so the table can check what was recorded."""
    if not ledger.hands:
        return ""
    row = ledger.hands[-1]
    if row.void:
        if row.deal:
            return gettext(
                "Last hand (%(number)s): void — deal %(deal)s is dealt again by the same "
                "dealer with the same contract (%(contract)s)."
            ) % {
                "number": row.number,
                "deal": row.deal,
                "contract": gettext(row.contract) if row.contract else "",
            }
        return gettext("Last hand (%(number)s): void.") % {"number": row.number}
    if row.conflicting or not row.winner:
        return gettext("Last hand (%(number)s): conflicts with an earlier correction.") % {
            "number": row.number
        }
    values = ", ".join(f"{p} {v}" for p, v in row.values.items())
    penalties = adjustments_text(ledger.game.hands[-1])
    if penalties:
        values = f"{values}; {penalties}" if values else penalties
    told = {
        "number": row.number,
        "winner": row.winner,
        "how": gettext(family(ledger).kalookie_how),
        "values": values,
    }
    if row.kalookie and values:
        return gettext("Last hand (%(number)s): %(winner)s won by %(how)s — %(values)s.") % told
    if row.kalookie:
        return gettext("Last hand (%(number)s): %(winner)s won by %(how)s.") % told
    if values:
        return gettext("Last hand (%(number)s): %(winner)s won — %(values)s.") % told
    return gettext("Last hand (%(number)s): %(winner)s won.") % told
