from django.apps import AppConfig


class JobsConfig(AppConfig):
    """Background jobs (pairing a round, a simulation-lab run) and their rows.

    The label is "pairing" because these tables and their migrations began in a
    Django app of that name; keeping it keeps existing databases as they are."""

    name = "tournaments.jobs"
    label = "pairing"
    verbose_name = "Jobs"
    default_auto_field = "django.db.models.BigAutoField"
