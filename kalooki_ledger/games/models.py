"""Games as recorded at the table: seats, hands, per-player entries and buy-in decisions.

Nothing derived (totals, payments, who is out) is stored: the rules engine replays the hands.
"""

import secrets
from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db import models, transaction
from django.db.models import F, Prefetch
from django.urls import reverse
from django.utils import timezone

from kalooki_ledger import rules as engine
from kalooki_ledger.throttle import Slot as ThrottleSlot  # noqa: F401 (the games app keeps its table)

from . import ledger_cache
from .present.words import untitled_name
from .receipts import Change, Receipt  # noqa: F401 (the app's models: Django registers them here)

TOKEN_BYTES = 18  # 144 bits: capability links nobody can guess


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_revision() -> str:
    """A game's revision: random, so it never comes back with other content (a version number
    does, after a restore), and every cache of a game is keyed by it."""
    return secrets.token_hex(16)


class GameQuerySet(models.QuerySet):
    def loaded(self) -> "GameQuerySet":
        """These games with everything a replay reads: five queries, however many hands."""
        return self.prefetch_related(
            "seats",
            Prefetch("hands", queryset=Hand.objects.select_related("winner")),
            Prefetch("hands__entries", queryset=Entry.objects.select_related("seat")),
            Prefetch(
                "hands__buy_in_decisions", queryset=BuyInDecision.objects.select_related("seat")
            ),
        )


