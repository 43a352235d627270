"""Thin views: load the game, ask the engine, save in one transaction, render."""

import datetime
from collections.abc import Callable
from copy import copy
from dataclasses import replace
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from kalooki_ledger import rules as engine
from kalooki_ledger.rules.money import format_amount
from kalooki_ledger.rules.record import build_rules, build_stakes

from . import answers, commands, device, handles, handover, offline, posted, present, sheet_body
from .forms import (
    STAKE_FIELDS,
    HandForm,
    HouseRulesForm,
    NewGameForm,
    preset_values,
    settings_initial,
)
from .house_session import remember_house, remembered_house_tokens
from .models import Game, HouseRules
from .qr import qr_file, qr_svg
from .session import forget_token, remember, remembered_tokens


def _game(**lookup: object) -> Game:
    """The game row alone: its ledger comes from the cache, or loads its hands when it must."""
    try:
        return Game.objects.get(**lookup)
    except Game.DoesNotExist:
        moved = "edit_token" in lookup and handover.handed_over(str(lookup["edit_token"]))
        if moved:
            raise handover.HandedOverLink(moved) from None  # HandedOverMiddleware answers
        raise Http404(gettext("No game at this link")) from None


def _table_context(
    request: HttpRequest,
    game: Game,
    ledger: engine.Ledger,
    hand_form: HandForm | None = None,
    typed: dict | None = None,
    **extra,
) -> dict:
    """The table page; `hand_form`: a hand form refused, else one holding `typed`."""
    fmt = present.Money(ledger)
    rules = ledger.game.rules
    family = present.family(ledger)
    # Ticks only matter once there is something to settle.
    paid = (
        {(t.payer, t.payee, t.amount) for t in game.paid_transfers.all()}
        if ledger.transfers
        else set()
    )
    # The payees' handles, for the pay links beside what they are owed (one query, once over).
    held = handles.handles_of(game) if ledger.transfers else {}
    currency = ledger.game.stakes.currency
    transfers = [
        {
            "text": present.transfer_line(t, fmt),
            "key": present.transfer_key(t, ledger.money_digits),
            "paid": (t.payer, t.payee, t.amount) in paid,
            "pay": handles.pay_link(t, held, currency, str(game)),
        }
        for t in ledger.transfers
    ]
    for t in transfers:  # a QR code too, for the payer to scan from the phone on the table
        if t["pay"]:
            t["qr"] = qr_svg(t["pay"]["url"], gettext("QR code of the pay link"))
    asked = None
    if ledger.awaiting_buy_ins:
        name = ledger.awaiting_buy_ins[0]
        standing = ledger.standing(name)
        asked = {
            "name": name,
            "total": standing.total,
            "reset_to": ledger.reset_to,
            "stake": fmt(ledger.game.stakes.buy_in),
            "used": standing.buy_ins,
            "allowed": gettext("unlimited") if rules.max_buy_ins is None else rules.max_buy_ins,
            "hand": len(ledger.hands),
        }
    context = {
        "game": game,
        "ledger": ledger,
        "rows": present.standings(ledger),
        "pool": fmt(ledger.pool),
        "pot_title": present.pot_title(ledger),
        "status_line": present.board_line(ledger),
        "settle_line": present.settle_line(ledger) if ledger.over else None,
        "dealt": _dealt(rules, ledger.next_deal),
        "family": family,
        "leading": present.leading(ledger),
        "offline_kit": offline.kit_attribute(ledger),
        "asked": asked,
        "transfers": transfers,
        "conflicts": sorted({p.hand for p in ledger.problems if p.hand}),
        "last_hand": present.last_hand(ledger),
        "share_text": present.share_text(ledger, str(game)) if ledger.over else "",
        "watch_link": request.build_absolute_uri(game.share_url()),
        "version": game.version,
        "notice": "",
    }
    context.update(extra)
    if hand_form is None:
        players = list(ledger.in_game()) if ledger.can_record_hand else []
        seats = commands.seat_order(ledger)
        hand_form = HandForm(players, seats, rules, ledger.next_deal, typed)
    context["hand_form"] = hand_form
    if context.get("can_edit"):  # the handles form: the scoring page alone
        context["pay_handles"] = handles.form_rows(game, ledger)
        if ledger.over and any(t["pay"] for t in transfers):  # the text with the pay links
            said = present.share_text(ledger, str(game)).split("\n")
            said[len(said) - len(transfers) :] = handles.with_handles(
                ledger, held, str(game), links=True
            )
            context["share_text_paying"] = "\n".join(said)
    return context


