"""Database sessions whose read brings the signed-in user along: one query per request instead of two.

Sessions live in the database only (``config/settings/base.py``: a Redis outage must neither fail a
signed-in page nor bring back a session ended during it). Django's database store reads the session
row, then ``AuthenticationMiddleware`` reads the user it names: two queries on every request. This store
keeps its rows in ``accounts.UserSession``, which names the user in a column written from the session
data on every save, and reads the row with its user in one statement (a LEFT JOIN). The user read
that way is handed to ``accounts.backends.PreparedAuthenticationBackend.get_user`` through
``SessionUserAuthenticationMiddleware``, and only when it is the very user the session data names; every
check after that (the backend is listed, the user may sign in, the session's password hash) is Django's own.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.auth.middleware import AuthenticationMiddleware, auser
from django.contrib.auth.middleware import get_user as middleware_get_user
from django.contrib.sessions.backends.db import SessionStore as DBStore
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from config.prepared import PreparedRead

#: No user was read with the session (not loaded yet, no row, or a row that names no user).
_NOT_READ = object()
#: The session whose user ``get_user`` may take, while ``auth.get_user`` runs for its request.
_current_session: contextvars.ContextVar[Any] = contextvars.ContextVar("hyperlane_session", default=None)


def _session_with_user(session_key: str, now: Any) -> Any:
    # ``get`` as Django's store reads a session (not expired), with the user it names joined; no ordering.
    from accounts.models import UserSession

    return UserSession.objects.select_related("user").filter(session_key=session_key, expire_date__gt=now).order_by()[:2]


#: The session row and its user, on every signed-in request and socket command: compiled once.
SESSION_WITH_USER = PreparedRead(
    "session with its user", _session_with_user, params=(), text_params=["session_key"], moment_params=["now"]
)


class SessionStore(DBStore):
    # The name matters: session data is signed with a salt naming the class (``SessionBase.key_salt``), so
    # sessions written by Django's ``db.SessionStore`` (copied over by accounts/migrations/0003) still decode.
    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._user_read: Any = _NOT_READ

    @classmethod
    def get_model_class(cls) -> type:
        from accounts.models import UserSession

        return UserSession

    def _get_session_from_db(self) -> Any:
        # Django's own read (an expired row is not found; a malformed key is logged), with the user joined.
        self._user_read = _NOT_READ
        try:
            found = SESSION_WITH_USER(session_key=self.session_key, now=timezone.now())
        except SuspiciousOperation as exc:
            self._not_found(exc)
            return None
        if not found:
            self._not_found(self.model.DoesNotExist())
            return None
        row = found[0]
        self._user_read = row.user
        return row

    async def _aget_session_from_db(self) -> Any:
        self._user_read = _NOT_READ
        try:
            row = await self.model.objects.select_related("user").aget(
                session_key=self.session_key, expire_date__gt=timezone.now()
            )
        except (self.model.DoesNotExist, SuspiciousOperation) as exc:
            self._not_found(exc)
            return None
        self._user_read = row.user
        return row

    def _not_found(self, exc: Exception) -> None:
        if isinstance(exc, SuspiciousOperation):
            logging.getLogger(f"django.security.{exc.__class__.__name__}").warning(str(exc))
        self._session_key = None

    def create_model_instance(self, data: dict[str, Any]) -> Any:
        row = super().create_model_instance(data)
        row.user_id = _user_id(data)
        return row

    async def acreate_model_instance(self, data: dict[str, Any]) -> Any:
        row = await super().acreate_model_instance(data)
        row.user_id = _user_id(data)
        return row

    def user_read_with(self, user_id: Any) -> Any:
        """The user read with this session's row if it is ``user_id`` (the session data's), else None."""
        user = self._user_read
        if user is _NOT_READ or user is None or user.pk != user_id:
            return None
        return user


def _user_id(data: dict[str, Any]) -> int | None:
    raw = data.get(SESSION_KEY)
    try:
        return int(raw) if raw is not None else None
    except (TypeError, ValueError):
        return None


def user_read_with_session(user_id: Any) -> Any:
    """For the authentication backend: the user the current request's session row brought, if it is
    ``user_id``; None otherwise (the backend then reads the user itself)."""
    session = _current_session.get()
    if session is None or not hasattr(session, "user_read_with"):
        return None
    return session.user_read_with(user_id)


@contextmanager
def session_in_use(session: Any) -> Iterator[None]:
    """While in it, the authentication backend's ``get_user`` may take the user ``session``'s row brought
    (``user_read_with_session``): a request's session, or a websocket's that re-checks its own."""
    token = _current_session.set(session)
    try:
        yield
    finally:
        _current_session.reset(token)


def _session_in_use(request: HttpRequest) -> Any:
    return session_in_use(getattr(request, "session", None))


def _get_user(request: HttpRequest) -> Any:
    with _session_in_use(request):
        return middleware_get_user(request)


class SessionUserAuthenticationMiddleware(AuthenticationMiddleware):
    """Django's ``AuthenticationMiddleware``, whose ``request.user`` may take the user read with the session."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _get_user(request))
        request.auser = partial(auser, request)