class Game(models.Model):
    SETTLE_CHOICES = [
        ("", "Not stopped"),
        ("refund", "Refund the pool"),
        ("split", "Split the pool"),
        ("leader", "The leader takes the pot"),
    ]

    title = models.CharField(max_length=200, blank=True)
    played_on = models.DateField(null=True, blank=True)
    preset = models.CharField(max_length=40, default=engine.DEFAULT_PRESET)
    rule_overrides = models.JSONField(default=dict, blank=True)
    currency = models.CharField(max_length=5, default="units")
    call_up = models.DecimalField(max_digits=12, decimal_places=4, default=Decimal(0))
    kalookie = models.DecimalField(max_digits=12, decimal_places=4, default=Decimal(0))
    initial = models.DecimalField(max_digits=12, decimal_places=4, default=Decimal(0))
    buy_in = models.DecimalField(max_digits=12, decimal_places=4, default=Decimal(0))
    per_point = models.DecimalField(max_digits=12, decimal_places=4, default=Decimal(0))
    first_dealer = models.PositiveSmallIntegerField(default=0)
    stopped = models.CharField(max_length=10, choices=SETTLE_CHOICES, blank=True)
    # Payment handles by player, {"John": ["swish", "0701234567"]} (games/handles.py): shown on
    # the scoring and watch pages only; on the row, so the settle-up costs no query.
    pay_handles = models.JSONField(default=dict, blank=True)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    share_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # Moves on by one with every change (see `touch`): commands name the version they were made
    # against (the API's ETag); caches compare the revision.
    version = models.PositiveIntegerField(default=0, editable=False)
    # Written anew with every change (a command, the admin, an import, a restore): the key of
    # every cache of the game, as the version can repeat with other content after a restore.
    revision = models.CharField(max_length=32, default=new_revision, editable=False)
    # Written anew when a row the game's pages show changes (its club, tournament, night:
    # games/freshness.py `renew`): in every cache key beside the revision, never in a command's
    # state, so a display change leaves a phone's pending command current.
    shown = models.CharField(max_length=32, default=new_revision, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return self.title or self.untitled_name()

    def save(self, *args, **kwargs) -> None:
        """Every save is a change: it writes a new revision (the admin's, an import's too)."""
        self.revision = new_revision()
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "revision"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("games:table", args=[self.edit_token])

    def share_url(self) -> str:
        return reverse("games:watch", args=[self.share_token])

    def untitled_name(self) -> str:
        """An untitled game by its players and date, in the reader's language: "Andy, Mark and
        John · 20 Nov 2026" (the title itself stays empty)."""
        names = list(self.seat_ids()) if self.pk else []
        when = self.played_on or (self.created.date() if self.created else None)
        return untitled_name(names, when, self.pk)

    def stakes(self) -> engine.Stakes:
        def amount(value: Decimal) -> Decimal:
            return value.normalize() if value == value.to_integral() else value

        return engine.Stakes(
            currency=self.currency,
            call_up=amount(self.call_up),
            kalookie=amount(self.kalookie),
            initial=amount(self.initial),
            buy_in=amount(self.buy_in),
            per_point=amount(self.per_point),
        )

    def engine_rules(self) -> engine.Rules:
        rules, _ = engine.record.build_rules(self.preset, self.rule_overrides)
        return rules

    def to_record(self, ledger: engine.Ledger | None = None) -> engine.GameRecord:
        """The game as the engine's record: the hands its ledger (`ledger`, or else `ledger()`)
        replayed, with this row's title, rules and date."""
        return engine.GameRecord(
            game=(self.ledger() if ledger is None else ledger).game,
            preset=self.preset,
            rule_overrides=self.rule_overrides,
            title=self.title,
            played_on=self.played_on,
        )

    def to_json(self) -> dict:
        """The game record with its results, as the API serves it and export_game prints it."""
        ledger = self.ledger()
        return engine.record_to_json(self.to_record(ledger), ledger)

    def ledger(self) -> engine.Ledger:
        """The ledger at this instance's revision: from the ledger cache when a worker has kept
        it, else replayed from the stored hands (read in the snapshot the row was read in when
        the page reads in one, `snapshot.one_snapshot`)."""
        held = getattr(self, "_ledger", None)
        if held is not None and held[0] == self.revision:
            return held[1]
        cached = ledger_cache.get(self.pk, self.revision)
        if cached is not None:
            ledger, self._seat_ids = cached
        elif "hands" in getattr(self, "_prefetched_objects_cache", {}):
            # Loaded with its hands: replayed, not kept (a version check would cost a query a game).
            self._seat_ids = {seat.name: seat.pk for seat in self.seats.all()}
            ledger = engine.replay(self._played())
        else:
            loaded = Game.objects.get(pk=self.pk)
            played, self._seat_ids = loaded._read_played()
            ledger = engine.replay(played)
            # Kept only if its hands were read at this revision: a change since moves it (read
            # again after the hands, as outside a snapshot each query sees the latest commit).
            now = Game.objects.filter(pk=self.pk).values_list("revision", flat=True).first()
            if now == loaded.revision == self.revision:
                ledger_cache.put(self.pk, self.revision, ledger, self._seat_ids)
        self._ledger = (self.revision, ledger)
        return ledger

    def _played(self) -> engine.Game:
        """The engine's game from the prefetched seats and hands (see `GameQuerySet.loaded`)."""
        names = tuple(s.name for s in self.seats.all())
        return self._engine_game(names, [hand.to_engine() for hand in self.hands.all()])

    def _read_played(self) -> tuple[engine.Game, dict[str, int]]:
        """The engine's game and the seat ids by name, read as plain rows: four queries and no
        model instances, as every worker reads a game anew at each revision it meets."""
        seats = dict(Seat.objects.filter(game_id=self.pk).values_list("pk", "name"))
        rows = Hand.objects.filter(game_id=self.pk).values_list("pk", "void", "winner", "kalookie")
        held, decided = defaultdict(list), defaultdict(list)
        entries = Entry.objects.filter(hand__game_id=self.pk).values_list("hand", "seat", *HELD)
        for hand_id, seat_id, *entry in entries:
            held[hand_id].append((seats[seat_id], *entry))
        decisions = BuyInDecision.objects.filter(hand__game_id=self.pk)
        for hand_id, seat_id, bought_in in decisions.values_list("hand", "seat", "bought_in"):
            decided[hand_id].append((seats[seat_id], bought_in))
        hands = [
            engine_hand(void, seats.get(winner), kalookie, held[pk], decided[pk])
            for pk, void, winner, kalookie in rows
        ]
        names = tuple(seats.values())
        return self._engine_game(names, hands), {name: pk for pk, name in seats.items()}

    def _engine_game(self, names: tuple[str, ...], hands: list[engine.Hand]) -> engine.Game:
        return engine.Game(
            players=names,
            rules=self.engine_rules(),
            stakes=self.stakes(),
            first_dealer=names[self.first_dealer] if names else "",
            hands=tuple(hands),
            stopped=self.stopped or None,
        )

    def keep_ledger(self, ledger: engine.Ledger) -> None:
        """Keeps the ledger a write derived, under the revision that write gave the game, once
        the write's transaction commits (`transaction.on_commit`): a rolled-back one is never
        kept."""
        key, seat_ids = (self.pk, self.revision), self.seat_ids()
        self._ledger = (self.revision, ledger)
        transaction.on_commit(lambda: ledger_cache.put(*key, ledger, seat_ids))

    def seat_ids(self) -> dict[str, int]:
        """Each player's seat id by name, in seat order; known without a query once this
        instance has read its ledger."""
        if getattr(self, "_seat_ids", None) is None:
            self._seat_ids = dict(self.seats.values_list("name", "pk"))
        return self._seat_ids

    def touch(self) -> bool:
        """Marks the game changed (a new version for watching phones, a new revision for every
        cache); says whether nobody else had written since this instance was read."""
        if self.moved_on_from(self.version):
            return True
        self.updated, self.revision = timezone.now(), new_revision()
        Game.objects.filter(pk=self.pk).update(
            version=F("version") + 1, updated=self.updated, revision=self.revision
        )
        self.version = Game.objects.values_list("version", flat=True).get(pk=self.pk)
        return False

    def moved_on_from(self, version: int) -> bool:
        """Moves the version on from `version` if it still stands, with the revision this
        instance read (compare and set), writing a new revision; says so."""
        now, revision = timezone.now(), new_revision()
        moved = Game.objects.filter(pk=self.pk, version=version, revision=self.revision).update(
            version=version + 1, updated=now, revision=revision
        )
        if moved:
            self.version, self.updated, self.revision = version + 1, now, revision
        return bool(moved)


class Seat(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["game", "name"], name="unique_seat_name"),
        ]

    def __str__(self) -> str:
        return self.name


