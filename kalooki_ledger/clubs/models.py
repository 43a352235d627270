"""Clubs, their members and regular players, and the Blackpool tournaments they run.

Games stay in the games app; these models only say which club a game and its seats belong to.
Nothing derived (wins, nets, who is out at a table) is stored: each game's Ledger says it.
"""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from kalooki_ledger import rules as engine
from kalooki_ledger.games import present
from kalooki_ledger.games.models import Game, Seat
from kalooki_ledger.rules.money import display_digits

STAKE_FIELDS = engine.STAKE_KEYS  # the club has a field for each stake a game may play for


def _stake(help_text: str):
    return models.DecimalField(
        max_digits=10, decimal_places=3, default=Decimal(0), help_text=help_text
    )


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=50, unique=True)
    season_start = models.DateField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Games before this date are left out of the season table."),
    )
    # How the season table is ranked, and whether a tournament's tables count in it as games.
    ORDER_CHOICES = [
        ("net", gettext_lazy("Net money")),
        ("wins", gettext_lazy("Wins")),
        ("average", gettext_lazy("Average penalty points per hand (fewest first)")),
    ]
    season_order = models.CharField(max_length=10, choices=ORDER_CHOICES, default="net")
    tournament_tables_count = models.BooleanField(
        default=True,
        help_text=gettext_lazy(
            "A tournament's tables count in the season table as games (and their wins); its "
            "money counts either way."
        ),
    )
    # The club's table: every game it starts, and its tournaments, use these.
    currency = models.CharField(
        max_length=5,
        default="units",
        help_text=gettext_lazy("An ISO code such as GBP, or units for chips."),
    )
    preset = models.CharField(
        gettext_lazy("Rules"),
        max_length=20,
        default=engine.DEFAULT_PRESET,
        help_text=gettext_lazy("The house rules."),
    )
    limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            "Out over this total (elimination rules); empty keeps the rules' own limit."
        ),
    )
    # The club's other changes to its preset's rules, as a game's record writes them.
    rule_overrides = models.JSONField(default=dict, blank=True)
    call_up = _stake(gettext_lazy("Paid to the winner of a hand by each loser."))
    kalookie = _stake(gettext_lazy("Paid instead when the hand is won by kalookie."))
    initial = _stake(gettext_lazy("Each player's stake into the pool (or pot)."))
    buy_in = _stake(gettext_lazy("Paid into the pool to buy back in."))
    per_point = _stake(gettext_lazy("Points games (North American, Jamaica): paid per point."))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:club", args=[self.slug])

    def stakes_record(self) -> dict[str, str]:
        """The club's stakes as a game record writes them."""
        return {"currency": self.currency} | {
            key: f"{getattr(self, key).normalize():f}" for key in STAKE_FIELDS
        }

    def stakes(self) -> engine.Stakes:
        return engine.Stakes(
            currency=self.currency, **{k: getattr(self, k).normalize() for k in STAKE_FIELDS}
        )

    def rule_changes(self, preset: str) -> dict:
        """The club's changes to a preset's rules: all of them to its own preset; to another, the
        limit alone, which only means something in elimination."""
        changes = dict(self.rule_overrides) if preset == self.preset else {}
        if self.limit and engine.family_of(engine.PRESETS[preset].rules.family).eliminates:
            changes["limit"] = self.limit
        return changes

    def money(self, *amounts: Decimal) -> "ClubMoney":
        """How the club writes money on every page, with places enough for these amounts."""
        return ClubMoney(self.currency, (*(getattr(self, k) for k in STAKE_FIELDS), *amounts))

    def stakes_text(self) -> str:
        """The club's table in one line: "British club, changed: Limit: out over 200 · call-up
        £0.10, …"."""
        preset = engine.PRESETS[self.preset]
        played = engine.record.build_rules(self.preset, self.rule_changes(self.preset))[0]
        rules = present.preset_text(self.preset, played)
        fmt = self.money()
        keys = engine.family_of(preset.rules.family).stakes
        stakes = ", ".join(f"{present.STAKE_WORDS[k]} {fmt(getattr(self, k))}" for k in keys)
        return f"{rules} · {stakes}" + (_(" (units)") if self.currency == "units" else "")

    def role_of(self, user) -> str | None:
        """The user's role here, or None for anyone who is not a member."""
        if not user.is_authenticated:
            return None
        membership = self.memberships.filter(user=user).first()
        return membership.role if membership else None


class ClubMoney:
    """The club's currency written as the games write theirs (games.present.money)."""

    def __init__(self, currency: str, amounts: tuple[Decimal, ...]) -> None:
        self.currency = currency
        self.digits = display_digits(currency, amounts)

    def __call__(self, amount: Decimal, signed: bool = False) -> str:
        return present.money(amount, self.currency, self.digits, signed)


