"""The score sheet's page models: the sheet (scoring or watched) and a recorded hand's edit page,
built from the game's row and its ledger."""

from kalooki_ledger import rules as engine

from .. import sheet_body
from ..forms.hand import HandForm, edit_form
from ..models import Game
from ..present.money import Money
from ..present.problems import problem_text
from ..present.sheet import net_row, points_heading, pool_row, pot_title
from ..present.words import family
from .table_page import card_values

HISTORY_SHOWN = 200  # the newest changes the sheet lists


def sheet_page(
    game: Game, ledger: engine.Ledger, can_edit: bool, links: dict[str, str], phone: str | None
) -> dict:
    """The score sheet: its rows (built once per version), its totals, its downloads (`links`)
    and, on the scoring sheet, the history with this phone's name (`phone`)."""
    sheet = sheet_body.get(game, ledger, can_edit)
    return {
        "game": game,
        "ledger": ledger,
        "can_edit": can_edit,
        "public": not can_edit,
        "sheet": sheet,
        "rows": ledger.hands,  # only asked whether there are any
        "notes": sheet.notes,
        "family": family(ledger),
        "points_heading": points_heading(ledger),
        "pot_title": pot_title(ledger),
        "pool_row": pool_row(ledger),
        "net_row": net_row(ledger),
        "pool": Money(ledger)(ledger.pool),
        "links": links,
        "changes": list(game.changes.all()[:HISTORY_SHOWN]),  # read in the page's snapshot
        "phone": phone,
        "version": game.version,
        "problems": [problem_text(p) for p in ledger.problems if not p.hand],
        "conflicts": sorted({p.hand for p in ledger.problems if p.hand}),
    }


def edit_page(
    game: Game, ledger: engine.Ledger, number: int, hand_form: HandForm | None = None
) -> dict:
    """The edit page of hand `number`; `hand_form`: the form refused, else one holding the
    recorded hand."""
    row = ledger.hands[number - 1]
    if hand_form is None:
        hand_form = edit_form(ledger, number)
        hand_form.fill(ledger.game.hands[number - 1])
    return {
        "game": game,
        "ledger": ledger,
        "row": row,
        "number": number,
        "hand_form": hand_form,
        "problems": [problem_text(p) for p in ledger.hand_problems(number)],
        "card_values": card_values(ledger.game.rules),
        "version": game.version,
    }
