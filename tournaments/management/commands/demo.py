"""`python manage.py demo`: create the demo event and an admin account if there is none."""

from __future__ import annotations

import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from tournaments.demo import demo_create
from tournaments.services.events import event_role_grant

PASSWORD_FILE = Path(settings.BASE_DIR) / ".admin_password"


class Command(BaseCommand):
    help = "Create the demo event (chess Swiss and Go McMahon sections) and an admin login."

    def add_arguments(self, parser):
        parser.add_argument("--no-admin", action="store_true", help="Do not create an admin.")
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, no_admin: bool, seed: int, **options):
        event = demo_create(seed=seed)
        self.stdout.write(f"Demo event: {event.name} ({event.sections.count()} sections)")
        if no_admin:
            return
        User = get_user_model()
        admin = User.objects.filter(username="admin").first()
        if admin is None:
            password = secrets.token_urlsafe(9)
            admin = User.objects.create_superuser("admin", "", password)
            PASSWORD_FILE.write_text(password + "\n")
            PASSWORD_FILE.chmod(0o600)
        event_role_grant(event=event, user=admin, role="chief")
        if PASSWORD_FILE.exists():
            password = PASSWORD_FILE.read_text().strip()
            self.stdout.write(f"Log in as: admin / {password}")
        else:
            self.stdout.write(
                "Log in as admin (set a password with: python manage.py changepassword admin)"
            )
