"""The named house rules of the sources; each fixes defaults that a game may override."""

from dataclasses import dataclass, replace
from decimal import Decimal

from .config import Deal, Rules, Stakes
from .family import FamilyKey
from .money import UNITS
from .words import gettext_noop as _


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    description: str
    rules: Rules
    stakes: Stakes


def _units(call_up: int, kalookie: int, initial: int, buy_in: int) -> Stakes:
    return Stakes(UNITS, Decimal(call_up), Decimal(kalookie), Decimal(initial), Decimal(buy_in))


DEFAULT_PRESET = "british"  # what a new game or club plays unless told otherwise
TOURNAMENT_PRESET = "blackpool"  # what every table of a Blackpool tournament plays
_BRITISH = Rules()
_CASINO_STAKES = _units(1, 2, 5, 5)

# The nine deals of Jamaica and the seven rounds of Trinidad: cards dealt, then the contract.
# Source 001: bending the table doubles in Jamaica; Trinidad has no doubling at all.
JAMAICA_DEALS = tuple(
    Deal(cards, contract)
    for cards, contract in (
        (9, _("three threes")),
        (10, _("two threes and one four")),
        (11, _("two fours and one three")),
        (12, _("three fours")),
        (12, _("four threes")),
        (13, _("three threes and one four")),
        (14, _("two threes and two fours")),
        (15, _("one three and three fours")),
        (16, _("four fours")),
    )
)
TRINIDAD_DEALS = tuple(
    Deal(12, contract)
    for contract in (
        _("2 sets"),
        _("1 set and 1 run"),
        _("2 runs"),
        _("3 sets"),
        _("1 run and 2 sets"),
        _("2 runs and 1 set"),
        _("3 runs"),
    )
)
_NORTH_AMERICAN_DEAL = (15, 15, 15, 13, 11)  # for 2, 3, 4, 5 and 6 players
_CARIBBEAN = Rules(
    family=FamilyKey.FIXED_DEALS,
    max_buy_ins=0,
    jokers=4,
    joker_value=50,
    ace_value=15,
    red_ace_value=1,
    extra_cards=6,  # up to three calls, each taking two cards
    initial_meld=0,
)

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            DEFAULT_PRESET,
            _("British club"),
            _("Out over 150, two buy-ins while two players remain; the London casinos' stakes."),
            _BRITISH,
            _CASINO_STAKES,
        ),
        Preset(
            "british-151",
            _("British, 151"),
            _("As British club, but out only over 151."),
            replace(_BRITISH, limit=151),
            _CASINO_STAKES,
        ),
        Preset(
            "williamson",
            _("Williamson's stakes"),
            _("British club rules with Andrew Williamson's cheaper pool: 3 to start, 2 to buy in."),
            _BRITISH,
            _units(1, 2, 3, 2),
        ),
        Preset(
            "club-uk",
            _("UK club standard"),
            _("Out over 150; buy-ins only while three players remain; stakes from one main stake."),
            replace(_BRITISH, buy_in_needs_remaining=3),
            _units(1, 2, 4, 2),
        ),
        Preset(
            "swedish",
            _("Swedish"),
            _("Out over 100; stakes 1 to call out, 3 for Kalooki, 5 to start or buy in."),
            replace(_BRITISH, limit=100),
            _units(1, 3, 5, 5),
        ),
        Preset(
            TOURNAMENT_PRESET,
            _("Blackpool"),
            _("Out over 100, first meld 51; no buy-ins at the table (they move to a new table)."),
            replace(_BRITISH, limit=100, max_buy_ins=0, initial_meld=51),
            _CASINO_STAKES,
        ),
        Preset(
            "three-deck",
            _("Three decks"),
            _("159 cards with three jokers worth 25; out over 301, two buy-ins."),
            replace(_BRITISH, limit=301, packs=3, jokers=3, joker_value=25),
            _CASINO_STAKES,
        ),
        Preset(
            "long-301",
            _("Long game, 301"),
            _("British club rules played out over 301."),
            replace(_BRITISH, limit=301),
            _CASINO_STAKES,
        ),
        Preset(
            "long-501",
            _("Long game, 501"),
            _("British club rules played out over 501."),
            replace(_BRITISH, limit=501),
            _CASINO_STAKES,
        ),
        Preset(
            "kaluki-003",
            _("Kaluki with bonus points"),
            _("Out on reaching 150; calling off takes 20 off, a kaluki 40 and doubles the others."),
            replace(
                _BRITISH,
                out_at="reach",
                kalookie_doubles_penalties=True,
                winner_bonus_call_up=20,
                winner_bonus_kalookie=40,
            ),
            Stakes(),
        ),
        Preset(
            "north-american",
            _("North American Kaluki"),
            _(
                "108 cards; the winner scores what the others hold (aces 15, jokers 25); "
                "first to 1,000 wins."
            ),
            Rules(
                family=FamilyKey.POSITIVE,
                max_buy_ins=0,
                jokers=4,
                joker_value=25,
                ace_value=15,
                hand_size=15,
                cards_by_players=_NORTH_AMERICAN_DEAL,
                initial_meld=51,
                target=1000,
            ),
            Stakes(),
        ),
        Preset(
            "scarne",
            _("Scarne's East Coast Kaluki"),
            _("Every hand settles: losers pay a point a card, two a joker, doubled on a kaluki."),
            Rules(
                family=FamilyKey.PER_HAND,
                max_buy_ins=0,
                jokers=4,
                hand_size=15,
                cards_by_players=_NORTH_AMERICAN_DEAL,
                initial_meld=51,
            ),
            Stakes(UNITS, per_point=Decimal(1)),
        ),
        Preset(
            "jamaica",
            _("Jamaican Kalooki"),
            _(
                "Nine deals of 9 to 16 cards with their contracts; bending the table doubles; "
                "lowest total wins."
            ),
            replace(_CARIBBEAN, deal_schedule=JAMAICA_DEALS, kalookie_doubles_penalties=True),
            Stakes(),
        ),
        Preset(
            "trinidad",
            _("Trinidad Kalooki"),
            _(
                "Seven rounds of 12 cards with their contracts; going out scores nothing and "
                "doubles nothing; a lost challenge scores 50 more; lowest total wins."
            ),
            replace(_CARIBBEAN, deal_schedule=TRINIDAD_DEALS, lost_challenge=50),
            Stakes(),
        ),
    )
}
