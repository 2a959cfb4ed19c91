"""`python manage.py export_event SLUG > event.json`: the whole event, losslessly."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import event_export
from tournaments.models import Event


class Command(BaseCommand):
    help = "Write an event (players, rounds, games, byes, audit) as JSON to standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--indent", type=int, default=1)

    def handle(self, *args, slug: str, indent: int, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"No event with the slug {slug!r}.")
        self.stdout.write(
            json.dumps(event_export(event=event), indent=indent, ensure_ascii=False, sort_keys=True)
        )