class Hand(models.Model):
    game = models.ForeignKey(Game, models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    void = models.BooleanField(default=False)
    winner = models.ForeignKey(Seat, models.CASCADE, null=True, blank=True, related_name="+")
    kalookie = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # Two phones sending the same hand: the database keeps exactly one.
            models.UniqueConstraint(fields=["game", "number"], name="unique_hand_number"),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number}"

    def to_engine(self) -> engine.Hand:
        """Expects entries (with seats) and buy-in decisions prefetched."""
        held = [(e.seat.name, *(getattr(e, field) for field in HELD)) for e in self.entries.all()]
        decided = [(d.seat.name, d.bought_in) for d in self.buy_in_decisions.all()]
        winner = self.winner.name if self.winner else None
        return engine_hand(self.void, winner, self.kalookie, held, decided)


HELD = ("cards", "card_count", "joker_count", "value", "adjustment", "reason")  # an entry's facts


def engine_hand(
    void: bool,
    winner: str | None,
    kalookie: bool,
    held: Iterable[tuple],
    decided: Iterable[tuple[str, bool]],
) -> engine.Hand:
    """A stored hand as the engine reads it, from its entries (each a name and the HELD fields,
    in seat order) and its buy-in decisions (name, bought in)."""
    if void:
        return engine.Hand(void=True)
    penalties, cards, counts, adjustments, reasons = {}, {}, {}, {}, {}
    for name, entry_cards, card_count, joker_count, value, adjustment, reason in held:
        if entry_cards:
            cards[name] = tuple(entry_cards.split())
        elif card_count is not None:
            counts[name] = engine.CardCount(card_count, joker_count or 0)
        elif value is not None:
            penalties[name] = value
        if adjustment is not None:
            adjustments[name] = adjustment
        if reason:
            reasons[name] = reason
    return engine.Hand(
        winner=winner,
        kalookie=kalookie,
        penalties=penalties,
        cards=cards,
        counts=counts,
        adjustments=adjustments,
        reasons=reasons,
        buy_ins=dict(decided),
    )


class Entry(models.Model):
    """What one loser held at the end of a hand: a value, or the cards, or (Scarne) counts."""

    hand = models.ForeignKey(Hand, models.CASCADE, related_name="entries")
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="+")
    value = models.IntegerField(null=True, blank=True)
    cards = models.CharField(max_length=400, blank=True)
    card_count = models.PositiveSmallIntegerField(null=True, blank=True)
    joker_count = models.PositiveSmallIntegerField(null=True, blank=True)
    adjustment = models.IntegerField(null=True, blank=True)
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["seat__position"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="unique_entry_per_seat"),
        ]
        verbose_name_plural = "entries"

    def __str__(self) -> str:
        return f"{self.seat}: {self.cards or self.value}"


class BuyInDecision(models.Model):
    hand = models.ForeignKey(Hand, models.CASCADE, related_name="buy_in_decisions")
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="+")
    bought_in = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seat__position"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="unique_decision_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.seat} {'bought in' if self.bought_in else 'dropped out'}"


class PaidTransfer(models.Model):
    """A settling-up transfer ticked as paid; kept by its payer, payee and amount."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="paid_transfers")
    payer = models.CharField(max_length=40)
    payee = models.CharField(max_length=40)
    amount = models.DecimalField(max_digits=14, decimal_places=4)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "payer", "payee", "amount"], name="unique_paid_transfer"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {self.amount}"


class HouseRules(models.Model):
    """A table's own rules, kept for reuse: a preset with overrides and stakes in the record's
    terms, and play notes that appear on the rules card but never in a ledger."""

    name = models.CharField(max_length=80)
    preset = models.CharField(max_length=40, default=engine.DEFAULT_PRESET)
    rule_overrides = models.JSONField(default=dict, blank=True)
    stakes = models.JSONField(default=dict, blank=True)
    notes = models.TextField(blank=True, max_length=1000)
    token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("games:house_rules", args=[self.token])


class HandedOver(models.Model):
    """A scoring link given up when its phone handed the scoring over to another: the new phone
    has a new link, and this one only watches from then on (games/handover.py)."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="handed_over")
    token = models.CharField(max_length=64, unique=True)
    at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.game}: a scoring link handed over"
