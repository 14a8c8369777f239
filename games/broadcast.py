"""Tell connected pages that something changed. Payloads carry ids and versions only, never state.

Each consumer re-renders its own seat's view from the database when poked, so nothing secret ever
passes through the channel layer. In the embedded default (no Redis) the channel layer lives inside
the one ASGI process; other processes (the Celery worker) reach it through a signed internal POST.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)

#: Set by ``config.asgi`` in the process that serves websockets.
IN_ASGI_PROCESS = False


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


def user_group(user_id: int) -> str:
    """Every open page of one user (its table sockets, its ``/ws/me/`` socket elsewhere): told when the
    games waiting for them change, and when their sessions may have ended (``games.signals``)."""
    return f"user.{user_id}"


def session_digest(session_key: str) -> str:
    return hashlib.sha256(session_key.encode()).hexdigest()


def _signature(body: bytes) -> str:
    # Not the SECRET_KEY: the embedded default may run on the public development key.
    return hmac.new(settings.HYPERLANE_INTERNAL_KEY.encode(), body, hashlib.sha256).hexdigest()


def verify_signature(body: bytes, signature: str) -> bool:
    """Whether ``body`` was signed with this site's internal key (never true when there is none)."""
    if not settings.HYPERLANE_INTERNAL_KEY or not signature:
        return False
    return hmac.compare_digest(_signature(body), signature)


_TABLE_GROUP = re.compile(r"lobby|table\.[1-9][0-9]{0,17}")
_USER_GROUP = re.compile(r"user\.[1-9][0-9]{0,17}")
_DIGEST = re.compile(r"[0-9a-f]{64}")
#: What each kind of group may be sent, and the keys each message may carry (``send_group``'s callers).
_TABLE_TYPES = {"table.updated", "chat.updated", "lobby.updated"}
_USER_TYPES = {"badge.updated", "session.check"}


def relayed_message(payload: object) -> tuple[str, dict[str, object]] | None:
    """The (group, message) of an internal POST's payload when it is one this module sends, else None:
    a table (or the lobby) told of a change, with a version that is a small non-negative integer, or a
    user's pages told that their badge or their sessions changed (a session digest at most); nothing else."""
    if not isinstance(payload, dict) or set(payload) != {"group", "message"}:
        return None
    group, message = payload["group"], payload["message"]
    if not isinstance(group, str) or not isinstance(message, dict):
        return None
    if _USER_GROUP.fullmatch(group):
        if message.get("type") not in _USER_TYPES or not set(message) <= {"type", "ended"}:
            return None
        ended = message.get("ended")
        if "ended" in message and (
            message["type"] != "session.check" or not isinstance(ended, str) or not _DIGEST.fullmatch(ended)
        ):
            return None
        return group, message
    if not _TABLE_GROUP.fullmatch(group):
        return None
    if message.get("type") not in _TABLE_TYPES or not set(message) <= {"type", "version", "reread"}:
        return None
    version = message.get("version", 0)
    if type(version) is not int or not 0 <= version < 2**31:
        return None
    if type(message.get("reread", False)) is not bool:
        return None
    return group, message


#: The group messages held in a websocket's thread hop (``sending_from``), with the layer to send them on.
_HELD: ContextVar[list[tuple[object, str, dict[str, object]]] | None] = ContextVar("held_sends", default=None)


