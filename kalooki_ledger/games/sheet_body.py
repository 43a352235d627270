"""The score sheet's two table bodies (points and running payments) as HTML, built in one pass
from present's rows and kept by the game's revision (`ledger_cache.kept`), so a second look at
an unchanged sheet costs a lookup. Kept per kind of link, language (their words are the active
language's) and the site's prefix (the edit links start with it); what is kept holds no CSRF
token and no idempotency key (the forms around it render with every request)."""

from typing import TYPE_CHECKING, NamedTuple

from django.urls import get_script_prefix, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from kalooki_ledger import rules as engine

from . import ledger_cache, present

if TYPE_CHECKING:
    from .models import Game


class Body(NamedTuple):
    points: SafeString
    payments: SafeString
    notes: list[present.PenaltyNote]


def get(game: "Game", ledger: engine.Ledger, can_edit: bool) -> Body:
    """The sheet's bodies for `game` at `ledger` (its ledger at its revision): kept, or built."""
    name = f"sheet:{'edit' if can_edit else 'watch'}:{get_language()}:{get_script_prefix()}"
    return ledger_cache.kept(
        game.pk, game.revision, name, lambda: build(ledger, game.edit_token if can_edit else None)
    )


def build(ledger: engine.Ledger, edit_token: str | None) -> Body:
    """Both bodies, written as templates/games/sheet.html wrote them row by row; a scoring
    sheet's hand numbers link to their edit forms (edit_token), a watched one's don't."""
    rows = present.sheet_rows(ledger)
    width = len(ledger.game.players)
    fixed_deals = engine.family_of(ledger.game.rules.family).plays_deals
    # One reverse for every row: the edit link differs only in the hand's number.
    edit = reverse("games:edit", args=[edit_token, 0]) if edit_token else ""
    head, _, tail = edit.rpartition("/0/")
    edit_word = escape(gettext("Edit"))
    points: list[str] = []
    payments: list[str] = []
    for row in rows:
        n = row.number
        if edit_token:
            label = escape(gettext("Edit hand %(number)s") % {"number": n})
            number = (
                f'<a class="edit" href="{escape(head)}/{n}/{escape(tail)}" aria-label="{label}">'
                f'{n} <span aria-hidden="true">{edit_word}</span></a>'
            )
        else:
            number = str(n)
        points.append(_points_row(row, number, width, fixed_deals))
        money = "".join(f"<td>{escape(m)}</td>" for m in row.payments)
        void = ' class="void"' if row.void else ""
        payments.append(f'\n    <tr{void}><th scope="row">{n}</th>{money}</tr>\n  ')
    if not rows:
        span = width + 2 if fixed_deals else width + 1
        none = escape(gettext("No hands yet."))
        points.append(f'\n    <tr><td colspan="{span}" class="center">{none}</td></tr>\n  ')
    # Safe: every text in them went through escape() above.
    return Body(
        mark_safe("".join(points)),
        mark_safe("".join(payments)),
        present.penalty_notes(ledger),
    )


def _points_row(row: present.SheetRow, number: str, width: int, fixed_deals: bool) -> str:
    """One hand's row of the points table; `number`: its number cell's content."""
    mark = ' class="conflict"' if row.problems else (' class="void"' if row.void else "")
    deal = (
        f'<td class="deal-cell">{escape(row.deal)} <small>{escape(row.contract)}</small></td>'
        if fixed_deals
        else ""
    )
    if row.void:
        cells = f'<td colspan="{width}" class="center">{escape(row.note)}</td>\n      '
    elif row.problems:
        items = "".join(f"<li>{escape(p)}</li>" for p in row.problems)
        cells = f'<td colspan="{width}" class="left"><ul class="problems">{items}</ul></td>\n      '
    else:
        cells = "".join(_cell(c) for c in row.points)
    return (
        f'\n    <tr{mark}>\n      <th scope="row">{number}</th>\n      {deal}\n      {cells}'
        "\n    </tr>\n  "
    )


def _cell(cell: present.Cell) -> str:
    mark = f' class="{escape(cell.mark)}"' if cell.mark else ""
    note = f' <sup class="note">{escape(cell.note)}</sup>' if cell.note else ""
    return f"<td{mark}>{escape(cell.text)}{note}</td>"
