"""What a night's page and a group's page show, built from the games' ledgers, the night's
payments and the engine's settle-up; every amount and sentence through games.present."""

from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext

from kalooki_ledger import rules as engine
from kalooki_ledger.games import charts, handles, present, season
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present.money import money, transfer_key
from kalooki_ledger.games.qr import qr_svg

from .models import Group, Night
from .words import owed_words, paid_words


def formatter(currency: str, digits: int):
    """Writes the night's or group's amounts as a game's (games.present.money)."""

    def fmt(amount: Decimal, signed: bool = False) -> str:
        return money(amount, currency, digits, signed)

    return fmt


def winner_text(ledger: engine.Ledger) -> str:
    if ledger.winner:
        return ledger.winner
    return present.joined(ledger.sharers) if ledger.status == "stopped" else ""


def paid_line(payment, fmt) -> str:
    return gettext("%(payer)s paid %(payee)s %(amount)s") % {
        "payer": payment.payer,
        "payee": payment.payee,
        "amount": fmt(payment.amount),
    }


def closing_label(night: Night) -> str:
    """The line of what a closed night's money did (the page, its PDF and CSV say it alike)."""
    if night.closed == "carried" and night.carried_to is not None:
        return gettext("Carried into night %(number)s") % {"number": night.carried_to.number}
    if night.closed == "carried":
        return gettext("Carried on")
    return gettext("Written off") if night.closed else ""


def _handles(games: list[Game]) -> dict[str, tuple[str, str]]:
    """The payees' handles as the night's games keep them, the latest game's first."""
    held: dict[str, tuple[str, str]] = {}
    for game in games:
        held.update(handles.handles_of(game))
    return held


@dataclass(frozen=True)
class Links:
    """A night's own links as the request reads them (its host and prefix): the page model
    takes them made, so it needs no request."""

    watch: str
    scoring: str = ""  # the scoring page's only


def night_page(night: Night, links: Links) -> dict:
    """A night's page (its scoring page when `links` has the scoring link): its games, the
    settle-up, what was paid and its history, read in the request's one snapshot."""
    games = night.games()
    settled = night.settle(games)
    fmt = formatter(night.currency, night.digits(games))
    scoring = bool(links.scoring)
    columns = [
        _column(game, row, settled.players, fmt, scoring)
        for game, row in zip(games, settled.games, strict=True)
    ]
    payments = _payment_rows(night, settled, fmt)
    return {
        "night": night,
        "group": night.group,
        "scoring": scoring,
        "columns": columns,
        "playing": [c for c in columns if not c["over"]],
        **_money_context(night, games, settled, fmt, payments),
        "history": list(night.lines()[:30]),
        **_link_context(links, games),
    }


def _payment_rows(night: Night, settled, fmt) -> list[dict]:
    """Each payment made, as the page lists it: whether it still fits what was owed."""
    return [
        {
            "id": p.pk,
            "text": paid_line(p, fmt),
            "at": timezone.localtime(p.at),
            "who": p.who,
            "fits": line.fits,
        }
        for p, line in zip(night.payments(), settled.payments, strict=True)
    ]


def _money_context(night: Night, games: list[Game], settled, fmt, payments: list) -> dict:
    """The night's money: each player's lines, the transfers, the payments, what was closed."""
    return {
        "players": _players(settled, fmt),
        "has_opening": any(settled.opening.values()),
        "has_paid": bool(payments),
        "transfers": _transfers(night, games, settled, fmt),
        "payments": payments,
        "settled": settled,
        "closing": [
            {"name": p, "amount": fmt(Decimal(v), signed=True)} for p, v in night.closing.items()
        ],
        "players_names": settled.players,
        "closing_label": closing_label(night),
    }


def _link_context(links: Links, games: list[Game]) -> dict:
    """The watch link for everyone; the scoring link and Play again on the scoring page."""
    context = {
        "watch_link": links.watch,
        "watch_qr": qr_svg(links.watch, gettext("QR code of the watch link")),
    }
    if links.scoring:
        context["scoring_link"] = links.scoring
        context["scoring_qr"] = qr_svg(links.scoring, gettext("QR code of the scoring link"))
        context["again"] = games[-1] if games else None
    return context


def _column(game: Game, row, players: list[str], fmt, scoring: bool) -> dict:
    """One game's column of the night's table: its link, status, winner and each one's net."""
    ledger = game.ledger()
    said, winner = present.status_text(ledger), winner_text(ledger)
    # A stopped game says how its pool went (split equally, refunded, the leader's).
    status = present.status_line(ledger) if ledger.status == "stopped" else said
    return {
        "game": game,
        "url": game.get_absolute_url() if scoring else game.share_url(),
        "status": status,
        "winner": "" if winner in said else winner,
        "over": row.over,
        "nets": [
            {
                "name": p,
                "amount": fmt(row.nets[p], signed=True) if p in row.played else "0",
                "played": p in row.played,
            }
            for p in players
        ],
    }


def _players(settled, fmt) -> list[dict]:
    return [
        {
            "name": p,
            "opening": fmt(settled.opening[p], signed=True),
            "total": fmt(settled.totals[p], signed=True),
            "paid": paid_words(settled.paid[p], fmt),
            "closing": fmt(settled.closing[p], signed=True),
            "owed": owed_words(settled.owed[p], fmt),
        }
        for p in settled.players
    ]


def _transfers(night: Night, games: list[Game], settled, fmt) -> list[dict]:
    """What is still owed, each transfer with the payee's pay link (and its QR code)."""
    held = _handles(games)
    digits = night.digits(games)
    transfers = []
    for t in settled.transfers:
        link = handles.pay_link(t, held, night.currency, str(night))
        item = {
            "text": present.transfer_line(t, fmt),
            "payer": t.payer,
            "payee": t.payee,
            "amount": engine.money.format_amount(t.amount, digits),
            "key": transfer_key(t, digits),
            "pay": link,
            "paid": False,
        }
        if link:
            item["qr"] = qr_svg(link["url"], gettext("QR code of the pay link"))
        transfers.append(item)
    return transfers


def group_page(group: Group) -> dict:
    """A group's page: its nights, running balances, payments, season table and chart."""
    nights = list(group.nights.order_by("-number"))
    digits = max([0, *(n.digits() for n in nights)])
    fmt = formatter(group.currency, digits)
    # A group keeps no people: a player is the name they sat under in each game.
    played = season.by_name(Game.objects.loaded().filter(night_link__night__group=group))
    table = season.season_table(played)
    chart = ""
    if table:
        running = season.running_net(season.history(table[0].person, played))
        chart = charts.net_chart(
            [str(line.played.game) for line, _ in running],
            [total for _, total in running],
            fmt,
            present.currency_unit(group.currency),
        )
    payments = []
    for night in nights:
        for p in night.payments():
            payments.append(
                {
                    "night": night,
                    "text": paid_line(p, fmt),
                    "at": timezone.localtime(p.at),
                    "who": p.who,
                }
            )
    return {
        "group": group,
        "nights": nights,
        "balances": [
            {"name": p, "amount": fmt(v, signed=True)}
            for p, v in group.balances().items()
            if v != 0
        ],
        "payments": payments,
        "table": [(row, fmt(row.net, signed=True)) for row in table],
        "chart": chart,
        "chart_of": table[0].person.name if table else "",
        "history": list(group.lines()[:30]),
    }
