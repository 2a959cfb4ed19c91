"""Go sections read as Go: B+/W+ results (keys b, w, j; jigo only with a whole-number
komi), the McMahon score instead of points, handicap and komi on every pairing view,
a Wins column, EGD PINs, Go defaults for a new section and the rule checker's words."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory
from tests.web.arbiter_helpers import make_setup
from tournaments.engines import starting_mms
from tournaments.models import Game, Section
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db

RANKS = ["4d", "2d", "1d", "1k", "3k", "5k", "8k", "10k"]


def go_setup(**fields):
    setup = make_setup(go=True, **fields)
    for i, rank in enumerate(RANKS, start=1):
        PlayerFactory(
            section=setup.section,
            pairing_number=i,
            name=f"Go {i}",
            go_rank=rank,
            rating=None,
            egf_pin=f"1{i:07d}",
        )
    return setup


def published_round(setup):
    rnd = round_publish(round=round_pair(section=setup.section), confirm=True)
    return rnd, list(rnd.games.order_by("board"))


def test_results_are_entered_and_shown_as_b_plus_and_w_plus(client):
    setup = go_setup()
    rnd, games = published_round(setup)
    client.force_login(setup.arbiter)
    url = setup.url("result", number=rnd.number, board=1)
    games[0].refresh_from_db()
    client.post(url, {"result": "b", "version": games[0].version})
    games[1].refresh_from_db()
    client.post(
        setup.url("result", number=rnd.number, board=2),
        {"result": "w", "version": games[1].version},
    )
    assert [g.result for g in rnd.games.order_by("board")[:2]] == ["0-1", "1-0"]
    page = client.get(setup.url("round", number=rnd.number)).content.decode()
    assert ">B+<" in page and ">W+<" in page
    assert 'aria-keyshortcuts="b"' in page and 'aria-keyshortcuts="w"' in page
    assert "½-½" not in page and 'aria-keyshortcuts="="' not in page
    assert "<kbd>b</kbd> Black wins (B+)" in page


def test_jigo_only_where_komi_is_a_whole_number(client):
    setup = go_setup()
    rnd, games = published_round(setup)
    half, whole = games[0], games[1]
    Game.objects.filter(pk=whole.pk).update(komi=Decimal("7"), handicap=0)
    assert half.komi is not None and half.komi % 1 != 0
    client.force_login(setup.arbiter)
    page = client.get(setup.url("round", number=rnd.number)).content.decode()
    rows = page.split('id="board-')
    assert 'aria-keyshortcuts="j"' not in rows[1] and 'aria-keyshortcuts="j"' in rows[2]
    response = client.post(
        setup.url("result", number=rnd.number, board=1),
        {"result": "j", "version": half.version},
        follow=True,
    )
    half.refresh_from_db()
    assert half.result == "" and "no jigo with komi" in response.content.decode()
    result_record(game=Game.objects.get(pk=whole.pk), result="1/2-1/2")
    assert Game.objects.get(pk=whole.pk).result == "1/2-1/2"
    slips = client.get(setup.url("print_slips", number=rnd.number)).content.decode()
    assert "½-½" not in slips and "B+" in slips and slips.count("Jigo") == 1


def test_pairing_views_show_the_mcmahon_score_and_the_game_terms(client):
    setup = go_setup()
    rnd, _games = published_round(setup)
    mms = starting_mms(SectionSnapshot.load(setup.section))
    top = Section.objects.get(pk=setup.section.pk).players.get(pairing_number=1)
    client.force_login(setup.arbiter)
    arbiter = client.get(setup.url("round", number=rnd.number)).content.decode()
    shown = f"{Decimal(str(mms[top.pk])).normalize():f}"
    assert f">{shown}</span>" in arbiter and "komi" in arbiter
    printed = client.get(setup.url("print_pairings", number=rnd.number)).content.decode()
    assert ">MMS<" in printed and ">Pts<" not in printed and "komi" in printed
    public = client.get(
        reverse("public:round", args=[setup.event.slug, setup.section.slug, rnd.number])
    ).content.decode()
    assert "McMahon score (MMS) before this round" in public and "komi" in public


def test_standings_have_wins_and_egd_pins_and_the_players_table_shows_pins(client):
    setup = go_setup()
    _rnd, games = published_round(setup)
    for g in games:
        result_record(game=g, result="1-0")
    client.force_login(setup.arbiter)
    page = client.get(setup.url("standings")).content.decode()
    assert ">Wins</abbr>" in page and "EGD 10000001" in page
    players = client.get(setup.url("players")).content.decode()
    assert "EGD PIN" in players and "10000008" in players


def test_the_draft_rule_checker_speaks_go(client):
    setup = go_setup()
    rnd = round_pair(section=setup.section)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("round", number=rnd.number)).content.decode()
    assert "No rematch, prohibited pairing, handicap above the cap" in page
    assert "colour limit" not in page


def test_a_new_go_section_gets_go_defaults_from_the_form(client):
    setup = make_setup()
    client.force_login(setup.arbiter)
    url = reverse("arbiter:section_create", args=[setup.event.slug])
    initial = client.get(url).context["form"]
    form = {}  # what the page sends when the arbiter fills in only the name and game
    for name, field in initial.fields.items():
        value = initial.initial.get(name, field.initial)
        if value is not None and value is not False and value != "":
            form[name] = str(value)
    form.update({"name": "Go open", "game": "go", "total_rounds": "5"})
    assert form["tiebreak_preset"] == "__game__"  # the first choice of a new section
    response = client.post(url, form)
    assert response.status_code == 302, response.context["form"].errors
    section = Section.objects.get(event=setup.event, name="Go open")
    assert section.tiebreak_preset == "EGF McMahon"
    assert section.points_absent == Decimal("0.5")  # the EGF's, not chess's 0


def test_the_services_and_the_api_take_go_results_as_players_write_them():
    setup = go_setup()
    _rnd, games = published_round(setup)
    result_record(game=games[0], result="B+")
    result_record(game=games[1], result="W+F")
    games[0].refresh_from_db()
    games[1].refresh_from_db()
    assert (games[0].result, games[1].result) == ("0-1", "+/-")