class Membership(models.Model):
    ORGANISER = "organiser"
    SCORER = "scorer"
    MEMBER = "member"
    ROLE_CHOICES = [
        (ORGANISER, gettext_lazy("Organiser: manages members and settings")),
        (SCORER, gettext_lazy("Scorer: starts and scores games")),
        (MEMBER, gettext_lazy("Member: views")),
    ]
    # A role in a sentence ("you are a scorer"), in the page's language.
    ROLE_NAMES = {
        ORGANISER: gettext_lazy("organiser"),
        SCORER: gettext_lazy("scorer"),
        MEMBER: gettext_lazy("member"),
    }

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=ROLE_CHOICES, default=MEMBER)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="unique_membership"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"

    @property
    def role_name(self) -> str:
        return str(self.ROLE_NAMES[self.role])

    @property
    def can_score(self) -> bool:
        return self.role in (self.ORGANISER, self.SCORER)

    @property
    def can_organise(self) -> bool:
        return self.role == self.ORGANISER


class ClubPlayer(models.Model):
    """A regular at the club's tables: a person, who may or may not have an account."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    # Their payment handle (games/present/paylinks.py), given to each club game they sit down
    # at whose currency the service takes; "" for none.
    pay_service = models.CharField(max_length=10, blank=True)
    pay_handle = models.CharField(max_length=40, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            # The engine treats names case-blind, so the club does too.
            models.UniqueConstraint(Lower("name"), "club", name="unique_club_player_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:person", args=[self.club.slug, self.pk])


class ClubGame(models.Model):
    game = models.OneToOneField(Game, models.CASCADE, related_name="club_link")
    club = models.ForeignKey(Club, models.CASCADE, related_name="club_games")

    def __str__(self) -> str:
        return f"{self.game} in {self.club}"


class SeatPerson(models.Model):
    seat = models.OneToOneField(Seat, models.CASCADE, related_name="person_link")
    person = models.ForeignKey(ClubPlayer, models.PROTECT, related_name="seat_links")

    def __str__(self) -> str:
        return f"{self.seat} is {self.person}"


class Tournament(models.Model):
    """A Blackpool tournament: heats of four, buy-ins to new tables, two semi-finals, a final."""

    HEATS = "heats"
    SEMIS = "semis"
    FINAL = "final"
    DONE = "done"
    STAGE_CHOICES = [
        (HEATS, gettext_lazy("Heats")),
        (SEMIS, gettext_lazy("Semi-finals")),
        (FINAL, gettext_lazy("Final")),
        (DONE, gettext_lazy("Finished")),
    ]
    MAX_TABLES = 8  # source 000: buying in stops once eight tables in all have formed

    club = models.ForeignKey(Club, models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=100)
    currency = models.CharField(max_length=5, default="units")
    entry_fee = models.DecimalField(max_digits=10, decimal_places=2, default=Decimal(5))
    buy_in = models.DecimalField(max_digits=10, decimal_places=2, default=Decimal(5))
    stage = models.CharField(max_length=5, choices=STAGE_CHOICES, default=HEATS)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]  # the id breaks ties: a backup keeps times to the ms

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:tournament", args=[self.club.slug, self.pk])

    def money(self) -> ClubMoney:
        """How the tournament writes money: in its own currency, which the club's settings may
        have changed since it began."""
        return ClubMoney(self.currency, (self.entry_fee, self.buy_in))


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entrants")
    person = models.ForeignKey(ClubPlayer, models.PROTECT, related_name="entries")
    # Ticked on the desk's cash list once the entrant's money is settled with the desk.
    settled = models.BooleanField(default=False)

    class Meta:
        ordering = ["person__name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="unique_entrant"),
        ]

    def __str__(self) -> str:
        return str(self.person)


class TournamentTable(models.Model):
    HEAT = "heat"
    SEMI = "semi"
    FINAL = "final"
    ROUND_CHOICES = [
        (HEAT, gettext_lazy("Table")),
        (SEMI, gettext_lazy("Semi-final")),
        (FINAL, gettext_lazy("Final")),
    ]

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="tables")
    game = models.OneToOneField(Game, models.CASCADE, related_name="tournament_table")
    round = models.CharField(max_length=5, choices=ROUND_CHOICES, default=HEAT)
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "number"], name="unique_tournament_table"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        if self.round == self.HEAT:
            return _("Table %(number)s") % {"number": self.number}
        if self.round == self.SEMI:
            return _("Semi-final %(letter)s") % {"letter": "AB"[self.number - 1]}
        return _("Final")


class TournamentBuyIn(models.Model):
    """A player out at a table who paid to play on; waits until four fill a new table."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="buy_ins")
    person = models.ForeignKey(ClubPlayer, models.PROTECT, related_name="tournament_buy_ins")
    from_table = models.ForeignKey(TournamentTable, models.CASCADE, related_name="buy_ins_from")
    to_table = models.ForeignKey(
        TournamentTable, models.SET_NULL, null=True, blank=True, related_name="buy_ins_to"
    )
    refunded = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            # One buy-in per elimination: a second click or a second phone changes nothing.
            models.UniqueConstraint(fields=["person", "from_table"], name="unique_buy_in"),
        ]

    def __str__(self) -> str:
        return f"{self.person} bought in after {self.from_table}"

    @property
    def waiting(self) -> bool:
        return self.to_table_id is None and not self.refunded
