"""Attempts counted across every worker and process, atomically, in a table of their own: each
attempt takes one of a key's slots by inserting its row, which only one caller can win, so no
two count as one. A cache would do it too, but a cache drops live entries to make room (Django's
database cache culls a third once full) and swallows a database fault as "not stored"."""

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.http import HttpRequest
from django.utils import timezone


class Slot(models.Model):
    """One counted attempt, until `expires`. Kept by the games app's migrations (the site's
    plumbing imports no app; games/models.py imports this so the app owns the table)."""

    key = models.CharField(max_length=80, primary_key=True)
    expires = models.DateTimeField(db_index=True)

    class Meta:
        app_label = "games"
        db_table = "kalooki_throttle_slot"

    def __str__(self) -> str:
        return self.key


def client_address(request: HttpRequest) -> str:
    """The client's address; behind the reverse proxy, the one the proxy saw and appended."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    behind_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    if behind_proxy and forwarded.strip():
        # Only the last entry is the proxy's own; earlier ones are whatever the client sent.
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


def now():
    return timezone.now()


def _slots(key: str, limit: int) -> list[str]:
    # Whatever was typed (NUL, any length) becomes a short key every database accepts.
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
    return [f"{digest}:{n}" for n in range(limit)]


def _live(slots: list[str]) -> set[str]:
    return set(Slot.objects.filter(key__in=slots, expires__gt=now()).values_list("key", flat=True))


def take(key: str, limit: int, window: int) -> str | None:
    """Takes one of `limit` slots of `key` for `window` seconds (each slot lapses `window`
    after it was taken); the slot taken, or None when every slot is in use. A database
    that can't be written raises, as every other write does (the site's 503)."""
    moment = now()
    # Lapsed slots of every key go (the expires index makes it cheap), so the table stays small.
    Slot.objects.filter(expires__lte=moment).delete()
    slots = _slots(key, limit)
    used = _live(slots)
    for slot in slots:
        if slot in used:
            continue
        try:
            # The primary key lets only one of two workers racing for a slot insert it.
            with transaction.atomic():
                Slot.objects.create(key=slot, expires=moment + timedelta(seconds=window))
        except IntegrityError:
            continue
        return slot
    return None


def take_all(wanted: list[tuple[str, int, int]]) -> list[str] | None:
    """A slot of every (key, limit, window), or None (and nothing kept) when one is full."""
    taken = []
    for key, limit, window in wanted:
        slot = take(key, limit, window)
        if slot is None:
            give_back(taken)
            return None
        taken.append(slot)
    return taken


def give_back(slots: list[str]) -> None:
    Slot.objects.filter(key__in=slots).delete()


def full(key: str, limit: int) -> bool:
    return len(_live(_slots(key, limit))) >= limit


def clear(key: str, limit: int) -> None:
    give_back(_slots(key, limit))
