"""One websocket per seat: joins its table's group and sends one ~2 KB text frame per group message."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

# A fixed fragment of about the size of a seat's status + board update on the site.
_ROWS = "".join(
    f'<li class="seat seat-{i % 4}"><span class="name">player {i}</span>'
    f'<span class="score" data-score="{i * 7}">{i * 7}</span><span class="cards">{i % 9} cards</span></li>'
    for i in range(14)
)
_FRAME = (
    '<section id="frag-status" data-version="{version}" hx-swap-oob="true"><ul>' + _ROWS + "</ul></section>"
)


def render(version: int) -> str:
    return _FRAME.format(version=version)


class TableConsumer(AsyncWebsocketConsumer):
    #: One ``sync_to_async(thread_sensitive=False)`` hop before each send, as the site's consumer
    #: renders a seat's view in the thread pool.
    hop = False

    async def connect(self) -> None:
        self.group = f"table.{self.scope['url_route']['kwargs']['table']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send(text_data=render(0))  # in the group: the client may start

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def table_updated(self, event: dict[str, Any]) -> None:
        version = int(event["version"])
        text = await sync_to_async(render, thread_sensitive=False)(version) if self.hop else render(version)
        await self.send(text_data=text)


class HopTableConsumer(TableConsumer):
    hop = True


def _bump(table: int) -> int:
    from stackfloor.views import bump

    return bump(table)


class SocketMoveConsumer(HopTableConsumer):
    """The move comes over the mover's own open websocket (the site's ``ws-send`` path, issue 12): one
    ``sync_to_async`` hop runs it (as the site runs its service), it bumps the table's counter and tells
    the group; every seat's consumer (the mover's too: that is its answer) sends its frame after one hop."""

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        version = await sync_to_async(_bump, thread_sensitive=False)(int(self.scope["url_route"]["kwargs"]["table"]))
        await self.channel_layer.group_send(self.group, {"type": "table.updated", "version": version})
