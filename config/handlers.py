"""The ASGI handler: Django's, with every synchronous view guarded against ``StopIteration``.

Under ASGI a synchronous view runs in a thread (``sync_to_async``), and a ``StopIteration`` escaping it
cannot be set on the asyncio future that waits for it ("StopIteration interacts badly with generators
and cannot be raised into a Future"): the future never completes and the request never gets an answer,
holding its memory (issue 11 item 4: a bare ``next(...)`` in a view). PEP 479 does the same for
generators: the exception becomes a RuntimeError, which Django answers as any other error (a logged 500).
"""

from __future__ import annotations

import functools
from inspect import iscoroutinefunction
from typing import Any

import django
from django.core.handlers.asgi import ASGIHandler


class GuardedASGIHandler(ASGIHandler):
    def make_view_atomic(self, view: Any) -> Any:
        view = super().make_view_atomic(view)
        if iscoroutinefunction(view):
            return view
        return _no_stop_iteration(view)


def _no_stop_iteration(view: Any) -> Any:
    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return view(*args, **kwargs)
        except StopIteration as exc:
            name = getattr(view, "__qualname__", repr(view))
            raise RuntimeError(f"the view {name} raised StopIteration") from exc

    return guarded


def get_asgi_application() -> GuardedASGIHandler:
    """``django.core.asgi.get_asgi_application`` with the guarded handler."""
    django.setup(set_prefix=False)
    return GuardedASGIHandler()
