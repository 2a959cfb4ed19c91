"""Fill a private database (DATABASE_URL) with an event to enter results into, and print
what a test needs to reach it as JSON: `python -m tests.reliability.seed_private`."""

from __future__ import annotations

import json
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.engines import GameSpec
    from tournaments.models import EventRole
    from tournaments.services.events import event_create, event_role_grant
    from tournaments.services.players import player_create
    from tournaments.services.rounds import round_create, round_publish
    from tournaments.services.sections import section_create

    players = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    password = os.environ["SEED_PASSWORD"]
    event = event_create(name="Restart Open", slug="restart-open")
    section = section_create(event=event, name="Open", slug="open", total_rounds=5)
    people = [
        player_create(section=section, name=f"Player {i:02d}", rating=2400 - 10 * i)
        for i in range(1, players + 1)
    ]
    games = [
        GameSpec(board=i // 2 + 1, white=people[i], black=people[i + 1])
        for i in range(0, players - 1, 2)
    ]
    round_publish(round=round_create(section=section, games=games), confirm=True)
    tokens = {}
    for name in ("rita", "sam"):
        user = get_user_model().objects.create_user(name, password=password)
        event_role_grant(event=event, user=user, role=EventRole.Role.ARBITER)
        tokens[name] = Token.objects.create(user=user).key
    print(
        json.dumps(
            {"event": event.slug, "section": section.slug, "tokens": tokens, "boards": len(games)}
        )
    )


if __name__ == "__main__":
    main()
