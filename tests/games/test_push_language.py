"""Every websocket push is rendered in the language its page was rendered in (issue 11, item 9).

The chat used to be pushed in English to Italian players after any live chat message, while the board
and the log beside it stayed Italian.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games import services
from games.routing import websocket_urlpatterns
from tests.support.tables import started_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

APP = URLRouter(websocket_urlpatterns)


async def _open(table_id: int, user, headers=(), cookies=None):  # type: ignore[no-untyped-def]
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table_id}/", headers=list(headers))
    comm.scope["user"] = user
    if cookies is not None:
        comm.scope["cookies"] = cookies
    connected, _ = await comm.connect()
    assert connected
    await comm.receive_from()  # the view on connect
    return comm


async def _frame_with(comm, marker: str) -> str:  # type: ignore[no-untyped-def]
    """The next frame that contains ``marker`` (frames before it are other pushes)."""
    while True:
        frame = await comm.receive_from(timeout=10)
        if marker in frame:
            return frame


async def test_a_live_chat_message_reaches_an_italian_player_in_italian(make_user):
    alice = await sync_to_async(make_user)("alice")
    bob = await sync_to_async(make_user)("bob", language="it")
    table = await sync_to_async(started_table)(alice, bob)
    comm = await _open(table.pk, bob)
    await sync_to_async(services.chat_post)(table_id=table.pk, user=alice, text="ciao")
    frame = await _frame_with(comm, 'id="frag-chat"')
    assert 'aria-label="Chat del tavolo"' in frame and "Table chat" not in frame
    assert "ciao" in frame
    await comm.disconnect()


@pytest.mark.parametrize(
    ("headers", "cookies"),
    [([(b"accept-language", b"it-IT,it;q=0.9,en;q=0.5")], {}), ([], {"django_language": "it"})],
    ids=["accept-language", "language-cookie"],
)
async def test_a_spectator_gets_the_language_of_their_page(make_user, headers, cookies):
    """Someone not signed in reads the page in the language of their browser or of the language
    switch (LocaleMiddleware): the pushes follow the same choice."""
    alice = await sync_to_async(make_user)("alice")
    bob = await sync_to_async(make_user)("bob")
    table = await sync_to_async(started_table)(alice, bob)
    comm = WebsocketCommunicator(APP, f"/ws/tables/{table.pk}/", headers=headers)
    comm.scope["user"] = AnonymousUser()
    comm.scope["cookies"] = cookies
    connected, _ = await comm.connect()
    assert connected
    first = await comm.receive_from(timeout=10)
    assert "In attesa di" in first and "Waiting for" not in first
    await sync_to_async(services.chat_post)(table_id=table.pk, user=alice, text="hello")
    chat = await _frame_with(comm, 'id="frag-chat"')
    assert 'aria-label="Chat del tavolo"' in chat
    await comm.disconnect()


async def test_an_english_player_still_gets_english(make_user):
    alice = await sync_to_async(make_user)("alice")
    bob = await sync_to_async(make_user)("bob", language="it")
    table = await sync_to_async(started_table)(alice, bob)
    comm = await _open(table.pk, alice, headers=[(b"accept-language", b"it")])
    await sync_to_async(services.chat_post)(table_id=table.pk, user=bob, text="ciao")
    frame = await _frame_with(comm, 'id="frag-chat"')
    assert 'aria-label="Table chat"' in frame and "Chat del tavolo" not in frame
    await comm.disconnect()


async def test_the_your_turn_emails_are_each_in_their_recipients_language(make_user):
    """The worker's renders (emails) follow the recipient, not the language active where they run."""
    from django.core import mail
    from django.utils import translation

    from games.notifications import notifications_send_pending

    alice = await sync_to_async(make_user)("alice")
    bob = await sync_to_async(make_user)("bob", language="it")
    await sync_to_async(started_table)(alice, bob)  # the game waits on both: a "your move" email each
    mail.outbox = []
    with translation.override("it"):
        await sync_to_async(notifications_send_pending)()
    by_recipient = {m.to[0]: m for m in mail.outbox}
    assert by_recipient["alice@example.org"].subject.startswith("Hyperlane: your move in ")
    assert "A game is waiting for you:" in by_recipient["alice@example.org"].body
    assert by_recipient["bob@example.org"].subject.startswith("Hyperlane: tocca a te in ")
    assert "Una partita ti aspetta:" in by_recipient["bob@example.org"].body