@contextlib.contextmanager
def sending_from(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """Around a websocket's command in its thread hop (``consumers.TableConsumer._submit``): the group
    messages its commits make are held, and handed to the socket's own event loop when the block ends,
    which sends them while the hop goes on (rendering the mover's answer), instead of the thread waiting
    for each through ``async_to_sync``. What the block does after the commit (keeping the table it
    wrote for this server's other sockets) is done before any of them is told."""
    held: list[tuple[object, str, dict[str, object]]] = []
    token = _HELD.set(held)
    try:
        yield
    finally:
        _HELD.reset(token)
        for layer, group, message in held:
            if loop.is_closed():
                break
            loop.call_soon_threadsafe(
                lambda layer=layer, group=group, message=message: asyncio.ensure_future(
                    _logged_group_send(layer, group, message)
                )
            )


def send_group(group: str, message: dict[str, object]) -> None:
    """Deliver a group message now: through the channel layer, or the internal POST when it cannot."""
    if settings.HYPERLANE_INTERNAL_URL and not IN_ASGI_PROCESS:
        _post_internal(group, message)
        return
    layer = get_channel_layer()
    if layer is None:
        return
    held = _HELD.get()
    if held is not None:
        held.append((layer, group, message))
        return
    try:
        async_to_sync(_bounded_group_send)(layer, group, message)
    except Exception as exc:  # a broadcast failure must never undo or fail a move; heartbeats resync
        log.warning("group_send to %s failed (%r); pages resync on their heartbeat", group, exc)


async def _bounded_group_send(layer: object, group: str, message: dict[str, object]) -> None:
    """The layer's ``group_send``, given up after ``HYPERLANE_BROADCAST_TIMEOUT``: a channel layer whose
    Redis has stopped answering must not hold the answer to a move that is already committed."""
    await asyncio.wait_for(layer.group_send(group, message), timeout=settings.HYPERLANE_BROADCAST_TIMEOUT)  # type: ignore[attr-defined]


async def _logged_group_send(layer: object, group: str, message: dict[str, object]) -> None:
    try:
        await _bounded_group_send(layer, group, message)
    except Exception as exc:  # as ``send_group``: never the move's failure
        log.warning("group_send to %s failed (%r); pages resync on their heartbeat", group, exc)


def _post_internal(group: str, message: dict[str, object]) -> None:
    body = json.dumps({"group": group, "message": message}).encode()
    req = urllib.request.Request(
        settings.HYPERLANE_INTERNAL_URL.rstrip("/") + "/internal/broadcast/",
        data=body,
        headers={"Content-Type": "application/json", "X-Hyperlane-Signature": _signature(body)},
        method="POST",
    )

    def _send() -> None:
        try:
            urllib.request.urlopen(req, timeout=5).close()
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, ConnectionRefusedError):
                # No server is running (a management command before the site starts): no page to tell.
                log.debug("internal broadcast to %s: no server at %s", group, settings.HYPERLANE_INTERNAL_URL)
                return
            log.warning("internal broadcast to %s failed (%s); pages resync on their heartbeat", group, exc)
        except Exception as exc:
            log.warning("internal broadcast to %s failed (%r); pages resync on their heartbeat", group, exc)

    threading.Thread(target=_send, daemon=True).start()


def table_updated_on_commit(*, table_id: int, version: int, reread: bool = False) -> None:
    """After commit, tell the table's pages it is at ``version``. ``reread``: the change kept the version
    (seats taken or left, a table cancelled or closed), so the sockets must read the table afresh
    instead of reusing a read of this version (``consumers.TableSnapshots``)."""
    message: dict[str, object] = {"type": "table.updated", "version": version}
    if reread:
        message["reread"] = True
    transaction.on_commit(lambda: send_group(table_group(table_id), message), robust=True)


def chat_updated_on_commit(*, table_id: int) -> None:
    transaction.on_commit(lambda: send_group(table_group(table_id), {"type": "chat.updated"}), robust=True)


def badges_updated_on_commit(*, user_ids: Iterable[int]) -> None:
    """After commit, tell these users' pages that the games waiting for them changed (the header badge)."""
    for user_id in sorted(set(user_ids)):
        group = user_group(user_id)
        transaction.on_commit(lambda group=group: send_group(group, {"type": "badge.updated"}), robust=True)


def sessions_changed_on_commit(*, user_id: int, ended: str | None = None) -> None:
    """After commit, tell the user's open sockets to check that their session still signs them in.
    ``ended``: the key of a session that is ending now (a sign-out), whose sockets close at once; only
    its digest (``session_digest``) goes through the channel layer, never the key."""
    message: dict[str, object] = {"type": "session.check"}
    if ended:
        message["ended"] = session_digest(ended)
    transaction.on_commit(lambda: send_group(user_group(user_id), message), robust=True)
