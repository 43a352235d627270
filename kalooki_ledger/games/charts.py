"""Small inline SVG charts, drawn on the server: no chart library, no script, no inline style.

Colours come from CSS classes (static/css/clubs.css), so the charts follow the dark theme; every
chart carries a <title> and <desc>, and the pages show the same figures as a table beside it.
"""

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from html import escape

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from kalooki_ledger.rules import HandRow
from kalooki_ledger.rules.money import UNITS

from . import present

WIDTH = 360
HEIGHT = 220
LEFT = 68  # room for the y-axis title and figures (Swedish sets thousands apart: 1 500)
RIGHT = 12
TOP = 12
BOTTOM = 46  # room for the x-axis figures and title
# Figures are 14 units high in a 360-unit-wide drawing: at least 12 px on a 360 px phone.
SERIES = 6  # the engine seats at most six, so six line classes suffice


@dataclass(frozen=True)
class Frame:
    """Maps data values onto the drawing area."""

    x_max: float
    y_min: float
    y_max: float

    def x(self, value: float) -> float:
        span = self.x_max or 1
        return round(LEFT + (WIDTH - LEFT - RIGHT) * value / span, 1)

    def y(self, value: float) -> float:
        span = (self.y_max - self.y_min) or 1
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (self.y_max - value) / span, 1)


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round-numbered gridline values from at or below `low` to at or above `high`."""
    high = max(high, low + 1)  # a flat series still gets a band to sit in
    raw = (high - low) / count
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 10**9) if s >= raw)
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return [first + i * step for i in range(round((last - first) / step) + 1)]


def _svg(title: str, desc: str, body: list[str], css: str) -> str:
    return (
        f'<svg class="chart {css}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" aria-labelledby="{css}-title {css}-desc">'
        f'<title id="{css}-title">{escape(title)}</title>'
        f'<desc id="{css}-desc">{escape(desc)}</desc>' + "".join(body) + "</svg>"
    )


def figure(value: float) -> str:
    """An axis figure as the reader's language writes money without a currency: -1000 in
    English; in Swedish a true minus and the thousands set apart (games.present.money)."""
    text = f"{value:g}"
    if "e" in text or (get_language() or "").split("-")[0] != "sv":
        return text
    number = Decimal(text)
    return present.money(number, UNITS, max(0, -number.as_tuple().exponent))


def _grid(
    frame: Frame, y_values: list[float], x_values: list[int], x_title: str, y_title: str
) -> list[str]:
    """Gridlines with their figures, and the axes' titles (the bottom's, the left's turned)."""
    middle = (TOP + HEIGHT - BOTTOM) / 2
    parts = [
        f'<text class="axis-title" x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 4}" '
        f'text-anchor="middle">{escape(x_title)}</text>',
        f'<text class="axis-title" x="14" y="{middle}" text-anchor="middle" '
        f'transform="rotate(-90 14 {middle})">{escape(y_title)}</text>',
    ]
    for value in y_values:
        y = frame.y(value)
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}"/>'
            f'<text class="axis" x="{LEFT - 4}" y="{y + 4}" text-anchor="end">'
            f"{figure(value)}</text>"
        )
    for value in x_values:
        parts.append(
            f'<text class="axis" x="{frame.x(value)}" y="{HEIGHT - BOTTOM + 18}" '
            f'text-anchor="middle">{value}</text>'
        )
    return parts


