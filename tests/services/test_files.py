from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, SectionFactory
from tournaments.engines import ByeSpec, GameSpec
from tournaments.errors import ServiceError
from tournaments.models import Player
from tournaments.selectors.exports import trf_export
from tournaments.services.imports import csv_import, csv_preview, trf_import
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create, round_publish
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db


def test_csv_preview_names_line_and_field():
    section = SectionFactory()
    text = (
        "Name;Elo;FED;Club\n"
        "Carlsen, Magnus;2830;nor;Offerspill\n"
        "Nakamura, Hikaru;abc;USA;\n"
        ";2700;FRA;\n"
        "Carlsen, Magnus;2800;NOR;\n"
    )
    preview = csv_preview(section=section, text=text)
    assert preview.columns == ["name", "rating", "federation", "club"]
    assert (3, "rating", "'abc' is not a rating") in preview.errors
    assert any(line == 4 and field == "name" for line, field, _ in preview.errors)
    assert (5, "name", "same name as line 2") in preview.errors
    assert preview.rows[0]["federation"] == "NOR"
    with pytest.raises(ServiceError, match="line 3, rating"):
        csv_import(section=section, text=text)
    assert not Player.objects.filter(section=section).exists()  # nothing half-written


def test_csv_unknown_column_and_import():
    section = SectionFactory()
    bad = csv_preview(section=section, text="name,shoe size\nA,44\n")
    assert bad.errors and "unknown column 'shoe size'" in bad.errors[0][2]
    n = csv_import(section=section, text="name,rating,team\nAnna,1800,Smith\nBen,1700,Smith\n")
    assert n == 2
    assert list(section.players.values_list("pairing_number", "name", "avoid_group")) == [
        (1, "Anna", "Smith"),
        (2, "Ben", "Smith"),
    ]


def test_go_csv_needs_ranks():
    section = SectionFactory(game="go", pairing_system="mcmahon", mcmahon_bar="3d")
    preview = csv_preview(section=section, text="name,rank\nA,5k\nB,\nC,12x\n")
    fields = {(line, f) for line, f, _ in preview.errors}
    assert (3, "go_rank") in fields and (4, "go_rank") in fields
    assert preview.rows[0]["go_rank"] == "5k"


def _played_section():
    section = SectionFactory(total_rounds=3, first_colour="w")
    ps = [
        PlayerFactory(
            section=section,
            pairing_number=i + 1,
            name=f"Player {i + 1}",
            rating=2000 - 10 * i,
            fide_id=str(100 + i),
        )
        for i in range(5)
    ]
    r1 = round_create(
        section=section,
        games=[GameSpec(1, ps[0], ps[2]), GameSpec(2, ps[3], ps[1])],
        byes=[ByeSpec(player=ps[4], kind="pab")],
    )
    round_publish(round=r1)
    for game, result in zip(r1.games.order_by("board"), ["1-0", "+/-"], strict=True):
        result_record(game=game, result=result, by=None)
    r2 = round_create(
        section=section,
        games=[GameSpec(1, ps[4], ps[0]), GameSpec(2, ps[1], ps[2])],
        byes=[ByeSpec(player=ps[3], kind="half")],
    )
    round_publish(round=r2)
    for game, result in zip(r2.games.order_by("board"), ["1/2-1/2", "0-1"], strict=True):
        result_record(game=game, result=result, by=None)
    return section


def _comparable(section):
    numbers = dict(section.players.values_list("pk", "pairing_number"))
    return {
        numbers[pid]: [
            (c.round_number, numbers.get(c.opponent_id), c.colour, c.code, c.points) for c in row
        ]
        for pid, row in SectionSnapshot.load(section).history().items()
    }


