from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, SectionFactory
from tournaments.caching.versions import section_cache_key, section_version
from tournaments.engines import GameSpec
from tournaments.errors import StateError
from tournaments.services.players import player_update
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create, round_publish

pytestmark = pytest.mark.django_db


def test_publish_and_results_bump_the_section_version(django_capture_on_commit_callbacks):
    section = SectionFactory()
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    rnd = round_create(section=section, games=[GameSpec(1, a, b)])
    v0 = section_version(section.pk)
    key0 = section_cache_key(section.pk, "pairings", 1)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round=rnd)
    v1 = section_version(section.pk)
    assert v1 > v0 and section_cache_key(section.pk, "pairings", 1) != key0
    with django_capture_on_commit_callbacks(execute=True):
        result_record(game=rnd.games.get(), result="1-0", by=None)
    assert section_version(section.pk) > v1
    other = SectionFactory()
    before = section_version(other.pk)
    with django_capture_on_commit_callbacks(execute=True):
        player_update(player=a, name="Renamed")
    assert section_version(other.pk) == before  # other sections keep their cache


def test_a_refused_write_does_not_bump(django_capture_on_commit_callbacks):
    section = SectionFactory()
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    rnd = round_create(section=section, games=[GameSpec(1, a, b)])
    v0 = section_version(section.pk)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(StateError):
        result_record(game=rnd.games.get(), result="1-0", by=None)  # still a draft
    assert section_version(section.pk) == v0
