from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Imported for their side effects once the models are ready: the login
        # throttle's signal handlers, and the Celery tasks the services send jobs
        # to by name (tournaments/jobs/queue.py).
        from tournaments import tasks, throttle  # noqa: F401
