"""A small world for access tests: a public event with closed, published and draft
rounds, a private event, their arbiters, an arbiter of a third event, and a
fingerprint of everything stored (to prove a refused request changed nothing)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from tests.factories import EventFactory, EventRoleFactory, PlayerFactory, SectionFactory
from tests.web.arbiter_helpers import make_round, quick_user
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole, Round, Section
from tournaments.services.results import result_record
from tournaments.services.rounds import round_close


@dataclass
class World:
    section: Section  # public event "open-ev", section "a": rounds 1 closed, 2 published, 3 draft
    private: Section  # private event "secret-ev", section "b": round 1 published
    chief: object  # chief arbiter of open-ev
    outsider: object  # arbiter of a third event only
    job: PairingJob
    draft: Round

    @property
    def event(self):
        return self.section.event


def _players(section: Section, n: int, prefix: str) -> None:
    for i in range(1, n + 1):
        PlayerFactory(section=section, pairing_number=i, name=f"{prefix} {i:02d}")


def build_world() -> World:
    event = EventFactory(slug="open-ev", name="Open Championship")
    section = SectionFactory(event=event, slug="a", name="Group A", total_rounds=5)
    _players(section, 6, "Open player")
    first = make_round(section)
    for game in first.games.all():
        result_record(game=game, result="1-0", by=None)
    round_close(round=first)
    make_round(section)  # round 2: published, results pending
    draft = make_round(section, publish=False)  # round 3: a draft nobody may see
    private_event = EventFactory(slug="secret-ev", name="Secret Invitational", is_public=False)
    private = SectionFactory(event=private_event, slug="b", name="Group B", total_rounds=3)
    _players(private, 4, "Secret player")
    make_round(private)
    chief = quick_user("chief-open")
    EventRoleFactory(user=chief, event=event, role=EventRole.Role.CHIEF_ARBITER)
    EventRoleFactory(
        user=quick_user("chief-secret"), event=private_event, role=EventRole.Role.CHIEF_ARBITER
    )
    outsider = quick_user("outsider")
    EventRoleFactory(
        user=outsider, event=EventFactory(slug="elsewhere"), role=EventRole.Role.CHIEF_ARBITER
    )
    for user in (chief, outsider):
        Token.objects.create(user=user)
    job = PairingJob.objects.create(section=section, round_number=3, status="done")
    return World(section, private, chief, outsider, job, draft)


def token_of(user) -> str:
    return Token.objects.get(user=user).key


# URL patterns ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    key: str  # "namespace:name", or "namespace:<route>" for a pattern without a name
    namespace: str
    name: str | None
    route: str  # the full route text, e.g. "arbiter/<slug:event>/"


def all_routes() -> list[Route]:
    """Every URL pattern of the project, walked from the root resolver."""
    found: list[Route] = []

    def walk(resolver: URLResolver, prefix: str, namespace: str) -> None:
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                inner = ":".join(p for p in (namespace, entry.namespace or "") if p)
                walk(entry, prefix + str(entry.pattern), inner)
            elif isinstance(entry, URLPattern):
                route = prefix + str(entry.pattern)
                key = f"{namespace}:{entry.name or '<' + route + '>'}"
                found.append(Route(key, namespace, entry.name, route))

    walk(get_resolver(), "", "")
    return found


def fingerprint() -> str:
    """A hash of every stored row of the project's own models, users and tokens (login
    times and sessions left out: a refused login still visits the session table)."""
    digest = hashlib.sha256()
    for label in ("tournaments", "pairing", "auth", "authtoken"):
        for model in apps.get_app_config(label).get_models():
            fields = [f.attname for f in model._meta.concrete_fields if f.attname != "last_login"]
            for row in model.objects.order_by("pk").values_list(*fields):
                digest.update(repr(row).encode())
    return digest.hexdigest()
