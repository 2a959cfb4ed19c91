"""WSGI entry point: Django behind the public front door, which replays cached public
answers for identical requests (see tournaments/caching/frontdoor.py)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from tournaments.caching.frontdoor import wrap_django

application = wrap_django()
