"""The site's sessions: Django's database store, whose read alone goes through SQL written once
per process (`kept_queries`): building the query cost every page a tenth of its time. The
rows, their expiry, what they hold and every write are Django's own."""

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.db import router
from django.utils import timezone

from .kept_queries import KeptQuery

_SESSION_KEY = "session key"  # stands for the key while the SQL is written
_row = KeptQuery(
    lambda key: Session.objects.filter(session_key=key).values_list("session_data", "expire_date")[
        :1
    ],
    _SESSION_KEY,
)


class SessionStore(db.SessionStore):
    def load(self) -> dict:
        """What the session holds, as Django's store reads it: a key with no row, or only an
        expired one, is forgotten, so the next save makes a new key rather than take it."""
        found = _row.rows(router.db_for_read(Session), self.session_key) if self.session_key else []
        if not found or found[0][1] <= timezone.now():
            self._session_key = None
            return {}
        return self.decode(found[0][0])
