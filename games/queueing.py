"""Work the services hand to the Celery worker, named as the worker knows it.

The services queue a task by its name here; ``games/tasks.py`` defines the tasks and calls the services
back. Naming the task, as the beat schedule in settings does, keeps the services below the tasks (no
import cycle). ``GamesConfig.ready`` imports ``games.tasks``, so the name finds the task object and a
queued task goes through its own ``apply_async`` (an unregistered name would be sent as is: the same
message).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)

ADVANCE_TABLE = "games.tasks.advance_table_task"  # (table_id, expected_version): the automatic step due
NOTIFY_USERS = "games.tasks.notify_users_task"  # (table_id, version): the emails of a new version
ANSWER_AWAY = "games.tasks.answer_away_task"  # (table_id, position, expected_version): an away seat's answer


def send_on_commit(task_name: str, *args: Any) -> None:
    """After commit, queue ``task_name(*args)``; a broker error is the caller's (a moderator's retry)."""
    transaction.on_commit(partial(current_app.signature(task_name).delay, *args))


def enqueue_on_commit(task_name: str, *args: Any, countdown: float = 0) -> None:
    """After commit, queue ``task_name(*args)``; if the broker cannot take it (Redis away), log and go on.

    ``countdown``: seconds the worker waits before running it (a paced automatic step); 0 runs it at once.

    Celery's own ``delay_on_commit`` lets the broker's error out of the commit hook, which turned a move
    already committed into a 500. Nothing is lost here: the sweeper re-sends a pending automatic step
    and the periodic catch-up sends the emails whose task never ran.
    """

    def send() -> None:
        try:
            if countdown > 0:
                current_app.signature(task_name).apply_async(args, countdown=countdown)
            else:
                current_app.signature(task_name).delay(*args)
        except Exception as exc:
            log.warning("could not queue %s%r (%r); the periodic tasks catch up", task_name, args, exc)

    transaction.on_commit(send)
