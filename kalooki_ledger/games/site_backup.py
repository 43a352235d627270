"""What a site backup holds and how it is read back (the backup and restore commands).

A backup is one JSON object: `backup`, what it was taken at (this file's format, the release,
the game record format, and each app's latest migration), and `objects`, Django's dumpdata
rows, all read in one snapshot of the database. A backup from before the header (a bare list of
rows, format 1) is taken to be at the migrations its rows show (see `headerless_migrations`)."""

import bz2
import gzip
import json
import lzma
import sys
from contextlib import contextmanager
from importlib import metadata

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.loader import MigrationLoader

from kalooki_ledger.rules.record import FORMAT as GAME_RECORD_FORMAT

FORMAT = "kalooki-backup/2"
OPENERS = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}


class Refused(Exception):
    """One sentence saying why a file is not restored; nothing was changed."""


def release() -> str:
    return metadata.version("kalooki-ledger")


def latest_migrations(loader: MigrationLoader | None = None) -> dict[str, str]:
    """Each app's latest migration in this release's code."""
    loader = loader or MigrationLoader(connections[DEFAULT_DB_ALIAS], ignore_no_migrations=True)
    return dict(sorted(loader.graph.leaf_nodes()))


def applied_migrations(using: str = DEFAULT_DB_ALIAS) -> dict[str, str]:
    """Each app's latest migration applied to the database: the tables its rows are in."""
    loader = MigrationLoader(connections[using], ignore_no_migrations=True)
    applied = set(loader.applied_migrations)
    return {
        app: name
        for app, name in sorted(applied)
        if (app, name) in loader.graph.nodes
        and not any(
            child in applied
            for child in loader.graph.node_map[app, name].children
            if child[0] == app
        )
    }


def header(using: str = DEFAULT_DB_ALIAS) -> dict:
    return {
        "format": FORMAT,
        "release": release(),
        "game_record": GAME_RECORD_FORMAT,
        "migrations": applied_migrations(using),
    }


@contextmanager
def snapshot(using: str = DEFAULT_DB_ALIAS):
    """One read transaction around every table read inside: the site as it was at one moment,
    whatever is being scored meanwhile."""
    connection = connections[using]
    if connection.in_atomic_block:  # a caller's transaction (a test's) is the snapshot already
        yield
        return
    connection.ensure_connection()
    if connection.vendor == "sqlite":
        # BEGIN DEFERRED takes no write lock: in WAL mode the first read fixes the snapshot and
        # tables go on scoring beside it (the site's own transactions begin IMMEDIATE).
        mode, connection.transaction_mode = connection.transaction_mode, "DEFERRED"
        try:
            with transaction.atomic(using=using):
                connection.transaction_mode = mode
                yield
        finally:
            connection.transaction_mode = mode
        return
    with transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # the first statement of the transaction
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


def write(path: str, text: str, stdout) -> None:
    if path == "-":
        stdout.write(text)
        return
    opener = next((OPENERS[s] for s in OPENERS if path.endswith(s)), open)
    with opener(path, "wt", encoding="utf-8") as out:
        out.write(text)


def read(path: str) -> tuple[dict | None, list]:
    """The header (None for a format 1 backup) and the rows, or Refused in one sentence."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            opener = next((OPENERS[s] for s in OPENERS if path.endswith(s)), open)
            with opener(path, "rt", encoding="utf-8") as stream:
                text = stream.read()
    except (OSError, EOFError, lzma.LZMAError, UnicodeDecodeError) as error:
        raise Refused(f"{name} can't be read as a backup ({error}); nothing was restored") from None
    if not text.strip():
        raise Refused(f"{name} is empty, not a backup; nothing was restored")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise Refused(
            f"{name} is not a whole backup: its JSON breaks off or goes wrong at line "
            f"{error.lineno}, column {error.colno}; nothing was restored"
        ) from None
    if isinstance(data, dict) and isinstance(data.get("backup"), dict):
        head, rows = data["backup"], data.get("objects")
        if head.get("format") != FORMAT or not isinstance(head.get("migrations"), dict):
            raise Refused(
                f"{name} is a backup in a format this release can't read "
                f"({head.get('format')!r}, made by release {head.get('release', 'unknown')}); "
                "restore it with that release or a newer one; nothing was restored"
            )
    elif isinstance(data, list):
        head, rows = None, data
    else:
        raise Refused(f"{name} is JSON, but not a backup of this site; nothing was restored")
    if not isinstance(rows, list) or not all(
        isinstance(row, dict) and isinstance(row.get("model"), str) and "fields" in row
        for row in rows
    ):
        raise Refused(f"{name} is JSON, but not a backup of this site; nothing was restored")
    if not rows:
        raise Refused(f"{name} holds no rows, so it is no site's backup; nothing was restored")
    return head, rows


def holds_a_site(rows: list) -> bool:
    """A game or an account: what every site in use has."""
    return any(row["model"] in ("games.game", "auth.user") for row in rows)


def headerless_migrations(rows: list) -> dict[str, str]:
    """Where a format 1 backup (the releases from the one that brought `backup` to the one
    before the header) was taken, told by the club fields it has: clubs 0004 came with games
    0008, so a club with rule overrides is from a release that had run 0008. With no club to
    tell, it is taken to be from the first release with `backup` (games 0005), so 0008 runs on
    restore: the Trinidad games it keeps doubling were all stored before 0008 at the latest."""
    clubs = [row["fields"] for row in rows if row["model"] == "clubs.club"]
    taken = latest_migrations()
    if any("rule_overrides" in fields for fields in clubs):
        return {
            **taken,
            "games": "0008_trinidad_games_keep_their_doubling",
            "clubs": "0004_club_rule_overrides",
        }
    if any("buy_in" in fields for fields in clubs):
        return {**taken, "games": "0007_order_ties_by_id", "clubs": "0003_order_ties_by_id"}
    return {**taken, "games": "0005_command_versions", "clubs": "0001_initial"}


def targets(head: dict | None, rows: list, name: str) -> list[tuple[str, str | None]]:
    """The migration of each app to load the rows at; Refused when the backup is newer than
    this release or names migrations it does not know."""
    loader = MigrationLoader(connections[DEFAULT_DB_ALIAS], ignore_no_migrations=True)
    code = latest_migrations(loader)
    taken = headerless_migrations(rows) if head is None else head["migrations"]
    unknown = sorted(
        f"{app}.{migration}"
        for app, migration in taken.items()
        if (app, migration) not in loader.graph.nodes
    )
    if unknown:
        made_by = head.get("release", "unknown") if head else "unknown"
        raise Refused(
            f"{name} was made by release {made_by} of Kalooki Ledger, newer than or different "
            f"from this one ({release()}): it was taken at migration(s) this release does not "
            f"have ({', '.join(unknown[:3])}); restore it with that release; nothing was restored"
        )
    # An app the backup doesn't name came later than it: its tables start empty from zero.
    return [(app, taken.get(app)) for app in sorted(code)]
