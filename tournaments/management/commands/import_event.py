"""`python manage.py import_event event.json [--slug NEW]`: recreate an exported event."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.backup import event_import
from tournaments.errors import ServiceError


class Command(BaseCommand):
    help = "Recreate an event from a file written by export_event (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON file, or - for standard input")
        parser.add_argument("--slug", default=None, help="import under another slug")

    def handle(self, *args, path: str, slug: str | None, **options):
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from exc
        try:
            document = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"{path}: line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
        try:
            imported = event_import(document=document, slug=slug)
        except (ServiceError, KeyError, TypeError, ValueError) as exc:
            raise CommandError(f"{path}: {exc}. Nothing was imported.") from exc
        event = imported.event
        self.stdout.write(f"Imported {event.name} as {event.slug}.")
        for note in imported.notes():
            self.stderr.write(self.style.WARNING(note))