def test_trf_export_then_import_gives_the_same_tournament():
    section = _played_section()
    text = trf_export(section=section).text
    assert "XXR    3" in text or "XXR 3" in text
    copy = SectionFactory(total_rounds=1)
    report = trf_import(section=copy, text=text)
    assert (report.players, report.rounds, report.games, report.byes) == (5, 2, 4, 2)
    copy.refresh_from_db()
    assert copy.total_rounds == 3
    assert _comparable(copy) == _comparable(section)

    def body(trf: str) -> list[str]:
        return [line for line in trf.splitlines() if not line.startswith("012 ")]

    assert body(trf_export(section=copy).text) == body(text)  # the event's name differs


def test_trf_import_refuses_a_bad_file_and_stores_nothing():
    section = _played_section()
    lines = trf_export(section=section).text.splitlines()
    broken = "\n".join(
        line[:48] + "2x00" + line[52:] if line.startswith("001    1") else line for line in lines
    )
    copy = SectionFactory()
    with pytest.raises(ServiceError, match=r"line \d+, column 49"):
        trf_import(section=copy, text=broken)
    assert not copy.players.exists() and not copy.rounds.exists()


def test_a_long_csv_preview_costs_no_query_per_row(django_assert_max_num_queries):
    section = SectionFactory()
    text = "name,rating\n" + "".join(f"Player {i},{1500 + i}\n" for i in range(500))
    with django_assert_max_num_queries(2):
        preview = csv_preview(section=section, text=text)
    assert preview.ok and len(preview.rows) == 500


@pytest.mark.parametrize("rating", ["inf", "-inf", "1e400", "nan", "NaN", "4001"])
def test_csv_preview_names_a_rating_that_is_no_number_instead_of_failing(rating):
    section = SectionFactory()
    preview = csv_preview(section=section, text=f"name,rating\nAnna,{rating}\nBen,1700\n")
    assert preview.errors == [(2, "rating", f"{rating!r} is not a rating")]
    with pytest.raises(ServiceError, match="line 2, rating"):
        csv_import(section=section, text=f"name,rating\nAnna,{rating}\n")
    assert not section.players.exists()


def test_csv_preview_refuses_a_nul_in_a_name_before_confirm():
    section = SectionFactory()
    preview = csv_preview(section=section, text="name,club\nAn\x00na,Chess Club\nBen,Ca\x07fe\n")
    assert not preview.ok
    assert (2, "name", "contains a control character (U+0000).") in preview.errors
    assert (3, "club", "contains a control character (U+0007).") in preview.errors
    with pytest.raises(ServiceError, match="line 2, name: contains a control character"):
        csv_import(section=section, text="name\nAn\x00na\n")
    assert not section.players.exists()


def test_no_service_stores_a_control_character_in_a_name():
    from tournaments.services.players import player_create

    section = SectionFactory()
    with pytest.raises(ServiceError, match=r"name: contains a control character \(U\+0000\)"):
        player_create(section=section, name="An\x00na")
    player_create(section=section, name="Anna", club="Tab\tClub")  # a tab is not refused here
    assert list(section.players.values_list("name", flat=True)) == ["Anna"]


def test_byes_announced_in_player_lines_are_requests_not_a_round():
    """JaVaFo's convention: `0000 - H` after the last played round asks for a bye in
    the next round; importing it must not publish an empty round."""
    from tournaments.models import ByeRequest

    section = _played_section()  # 3 rounds, 2 played
    lines = trf_export(section=section).text.splitlines()
    announced = []
    for line in lines:
        if line.startswith("001    1") or line.startswith("001    2"):
            line = line.ljust(111) + "0000 - " + ("H" if "   1 " in line[:9] else "Z")
        announced.append(line)
    copy = SectionFactory()
    trf_import(section=copy, text="\n".join(announced) + "\n")
    assert copy.rounds.count() == 2
    requests = {
        (r.player.pairing_number, r.round_number, r.kind)
        for r in ByeRequest.objects.filter(player__section=copy)
    }
    assert requests == {(1, 3, "half"), (2, 3, "zero")}
