"""Sessions in the database, read with their user in one query (accounts/sessions.py).

What the join must not change: the session data names the user (the column is only a shortcut), a
signed-out, deactivated or re-passworded session is anonymous, and a request still works when the row
names no user (a session made before the column existed)."""

from __future__ import annotations

import types

import pytest
from django.contrib.auth import SESSION_KEY
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext

from accounts.models import UserSession
from accounts.sessions import SessionStore, SessionUserAuthenticationMiddleware

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _request_user(session_key: str):
    """``request.user`` as the middleware gives it to a request carrying this session cookie."""
    request = HttpRequest()
    request.session = SessionStore(session_key)
    SessionUserAuthenticationMiddleware(lambda r: HttpResponse())(request)
    return request.user, request


def test_a_signed_in_request_reads_its_session_and_user_in_one_query(alice):
    client = _signed_in(alice)
    key = client.session.session_key
    with CaptureQueriesContext(connection) as captured:
        user, _request = _request_user(key)
        assert user.pk == alice.pk and user.is_authenticated
    sqls = [q["sql"] for q in captured.captured_queries]
    assert len(sqls) == 1, sqls
    assert "accounts_usersession" in sqls[0] and "accounts_user" in sqls[0].replace("accounts_usersession", "")


def test_the_row_names_its_user_from_the_session_data(alice, bob):
    client = _signed_in(alice)
    assert UserSession.objects.get(session_key=client.session.session_key).user_id == alice.pk
    client.post("/accounts/logout/")
    client.force_login(bob)
    assert UserSession.objects.get(session_key=client.session.session_key).user_id == bob.pk


def test_the_session_data_wins_over_the_column(alice, bob):
    """A row whose column disagrees with its data (never written so): the data's user, read by the backend."""
    client = _signed_in(alice)
    key = client.session.session_key
    UserSession.objects.filter(session_key=key).update(user=bob)
    with CaptureQueriesContext(connection) as captured:
        user, _request = _request_user(key)
        assert user.pk == alice.pk
    assert len(captured.captured_queries) == 2  # the session (with bob), then alice by her id


def test_a_row_without_a_user_still_signs_in(alice):
    client = _signed_in(alice)
    key = client.session.session_key
    UserSession.objects.filter(session_key=key).update(user=None)
    user, _request = _request_user(key)
    assert user.pk == alice.pk


def test_a_signed_out_session_stays_anonymous(alice):
    client = _signed_in(alice)
    key = client.session.session_key
    assert client.post("/accounts/logout/").status_code == 302
    assert not UserSession.objects.filter(session_key=key).exists()
    user, _request = _request_user(key)
    assert not user.is_authenticated


def test_a_deactivated_user_is_anonymous(alice):
    key = _signed_in(alice).session.session_key
    alice.is_active = False
    alice.save()
    user, _request = _request_user(key)
    assert not user.is_authenticated


def test_a_session_made_under_an_old_password_is_anonymous_and_ended(alice):
    key = _signed_in(alice).session.session_key
    alice.set_password("a-new-password-1")
    alice.save()
    user, request = _request_user(key)
    assert not user.is_authenticated
    assert request.session.session_key != key and not UserSession.objects.filter(session_key=key).exists()


def test_an_expired_session_is_anonymous(alice):
    from datetime import timedelta

    from django.utils import timezone

    key = _signed_in(alice).session.session_key
    UserSession.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    user, _request = _request_user(key)
    assert not user.is_authenticated


def test_the_upgrade_moves_open_sessions_with_their_users(alice):
    """The migration copies Django's session rows (a deploy signs nobody out), naming the user."""
    import importlib

    from django.apps import apps
    from django.contrib.sessions.backends.db import SessionStore as OldStore

    old = OldStore()
    old[SESSION_KEY] = str(alice.pk)
    old.create()
    anonymous = OldStore()
    anonymous["x"] = 1
    anonymous.create()
    migration = importlib.import_module("accounts.migrations.0003_user_sessions")
    migration.copy_sessions(apps, types.SimpleNamespace(connection=connection))
    assert UserSession.objects.get(session_key=old.session_key).user_id == alice.pk
    assert UserSession.objects.get(session_key=anonymous.session_key).user_id is None
    user, _request = _request_user(old.session_key)
    assert not user.is_authenticated  # no backend named in this hand-made session: as before the move
    assert SessionStore(anonymous.session_key)["x"] == 1
