"""The table page's model: what the scoring page and the watch page show of a game, built from
its row, its ledger and the hand form (a refused one, or one holding values typed).

What the page says of the ledger (its words, the standing, the few facts its forms read: `Now`)
is kept by the game's revision and the language (`ledger_cache.kept`), so a page whose formless
parts are kept (`{% cache %}`) renders its forms without loading the game's hands: the ledger
is loaded only where something kept is missing (`game.ledger`, called lazily)."""

from dataclasses import dataclass
from typing import Any

from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, gettext, pgettext

from kalooki_ledger import rules as engine

from .. import handles, ledger_cache, offline
from ..forms.hand import HandForm
from ..models import Game, PaidTransfer
from ..present.hands import last_hand
from ..present.money import Money, transfer_key
from ..present.sheet import pot_title
from ..present.words import (
    board_line,
    family,
    leading,
    result_line,
    settle_line,
    share_text,
    standings,
    transfer_line,
)
from ..qr import qr_svg


@dataclass(frozen=True)
class Now:
    """The facts of the ledger the page's forms read (`now.` in the templates): a handful of
    values, kept with the page's words, where the ledger of a long game is thousands of rows."""

    hands: int
    over: bool
    problems: bool
    stopped: bool
    winner: str | None
    can_record_hand: bool
    next_hand_number: int
    dealer: str | None
    next_deal: int | None
    in_game: tuple[str, ...]
    players: tuple[str, ...]
    rules: engine.Rules
    currency: str

    @classmethod
    def of(cls, ledger: engine.Ledger) -> "Now":
        return cls(
            hands=len(ledger.hands),
            over=ledger.over,
            problems=bool(ledger.problems),
            stopped=bool(ledger.game.stopped),
            winner=ledger.winner,
            can_record_hand=ledger.can_record_hand,
            next_hand_number=ledger.next_hand_number,
            dealer=ledger.dealer,
            next_deal=ledger.next_deal,
            in_game=tuple(ledger.in_game()),
            players=tuple(ledger.game.players),
            rules=ledger.game.rules,
            currency=ledger.game.stakes.currency,
        )


def table_page(
    game: Game,
    ledger: engine.Ledger | None,
    watch_link: str,
    hand_form: HandForm | None = None,
    typed: dict | None = None,
    **extra,
) -> dict:
    """The table page; `ledger`: the game's at its revision if a change derived one (else loaded
    only if something kept is missing); `hand_form`: a hand form refused, else one holding
    `typed`; `extra`: the page's own values (`can_edit` on the scoring page, `notice`...)."""
    if ledger is None:
        ledger = SimpleLazyObject(game.ledger)  # type: ignore[assignment]
    said = ledger_cache.kept(
        game.pk, game.revision, f"table:{get_language()}", lambda: _from_the_ledger(game, ledger)
    )
    now: Now = said["now"]
    held = handles.handles_of(game) if said["transfers"] else {}  # read once over
    transfers = _transfers(game, said["transfers"], now.currency, held)
    context = {
        **said,
        "game": game,
        "ledger": ledger,  # what the kept (formless) parts read when they are built
        "transfers": transfers,
        "watch_link": watch_link,
        "version": game.version,
        "notice": "",
    }
    context.update(extra)
    context["hand_form"] = next_hand_form(now, typed) if hand_form is None else hand_form
    if context.get("can_edit"):  # the handles form: the scoring page alone
        context.update(_paying(game, ledger, now, held, transfers))
    return context


