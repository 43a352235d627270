"""The setup flow: the phone's list of games, a new game (or the same table again), house rules."""

from dataclasses import replace

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount
from kalooki_ledger.rules.record import build_rules, build_stakes

from .. import answers, commands, device, present, signals
from ..forms import STAKE_FIELDS, HouseRulesForm, NewGameForm, preset_values, settings_initial
from ..house_session import remember_house, remembered_house_tokens
from ..models import Game, HouseRules
from ..session import forget_token, remember, remembered_tokens
from .base import game_of, sent


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tokens = remembered_tokens(request)
    found = Game.objects.filter(edit_token__in=tokens) | Game.objects.filter(share_token__in=tokens)
    by_token = {}
    for game in found.distinct():
        by_token[game.edit_token] = (game, True)
        by_token[game.share_token] = (game, False)
    listed = [(token, *by_token[token]) for token in tokens if token in by_token]
    listed.sort(key=lambda row: row[1].updated, reverse=True)  # the game changed last first
    games = []
    for token, game, scoring in listed:
        ledger = game.ledger()
        games.append(
            {
                "game": game,
                "scoring": scoring,
                "url": game.get_absolute_url() if scoring else game.share_url(),
                "players": ", ".join(ledger.game.players),
                "hands": len(ledger.hands),
                "status": present.status_text(ledger),
                "when": game.played_on or timezone.localtime(game.created).date(),
                "token": token,
            }
        )
    return render(request, "games/home.html", {"games": games})


@require_POST
def forget(request: HttpRequest) -> HttpResponse:
    """Takes a game off this phone's list (the game itself stays, at its links)."""
    token = request.POST.get("token", "")
    if forget_token(request, token):
        messages.info(request, gettext("The game is off this phone's list; its links still work."))
    return redirect("games:home")


def _known_names(request: HttpRequest) -> list[str]:
    tokens = remembered_tokens(request)
    names = Game.objects.filter(edit_token__in=tokens).values_list("seats__name", flat=True)
    return sorted({n for n in names if n}, key=str.casefold)


def _houses(request: HttpRequest) -> list[HouseRules]:
    """This browser's house rules, newest first: one query."""
    tokens = remembered_house_tokens(request)
    found = {h.token: h for h in HouseRules.objects.filter(token__in=tokens)}
    return [found[t] for t in tokens if t in found]


