"""What a page showed at a version (games.rendering.remember_shown / shown_at) belongs to one table only."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Table
from games.rendering import remember_shown, render_view, shown_at, shown_of
from games.selectors import viewer_for
from tests.support.tables import started_table


@pytest.mark.django_db
def test_a_record_is_never_taken_for_another_table_with_the_same_id(make_user):
    """A cache that outlives its database (each live test site has its own database and shares Redis; a
    development site reset) holds records of an earlier table with this id: a page of the new table
    must not be diffed against them, or it keeps parts it should have been sent (seen on CI: a browser
    game where both players were offered moves)."""
    alice, bob = make_user("alice"), make_user("bob")
    table = started_table(alice, bob)
    viewer = viewer_for(table_id=table.pk, user=alice)
    view = render_view(viewer, oob=True)
    remember_shown(viewer, shown_of(view))
    assert shown_at(viewer, table.version) is not None

    # The same id and version, another table: created at another time.
    Table.objects.filter(pk=table.pk).update(created_at=table.created_at + timedelta(seconds=1))
    other = viewer_for(table_id=table.pk, user=alice)
    assert shown_at(other, table.version) is None
