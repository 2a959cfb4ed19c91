"""Imports (CSV with preview, TRF), exports, standings, crosstable and printed standings."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.shared_data import OPENGOTHA
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.models import Player, Section
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

GOOD_CSV = "Name,Elo,FED,Title\nCarlsen Magnus,2830,nor,GM\nCaruana Fabiano,2800,USA,GM\n"
BAD_CSV = "Name,Elo\nCarlsen Magnus,2830\nCaruana Fabiano,lots\n,2700\n"


def test_csv_preview_lists_the_rows_and_stores_nothing(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(setup.url("import_csv"), {"csv-text": GOOD_CSV})
    page = response.content.decode()
    assert "2 players ready." in page and "Carlsen Magnus" in page and "NOR" in page
    assert "Import 2 players" in page
    assert not Player.objects.exists()


def test_csv_confirm_imports_every_row(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    response = client.post(setup.url("import_csv_confirm"), {"content": GOOD_CSV}, follow=True)
    assert "2 players imported." in response.content.decode()
    assert list(setup.section.players.values_list("name", "rating", "federation")) == [
        ("Carlsen Magnus", 2830, "NOR"),
        ("Caruana Fabiano", 2800, "USA"),
    ]


def test_csv_errors_name_the_line_and_field_and_nothing_is_stored(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    upload = SimpleUploadedFile("players.csv", BAD_CSV.encode(), content_type="text/csv")
    page = client.post(setup.url("import_csv"), {"csv-file": upload}).content.decode()
    assert "nothing will be stored until every row is right" in page
    assert "row-error" in page
    assert "&#x27;lots&#x27; is not a rating" in page
    assert "Import 3 players" not in page and "Preview again" in page
    response = client.post(setup.url("import_csv_confirm"), {"content": BAD_CSV}, follow=True)
    assert "Nothing was imported." in response.content.decode()
    assert not Player.objects.exists()


def test_csv_needs_a_file_or_text(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    page = client.post(setup.url("import_csv"), {"csv-text": "  "}).content.decode()
    assert "Choose a file or paste its text." in page


def _played(rounds: int = 2):
    setup = make_setup(players=4)
    for _ in range(rounds):
        rnd = make_round(setup.section)
        for game in rnd.games.all():
            result_record(game=game, result="1-0", by=None)
    return setup


def test_trf_export_and_import_into_an_empty_section(client):
    setup = _played()
    client.force_login(setup.arbiter)
    response = client.get(setup.url("export", fmt="trf"))
    assert response.status_code == 200
    assert "attachment;" in response["Content-Disposition"]
    trf = response.content.decode()
    assert trf.startswith("012") or "\n001 " in trf
    empty = Section.objects.create(
        event=setup.event, name="Copy", slug="copy", total_rounds=5, seed=1
    )
    upload = SimpleUploadedFile("t.trf", trf.encode())
    url = setup.url("import_file").replace(f"/{setup.section.slug}/", "/copy/")
    response = client.post(url, {"file-file": upload}, follow=True)
    assert "Imported 4 players and 2 rounds." in response.content.decode()
    assert empty.players.count() == 4 and empty.rounds.count() == 2


def test_a_broken_trf_names_its_line(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    page = client.post(setup.url("import_file"), {"file-text": "001 nonsense"}).content.decode()
    assert 'class="form-errors"' in page and "TRF" in page
    assert not Player.objects.exists()


def test_unknown_export_format_is_404(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    assert client.get(setup.url("export", fmt="pdf")).status_code == 404
    assert client.get(setup.url("export", fmt="h9")).status_code == 404  # a chess section


def test_standings_after_complete_rounds_with_tiebreak_columns(client):
    setup = _played()
    client.force_login(setup.arbiter)
    page = client.get(setup.url("standings")).content.decode()
    assert "Standings after round 2" in page
    assert '<abbr title="' in page and ">BH-C1</abbr>" in page
    assert page.count("<tr>") >= 5
    page = client.get(setup.url("standings") + "?after=1").content.decode()
    assert "Standings after round 1" in page
    page = client.get(setup.url("print_standings")).content.decode()
    assert 'class="print-page print-standings"' in page and "BH-C1" in page


def test_standings_explain_an_incomplete_round(client):
    setup = make_setup(players=4)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("standings") + "?after=1").content.decode()
    assert "appear once round 1 is finished" in page


def test_crosstable_shows_opponent_colour_and_result(client):
    setup = _played(rounds=1)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("crosstable")).content.decode()
    assert "2w1" in page and "1b0" in page
    assert ">R1</th>" in page


SIMPLEMM = str(OPENGOTHA / "simplemm.xml")


def test_opengotha_import_then_opengotha_and_h9_exports(client):
    from pathlib import Path

    setup = make_setup(go=True)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("import")).content.decode()
    assert "A whole tournament (OpenGotha XML)" in page and 'accept=".xml"' in page
    upload = SimpleUploadedFile("simplemm.xml", Path(SIMPLEMM).read_bytes())
    response = client.post(setup.url("import_file"), {"file-file": upload}, follow=True)
    page = response.content.decode()
    assert "Imported 16 players and" in page
    assert setup.section.players.count() == 16 and setup.section.rounds.exists()
    xml = client.get(setup.url("export", fmt="opengotha"))
    assert xml["Content-Type"].startswith("application/xml")
    assert b"<Tournament" in xml.content and b"Noguchi" in xml.content
    h9 = client.get(setup.url("export", fmt="h9"))
    assert h9.status_code == 200 and 'filename="' in h9["Content-Disposition"]
    assert "Noguchi" in h9.content.decode()
    tou = client.get(setup.url("export", fmt="tou"))
    assert tou.status_code == 200 and '.tou"' in tou["Content-Disposition"]
    lines = tou.content.decode().splitlines()
    assert ";prog=Blossom" in lines and any("Noguchi" in line for line in lines)
    players = [line for line in lines if line[:4].strip().isdigit()]
    assert len(players) == 16  # one row per player, after the header lines


def test_opengotha_errors_are_shown_and_nothing_is_stored(client):
    setup = make_setup(go=True)
    client.force_login(setup.arbiter)
    page = client.post(setup.url("import_file"), {"file-text": "<Tournament><Players>"}).content
    assert b"OpenGotha" in page and b'class="form-errors"' in page
    assert not Player.objects.exists()