def _x_labels(count: int) -> list[int]:
    """At most about eight hand or game numbers along the bottom."""
    step = max(1, -(-count // 8))
    return list(range(0, count + 1, step))


def _over_the_limit(names: Sequence[str], hands: Sequence[HandRow]) -> dict[tuple[int, str], int]:
    """(hand, name) -> the total a player reached before buying back in at the reset."""
    over, before = {}, dict.fromkeys(names, 0)
    for row in hands:
        for name in names:
            if name in row.bought_in:
                over[(row.number, name)] = before[name] + row.scored.get(name, 0)
            if name in row.totals:
                before[name] = row.totals[name]
    return over


def totals_chart(names: Sequence[str], hands: Sequence[HandRow], limit: int) -> str:
    """Each player's running total after every hand, the limit across; on a buy-in the line
    climbs to the total over the limit, then drops to the reset, ringed."""
    over = _over_the_limit(names, hands)
    peak = max([limit, *(t for row in hands for t in row.totals.values()), *over.values()])
    ticks = _ticks(min([0, *(t for row in hands for t in row.totals.values())]), peak)
    frame = Frame(x_max=max(len(hands), 1), y_min=ticks[0], y_max=ticks[-1])
    body = _grid(frame, ticks, _x_labels(len(hands)), _("Hand"), _("Total"))
    y_limit = frame.y(limit)
    limit_label = escape(_("limit %(limit)s") % {"limit": limit})
    body.append(
        f'<line class="limit" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y_limit}" y2="{y_limit}"/>'
        f'<text class="limit-label" x="{LEFT + 4}" y="{y_limit - 4}">{limit_label}</text>'
    )
    for index, name in enumerate(names):
        body += _player_line(frame, f"s{index % SERIES}", name, hands, over)
    desc = "; ".join(f"{name}: {_totals_said(name, hands, over)}" for name in names)
    return _svg(
        _("Running totals by hand"),
        _("Totals after each hand, limit %(limit)s. %(totals)s") % {"limit": limit, "totals": desc},
        body,
        "totals-chart",
    )


def _player_line(
    frame: Frame, css: str, name: str, hands: Sequence[HandRow], over: dict[tuple[int, str], int]
) -> list[str]:
    """One player's line of running totals, with a ring where they bought back in."""
    points = [(0, 0)]
    rings = []
    for row in hands:
        if name not in row.totals:
            continue
        if name in row.bought_in:
            points.append((row.number, over[(row.number, name)]))
            rings.append((row.number, row.totals[name]))
        points.append((row.number, row.totals[name]))
        if name in row.out:
            break
    path = " ".join(f"{frame.x(x)},{frame.y(y)}" for x, y in points)
    parts = [f'<polyline class="line {css}" points="{path}"><title>{escape(name)}</title>']
    parts.append("</polyline>")
    went = _("%(name)s went to %(over)s in hand %(hand)s and bought in, back to %(total)s")
    for number, total in rings:
        said = {"name": name, "over": over[(number, name)]}
        parts.append(
            f'<circle class="buy-in {css}" cx="{frame.x(number)}" cy="{frame.y(total)}" '
            f'r="5"><title>{escape(went % {**said, "hand": number, "total": total})}'
            "</title></circle>"
        )
    return parts


def _totals_said(name: str, hands: Sequence[HandRow], over: dict[tuple[int, str], int]) -> str:
    """A player's totals hand by hand, in words, for the chart's description."""
    return ", ".join(
        _("%(over)s then back to %(total)s")
        % {"over": over[(row.number, name)], "total": row.totals[name]}
        if (row.number, name) in over
        else str(row.totals[name])
        for row in hands
        if name in row.totals
    )


def _plain(value: Decimal, signed: bool = False) -> str:
    return f"{value:f}"


def net_chart(
    labels: Sequence[str],
    running: Sequence[Decimal],
    fmt: Callable[..., str] | None = None,
    unit: str = "",
) -> str:
    """A person's net money after each game of the season, with the break-even line; `fmt`
    writes an amount as the club's pages do, `unit` names the currency on the axis."""
    if fmt is None:
        fmt = _plain
    values = [Decimal(0), *running]
    ticks = _ticks(float(min(values)), float(max(values)))
    frame = Frame(x_max=max(len(running), 1), y_min=ticks[0], y_max=ticks[-1])
    axis = _("Net money (%(unit)s)") % {"unit": unit} if unit else _("Net money")
    body = _grid(frame, ticks, _x_labels(len(running)), _("Game"), axis)
    y_zero = frame.y(0)
    body.append(
        f'<line class="zero" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y_zero}" y2="{y_zero}"/>'
    )
    path = " ".join(f"{frame.x(i)},{frame.y(float(v))}" for i, v in enumerate(values))
    body.append(f'<polyline class="line s0" points="{path}"/>')
    for i, (label, value) in enumerate(zip(labels, running, strict=True), 1):
        sign = "up" if value > 0 else "down" if value < 0 else "even"  # zero is no win
        body.append(
            f'<circle class="dot {sign}" cx="{frame.x(i)}" cy="{frame.y(float(value))}" r="4">'
            f"<title>{escape(label)}: {escape(fmt(value, signed=True))}</title></circle>"
        )
    desc = "; ".join(
        f"{label}: {fmt(value, signed=True)}" for label, value in zip(labels, running, strict=True)
    )
    return _svg(
        _("Net money over the season"),
        _("Net after each game. %(nets)s") % {"nets": desc} if desc else _("No games yet."),
        body,
        "net-chart",
    )
