"""How pages read: scores as "2½" on arbiter pages too, no stray separator where a
rating is missing, counts in words ("boards 3 and 5", never "board(s)"), names found
and sorted as people expect, the poster's warning when it is served on this
computer's own address, and /favicon.ico."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.api.builders import section_with_rounds
from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.collation import fold, name_key, name_sort_key
from tournaments.engines import ByeSpec, GameSpec
from tournaments.models import Player
from tournaments.presentation import listing, numbered, plural
from tournaments.services.results import result_record
from tournaments.services.rounds import round_close, round_create, round_publish
from tournaments.views.public.findme import find_index, find_matches

ROOT = Path(__file__).resolve().parents[2]


# Counting in words ----------------------------------------------------------------------


def test_counts_read_in_words():
    assert plural(1, "rule") == "rule" and plural(0, "rule") == "rules"
    assert listing([4]) == "4" and listing([4, 5]) == "4 and 5"
    assert listing([3, 4, 5]) == "3, 4 and 5"
    assert numbered("board", [3]) == "board 3"
    assert numbered("board", [3, 5]) == "boards 3 and 5"


def test_no_message_hedges_its_plural_with_brackets():
    """ "rule(s)", "board(s)": every count the pages and messages show is said in the
    right number instead."""
    pattern = re.compile(r"[a-z]\((s|es)\)")
    found = []
    for folder in ("tournaments", "templates", "static/js", "config"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".html", ".js") and path.is_file():
                for n, line in enumerate(path.read_text().splitlines(), 1):
                    if pattern.search(line):
                        found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


@pytest.mark.django_db
def test_closing_a_round_names_the_boards_without_results_in_words():
    setup = make_setup(players=8)
    rnd = make_round(setup.section)
    result_record(game=rnd.games.get(board=1), result="1-0", by=None)
    result_record(game=rnd.games.get(board=3), result="1-0", by=None)
    with pytest.raises(Exception, match=r"no result yet on boards 2 and 4\.$"):
        round_close(round=rnd)
    result_record(game=rnd.games.get(board=2), result="1-0", by=None)
    with pytest.raises(Exception, match=r"no result yet on board 4\.$"):
        round_close(round=rnd)


@pytest.mark.django_db
def test_a_bye_request_for_two_rounds_reads_in_words(client):
    setup = make_setup(players=2)
    client.force_login(setup.arbiter)
    page = client.post(
        setup.url("bye_request_add", pn=1), {"rounds": ["4", "5"], "kind": "zero"}, follow=True
    ).content.decode()
    assert "zero-point bye in rounds 4 and 5." in page


# Scores ------------------------------------------------------------------------------------


@pytest.fixture
def half_points():
    """Round 1 drawn everywhere (everyone on ½), round 2 published with a half-point
    bye: arbiter pages show scores of ½ and byes worth ½."""
    setup = make_setup(players=5)
    section = setup.section
    r1 = make_round(section)  # 1-2, 3-4, bye 5
    for game in r1.games.all():
        result_record(game=game, result="1/2-1/2", by=None)
    p = {pl.pairing_number: pl for pl in section.players.all()}
    r2 = round_create(
        section=section,
        games=[GameSpec(1, p[5], p[1]), GameSpec(2, p[2], p[3])],
        byes=[ByeSpec(player=p[4], kind="half")],
    )
    round_publish(round=r2, confirm=True)
    return setup


@pytest.mark.django_db
def test_arbiter_pages_write_scores_as_players_do(client, half_points):
    setup = half_points
    client.force_login(setup.arbiter)
    for page in (
        client.get(setup.url("round", number=2)).content.decode(),
        client.get(setup.url("print_pairings", number=2)).content.decode(),
    ):
        assert ">½<" in page  # player 1 and others drew round 1
        assert "0.5" not in page
    page = client.get(setup.url("round", number=2)).content.decode()
    assert "Half-point bye, ½ point" in page
    # And the answer to a result keeps them so.
    answer = client.post(
        setup.url("result", number=2, board=1),
        {"result": "1-0", "version": 0},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert 'class="score">½<' in answer and "0.5" not in answer


@pytest.mark.django_db
@pytest.mark.usefixtures("fresh_public_cache")
def test_a_player_without_rating_has_no_stray_separator(client):
    section = section_with_rounds(players=4, played=0, pending=1)
    Player.objects.filter(section=section, pairing_number__in=(1, 2)).update(rating=0)
    Player.objects.filter(section=section, pairing_number=3).update(rating=None)
    page = client.get(f"/e/{section.event.slug}/{section.slug}/").content.decode()
    smalls = re.findall(r"<small>(.*?)</small>", page)
    assert smalls and all(not s.startswith(" ·") and not s.startswith("·") for s in smalls)
    assert "<small>0</small>" in page  # no rating: the score alone


# Finding and sorting names ----------------------------------------------------------------


def test_names_fold_to_their_base_letters():
    assert fold("Øvergaard") == "overgaard"
    assert fold("Łukasz Bęben") == "lukasz beben"
    assert fold("Æsir Straße") == "aesir strasse"
    assert name_key("O'Brien, Seán") == "obrien sean"
    assert name_key("Jean-Pierre  d’Arc") == "jeanpierre darc"


@pytest.mark.django_db
@pytest.mark.usefixtures("fresh_public_cache")
def test_find_me_ignores_apostrophes_punctuation_and_special_letters():
    section = section_with_rounds(players=4, played=0)
    names = {1: "O'Brien, Seán", 2: "Øvergaard, Lars", 3: "Smith-Jones, Kim", 4: "Łukasz, Ola"}
    for number, name in names.items():
        Player.objects.filter(section=section, pairing_number=number).update(name=name)
    index = find_index(section=section)

    def found(query: str) -> list[int]:
        return [e.player.pairing_number for e in find_matches(index, query)[0]]

    assert found("obrien") == [1]
    assert found("o'brien") == [1]
    assert found("o brien") == [1]
    assert found("sean") == [1]
    assert found("overgaard") == [2]
    assert found("smithjones") == [3] and found("smith jones") == [3]
    assert found("lukasz") == [4]


def test_names_sort_by_their_base_letters():
    names = [
        "Smith, Anna",
        "Øvergaard, Lars",
        "Olsen, Kari",
        "Zhou, Li",
        "O'Brien, Seán",
        "Ødegård",
    ]
    assert sorted(names, key=name_sort_key) == [
        "O'Brien, Seán",
        "Ødegård",
        "Olsen, Kari",
        "Øvergaard, Lars",
        "Smith, Anna",
        "Zhou, Li",
    ]
    assert sorted(["Muller", "Müller", "Mullen"], key=name_sort_key) == [
        "Mullen",
        "Muller",
        "Müller",
    ]


@pytest.mark.django_db
def test_the_by_name_print_sorts_o_with_a_stroke_among_the_o(client):
    setup = make_setup(players=4)
    names = {1: "Smith, Anna", 2: "Øvergaard, Lars", 3: "Olsen, Kari", 4: "Zhou, Li"}
    for number, name in names.items():
        Player.objects.filter(section=setup.section, pairing_number=number).update(name=name)
    make_round(setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("print_pairings", number=1) + "?order=name").content.decode()
    body = page.partition("<tbody>")[2]
    order = [name for name in re.findall(r"<tr><td>([^<]+)</td>", body)]
    assert order == ["Olsen, Kari", "Øvergaard, Lars", "Smith, Anna", "Zhou, Li"]


# The poster and the site's icon ------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.usefixtures("fresh_public_cache")
@pytest.mark.parametrize(
    "host,warned",
    [("127.0.0.1:8000", True), ("localhost:8080", True), ("192.168.1.20:8000", False)],
)
def test_the_poster_warns_when_phones_cannot_reach_its_address(client, host, warned):
    section = section_with_rounds(players=2, played=0)
    page = client.get(f"/e/{section.event.slug}/poster/", HTTP_HOST=host).content.decode()
    assert ('id="lan-warning"' in page) is warned
    if warned:
        port = host.rpartition(":")[2]
        assert "make run HOST=0.0.0.0" in page
        assert "an address only this computer can reach" in page
        assert (f"PORT={port}" in page) is (port != "8000")
    home = client.get(f"/e/{section.event.slug}/", HTTP_HOST=host).content.decode()
    assert ('id="lan-warning"' in home) is warned


def test_the_readme_says_how_to_choose_the_host_and_port():
    readme = (ROOT / "README.md").read_text()
    assert "make run HOST=0.0.0.0" in readme and "PORT" in readme


@pytest.mark.django_db
def test_favicon_answers_with_an_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in ("image/x-icon", "image/vnd.microsoft.icon")
    body = b"".join(response.streaming_content) if response.streaming else response.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file
