"""How a game is written for people, in one place the pages, the printed sheets and the CSV
share: money (money.py), where a game stands and its hands (words.py), the score sheet's cells
and rows (sheet.py) and the rules in words (rulescard.py). Built only from the engine's records;
no request needed, but written in the active language. The engine keeps the numbers; a family's
own words are on its record, in English, translated here as they are shown."""

from .money import SYMBOLS, Money, amount_words, money, stake_digits, transfer_key
from .problems import beside_text, located_text, problem_message, problem_text
from .rulescard import STAKE_WORDS, rule_lines, rules_card, stake_lines
from .sheet import (
    Cell,
    PenaltyNote,
    PrintedRow,
    SheetRow,
    net_row,
    penalty_notes,
    pool_row,
    pot_title,
    printed_rows,
    result_cell,
    sheet_rows,
)
from .words import (
    Line,
    Row,
    adjustments_text,
    board_line,
    describe_hand,
    family,
    last_hand,
    leading,
    pot_word,
    result_line,
    settle_line,
    share_text,
    standings,
    status_line,
    status_text,
    transfer_line,
)

__all__ = [
    "STAKE_WORDS",
    "SYMBOLS",
    "Cell",
    "Line",
    "Money",
    "PenaltyNote",
    "PrintedRow",
    "Row",
    "SheetRow",
    "adjustments_text",
    "amount_words",
    "beside_text",
    "board_line",
    "describe_hand",
    "family",
    "last_hand",
    "leading",
    "located_text",
    "money",
    "net_row",
    "penalty_notes",
    "pool_row",
    "pot_title",
    "pot_word",
    "printed_rows",
    "problem_message",
    "problem_text",
    "result_cell",
    "result_line",
    "rule_lines",
    "rules_card",
    "settle_line",
    "share_text",
    "sheet_rows",
    "stake_digits",
    "stake_lines",
    "standings",
    "status_line",
    "status_text",
    "transfer_key",
    "transfer_line",
]
