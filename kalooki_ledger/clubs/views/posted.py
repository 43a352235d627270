"""What a club page's request names: its form filled in, the key a form carries, a posted id,
a tournament's table by its address."""

from django.shortcuts import get_object_or_404

from kalooki_ledger.games import commands

from ..forms import is_id
from ..models import TournamentTable


def sent(request) -> commands.Sent:
    """The key a club form carries (none if it isn't one) and who sent it."""
    key = request.POST.get("key", "")
    return commands.Sent(None, key if commands.KEY.fullmatch(key) else "", request.user.username)


def filled(request, form_class, **kwargs) -> tuple:
    """A page's form bound to what was posted, and its cleaned data once a post is valid
    (else None)."""
    form = form_class(request.POST or None, **kwargs)
    valid = request.method == "POST" and form.is_valid()
    return form, form.cleaned_data if valid else None


def posted_id(value: str | None) -> int:
    """A posted id, or 0 (which matches nothing) unless it is a plain id the database can hold."""
    return int(value) if value and is_id(value) else 0


def tournament_table(club, pk: int, table: int, *related: str) -> TournamentTable:
    """The table `table` of the club's tournament `pk` (404 if there is no such table), with
    its `related` rows."""
    found = TournamentTable.objects.select_related(*related)
    return get_object_or_404(found, tournament__club=club, tournament__pk=pk, pk=table)
