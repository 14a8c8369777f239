"""allauth's email verification at sign-in, for the accounts that signed up under it.

Signing up asks for a confirmed address (``ACCOUNT_EMAIL_VERIFICATION = "mandatory"``) so that the sign-up
page answers the same whether or not an address is already registered: a new address gets a
confirmation mail, a known one an "you already have an account" mail, and both visitors see "check
your email". Accounts made before that, or by an administrator (``User.needs_confirmed_email`` unset),
sign in as they always did, even once allauth has added an unconfirmed address row for them (a password
reset request does, and anyone may make one).
"""

from __future__ import annotations

from typing import Any

from allauth.account.stages import EmailVerificationStage


class SignupEmailVerificationStage(EmailVerificationStage):
    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        if user is not None and not getattr(user, "needs_confirmed_email", False):
            return None, True
        return super().handle()