def new_game(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        house, initial = _offered(request)
        return _new_game_page(request, NewGameForm(initial=initial), house, 200)
    form = NewGameForm(request.POST or None)
    if not (form.is_valid() and form.record is not None):
        return _new_game_page(request, form, None, 422)
    return _started(request, form)


def _offered(request: HttpRequest) -> tuple[HouseRules | None, dict]:
    """What the new-game form starts from: a house's rules, a game played again, or the offers."""
    if request.GET.get("house"):
        house = HouseRules.objects.filter(token=request.GET["house"]).first()
        if house is None:
            raise Http404("No house rules at this link")
        initial = settings_initial(house.preset, house.rule_overrides, house.stakes)
        initial["title"] = house.name
        return house, initial
    if request.GET.get("again"):
        return None, _again(game_of(edit_token=request.GET["again"]))
    initial: dict = {}
    for offer in signals.answers(signals.new_game_offer, request=request):
        initial.update(offer)
    return None, initial


def _started(request: HttpRequest, form: NewGameForm) -> HttpResponse:
    """The game the valid form starts, through `apply`: its table, or the form saying why not."""
    try:
        made = sent(request)
    except commands.Refusal:
        made = commands.Sent(None, "", device.device_label(request))
    # A game started here is played today (a date the score sheet can change).
    started_record = form.record
    if started_record.played_on is None:
        started_record = replace(started_record, played_on=timezone.localdate())
    history = commands.start_values(form.record.game.players, form.drawn)
    command = commands.StartGame(
        started_record,
        history,
        values=form.cleaned_data,
        then=lambda game: signals.new_game_started.send(sender=None, request=request, game=game),
    )
    outcome = commands.apply(None, made, command)
    if not outcome.done:
        form.add_error(None, outcome.notice)
        return _new_game_page(request, form, None, answers.status(outcome))
    game = outcome.made
    remember(request, game, scoring=True)
    if outcome.replayed:
        messages.info(request, gettext("That game was already started (the form was sent twice)."))
    elif form.drawn:
        _tell_the_draw(request, form.drawn)
    return redirect("games:table", game.edit_token)


def _tell_the_draw(request: HttpRequest, drawn: list) -> None:
    ace = drawn[0][1]
    others = ", ".join(f"{n} {c}" for c, n in drawn[1:])
    messages.info(
        request,
        gettext("The draw: %(ace)s drew the ace and deals first; %(others)s.")
        % {"ace": ace, "others": others},
    )


def _new_game_page(
    request: HttpRequest, form: NewGameForm, house: HouseRules | None, status: int
) -> HttpResponse:
    context = {
        "form": form,
        "known_names": _known_names(request),
        "presets": preset_values(),
        "houses": _houses(request),
        "house": house,
        "extras": signals.answers(signals.new_game_extra, request=request),
    }
    return render(request, "games/new.html", context, status=status)


def _again(game: Game) -> dict:
    """The new-game form for the same table again: the same seats and rules, the deal passed
    on to the next seat (the first name typed deals first)."""
    ledger = game.ledger()
    record, stakes = ledger.game, ledger.game.stakes
    money = {k: format_amount(getattr(stakes, k), ledger.money_digits) for k in STAKE_FIELDS}
    initial = settings_initial(
        game.preset, game.rule_overrides, {"currency": stakes.currency, **money}
    )
    players = list(record.players)
    start = (players.index(record.first_dealer) + 1) % len(players)
    for i, name in enumerate(players[start:] + players[:start], 1):
        initial[f"player_{i}"] = name
    initial["seating"] = "typed"
    return initial


def _house_card(rules: engine.Rules, stakes: engine.Stakes, notes: str) -> list[str]:
    """The rules card with the table's own play notes after it, one a line."""
    return present.rules_card(rules, stakes) + [
        line.strip() for line in notes.splitlines() if line.strip()
    ]


def house_rules_new(request: HttpRequest) -> HttpResponse:
    """Compose house rules from every setting; preview the rules card; save them under a name."""
    form = HouseRulesForm(request.POST or None)
    card: list[str] = []
    if request.method == "POST" and form.is_valid() and form.rules is not None:
        card = _house_card(form.rules, form.stakes, form.cleaned_data["notes"])
        if request.POST.get("action") == "save":
            command = commands.SaveHouseRules(
                name=form.cleaned_data["name"].strip(),
                preset=form.cleaned_data["preset"],
                rule_overrides=form.tidy,
                stakes=form.stakes_record(form.cleaned_data),
                notes=form.cleaned_data["notes"].strip(),
            )
            key = request.POST.get("key", "")
            made = commands.Sent(None, key if commands.KEY.fullmatch(key) else "", "")
            outcome = commands.apply(None, made, command)
            if not outcome.done:
                form.add_error(None, outcome.notice)
                return _house_rules_page(request, form, card, answers.status(outcome))
            house = outcome.made
            remember_house(request, house)
            saved = gettext("Your house rules “%(name)s” are saved.")
            if outcome.replayed:
                saved = gettext("Your house rules “%(name)s” were already saved (sent twice).")
            messages.info(request, saved % {"name": house.name})
            return redirect(house)
    status = 422 if request.method == "POST" and form.errors else 200
    return _house_rules_page(request, form, card, status)


def _house_rules_page(
    request: HttpRequest, form: HouseRulesForm, card: list[str], status: int
) -> HttpResponse:
    context = {
        "form": form,
        "presets": preset_values(),
        "card": card,
        "houses": _houses(request),
    }
    return render(request, "games/house_rules_new.html", context, status=status)


@require_GET
def house_rules(request: HttpRequest, slug: str) -> HttpResponse:
    house = HouseRules.objects.filter(token=slug).first()
    if house is None:
        raise Http404("No house rules at this link")
    remember_house(request, house)
    played_rules, _ = build_rules(house.preset, house.rule_overrides)
    stakes = build_stakes(house.preset, house.stakes)
    context = {
        "house": house,
        "preset": engine.PRESETS[house.preset],
        "card": _house_card(played_rules, stakes, house.notes),
    }
    return render(request, "games/house_rules.html", context)
