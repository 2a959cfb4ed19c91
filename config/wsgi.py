"""WSGI entry point: Django behind the public front door, which replays cached public
answers for identical requests (see tournaments/views/public/fastpath.py)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from tournaments.views.public.fastpath import wrap_django

application = wrap_django()
