"""The header's badge of games waiting for the signed-in user, pushed to pages other than a table's.

A table page's own socket brings it (``consumers.TableConsumer.badge_updated``); every other page of a
signed-in user opens this socket (``/ws/me/``, ``base.html``). Group messages say only "the games waiting
for you changed" (``broadcast.badges_updated_on_commit``); the count is read and rendered here, in the
user's language, for that user alone.
"""

from __future__ import annotations

import asyncio
from typing import Any

from django.conf import settings

from games import consumers
from games.broadcast import user_group
from games.rendering import render_waiting_badge, scope_language, with_language

MAX_FRAME = 4096


class BadgeConsumer(consumers.SessionBoundSocket):
    async def connect(self) -> None:
        self.user = self.scope.get("user")
        if not self._authenticated():
            await self.close(code=4401)
            return
        self.language = scope_language(self.scope, self.user)
        self.sent = ""
        self.beat_next = 0.0
        await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        await self.accept()
        await self._push()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "sent", None) is not None and self.user is not None and self.user.is_authenticated:
            await self.channel_layer.group_discard(user_group(self.user.pk), self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page's heartbeat (any small frame): rejoin the group, which can expire or be lost (a Redis
        restart), and send the badge if it changed meanwhile."""
        if text_data is None or len(text_data) > MAX_FRAME:
            return
        # At most one answered beat per HYPERLANE_HEARTBEAT_MIN_SECONDS (each reads the database).
        now = asyncio.get_running_loop().time()
        if now < self.beat_next:
            return
        self.beat_next = now + settings.HYPERLANE_HEARTBEAT_MIN_SECONDS
        if not await self._session_still_valid():
            return
        await self.channel_layer.group_add(user_group(self.user.pk), self.channel_name)
        await self._push()

    async def badge_updated(self, event: dict[str, Any]) -> None:
        await self._push()

    async def _push(self) -> None:
        html = await consumers.database_sync_to_async(self._render)()  # a read in the thread pool
        if html != self.sent:
            self.sent = html
            await self.send(text_data=html)

    def _render(self) -> str:
        return with_language(self.language, render_waiting_badge, self.user.pk)
