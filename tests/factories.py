"""factory_boy factories for service, API and page tests."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from tournaments.models import Event, EventRole, GameKind, PairingSystem, Player, Section


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"arbiter{n}")
    password = factory.django.Password("correct horse battery")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"Spring Open {n}")
    slug = factory.Sequence(lambda n: f"spring-open-{n}")
    venue = "Community Hall"
    is_public = True


class EventRoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EventRole

    user = factory.SubFactory(UserFactory)
    event = factory.SubFactory(EventFactory)
    role = EventRole.Role.ARBITER


class SectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Section

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Group {n}")
    slug = factory.Sequence(lambda n: f"group-{n}")
    game = GameKind.CHESS
    pairing_system = PairingSystem.MWM_DUTCH
    total_rounds = 5
    seed = 12345
    tiebreak_preset = "FIDE Swiss 2026"


class GoSectionFactory(SectionFactory):
    game = GameKind.GO
    pairing_system = PairingSystem.MCMAHON
    mcmahon_bar = "3d"
    mcmahon_floor = "20k"
    tiebreak_preset = "EGF McMahon"


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    section = factory.SubFactory(SectionFactory)
    pairing_number = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Player {n:03d}")
    rating = factory.Sequence(lambda n: 2400 - 10 * (n % 90))
    federation = "NOR"
    club = "Oslo SK"
