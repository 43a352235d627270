"""History as data (issue 27): each change keeps its action and values, written in the reader's
language when shown. A line stored as an English sentence is read back into values when it can
be, and kept only if those values write exactly the same sentence again; any other line (one
written in another language, or not understood) keeps its text, shown as it was."""

import datetime
import re

from django.db import migrations, models
from django.utils import translation

from kalooki_ledger import rules as engine
from kalooki_ledger.games.present.history import history_text

HAND = re.compile(r"^(?:Hand|Undid hand|Deleted hand) (\d+): (.*)$", re.S)
EDIT = re.compile(r"^Edited hand (\d+): was (.*); now (.*)$", re.S)
WON = re.compile(r"^(.+?) won(?: by (.+?))? \((.*?)\)(.*)$", re.S)
COUNT = re.compile(r"^(\d+) cards?, (\d+) jokers?$")
ADJUSTED = re.compile(r"^([+-]\d+)(?: \((.*)\))?$", re.S)
MARKED = re.compile(r"^(paid|not paid after all): (.+) pays (.+) (\S+)$")
STOPS = {
    "Stopped the game: the pool is refunded": ("refund", "pool", True),
    "Stopped the game: the pot is refunded": ("refund", "pot", True),
    "Stopped the game: the pool is split among the players still in": ("split", "pool", True),
    "Stopped the game: the pot is split among the players": ("split", "pot", True),
    "Took back the stop: the game goes on": ("", "pool", False),
}
LEADERS = re.compile(
    r"^Stopped the game(?::| with) (.+?) (?:takes|share) the pot$"
    r"|^Stopped the game with (.+?) (?:in|sharing) the lead$"
)


def _split(text: str, seats: list[str], sep: str = ", ") -> list[tuple[str, str]]:
    """`Name rest, Name rest`: each part begins with a seat's name (longest first)."""
    parts, rest = [], text
    names = sorted(seats, key=len, reverse=True)
    while rest:
        name = next((n for n in names if rest.startswith(n + " ")), None)
        if name is None:
            raise ValueError(rest)
        rest = rest[len(name) + 1 :]
        ends = [rest.find(sep + n + " ") for n in names]
        end = min((e for e in ends if e >= 0), default=len(rest))
        parts.append((name, rest[:end]))
        rest = rest[end + len(sep) :] if end < len(rest) else ""
    return parts


def _hand(text: str, seats: list[str]) -> dict:
    if text == "void":
        return {"void": True}
    won = WON.match(text)
    if not won or won.group(1) not in seats:
        raise ValueError(text)
    hand: dict = {"winner": won.group(1)}
    if won.group(2):
        hand["kalookie"] = True
    for name, value in _split(won.group(3), seats) if won.group(3) else []:
        count = COUNT.match(value)
        if re.fullmatch(r"-?\d+", value):
            hand.setdefault("penalties", {})[name] = int(value)
        elif count:
            counted = {"cards": int(count.group(1)), "jokers": int(count.group(2))}
            hand.setdefault("counts", {})[name] = counted
        else:
            hand.setdefault("cards", {})[name] = value.split()
    for part in [p for p in won.group(4).split("; ") if p]:
        if part.startswith("penalty points "):
            for name, value in _split(part[len("penalty points ") :], seats):
                adjusted = ADJUSTED.match(value)
                if not adjusted:
                    raise ValueError(value)
                hand.setdefault("adjustments", {})[name] = int(adjusted.group(1))
                if adjusted.group(2):
                    hand.setdefault("reason", {})[name] = adjusted.group(2)
        else:
            for name, value in _split(part, seats):
                if value not in ("bought in", "dropped out"):
                    raise ValueError(value)
                hand.setdefault("buy_ins", {})[name] = value == "bought in"
    return hand


def _names(text: str) -> list[str]:
    return text.split(" and ")


