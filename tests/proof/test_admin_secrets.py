"""No admin list answers a question about a secret column (issue 11, item 2).

Walks the admin registry and the models' fields: every lookup on every secret column
(``config.secret_columns.SECRET_COLUMNS``), on the model itself or through any relation, is refused on
every registered admin, unlogged filtering being the leak (a seed recovered by bisection with
``?seed__lte=N``, a hand by ``?cards__contains=``). A column added to ``SECRET_COLUMNS`` is covered here
without a new test; a column not listed there is still refused unless the admin offers it as a filter.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.contrib import admin
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from config.secret_columns import SECRET_COLUMNS, admin_secret_paths, secret_columns, touches_secret
from games.models import Deck, SecretAccess, Table
from tests.support.tables import hand_of, started_table, submit

pytestmark = pytest.mark.django_db

LOOKUPS = ["", "__exact", "__contains", "__icontains", "__startswith", "__lte", "__gt", "__isnull", "__in"]


def _secret_paths(model: type[Model]) -> Iterator[str]:
    """Every path from ``model`` to a secret column: its own, and one relation away (either direction)."""
    for name in secret_columns(model):
        yield name
    for field in model._meta.get_fields():
        if field.is_relation and field.related_model is not None:
            name = field.name if field.concrete else field.get_accessor_name()
            if name is None or name.endswith("+"):
                continue
            for secret in secret_columns(field.related_model):
                yield f"{field.name}__{secret}"


def _changelist(model: type[Model]) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")


@pytest.fixture
def root(make_user):  # type: ignore[no-untyped-def]
    """A superuser: permissions are not what refuses these lookups."""
    return make_user("root", is_staff=True, is_superuser=True)


@pytest.fixture
def game(alice, bob):  # type: ignore[no-untyped-def]
    table = started_table(alice, bob)
    submit(table, alice, "bid", card=hand_of(table, 0)[0])
    table.refresh_from_db()
    return table


def test_the_secret_columns_exist():
    """A renamed or dropped column must not silently leave the list (and its guard) behind."""
    from django.apps import apps

    for label, columns in SECRET_COLUMNS.items():
        model = apps.get_model(label)
        names = {f.name for f in model._meta.concrete_fields}
        assert columns <= names, (label, columns - names)


def test_no_admin_names_a_secret_column_in_its_filters_search_ordering_or_columns():
    for model, model_admin in admin.site._registry.items():
        assert admin_secret_paths(model_admin) == [], model._meta.label


def test_every_secret_lookup_is_refused_on_every_admin(root, game, caplog):
    client = Client()
    client.force_login(root)
    values = {"seed": str(game.seed), "invite_token": game.invite_token, "cards": hand_of(game, 1)[0]}
    checked = 0
    with caplog.at_level(logging.WARNING, logger="games.moderation"):
        for model in admin.site._registry:
            url = _changelist(model)
            for path in _secret_paths(model):
                assert touches_secret(model, path), (model, path)
                value = values.get(path.rsplit("__", 1)[-1], "1")
                for lookup in LOOKUPS:
                    response = client.get(url, {path + lookup: value})
                    # Refused: back to the plain list with a message, or Django's 400 for a relation
                    # the admin does not filter by. Never a list filtered by the secret.
                    assert response.status_code in (302, 400), (url, path + lookup, response.status_code)
                    if response.status_code == 302:
                        assert response["Location"] == url
                    checked += 1
    assert checked > 100
    assert not SecretAccess.objects.exists()
    assert any("secret column lookup refused" in r.getMessage() for r in caplog.records)


def test_the_refusal_is_explained(mod, game):
    client = Client()
    client.force_login(mod)
    response = client.get(_changelist(Table), {"id": game.pk, "seed__lte": game.seed}, follow=True)
    assert response.status_code == 200
    assert "cannot be filtered by seed" in response.content.decode()
    # The plain list, not one filtered by the seed.
    assert response.redirect_chain == [(_changelist(Table), 302)]


def test_the_offered_filters_still_work(mod, game, charlie):
    other = started_table(charlie)
    client = Client()
    client.force_login(mod)
    response = client.get(_changelist(Table), {"id": game.pk})
    assert [t.pk for t in response.context["cl"].result_list] == [game.pk] and other.pk != game.pk
    response = client.get(_changelist(Deck), {"visibility__exact": "owner"})
    assert response.status_code == 200 and response.context["cl"].result_count > 0
    year = game.created_at.year
    response = client.get(_changelist(Table), {"created_at__year": year, "status__exact": "active"})
    assert response.status_code == 200 and game.pk in [t.pk for t in response.context["cl"].result_list]


def test_an_unoffered_column_is_refused_even_when_not_listed_as_secret(mod, game):
    """A column nobody thought to list (here ``Seat.decision_key``) is not a filter unless offered."""
    client = Client()
    client.force_login(mod)
    url = reverse("admin:games_seat_changelist")
    assert client.get(url, {"decision_key__startswith": "b"})["Location"] == url


def test_no_secret_column_is_a_to_field(root, game):
    client = Client()
    client.force_login(root)
    for model in admin.site._registry:
        for name in secret_columns(model):
            response = client.get(_changelist(model), {"_to_field": name})
            assert response.status_code == 400, (model, name)


def test_search_never_reaches_a_secret_column(root, game):
    client = Client()
    client.force_login(root)
    for model, model_admin in admin.site._registry.items():
        if not secret_columns(model):
            continue
        for field in model_admin.get_search_fields(None):  # type: ignore[arg-type]
            assert not touches_secret(model, field.lstrip("=^@")), (model, field)
    response = client.get(_changelist(Table), {"q": game.invite_token})
    assert list(response.context["cl"].result_list) == []
