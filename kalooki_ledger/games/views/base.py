"""What every games view shares: the game a link names, and a command applied from a form."""

from collections.abc import Callable
from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext

from .. import commands, device, handover, posted
from ..models import Game


def game_of(**lookup: object) -> Game:
    """The game row alone: its ledger comes from the cache, or loads its hands when it must."""
    try:
        return _loaded(lookup)
    except Game.DoesNotExist:
        moved = "edit_token" in lookup and handover.handed_over(str(lookup["edit_token"]))
        if moved:
            raise handover.HandedOverLink(moved) from None  # HandedOverMiddleware answers
        raise Http404(gettext("No game at this link")) from None


def _loaded(lookup: dict[str, object]) -> Game:
    return Game.objects.get(**lookup)


def scoring(view):
    """Loads the game of a scoring link (404 for any other) and hands it to the view."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        return view(request, game_of(edit_token=token), *args, **kwargs)

    return wrapper


def sent(request: HttpRequest) -> commands.Sent:
    """The version and key a form carries, and the phone that sent it."""
    return posted.parse_sent(request.POST, device.device_label(request))


def applied(
    game: Game, read: Callable[[], tuple[commands.Sent, commands.Command]]
) -> commands.Outcome:
    """Applies the command a form's post is `read` into; a damaged form is refused like any
    other command."""
    try:
        made, asked = read()
    except commands.Refusal as refusal:
        return refusal.outcome
    return commands.apply(game, made, asked)


def command(request: HttpRequest, game: Game, asked: commands.Command) -> commands.Outcome:
    """Applies a command built from a form's values, with the version and key it carries."""
    return applied(game, lambda: (sent(request), asked))