def _dealt(rules: engine.Rules, deal: int | None) -> int | None:
    """The cards dealt to each player in a fixed-deals deal."""
    if not deal or not rules.deal_schedule:
        return None
    return rules.deal_schedule[min(deal, len(rules.deal_schedule)) - 1].cards


def _card_values(rules: engine.Rules) -> list[tuple[str, int, str]]:
    """The card counter's keys (shown, value, spoken) with the preset's values for a card left
    in hand; where red and black aces differ, a key for each."""
    ranks = ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "Joker")
    if rules.red_ace_value is not None:
        aces = [
            ("A♠♣", rules.card_value("A", "S"), gettext("Black ace")),
            ("A♥♦", rules.card_value("A", "H"), gettext("Red ace")),
        ]
    else:
        aces = [("A", rules.card_value("A"), "A")]
    # Keys read as the reader's cards do: a Swedish queen and jack are D and Kn.
    shown = {
        "K": pgettext("a king on the card counter", "K"),
        "Q": pgettext("a queen on the card counter", "Q"),
        "J": pgettext("a jack on the card counter", "J"),
        "Joker": pgettext("a joker on the card counter", "Joker"),
    }
    keys = [(shown.get(rank, rank), rules.card_value(rank)) for rank in ranks]
    return aces + [(label, value, label) for label, value in keys]


def _render_table(request: HttpRequest, game: Game, status: int = 200, **extra) -> HttpResponse:
    ledger = game.ledger()
    context = _table_context(request, game, ledger, can_edit=True, **extra)
    if not request.htmx:  # the fragment leaves out what only the whole page shows
        if request.GET.get("handover"):  # asked for, past the warning
            scoring_link = request.build_absolute_uri(game.get_absolute_url())
            context["handover"] = qr_svg(scoring_link, gettext("QR code of the scoring link"))
        context["card_values"] = _card_values(ledger.game.rules)
    template = "games/table.html#live" if request.htmx else "games/table.html"
    return render(request, template, context, status=status)


def _back_to_table(request: HttpRequest, game: Game, notice: str = "") -> HttpResponse:
    """After a change: the fresh table for htmx, a redirect for a plain form post."""
    if request.htmx:
        return _render_table(request, game, notice=notice)  # its version moved with the write
    if notice:
        messages.info(request, notice)
    return redirect("games:table", game.edit_token)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tokens = remembered_tokens(request)
    found = Game.objects.filter(edit_token__in=tokens) | Game.objects.filter(share_token__in=tokens)
    by_token = {}
    for game in found.distinct():
        by_token[game.edit_token] = (game, True)
        by_token[game.share_token] = (game, False)
    games = []
    for token in tokens:
        if token in by_token:
            game, scoring = by_token[token]
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
    house = None
    initial = {}
    if request.method != "POST" and request.GET.get("house"):
        house = HouseRules.objects.filter(token=request.GET["house"]).first()
        if house is None:
            raise Http404("No house rules at this link")
        initial = settings_initial(house.preset, house.rule_overrides, house.stakes)
        initial["title"] = house.name
    elif request.method != "POST" and request.GET.get("again"):
        initial = _again(_game(edit_token=request.GET["again"]))
    form = NewGameForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid() and form.record is not None:
        try:
            sent = _sent(request)
        except commands.Refusal:
            sent = commands.Sent(None, "", device.device_label(request))
        # A game started here is played today (a date the score sheet can change).
        started_record = form.record
        if started_record.played_on is None:
            started_record = replace(started_record, played_on=timezone.localdate())
        history = commands.start_values(form.record.game.players, form.drawn)
        command = commands.StartGame(started_record, history, values=form.cleaned_data)
        outcome = commands.apply(None, sent, command)
        if not outcome.done:
            form.add_error(None, outcome.notice)
            return _new_game_page(request, form, house, answers.status(outcome))
        game = outcome.made
        remember(request, game, scoring=True)
        if outcome.replayed:
            messages.info(
                request, gettext("That game was already started (the form was sent twice).")
            )
            return redirect("games:table", game.edit_token)
        if form.drawn:
            ace = form.drawn[0][1]
            others = ", ".join(f"{n} {c}" for c, n in form.drawn[1:])
            messages.info(
                request,
                gettext("The draw: %(ace)s drew the ace and deals first; %(others)s.")
                % {"ace": ace, "others": others},
            )
        return redirect("games:table", game.edit_token)
    return _new_game_page(request, form, house, 422 if request.method == "POST" else 200)


