"""Filing games under a club: its regular players are matched to the seats by name."""

import datetime

from django.db import transaction
from django.utils.text import slugify

from kalooki_ledger import rules as engine
from kalooki_ledger.games import commands
from kalooki_ledger.games.models import Game
from kalooki_ledger.games.present import paylinks

from .models import Club, ClubGame, ClubPlayer, SeatPerson


def person_named(club: Club, name: str) -> ClubPlayer:
    """The club's regular with this name (case-blind, as the engine compares), made if new."""
    key = engine.name_key(name)
    person = next((p for p in club.players.all() if engine.name_key(p.name) == key), None)
    return person or ClubPlayer.objects.create(club=club, name=name)


def club_for_slug(slug: str) -> Club:
    """The club with this slug, made (named after the slug) when there is none yet."""
    club, _ = Club.objects.get_or_create(
        slug=slugify(slug), defaults={"name": slug.replace("-", " ").title()}
    )
    return club


@transaction.atomic
def add_players(club: Club, names: list[str]) -> list[str]:
    """Makes the names the club doesn't have yet regulars (told apart as the engine tells
    names apart, engine.name_key); returns those added."""
    have = {engine.name_key(n) for n in club.players.values_list("name", flat=True)}
    new = []
    for name in names:
        if engine.name_key(name) not in have:
            have.add(engine.name_key(name))
            new.append(name)
    ClubPlayer.objects.bulk_create(ClubPlayer(club=club, name=n) for n in new)
    return new


@transaction.atomic
def file_game(game: Game, club: Club) -> ClubGame:
    """Files a stored game under the club and links every seat to a regular player."""
    link = ClubGame.objects.create(game=game, club=club)
    links = SeatPerson.objects.bulk_create(
        SeatPerson(seat=seat, person=person_named(club, seat.name)) for seat in game.seats.all()
    )
    _give_handles(game, [(link.seat.name, link.person) for link in links])
    return link


def _give_handles(game: Game, seated: list[tuple[str, ClubPlayer]]) -> None:
    """The members' payment handles for this game's settle-up, where the service takes its
    currency and the game has none for them yet (the game's own handles are then its own)."""
    offered = {s.key for s in paylinks.offered(game.currency)}
    given = {
        name: [person.pay_service, person.pay_handle]
        for name, person in seated
        if person.pay_service in offered and name not in game.pay_handles
    }
    if given:
        game.pay_handles = {**game.pay_handles, **given}
        game.save(update_fields=["pay_handles"])


@transaction.atomic
def start_game(
    club: Club,
    players: list[str],
    preset: str = engine.DEFAULT_PRESET,
    title: str = "",
    stakes: dict | None = None,
    rules: dict | None = None,
    played_on: str | None = None,
    sent: commands.Sent | None = None,
    asked: object = None,
) -> Game:
    """A new game with no hands yet, filed under the club and dated today unless told: the
    `StartGame` command, once per `sent` key (`asked`, the form's values, is what the key
    covers); RecordError if the setup is bad."""
    data = {
        "format": "kalooki-game/1",
        "title": title,
        "rules": {"preset": preset, **(rules or {})},
        "players": players,
        "first_dealer": players[0] if players else "",
        "hands": [],
    }
    if stakes is not None:
        data["stakes"] = stakes
    data["played_on"] = played_on or datetime.date.today().isoformat()
    record = engine.parse_record(data)
    command = commands.StartGame(
        record,
        commands.start_values(record.game.players),
        values=asked,
        then=lambda game: file_game(game, club),
    )
    outcome = commands.apply(None, sent or commands.Sent(None, "", club.name[:60]), command)
    if not outcome.done:
        raise commands.Refusal(outcome.verdict, outcome.notice)
    return outcome.made
