"""The games' forms, by page: the settings every game-making form shares (`game_settings`), a new
game and house rules (`setup`), the hand form (`hand`, its inputs in `hand_inputs`). Shapes are
checked here, everything else by the engine. Named here for the other apps."""

from .game_settings import (
    STAKE_FIELDS,
    SettingsForm,
    read_currency,
    too_many_places,
)
from .hand import HandForm, keep_counted_cards
from .setup import (
    HouseRulesForm,
    NewGameForm,
    checked_title,
    preset_values,
    settings_initial,
)

__all__ = [
    "STAKE_FIELDS",
    "HandForm",
    "HouseRulesForm",
    "NewGameForm",
    "SettingsForm",
    "checked_title",
    "keep_counted_cards",
    "preset_values",
    "read_currency",
    "settings_initial",
    "too_many_places",
]