def _new_game_page(
    request: HttpRequest, form: NewGameForm, house: HouseRules | None, status: int
) -> HttpResponse:
    context = {
        "form": form,
        "known_names": _known_names(request),
        "presets": preset_values(),
        "houses": _houses(request),
        "house": house,
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
            sent = commands.Sent(None, key if commands.KEY.fullmatch(key) else "", "")
            outcome = commands.apply(None, sent, command)
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


def scoring(view):
    """Loads the game of a scoring link (404 for any other) and hands it to the view."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
        return view(request, _game(edit_token=token), *args, **kwargs)

    return wrapper


def _sent(request: HttpRequest) -> commands.Sent:
    return commands.parse_sent(request.POST, device.device_label(request))


def _command(request: HttpRequest, game: Game, command: commands.Command) -> commands.Outcome:
    """Applies a command sent by a form; a damaged form is refused like any other command."""
    try:
        sent = _sent(request)
    except commands.Refusal as refusal:
        return refusal.outcome
    return commands.apply(game, sent, command)


def _table_answer(
    request: HttpRequest, game: Game, outcome: commands.Outcome, typed: dict | None = None
) -> HttpResponse:
    """The table after a command from the table page, as it now stands; a refused hand's
    values (`typed`) stay in the form, as an undone hand's do."""
    if outcome.done:
        return _back_to_table(request, game, notice=outcome.notice)
    status = answers.status(outcome)
    if outcome.entry is not None:
        return _render_table(request, game, status=status, hand_form=outcome.entry)
    return _render_table(request, game, status=status, notice=outcome.notice, typed=typed)


# What a hand form posts besides the hand: a refused hand's values are offered again without them.
COMMAND_FIELDS = ("csrfmiddlewaretoken", "key", "version", "number", "action")


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def table(request: HttpRequest, token: str) -> HttpResponse:
    game = _game(edit_token=token)
    remember(request, game, scoring=True)
    return _render_table(request, game, **_restored(request, game, game.ledger()))


@require_POST
@scoring
def record_hand(request: HttpRequest, game: Game) -> HttpResponse:
    outcome = _command(request, game, posted.record_hand(request.POST))
    typed = {k: v for k, v in request.POST.items() if k not in COMMAND_FIELDS}
    if outcome.verdict is commands.Verdict.STALE and _is_last_hand(game, typed):
        typed = {}  # a repeated tap, or a second phone that scored it the same: not offered again
    return _table_answer(request, game, outcome, typed=typed)


def _is_last_hand(game: Game, typed: dict) -> bool:
    """Whether the form holds the hand the game already ends with (the same winner and values)."""
    ledger = game.ledger()
    if not ledger.game.hands:
        return False
    seats = commands.seat_order(ledger)
    last = HandForm(list(seats), seats, ledger.game.rules).fill(ledger.game.hands[-1]).typed

    def hand(fields: dict) -> dict:
        kinds = ("value-", "cards-", "jokers-", "adjust-", "winner", "kalookie")
        unset = {"", None}
        return {
            k: v
            for k, v in fields.items()
            if k.startswith(kinds) and v not in unset and not (k.startswith("jokers-") and v == "0")
        }

    return hand(last) == hand(typed)


@require_POST
@scoring
def hand_over(request: HttpRequest, game: Game) -> HttpResponse:
    """Hands the scoring over: the game's new scoring link as a QR code, for the new phone to
    scan; this phone's link only watches from now on (its next request says so)."""
    outcome = _command(request, game, handover.HandOver())
    if not outcome.applied:
        return _table_answer(request, game, outcome)
    game.refresh_from_db(fields=["edit_token"])
    link = request.build_absolute_uri(game.get_absolute_url())
    context = {
        "game": game,
        "link": link,
        "code": qr_svg(link, gettext("QR code of the new scoring link")),
        "watch": handover.watch_url(game),
    }
    response = render(request, "games/handed_over.html", context)
    add_never_cache_headers(response)
    return response


@require_POST
@scoring
def buy_in(request: HttpRequest, game: Game) -> HttpResponse:
    post = request.POST
    answer = {"in": True, "out": False}.get(post.get("choice", ""))
    command = commands.BuyIn(post.get("player", ""), posted.hand_number(post.get("hand")), answer)
    return _table_answer(request, game, _command(request, game, command))


@require_POST
@scoring
def undo(request: HttpRequest, game: Game) -> HttpResponse:
    """Takes back the last hand and puts its values back in the hand form, so a slip is mended
    by changing what was wrong and a mistaken undo by recording it again."""
    outcome = _command(request, game, commands.Undo(posted.hand_number(request.POST.get("hand"))))
    if not outcome.done or outcome.undone is None:
        return _table_answer(request, game, outcome)
    ledger = game.ledger()
    typed: dict[str, str] = {}
    if not outcome.undone.void and ledger.can_record_hand:
        seats = commands.seat_order(ledger)
        form = HandForm(list(seats), seats, ledger.game.rules, ledger.next_deal)
        typed = form.fill(outcome.undone).typed
    if request.htmx:
        return _render_table(request, game, typed=typed, restored=outcome.notice)
    restore = {"number": ledger.next_hand_number, "typed": typed, "notice": outcome.notice}
    request.session[_restore_key(game)] = restore
    return redirect(reverse("games:table", args=[game.edit_token]) + "#hand-title")


def _restore_key(game: Game) -> str:
    return f"restore-{game.pk}"


def _restored(request: HttpRequest, game: Game, ledger: engine.Ledger) -> dict:
    """An undone hand's values waiting for the table page (once, and only for that hand)."""
    restore = request.session.pop(_restore_key(game), None)
    if not restore or restore.get("number") != ledger.next_hand_number:
        return {}
    return {"typed": restore["typed"], "restored": restore["notice"]}


@require_POST
@scoring
def stop(request: HttpRequest, game: Game) -> HttpResponse:
    command = commands.Stop(request.POST.get("settle", ""))
    return _table_answer(request, game, _command(request, game, command))


@require_POST
@scoring
def paid(request: HttpRequest, game: Game) -> HttpResponse:
    post = request.POST
    was = set(post.getlist("was")) if post.get("shown") else None
    command = commands.MarkPaid(game, set(post.getlist("paid")), was)
    return _table_answer(request, game, _command(request, game, command))


@require_POST
@scoring
def pay_handle(request: HttpRequest, game: Game) -> HttpResponse:
    """Sets or removes a player's payment handle (the service "" removes it)."""
    post = request.POST
    service = "" if post.get("action") == "remove" else post.get("service", "")
    command = handles.SetHandle(game, post.get("player", ""), service, post.get("handle", ""))
    return _table_answer(request, game, _command(request, game, command))


@require_POST
@scoring
def played_on(request: HttpRequest, game: Game) -> HttpResponse:
    try:
        day = datetime.date.fromisoformat(request.POST.get("played_on", "").strip())
    except ValueError:
        day = None
    command = commands.SetDate(day, timezone.localdate())
    return _sheet_answer(request, game, _command(request, game, command))


def _edit_context(
    game: Game, ledger: engine.Ledger, number: int, hand_form: HandForm | None = None
) -> dict:
    """The edit page; `hand_form`: the form refused, else one holding the recorded hand."""
    row = ledger.hands[number - 1]
    rules = ledger.game.rules
    if hand_form is None:
        players, seats = commands.in_hand(ledger, number), commands.seat_order(ledger)
        hand_form = HandForm(players, seats, rules, row.deal, decisions=True)
        hand_form.fill(ledger.game.hands[number - 1])
    return {
        "game": game,
        "ledger": ledger,
        "row": row,
        "number": number,
        "hand_form": hand_form,
        "problems": [present.problem_text(p) for p in ledger.hand_problems(number)],
        "card_values": _card_values(ledger.game.rules),
        "version": game.version,
    }


def _sheet_answer(request: HttpRequest, game: Game, outcome: commands.Outcome) -> HttpResponse:
    """The score sheet after a command from the sheet's own pages (edit, delete)."""
    if outcome.verdict is commands.Verdict.MISSING:
        raise Http404(outcome.notice)
    if outcome.done:
        (messages.warning if outcome.warning else messages.info)(request, outcome.notice)
        return redirect("games:sheet", game.edit_token)
    messages.warning(request, outcome.notice)
    return _sheet(request, game, game.edit_token, can_edit=True, status=answers.status(outcome))


@never_cache
@scoring
def edit_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    if request.method == "POST":
        # The command checks the version before the hand: an edit of a hand undone or deleted
        # since is told what changed (409), not that there is no such hand.
        outcome = _command(request, game, posted.edit_hand(number, request.POST))
        if outcome.entry is None:
            return _sheet_answer(request, game, outcome)
        context = _edit_context(game, game.ledger(), number, outcome.entry)
        return render(request, "games/edit_hand.html", context, status=answers.status(outcome))
    ledger = game.ledger()
    if not 1 <= number <= len(ledger.hands):
        raise Http404("No such hand")
    return render(request, "games/edit_hand.html", _edit_context(game, ledger, number))


@require_POST
@scoring
def delete_hand(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    return _sheet_answer(request, game, _command(request, game, commands.DeleteHand(number)))


def _sheet_links(token: str) -> dict[str, str]:
    return {kind: reverse(f"sheets:{kind}", args=[token]) for kind in ("pdf", "csv", "json")}


def _sheet(
    request: HttpRequest, game: Game, token: str, can_edit: bool, status: int = 200
) -> HttpResponse:
    ledger = game.ledger()
    fmt = present.Money(ledger)
    family = present.family(ledger)
    sheet = sheet_body.get(game, ledger, can_edit)  # the rows, built once per version
    context = {
        "game": game,
        "ledger": ledger,
        "can_edit": can_edit,
        "public": not can_edit,
        "sheet": sheet,
        "rows": ledger.hands,  # only asked whether there are any
        "notes": sheet.notes,
        "family": family,
        "points_heading": present.points_heading(ledger),
        "pot_title": present.pot_title(ledger),
        "pool_row": present.pool_row(ledger),
        "net_row": present.net_row(ledger),
        "pool": fmt(ledger.pool),
        "links": _sheet_links(token),
        "changes": game.changes.all()[:200],
        "phone": device.current_label(request) if can_edit else None,
        "version": game.version,
        "problems": [present.problem_text(p) for p in ledger.problems if not p.hand],
        "conflicts": sorted({p.hand for p in ledger.problems if p.hand}),
    }
    template = "games/sheet.html#sheetlive" if request.htmx else "games/sheet.html"
    return render(request, template, context, status=status)


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def sheet(request: HttpRequest, token: str) -> HttpResponse:
    game = _game(edit_token=token)
    remember(request, game, scoring=True)
    return _sheet(request, game, token, can_edit=True)


@require_POST
def phone_name(request: HttpRequest, token: str) -> HttpResponse:
    """Names this phone in the game's history from now on; earlier lines keep the old name."""
    game = _game(edit_token=token)
    refused = device.rename(request, request.POST.get("name", ""))
    if refused:
        messages.error(request, gettext("%(refused)s Nothing was changed.") % {"refused": refused})
    else:
        messages.info(
            request,
            gettext("This phone's changes now show as “%(name)s”.")
            % {"name": device.device_label(request)},
        )
    return redirect(reverse("games:sheet", args=[game.edit_token]) + "#history")


@require_GET
def watch_sheet(request: HttpRequest, token: str) -> HttpResponse:
    return _watched(request, token, lambda game: _sheet(request, game, token, can_edit=False))


def _rules(request: HttpRequest, game: Game, back: str) -> HttpResponse:
    played = game.ledger().game
    preset = engine.PRESETS[game.preset]
    lines = present.rules_card(played.rules, played.stakes)
    # The preset's description quotes its own stakes: only the game's are printed.
    changed = present.changed_rules(game.preset, played.rules)
    context = {"game": game, "preset": preset, "lines": lines, "back": back, "changed": changed}
    return render(request, "games/rules.html", context)


@require_GET
@never_cache  # a scoring page: private, never kept by a cache
def rules(request: HttpRequest, token: str) -> HttpResponse:
    game = _game(edit_token=token)
    return _rules(request, game, game.get_absolute_url())


@require_GET
def watch_rules(request: HttpRequest, token: str) -> HttpResponse:
    game = _game(share_token=token)
    return _rules(request, game, game.share_url())


# What a watch link shows is the same for every watcher: a shared cache in front (nginx, a CDN)
# may keep it for two seconds and answer the polls; it carries no cookie and varies by none.
WATCH_CACHE = "public, max-age=2, stale-while-revalidate=30"


def _public(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = WATCH_CACHE
    # The page and its fragment share a URL; each language is a copy of its own.
    patch_vary_headers(response, ["HX-Request", "Accept-Language"])
    return response


def _phone_language(request: HttpRequest) -> str:
    """The language of the phone's Accept-Language alone: a watch page is one copy for every
    watcher, kept by that header, so no language cookie may choose it."""
    headers_only = copy(request)
    headers_only.COOKIES = {}
    return translation.get_language_from_request(headers_only)


def _watched(
    request: HttpRequest, token: str, page: Callable[[Game], HttpResponse]
) -> HttpResponse:
    """A watch link's page or its poll: 304 for the ETag it has, 204 for a poll whose version
    still stands (one query either way), else `page` of the game; all of it cacheable."""
    version = Game.objects.filter(share_token=token).values_list("version", flat=True).first()
    if version is None:
        raise Http404(gettext("No game at this link"))
    language = _phone_language(request)
    # The language is part of the page: a phone switched to another may not keep the old copy
    # (the site's own language keeps the tag it always had).
    tagged = "" if language == settings.LANGUAGE_CODE else f"-{language}"
    etag = f'"w{version}{tagged}{"-f" if request.htmx else ""}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    elif request.htmx and request.GET.get("v") == str(version):
        response = HttpResponse(status=204)  # unchanged: htmx keeps the page
    else:
        with translation.override(language):
            request.LANGUAGE_CODE = language
            response = page(_game(share_token=token))
    response["Content-Language"] = language
    return _public(response, etag)


@require_GET
def watch_remember(request: HttpRequest, token: str) -> HttpResponse:
    """Puts a watched game in this phone's list of games: asked by app.js, so that the watch
    page itself never touches the session."""
    remember(request, _game(share_token=token), scoring=False)
    response = HttpResponse(status=204)
    add_never_cache_headers(response)
    return response


@require_GET
def watch_qr(request: HttpRequest, token: str) -> HttpResponse:
    """The watch link as a QR code image: the table page loads it when its section opens."""
    game = _game(share_token=token)
    response = HttpResponse(
        qr_file(request.build_absolute_uri(game.share_url())), content_type="image/svg+xml"
    )
    response["Cache-Control"] = "private, max-age=86400"
    return response


@require_GET
def watch(request: HttpRequest, token: str) -> HttpResponse:
    return _watched(request, token, lambda game: _watch_page(request, game))


def _watch_page(request: HttpRequest, game: Game) -> HttpResponse:
    ledger = game.ledger()
    context = _table_context(request, game, ledger, can_edit=False, public=True)
    context["preview"] = present.result_line(ledger)
    context["handed_over"] = request.GET.get("handed-over") == "1"
    template = "games/watch.html#live" if request.htmx else "games/watch.html"
    return render(request, template, context)
