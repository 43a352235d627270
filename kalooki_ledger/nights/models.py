"""Home groups and their nights: the games one group plays in one sitting, settled once, and
the payments made as facts. Nothing derived is stored: a night's totals and what is still owed
come from its games' ledgers (`Night.settle`), its payments and the balances carried in."""

from decimal import Decimal

from django.db import models
from django.db.models import Q
from django.urls import reverse

from kalooki_ledger import rules as engine
from kalooki_ledger.games.models import Game, PaidTransfer, new_token
from kalooki_ledger.games.receipts import HistoryLine
from kalooki_ledger.rules.night import (
    GroupMoney,
    GroupNight,
    NightGame,
    NightSettle,
    Payment,
    group_money,
    settle_night,
)

from .history import history_text
from .names import night_name


class Lined(models.Model):
    """A row commands change under a version (a group, a night), opened by its scoring or watch
    link, keeping its own history lines (`NightChange`, whose `owner` it names): the games'
    `versioned.Row`."""

    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    share_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    version = models.PositiveIntegerField(default=0, editable=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-created", "-id"]

    def owner(self) -> dict:
        raise NotImplementedError

    def lines(self) -> models.QuerySet:
        return NightChange.objects.filter(**self.owner())

    def add_line(self, sent, action: str, values: dict, fingerprint: str) -> "NightChange":
        return NightChange.objects.create(
            **self.owner(),
            who=sent.who,
            action=action,
            details=values,
            key=sent.key,
            fingerprint=fingerprint,
            version=self.version,
        )


class Group(Lined):
    """A home group, without accounts: its regular players, its house rules and stakes (in the
    record's terms, like house rules), and its nights. Its scoring link is its edit token."""

    name = models.CharField(max_length=80)
    currency = models.CharField(max_length=5, default="units")
    preset = models.CharField(max_length=40, default=engine.DEFAULT_PRESET)
    rule_overrides = models.JSONField(default=dict, blank=True)
    stakes = models.JSONField(default=dict, blank=True)
    regulars = models.JSONField(default=list, blank=True)
    # What the group gives every game of its nights: {name: [service, handle]}, and its zone.
    pay_handles = models.JSONField(default=dict, blank=True)
    time_zone = models.CharField(max_length=64, blank=True)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("nights:group", args=[self.edit_token])

    def share_url(self) -> str:
        return reverse("nights:group_watch", args=[self.share_token])

    def owner(self) -> dict:
        return {"group": self, "night": None}

    def money(self) -> GroupMoney:
        """The group's balances and the conservation invariant, from the engine over every
        night (rules.night.group_money): nothing of it is stored."""
        nights = self.nights.select_related("carried_to").order_by("number")
        return group_money([n.group_night() for n in nights])

    def balances(self) -> dict[str, Decimal]:
        """Each player's running balance across the group's nights (the engine's `group_money`):
        every night's still owed, a closed night's difference after a correction included; what
        was carried sits in the night it went to, and what was written off is gone on purpose."""
        return dict(self.money().balances)


class Night(Lined):
    """The games a group plays in one sitting, settled once. `opening` holds the balances
    carried in from the group's night before ({name: "amount"}); `closed` says how what was
    left unpaid went on (carried into the next night, or written off) and `closing` how much."""

    CLOSED_CHOICES = [("", "Open"), ("carried", "Carried"), ("written-off", "Written off")]

    group = models.ForeignKey(Group, models.CASCADE, related_name="nights")
    number = models.PositiveIntegerField()  # the group's 1st, 2nd … night
    currency = models.CharField(max_length=5)
    opening = models.JSONField(default=dict, blank=True)
    closed = models.CharField(max_length=12, choices=CLOSED_CHOICES, blank=True)
    closing = models.JSONField(default=dict, blank=True)
    # The part of `opening` that came from outside the group (a night imported with balances
    # carried in): the rest was carried in from the group's own nights.
    brought = models.JSONField(default=dict, blank=True)
    carried_to = models.ForeignKey(
        "self", models.SET_NULL, null=True, blank=True, related_name="carried_from"
    )

    class Meta(Lined.Meta):
        constraints = [
            models.UniqueConstraint(fields=["group", "number"], name="unique_night_number"),
        ]

    def __str__(self) -> str:
        return night_name(self.group.name, self.number)

    def get_absolute_url(self) -> str:
        return reverse("nights:night", args=[self.edit_token])

    def share_url(self) -> str:
        return reverse("nights:watch", args=[self.share_token])

    def owner(self) -> dict:
        return {"group_id": self.group_id, "night": self}

    def games(self) -> list[Game]:
        """The night's games in the order they were added, loaded for their ledgers."""
        ids = list(self.night_games.order_by("position", "id").values_list("game_id", flat=True))
        found = {g.pk: g for g in Game.objects.filter(pk__in=ids).loaded()}
        return [found[i] for i in ids if i in found]

    def payments(self) -> list["NightPayment"]:
        return list(self.night_payments.order_by("at", "id"))

    def settle(self, games: list[Game] | None = None) -> NightSettle:
        """The night's settle-up from its games' ledgers, what was carried in and paid, and
        what was carried out or written off (a fact, kept like a payment)."""
        games = self.games() if games is None else games
        played = [night_game(game) for game in games]
        opening = {p: Decimal(v) for p, v in self.opening.items()}
        paid = [Payment(p.payer, p.payee, p.amount) for p in self.payments()]
        closing = {p: Decimal(v) for p, v in self.closing.items()}
        return settle_night(played, opening, paid, order=self.group.regulars, closing=closing)

    def group_night(self, games: list[Game] | None = None) -> GroupNight:
        return GroupNight(
            self.number,
            self.settle(games),
            self.closed,
            None if self.carried_to is None else self.carried_to.number,
            {p: Decimal(v) for p, v in self.brought.items()},
            frozenset(str(pk) for pk in self._ticked_game_ids()),
        )

    def _ticked_game_ids(self) -> set[int]:
        """The night's games with transfers ticked on their own page (there should be none)."""
        ticked = PaidTransfer.objects.filter(game__night_link__night=self)
        return set(ticked.values_list("game_id", flat=True))

    def digits(self, games: list[Game] | None = None) -> int:
        """Places shown: the currency's; chips (`units`) show the places their games' stakes use."""
        if self.currency != engine.money.UNITS:
            return engine.money.minor_digits(self.currency)
        games = self.games() if games is None else games
        return max([0, *(g.ledger().money_digits for g in games)])


def night_game(game: Game) -> NightGame:
    ledger = game.ledger()
    return NightGame(str(game.pk), {s.name: s.net for s in ledger.standings}, over=ledger.over)


class NightGameLink(models.Model):
    """A game in a night (a game is in one night at most), in the order it was added."""

    night = models.ForeignKey(Night, models.CASCADE, related_name="night_games")
    game = models.OneToOneField(Game, models.CASCADE, related_name="night_link")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return f"{self.night}: {self.game}"


class NightPayment(models.Model):
    """Money handed over at a night: a fact (who paid whom, how much, when, from which phone),
    kept whatever later corrections make of the games' nets."""

    night = models.ForeignKey(Night, models.CASCADE, related_name="night_payments")
    payer = models.CharField(max_length=40)
    payee = models.CharField(max_length=40)
    amount = models.DecimalField(max_digits=14, decimal_places=4)
    at = models.DateTimeField()
    who = models.CharField(max_length=60)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {self.amount}"


class NightChange(HistoryLine):
    """A history line of a group or one of its nights, and the receipt of the command that
    made it (its key, fingerprint and the version it gave). Kept as data: written in the
    reader's language when shown."""

    group = models.ForeignKey(Group, models.CASCADE, related_name="changes")
    night = models.ForeignKey(Night, models.CASCADE, null=True, blank=True, related_name="changes")
    fingerprint = models.CharField(max_length=64, blank=True)

    class Meta(HistoryLine.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["group", "night", "key"],
                condition=~Q(key="") & Q(night__isnull=False),
                name="unique_night_command_key",
            ),
            models.UniqueConstraint(
                fields=["group", "key"],
                condition=~Q(key="") & Q(night__isnull=True),
                name="unique_group_command_key",
            ),
        ]

    @property
    def text(self) -> str:
        return history_text(self.action, self.details)
