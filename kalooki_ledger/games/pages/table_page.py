"""The table page's model: what the scoring page and the watch page show of a game, built from
its row, its ledger and the hand form (a refused one, or one holding values typed)."""

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
    settle_line,
    share_text,
    standings,
    transfer_line,
)
from ..qr import qr_svg


def table_page(
    game: Game,
    ledger: engine.Ledger,
    watch_link: str,
    hand_form: HandForm | None = None,
    typed: dict | None = None,
    **extra,
) -> dict:
    """The table page; `hand_form`: a hand form refused, else one holding `typed`; `extra`: the
    page's own values (`can_edit` on the scoring page, `notice`, `restored`...)."""
    fmt = Money(ledger)
    held = handles.handles_of(game) if ledger.transfers else {}  # one query, once over
    transfers = _transfers(game, ledger, fmt, held)
    context = {
        **_from_the_ledger(game, ledger, str(game)),
        "game": game,
        "ledger": ledger,
        "transfers": transfers,
        "watch_link": watch_link,
        "version": game.version,
        "notice": "",
    }
    context.update(extra)
    context["hand_form"] = next_hand_form(ledger, typed) if hand_form is None else hand_form
    if context.get("can_edit"):  # the handles form: the scoring page alone
        context.update(_paying(game, ledger, held, transfers))
    return context


def _from_the_ledger(game: Game, ledger: engine.Ledger, title: str) -> dict:
    """What the page shows of the ledger (and the title, in the result's text), in the reader's
    language; the offline kit kept by the game's revision (`offline.kit_attribute`)."""
    fmt = Money(ledger)
    return {
        "rows": standings(ledger),
        "pool": fmt(ledger.pool),
        "pot_title": pot_title(ledger),
        "status_line": board_line(ledger),
        "settle_line": settle_line(ledger) if ledger.over else None,
        "dealt": dealt(ledger.game.rules, ledger.next_deal),
        "family": family(ledger),
        "leading": leading(ledger),
        "offline_kit": ledger_cache.kept(
            game.pk,
            game.revision,
            f"offline-kit:{get_language()}",
            lambda: offline.kit_attribute(game, ledger),
        ),
        "asked": _asked(ledger, fmt),
        "conflicts": sorted({p.hand for p in ledger.problems if p.hand}),
        "last_hand": last_hand(ledger),
        "share_text": share_text(ledger, title) if ledger.over else "",
    }


def next_hand_form(ledger: engine.Ledger, typed: dict | None = None) -> HandForm:
    """The form for the next hand (none to fill while a hand can't be recorded)."""
    players = list(ledger.in_game()) if ledger.can_record_hand else []
    rules, seated = ledger.game.rules, ledger.game.players
    return HandForm(players, seated, rules, ledger.next_deal, typed or {})


def _transfers(game: Game, ledger: engine.Ledger, fmt: Money, held: dict) -> list[dict]:
    """The settle-up's transfers: each one's line, key, tick and the payee's pay link."""
    # Ticks only matter once there is something to settle.
    paid = set()
    if ledger.transfers:
        paid = set(PaidTransfer.objects.filter(game=game).values_list("payer", "payee", "amount"))
    currency = ledger.game.stakes.currency
    transfers = [
        {
            "text": transfer_line(t, fmt),
            "key": transfer_key(t, ledger.money_digits),
            "paid": (t.payer, t.payee, t.amount) in paid,
            "pay": handles.pay_link(t, held, currency, str(game)),
        }
        for t in ledger.transfers
    ]
    for t in transfers:  # a QR code too, for the payer to scan from the phone on the table
        if t["pay"]:
            t["qr"] = qr_svg(t["pay"]["url"], gettext("QR code of the pay link"))
    return transfers


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


def _paying(game: Game, ledger: engine.Ledger, held: dict, transfers: list[dict]) -> dict:
    """The scoring page's handles form, and the result's text with the pay links in it."""
    paying = {"pay_handles": handles.form_rows(game, ledger)}
    if ledger.over and any(t["pay"] for t in transfers):
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