def _from_the_ledger(game: Game, ledger: engine.Ledger) -> dict:
    """What the page says of the ledger, in the reader's language, and the facts its forms read;
    the offline kit (`offline.kit_attribute`) and the result line of a link's preview."""
    fmt = Money(ledger)
    title = str(game)
    return {
        "now": Now.of(ledger),
        "rows": standings(ledger),
        "pool": fmt(ledger.pool),
        "pot_title": pot_title(ledger),
        "status_line": board_line(ledger),
        "settle_line": settle_line(ledger) if ledger.over else None,
        "dealt": dealt(ledger.game.rules, ledger.next_deal),
        "family": family(ledger),
        "leading": leading(ledger),
        "offline_kit": offline.kit_attribute(game, ledger),
        "asked": _asked(ledger, fmt),
        "conflicts": sorted({p.hand for p in ledger.problems if p.hand}),
        "last_hand": last_hand(ledger),
        "share_text": share_text(ledger, title) if ledger.over else "",
        "preview": result_line(ledger),
        "transfers": [
            (t, transfer_line(t, fmt), transfer_key(t, ledger.money_digits))
            for t in ledger.transfers
        ],
    }


def next_hand_form(now: Now, typed: dict | None = None) -> HandForm:
    """The form for the next hand (none to fill while a hand can't be recorded)."""
    players = list(now.in_game) if now.can_record_hand else []
    return HandForm(players, now.players, now.rules, now.next_deal, typed or {})


def _transfers(game: Game, said: list[tuple], currency: str, held: dict) -> list[dict]:
    """The settle-up's transfers: each one's line, key, tick and the payee's pay link."""
    # Ticks only matter once there is something to settle; each moves the game's revision.
    paid = set()
    if said:
        paid = ledger_cache.kept(game.pk, game.revision, "paid", lambda: _paid(game))
    transfers = [
        {
            "text": text,
            "key": key,
            "payee": t.payee,
            "paid": (t.payer, t.payee, t.amount) in paid,
            "pay": handles.pay_link(t, held, currency, str(game)),
        }
        for t, text, key in said
    ]
    for t in transfers:  # a QR code too, for the payer to scan from the phone on the table
        if t["pay"]:
            t["qr"] = qr_svg(t["pay"]["url"], gettext("QR code of the pay link"))
    return transfers


def _paid(game: Game) -> set[tuple]:
    return set(PaidTransfer.objects.filter(game=game).values_list("payer", "payee", "amount"))


def _asked(ledger: engine.Ledger, fmt: Money) -> dict | None:
    """The buy-in question waiting, if one is."""
    if not ledger.awaiting_buy_ins:
        return None
    rules = ledger.game.rules
    name = ledger.awaiting_buy_ins[0]
    standing = ledger.standing(name)
    return {
        "name": name,
        "total": standing.total,
        "reset_to": ledger.reset_to,
        "stake": fmt(ledger.game.stakes.buy_in),
        "used": standing.buy_ins,
        "allowed": gettext("unlimited") if rules.max_buy_ins is None else rules.max_buy_ins,
        "hand": len(ledger.hands),
    }


def _paying(game: Game, ledger: Any, now: Now, held: dict, transfers: list[dict]) -> dict:
    """The scoring page's handles form, and the result's text with the pay links in it (the one
    place the page loads the ledger whose words are kept: a settle-up with pay links)."""
    names = now.players
    if now.over and transfers:  # the handles that make a pay link now, and those given already
        owed = {t["payee"] for t in transfers}
        names = tuple(name for name in names if name in held or name in owed)
    paying = {"pay_handles": handles.form_rows(game, now.currency, names)}
    if now.over and any(t["pay"] for t in transfers):
        said = share_text(ledger, str(game)).split("\n")
        said[len(said) - len(transfers) :] = handles.with_handles(
            ledger, held, str(game), links=True
        )
        paying["share_text_paying"] = "\n".join(said)
    return paying


def dealt(rules: engine.Rules, deal: int | None) -> int | None:
    """The cards dealt to each player in a fixed-deals deal."""
    if not deal or not rules.deal_schedule:
        return None
    return rules.deal_schedule[min(deal, len(rules.deal_schedule)) - 1].cards


def card_values(rules: engine.Rules) -> list[tuple[str, int, str]]:
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
