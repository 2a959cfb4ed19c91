"""`python manage.py import_rating_list FILE [--source fide|egd] [--date YYYY-MM-DD]`:
import an official rating list, replacing the previous list of the same source.

Exit codes: 0 imported; 3 the file is not a list of that source (the message names
the line); 5 the file cannot be read."""

from __future__ import annotations

import datetime as dt
import resource
import sys
import time

from django.core.management.base import BaseCommand

from tournaments.errors import ServiceError
from tournaments.services.ratings import rating_list_import

EXIT_INVALID, EXIT_FILE = 3, 5


class Command(BaseCommand):
    help = "Import FIDE's rating list (XML or TXT, zipped or not) or the EGD list."

    def add_arguments(self, parser):
        parser.add_argument("path", help="players_list_xml.zip, players_list.zip, allworld_lp.html")
        parser.add_argument("--source", choices=["fide", "egd"], default="fide")
        parser.add_argument("--date", default=None, help="the list's date, YYYY-MM-DD")

    def handle(self, *args, path: str, source: str, date: str | None, **options):
        list_date = None
        if date:
            try:
                list_date = dt.date.fromisoformat(date)
            except ValueError:
                self.stderr.write(f"--date {date!r}: not a date (YYYY-MM-DD)")
                sys.exit(EXIT_INVALID)
        started = time.perf_counter()
        try:
            imported = rating_list_import(source=source, path=path, list_date=list_date)
        except ServiceError as exc:
            self.stderr.write(exc.message)
            sys.exit(EXIT_INVALID)
        except OSError as exc:
            self.stderr.write(f"Cannot read {path}: {exc.strerror or exc}")
            sys.exit(EXIT_FILE)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        self.stdout.write(
            f"Imported {imported.players:,} players ({imported}) in "
            f"{time.perf_counter() - started:.1f} s, peak memory {peak:.0f} MB."
        )
        for number, text in imported.skipped_lines:
            self.stdout.write(f"Left out line {number}, not a readable player: {text}")
