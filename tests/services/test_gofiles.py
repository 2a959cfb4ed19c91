from __future__ import annotations

import pytest

from tests.factories import GoSectionFactory, SectionFactory
from tests.shared_data import OPENGOTHA
from tournaments.demo import demo_create
from tournaments.errors import ServiceError
from tournaments.models import Game
from tournaments.selectors.exports import h9_export, opengotha_export
from tournaments.services.imports import opengotha_import
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db
DATA = OPENGOTHA
FILES = sorted(DATA.glob("*.xml"))


def _summary(section):
    numbers = dict(section.players.values_list("pk", "pairing_number"))
    players = list(
        section.players.order_by("pairing_number").values_list(
            "pairing_number",
            "name",
            "go_rank",
            "club",
            "federation",
            "egf_pin",
            "withdrawn_from_round",
        )
    )
    games = sorted(
        (g.round.number, numbers[g.white_id], numbers[g.black_id], g.result, g.handicap)
        for g in Game.objects.filter(round__section=section).select_related("round")
    )
    history = {
        numbers[pid]: [(c.code, c.points) for c in row]
        for pid, row in SectionSnapshot.load(section).history().items()
    }
    return players, games, history


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_each_real_file_imports_exports_and_imports_again_the_same(path):
    first = GoSectionFactory(total_rounds=1)
    report = opengotha_import(section=first, text=path.read_text(encoding="utf-8"))
    assert report.players == first.players.count() > 0
    text = opengotha_export(section=first).text
    second = GoSectionFactory(total_rounds=1)
    opengotha_import(section=second, text=text)
    assert _summary(second) == _summary(first)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (second.mcmahon_bar, second.mcmahon_floor, second.total_rounds) == (
        first.mcmahon_bar,
        first.mcmahon_floor,
        first.total_rounds,
    )


def test_demo_go_section_round_trips_and_gives_an_h9():
    event = demo_create(chess_rounds=0, go_rounds=3)
    go = event.sections.get(game="go")
    copy = GoSectionFactory(total_rounds=1)
    opengotha_import(section=copy, text=opengotha_export(section=go).text)
    assert _summary(copy)[1:] == _summary(go)[1:]
    h9 = h9_export(section=go).text
    for tag in ("CL[", "EV[", "PC[", "DT[", "HA[", "KM[", "TM["):
        assert f"; {tag}" in h9
    rows = [line for line in h9.splitlines() if line and not line.startswith(";")]
    assert len(rows) == go.players.count()


def test_malformed_or_wrong_section_is_refused_and_nothing_stored():
    go = GoSectionFactory()
    with pytest.raises(ServiceError, match="OpenGotha"):
        opengotha_import(section=go, text="<Tournament><Players><Player name='x'")
    assert not go.players.exists()
    with pytest.raises(ServiceError, match="chess section"):
        opengotha_import(section=SectionFactory(), text=FILES[0].read_text())
    with pytest.raises(ServiceError, match=r"DOCTYPE|ENTITY|entit"):
        opengotha_import(
            section=go, text='<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "b">]><Tournament/>'
        )
