"""Where a bench's CPU goes, by function: each named function wrapped to add up the CPU time of the thread
that runs it (``time.thread_time``), its callees included, once however deep it recurses.

Unlike a sampling profiler this counts CPU, not the time a thread waited for the GIL or a socket: the sum
over the functions of one call path is comparable with the process's CPU per move. Inclusive figures
overlap (``render_view`` holds ``rendered_parts``); read them as a tree.

    counters = attribute(["games.rendering:render_view", "games.parts:rendered_parts"])
    ... run ...
    report(counters, per=moves)
"""

from __future__ import annotations

import functools
import importlib
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

_active = threading.local()
#: Counting only while on (``counting``): a bench's set-up and unmeasured steps are left out.
_on = [True]


def counting(on: bool) -> None:
    _on[0] = on


class Counter:
    def __init__(self, name: str) -> None:
        self.name = name
        self.seconds = 0.0
        self.calls = 0
        self._lock = threading.Lock()

    def add(self, seconds: float) -> None:
        with self._lock:
            self.seconds += seconds
            self.calls += 1

    def reset(self) -> None:
        with self._lock:
            self.seconds, self.calls = 0.0, 0


def _wrap(fn: Callable[..., Any], counter: Counter) -> Callable[..., Any]:
    @functools.wraps(fn)
    def timed(*args: Any, **kwargs: Any) -> Any:
        if not _on[0]:
            return fn(*args, **kwargs)
        running = getattr(_active, "names", None)
        if running is None:
            running = _active.names = set()
        if counter.name in running:  # a recursive call: counted by the outer one
            return fn(*args, **kwargs)
        running.add(counter.name)
        start = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            counter.add(time.thread_time() - start)
            running.discard(counter.name)

    return timed


def attribute(targets: Iterable[str]) -> list[Counter]:
    """Wrap each ``module:Qualified.name`` (a function, or a method looked up on its class)."""
    counters = []
    for target in targets:
        module_name, _, qualname = target.partition(":")
        owner: Any = importlib.import_module(module_name)
        *path, attr = qualname.split(".")
        for name in path:
            owner = getattr(owner, name)
        raw = owner.__dict__[attr] if isinstance(owner, type) else getattr(owner, attr)
        counter = Counter(target)
        if isinstance(raw, staticmethod):
            setattr(owner, attr, staticmethod(_wrap(raw.__func__, counter)))
        elif isinstance(raw, classmethod):
            setattr(owner, attr, classmethod(_wrap(raw.__func__, counter)))
        else:
            wrapped = _wrap(raw, counter)
            setattr(owner, attr, wrapped)
            if not isinstance(owner, type):  # and wherever it was imported by name
                for module in list(sys.modules.values()):
                    for name, value in list(getattr(module, "__dict__", {}).items()):
                        if value is raw:
                            setattr(module, name, wrapped)
        counters.append(counter)
    return counters


def reset(counters: Iterable[Counter]) -> None:
    for counter in counters:
        counter.reset()


def report(counters: Iterable[Counter], *, per: int) -> None:
    """Print each function's CPU per ``per`` (moves), with its calls per move, in the order given."""
    for counter in counters:
        if counter.calls:
            print(
                f"    {1000 * counter.seconds / per:7.2f} ms  {counter.calls / per:6.2f} calls  {counter.name}"
            )
