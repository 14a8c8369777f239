"""Authentication: allauth's backend (username or email), whose session lookup (every request) is a prepared read."""

from __future__ import annotations

from typing import Any

from allauth.account.auth_backends import AuthenticationBackend
from asgiref.sync import sync_to_async
from django.db.models.query import MAX_GET_RESULTS

from accounts.models import User
from accounts.sessions import user_read_with_session
from config.prepared import PreparedRead

#: ``User._default_manager.get(pk=user_id)`` as ``get`` writes it (no ordering, LIMIT 21), compiled once.
USER_BY_PK = PreparedRead(
    "user by pk",
    lambda user_id: User._default_manager.filter(pk=user_id).order_by()[:MAX_GET_RESULTS],
    params=["user_id"],
)


class PreparedAuthenticationBackend(AuthenticationBackend):
    """allauth's backend (which is Django's ``ModelBackend`` plus sign-in by email) with the same
    ``get_user``: the user by primary key, None when there is none or ``user_can_authenticate`` refuses
    it (an inactive user); only the query is compiled once.

    Signing in (by username or email), permissions and everything else are allauth's and Django's own.
    allauth signs new accounts in through the first backend that is an instance of its own, so every
    session made from now on names this one.
    """

    def get_user(self, user_id: Any) -> User | None:
        read = user_read_with_session(user_id)
        if read is not None:
            # The request's session row brought this very user along (accounts/sessions.py): no query.
            return read if self.user_can_authenticate(read) else None
        found = USER_BY_PK(user_id=user_id)
        if not found:
            return None
        if len(found) > 1:  # as ``get`` would (a primary key: never)
            raise User.MultipleObjectsReturned(
                f"get() returned more than one User -- it returned {len(found)}!"
            )
        user = found[0]
        return user if self.user_can_authenticate(user) else None

    async def aget_user(self, user_id: Any) -> User | None:
        return await sync_to_async(self.get_user)(user_id)
