"""A real Celery worker (`python -m tests.reliability.slow_worker worker ...`) whose next
pairing stops right after writing the round's games and byes, inside the still open
transaction, and waits there to be killed: the moment a crash would hurt most.

When it has stopped it writes BLOSSOM_PAUSE_MARKER (JSON: the pid of the process
pairing, the round number and the games written so far, as that transaction sees
them). While the marker exists, pairings run straight through, so a task delivered
again after the kill completes.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from tournaments.services import rounds

    marker = Path(os.environ["BLOSSOM_PAUSE_MARKER"])
    pause = float(os.environ.get("BLOSSOM_PAUSE_SECONDS", "120"))
    round_create = rounds.round_create

    def round_create_then_stop(**kwargs):
        rnd = round_create(**kwargs)
        if not marker.exists():
            state = {"pid": os.getpid(), "round": rnd.number, "games": rnd.games.count()}
            partial = marker.with_suffix(".partial")
            partial.write_text(json.dumps(state))
            partial.rename(marker)
            time.sleep(pause)
        return rnd

    rounds.round_create = round_create_then_stop  # round_pair looks it up there

    from config.celery import app

    app.worker_main(argv)


if __name__ == "__main__":
    main(sys.argv[1:])
