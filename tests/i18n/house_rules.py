"""A table's house rules for the untranslated-string check: what the house-rules pages show."""

from kalooki_ledger import rules as engine
from kalooki_ledger.games.models import HouseRules
from kalooki_ledger.rules.record import build_rules, build_stakes

HOUSE = "Tisdagsreglerna"
NOTES = "Första utlägget 40"
STAKES = {"currency": "SEK", "call_up": "0.50", "initial": "5"}


def house_rules() -> HouseRules:
    """Stored house rules with a note, as the house-rules page shows them; the same each time."""
    house = HouseRules.objects.filter(name=HOUSE).first()
    return house or HouseRules.objects.create(
        name=HOUSE, preset="british", rule_overrides={"limit": 151}, stakes=STAKES, notes=NOTES
    )


def rules_and_stakes() -> tuple[engine.Rules, engine.Stakes]:
    return build_rules("british", {"limit": 151})[0], build_stakes("british", STAKES)
