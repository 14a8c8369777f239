"""Sign up, log in, log out and the password reset flow (allauth, in the site's templates)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

SITE_BACKEND = "accounts.backends.PreparedAuthenticationBackend"


def test_the_login_page_is_in_the_site_layout():
    body = Client().get(reverse("account_login")).content.decode()
    assert 'class="site-header"' in body
    assert "Forgot your password?" in body


def _signup(client: Client, email: str, username: str):  # type: ignore[no-untyped-def]
    return client.post(
        reverse("account_signup"),
        {"email": email, "username": username, "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
    )


def test_signing_up_confirms_the_address_then_logs_in():
    client = Client()
    response = _signup(client, "dana@example.org", "dana")
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = User.objects.get(username="dana")
    assert user.language == "en"
    assert client.get(reverse("profile")).status_code == 302  # not signed in before confirming
    # Signing in before confirming sends the confirmation again instead.
    response = client.post(reverse("account_login"), {"login": "dana", "password": "a-long-pass-phrase"})
    assert response["Location"] == reverse("account_email_verification_sent")
    assert client.get(reverse("profile")).status_code == 302
    message = mail.outbox[-1]
    link = re.search(r"https?://[^/\s]+(/accounts/confirm-email/[^\s]+)", message.body).group(1)
    assert client.post(link).status_code == 302
    response = client.post(reverse("account_login"), {"login": "dana", "password": "a-long-pass-phrase"})
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    assert client.get(reverse("profile")).status_code == 200


def test_signing_up_does_not_tell_whether_an_address_is_registered(alice):
    """A known address gets the same answer as a new one; its owner gets a mail instead of a new account."""
    known, new = Client(), Client()
    answers = [_signup(known, "Alice@Example.org", "alias"), _signup(new, "fresh@example.org", "fresh")]
    assert [a.status_code for a in answers] == [302, 302]
    assert answers[0]["Location"] == answers[1]["Location"]
    pages = [
        # The page names the address the visitor typed (theirs already), and has its own CSRF token.
        re.sub(
            r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"|' + re.escape(address),
            "",
            c.get(a["Location"]).content.decode(),
            flags=re.IGNORECASE,
        )
        for c, a, address in zip((known, new), answers, ("alice@example.org", "fresh@example.org"), strict=True)
    ]
    assert pages[0].splitlines() == pages[1].splitlines()
    assert not User.objects.filter(username="alias").exists()
    assert sorted(m.to[0].lower() for m in mail.outbox) == ["alice@example.org", "fresh@example.org"]


def test_an_account_made_before_confirmation_was_required_still_logs_in(alice):
    """``alice`` (made by an administrator, like every account before sign-up asked for a confirmed
    address) has no address to confirm."""
    # Anyone may ask for a reset of alice's password: allauth then adds an unconfirmed address row.
    Client().post(reverse("account_reset_password"), {"email": "alice@example.org"})
    for login in ("alice", "alice@example.org"):
        client = Client()
        response = client.post(reverse("account_login"), {"login": login, "password": "pw-alicealice"})
        assert response.status_code == 302 and response["Location"] == reverse("lobby")
    assert client.session[BACKEND_SESSION_KEY] == SITE_BACKEND


def test_a_new_account_starts_in_the_language_it_was_made_in():
    client = Client(headers={"accept-language": "it"})
    client.post(
        reverse("account_signup"),
        {
            "email": "enzo@example.org",
            "username": "enzo",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert User.objects.get(username="enzo").language == "it"


def test_signing_up_with_mismatched_passwords_is_refused():
    response = Client().post(
        reverse("account_signup"),
        {
            "email": "dana@example.org",
            "username": "dana",
            "password1": "a-long-pass-phrase",
            "password2": "other-pass-phrase",
        },
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="dana").exists()
    assert response.context["form"].errors


@pytest.mark.parametrize("login", ["alice", "alice@example.org"])
def test_logging_in_by_username_or_email(alice, login):
    client = Client()
    response = client.post(reverse("account_login"), {"login": login, "password": "pw-alicealice"})
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby")
    assert client.get(reverse("profile")).status_code == 200
    # Either way the session names the backend whose user lookup is a prepared read (accounts/backends.py).
    assert client.session[BACKEND_SESSION_KEY] == SITE_BACKEND


def test_a_wrong_password_is_refused(alice):
    client = Client()
    response = client.post(reverse("account_login"), {"login": "alice", "password": "nope"})
    assert response.status_code == 200
    assert response.context["form"].errors
    assert client.get(reverse("profile")).status_code == 302


def test_logging_out(alice):
    client = Client()
    client.force_login(alice)
    assert "Do you want to log out?" in client.get(reverse("account_logout")).content.decode()
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert client.get(reverse("profile")).status_code == 302


def test_login_enforces_csrf(alice):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("account_login"), {"login": "alice", "password": "pw-alicealice"})
    assert response.status_code == 403


def test_the_password_reset_flow(alice):
    client = Client()
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    assert response.status_code == 302
    assert response["Location"] == reverse("account_reset_password_done")
    assert "Check your email" in client.get(response["Location"]).content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.org"]
    assert message.subject.startswith("[Hyperlane]")
    assert "Hyperlane" in message.body and "example.com" not in message.body
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+)", message.body).group(1)

    page = client.get(link, follow=True)
    assert page.status_code == 200
    assert "Choose a new password" in page.content.decode()
    action = page.redirect_chain[-1][0] if page.redirect_chain else link
    done = client.post(action, {"password1": "brand-new-secret-9", "password2": "brand-new-secret-9"})
    assert done.status_code == 302
    assert "Your password is now changed." in client.get(done["Location"]).content.decode()

    alice.refresh_from_db()
    assert alice.check_password("brand-new-secret-9")
    # The link works once.
    again = client.get(link, follow=True)
    assert "Invalid link" in again.content.decode()


def test_a_reset_for_an_unknown_address_does_not_tell(alice):
    answers = [
        Client().post(reverse("account_reset_password"), {"email": email}, follow=True)
        for email in ("nobody@example.org", "alice@example.org")
    ]
    for response in answers:
        assert response.redirect_chain == [(reverse("account_reset_password_done"), 302)]
    pages = [re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]+"', "", a.content.decode()) for a in answers]
    assert pages[0] == pages[1]


def test_the_password_reset_email_is_in_the_visitors_language(alice):
    Client(headers={"accept-language": "it"}).post(
        reverse("account_reset_password"), {"email": "alice@example.org"}
    )
    assert "Ciao da Hyperlane!" in mail.outbox[0].body


def test_password_reset_works_with_the_file_backend(alice, settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path)
    Client().post(reverse("account_reset_password"), {"email": "alice@example.org"})
    files = list(tmp_path.iterdir())
    assert len(files) == 1
    assert "/accounts/password/reset/key/" in files[0].read_text()


@pytest.mark.parametrize("name", ["account_change_password", "account_email"])
def test_the_other_account_pages_use_the_site_layout(alice, name):
    client = Client()
    client.force_login(alice)
    response = client.get(reverse(name))
    assert response.status_code == 200
    assert 'class="site-header"' in response.content.decode()


def test_changing_the_password(alice):
    client = Client()
    client.force_login(alice)
    response = client.post(
        reverse("account_change_password"),
        {
            "oldpassword": "pw-alicealice",
            "password1": "another-long-secret",
            "password2": "another-long-secret",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another-long-secret")
