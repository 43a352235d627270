"""The named house rules of the sources; each fixes defaults that a game may override."""

from dataclasses import dataclass, replace
from decimal import Decimal

from .config import Rules, Stakes
from .money import UNITS


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    description: str
    rules: Rules
    stakes: Stakes


def _units(call_up: int, kalookie: int, initial: int, buy_in: int) -> Stakes:
    return Stakes(UNITS, Decimal(call_up), Decimal(kalookie), Decimal(initial), Decimal(buy_in))


_BRITISH = Rules()
_CASINO_STAKES = _units(1, 2, 5, 5)

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "british",
            "British club",
            "Out over 150, two buy-ins while two players remain; the London casinos' stakes.",
            _BRITISH,
            _CASINO_STAKES,
        ),
        Preset(
            "british-151",
            "British, 151",
            "As British club, but out only over 151.",
            replace(_BRITISH, limit=151),
            _CASINO_STAKES,
        ),
        Preset(
            "williamson",
            "Williamson's stakes",
            "British club rules with Andrew Williamson's cheaper pool: 3 to start, 2 to buy in.",
            _BRITISH,
            _units(1, 2, 3, 2),
        ),
        Preset(
            "club-uk",
            "UK club standard",
            "Out over 150; buy-ins only while three players remain; stakes from one main stake.",
            replace(_BRITISH, buy_in_needs_remaining=3),
            _units(1, 2, 4, 2),
        ),
        Preset(
            "swedish",
            "Swedish",
            "Out over 100; stakes 1 to call out, 3 for Kalooki, 5 to start or buy in.",
            replace(_BRITISH, limit=100),
            _units(1, 3, 5, 5),
        ),
        Preset(
            "blackpool",
            "Blackpool",
            "Out over 100, first meld 51; no buy-ins at the table (they move to a new table).",
            replace(_BRITISH, limit=100, max_buy_ins=0, initial_meld=51),
            _CASINO_STAKES,
        ),
        Preset(
            "three-deck",
            "Three decks",
            "159 cards with three jokers worth 25; out over 301, two buy-ins.",
            replace(_BRITISH, limit=301, packs=3, jokers=3, joker_value=25),
            _CASINO_STAKES,
        ),
        Preset(
            "long-301",
            "Long game, 301",
            "British club rules played out over 301.",
            replace(_BRITISH, limit=301),
            _CASINO_STAKES,
        ),
        Preset(
            "long-501",
            "Long game, 501",
            "British club rules played out over 501.",
            replace(_BRITISH, limit=501),
            _CASINO_STAKES,
        ),
        Preset(
            "kaluki-003",
            "Kaluki with bonus points",
            "Out on reaching 150; calling off takes 20 off, a kaluki 40 and doubles the others.",
            replace(
                _BRITISH,
                out_at="reach",
                kalookie_doubles_penalties=True,
                winner_bonus_call_up=20,
                winner_bonus_kalookie=40,
            ),
            Stakes(),
        ),
    )
}
DEFAULT_PRESET = "british"
