"""The Celery application. Settings come from Django's (CELERY_* names)."""

import os
import subprocess
import sys

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("blossom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
def compile_matching_code(**kwargs) -> None:
    """Fill the matching solver's compiled-code cache before the first pairing.

    Done in a separate process so the worker forks its children from a clean
    state; on a fresh checkout this takes tens of seconds once, later starts
    only check the cache."""
    subprocess.run(
        [sys.executable, "-c", "from pairing.engine.matching import warm_up; warm_up()"],
        check=False,
        timeout=600,
    )
