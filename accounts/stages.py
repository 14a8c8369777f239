"""allauth's email verification at sign-in, for the accounts that signed up under it.

Signing up asks for a confirmed address (``ACCOUNT_EMAIL_VERIFICATION = "mandatory"``) so that the sign-up
page answers the same whether or not an address is already registered: a new address gets a
confirmation mail, a known one an "you already have an account" mail, and both visitors see "check
your email". Accounts made before that, or by an administrator, have no address row to confirm: they
sign in as they always did.
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from allauth.account.stages import EmailVerificationStage


class SignupEmailVerificationStage(EmailVerificationStage):
    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        if user is not None and not EmailAddress.objects.filter(user=user).exists():
            return None, True
        return super().handle()
