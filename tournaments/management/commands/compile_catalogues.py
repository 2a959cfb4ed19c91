"""manage.py compile_catalogues: compile the translation catalogues (locale/*/LC_MESSAGES/*.po)
into the .mo files Django reads, in pure Python. Only stale ones unless --force."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.catalogues import CatalogueError, compile_all


class Command(BaseCommand):
    help = (
        "Compile the translation catalogues (.po) into .mo files; only stale ones unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="compile every catalogue")

    def handle(self, *args, force=False, **options):
        try:
            done = compile_all(force=force)
        except CatalogueError as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            count = len(done)
            self.stdout.write(f"{count} catalogue{'' if count == 1 else 's'} compiled.")
