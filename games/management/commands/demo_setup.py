"""Create the demo accounts and one open table per game (idempotent: safe to run at every start)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from accounts.models import User
from games import services
from games.engine import registry
from games.models import Table

DEMO_PASSWORD = "hyperlane-demo"
DEMO_PLAYERS = [("alice", "Alice", "en"), ("bob", "Bob", "it"), ("carol", "Carol", "en"), ("dave", "Dave", "it")]


class Command(BaseCommand):
    help = "Create demo users (password 'hyperlane-demo'), a moderator, and one open table per game."

    def handle(self, *args: Any, **options: Any) -> None:
        users = {}
        for username, name, language in DEMO_PLAYERS:
            users[username] = self._user(username, display_name=name, language=language)
        self._user("moderator", display_name="Moderator", is_staff=True, is_superuser=True)
        for rules in registry.all_rules():
            if Table.objects.filter(game=rules.slug, status=Table.Status.OPEN, created_by=users["alice"]).exists():
                continue
            players = max(rules.min_players, min(2, rules.max_players))
            services.table_create(
                user=users["alice"], game=rules.slug, num_players=players, options={}, title=""
            )
        self.stdout.write(f"Demo accounts: alice, bob, carol, dave, moderator (password: {DEMO_PASSWORD})")

    def _user(self, username: str, **fields: Any) -> User:
        user, created = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@demo.hyperlane.invalid", **fields}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        return user