def read(action: str, text: str, seats: list[str], game) -> dict:
    """The values of an English history line; ValueError when it can't be read."""
    try:
        family = engine.record.build_rules(game.preset, game.rule_overrides)[0].family
    except engine.RecordError:
        family = "elimination"
    if action == "start":
        players, _, draw = text.removeprefix("Started the game: ").partition("; seats drawn: ")
        values: dict = {"players": players.split(", ")}
        if draw:
            drawn = [part.split(" ", 1) for part in draw.split(", ")]
            values["drawn"] = [[1 if c == "A" else int(c), n] for c, n in drawn]
        return values
    if action == "edit" and (edited := EDIT.match(text)):
        before, after = _hand(edited.group(2), seats), _hand(edited.group(3), seats)
        return {"number": int(edited.group(1)), "before": before, "after": after, "family": family}
    if action == "buy-in" and (hand := HAND.match(text)):
        name, _, choice = hand.group(2).rpartition(" ")
        name = name.removesuffix(" bought").removesuffix(" dropped")
        bought = hand.group(2).endswith(" bought in")
        return {"number": int(hand.group(1)), "player": name, "bought_in": bought}
    if action in ("record", "undo", "delete") and (hand := HAND.match(text)):
        return {
            "number": int(hand.group(1)),
            "hand": _hand(hand.group(2), seats),
            "family": family,
        }
    if action == "stop" and (stopped := _stop(text)):
        return stopped
    if action == "paid" and text.startswith("Marked "):
        return _paid(text, game.currency)
    if action == "date" and text.startswith("Set the date played: "):
        day = datetime.datetime.strptime(text.removeprefix("Set the date played: "), "%d %b %Y")
        return {"day": day.date().isoformat()}
    raise ValueError(text)


def _stop(text: str) -> dict | None:
    """The values of a stop's history line, None where it reads as no stop."""
    if text in STOPS:
        settle, pot, staked = STOPS[text]
        return {"settle": settle, "pot": pot, "staked": staked, "sharers": []}
    if text == "Stopped the game":
        return {"settle": "split", "pot": "pot", "staked": False, "sharers": []}
    if leaders := LEADERS.match(text):
        names = _names(leaders.group(1) or leaders.group(2))
        staked = leaders.group(1) is not None
        return {"settle": "leader", "pot": "pot", "staked": staked, "sharers": names}
    return None


def _paid(text: str, currency: str) -> dict:
    """The values of a line of ticks paid and unpaid; ValueError for a line it can't read."""
    values: dict = {"pay": [], "unpay": [], "currency": currency, "digits": 0}
    for line in text.removeprefix("Marked ").split("; "):
        marked = MARKED.match(line)
        if not marked:
            raise ValueError(line)
        amount = re.sub(r"[^0-9.]", "", marked.group(4))
        places = len(amount.partition(".")[2])
        values["digits"] = max(values["digits"], places)
        key = "pay" if marked.group(1) == "paid" else "unpay"
        values[key].append([marked.group(2), marked.group(3), amount])
    return values


ADMIN = re.compile(r"^Changed in the admin \(.*\): (.*)$", re.S)


def to_data(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    Seat = apps.get_model("games", "Seat")
    seats: dict[int, list[str]] = {}
    for game_id, name in Seat.objects.values_list("game_id", "name"):
        seats.setdefault(game_id, []).append(name)
    with translation.override("en"):
        for change in Change.objects.filter(details={}).select_related("game").iterator():
            admin = ADMIN.match(change.summary) if change.action == "admin" else None
            if admin:
                listed = admin.group(1)
                values = {"fields": [] if listed == "saved unchanged" else listed.split(", ")}
            else:
                try:
                    values = read(change.action, change.summary, seats.get(change.game_id, []),
                                  change.game)
                except (ValueError, TypeError, IndexError):
                    continue
                if history_text(change.action, values) != change.summary:
                    continue  # not read back exactly: the text is kept as it was
            change.details, change.summary = values, ""
            change.save(update_fields=["details", "summary"])


def to_text(apps, schema_editor):
    Change = apps.get_model("games", "Change")
    with translation.override("en"):
        for change in Change.objects.exclude(details={}).iterator():
            change.summary = history_text(change.action, change.details, change.summary)[:500]
            change.save(update_fields=["summary"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_request_fingerprint_and_receipts"),
    ]

    operations = [
        migrations.AddField(
            model_name="change",
            name="details",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="change",
            name="summary",
            field=models.CharField(blank=True, max_length=500),
        ),
        migrations.RunPython(to_data, to_text),
    ]
