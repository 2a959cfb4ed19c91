"""`python manage.py api_token USERNAME`: print the user's API token (creating it once).

The token authenticates API writes: send it as `Authorization: Token <key>`. It is
worth what the user's login is worth: writes are accepted for the events where the
user is an arbiter (or for every event, for a superuser).

Exit codes: 0 the token is printed on stdout; 1 no such user. Messages go to stderr.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from rest_framework.authtoken.models import Token

from tournaments.models import EventRole


class Command(BaseCommand):
    help = (
        "Print USERNAME's API token (created on first use). --reset replaces it, so the "
        "old token stops working."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--reset", action="store_true", help="Replace the token with a new one."
        )

    def handle(self, *args, username: str, reset: bool, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no user {username!r}.", returncode=1)
        if reset:
            Token.objects.filter(user=user).delete()
        token, created = Token.objects.get_or_create(user=user)
        if not user.is_superuser and not EventRole.objects.filter(user=user).exists():
            self.stderr.write(
                f"Note: {username} is not an arbiter of any event yet; the token is accepted "
                "for an event once they are."
            )
        if created and not reset:
            self.stderr.write(f"Created a token for {username}.")
        elif reset:
            self.stderr.write(f"Replaced the token of {username}; the old one no longer works.")
        self.stdout.write(token.key)
