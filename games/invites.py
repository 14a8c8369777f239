"""Invite tokens travel in a URL fragment and the session, never in a URL the server logs.

The invite link is ``/tables/<id>/invite/#<token>``: browsers never send a fragment, so the token is in
no request line, access log, proxy log or Referer. The invite page posts it (``app.js`` reads the
fragment; without JavaScript the visitor pastes it), and from then on the visitor's session holds it: the
table page, its fragments and its websocket find it there, with no ``?invite=`` in their URLs.
"""

from __future__ import annotations

from typing import Any

SESSION_KEY = "hyperlane_invites"
#: Invites a session remembers (the most recent ones); a session is not a store.
MAX_INVITES = 50


def invite_link(table_id: int, token: str) -> str:
    from django.urls import reverse

    return reverse("table_invite_page", args=[table_id]) + "#" + token


def remember_invite(session: Any, table_id: int, token: str) -> None:
    invites = {k: v for k, v in (session.get(SESSION_KEY) or {}).items() if k != str(table_id)}
    invites[str(table_id)] = token
    session[SESSION_KEY] = dict(list(invites.items())[-MAX_INVITES:])


def session_invite(session: Any, table_id: int) -> str:
    """The invite token this session accepted for ``table_id`` ("" if none). Reads the session (sync)."""
    if session is None:
        return ""
    value = (session.get(SESSION_KEY) or {}).get(str(table_id), "")
    return value if isinstance(value, str) else ""
