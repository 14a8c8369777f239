"""Waiting on a table websocket in tests: for an event, never for a quiet moment.

A busy machine (2 cores shared by several runs) can take seconds to push a frame, so "everything that
arrives within 1 s" is not a test. ``receive_until`` waits for the frame a test expects; the cap only
runs out when something is truly lost. "Nothing was sent" is made exact with a marker that the consumer
answers after everything it sent before: ``before_marker`` (a group message: the socket's chat, which
comes after every earlier group message's push) and ``before_resend`` (a heartbeat behind every version:
a full resend, which comes after the answer to every earlier heartbeat).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from channels.layers import get_channel_layer

from games.broadcast import table_group

#: The safety cap for a frame that must come.
CAP = 120.0

_FULL = ('id="frag-status"', 'id="frag-seats"', 'id="frag-board"', 'id="frag-decision"', 'id="frag-result"')


async def receive_until(comm: Any, done: Callable[[str], bool], cap: float = CAP) -> str:
    """The frames up to the first after which ``done(all of them joined)`` holds."""
    out: list[str] = []
    while True:
        out.append(await comm.receive_from(timeout=cap))
        if done("".join(out)):
            return "".join(out)


async def before_marker(comms: list[Any], table_id: int, cap: float = CAP) -> list[str]:
    """For each socket of the table, everything it sent for its connect and the group messages before
    now (joined). One marker goes to the table's group: every socket of the table gets it."""
    await get_channel_layer().group_send(table_group(table_id), {"type": "chat.updated"})
    return [await _until_chat(comm, cap) for comm in comms]


async def _until_chat(comm: Any, cap: float) -> str:
    out: list[str] = []
    while True:
        frame = await comm.receive_from(timeout=cap)
        if frame.lstrip().startswith('<ol id="frag-chat"'):  # the chat's lines (render_chat)
            return "".join(out)
        out.append(frame)


async def before_resend(comm: Any, cap: float = CAP) -> str:
    """Everything the socket sent for the heartbeats before now (joined), then its full resend is read."""
    await comm.send_to(text_data=json.dumps({"heartbeat": -1}))
    out: list[str] = []
    while True:
        frame = await comm.receive_from(timeout=cap)
        if all(marker in frame for marker in _FULL):
            return "".join(out)
        out.append(frame)
