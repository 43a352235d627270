"""Django's database sessions (settings.SESSION_ENGINE), read with SQL built once per process:
building the ORM's query cost every page more than running it. Writing is Django's own."""

from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

_reads: dict[str, tuple[str, bool]] = {}  # by the database's vendor


def _read_sql(model) -> tuple[str, bool]:
    """The read as Django writes it for this database, and whether the key is its first
    parameter (the other is the time now)."""
    query = (
        model.objects.filter(session_key="key", expire_date__gt=timezone.now())
        .values_list("session_data")[:1]
        .query
    )
    sql, params = query.sql_with_params()
    if len(params) != 2 or "key" not in params:  # kept only with its parameters known
        raise RuntimeError(f"the session's read takes {params!r}")
    return sql, params[0] == "key"


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        read = _reads.get(connection.vendor)
        if read is None:
            read = _reads[connection.vendor] = _read_sql(self.model)
        sql, key_first = read
        expire = self.model._meta.get_field("expire_date")
        now = expire.get_db_prep_value(timezone.now(), connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.session_key, now] if key_first else [now, self.session_key])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None  # as Django's: an unknown or expired key starts afresh
            return None
        return self.model(session_key=self.session_key, session_data=row[0])
