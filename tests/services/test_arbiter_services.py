"""The arbiter pages' own services and selectors."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.web.arbiter_helpers import make_round, make_setup, quick_user
from tournaments.errors import ServiceError
from tournaments.jobs.models import PairingJob
from tournaments.models import EventRole, ProhibitedPair
from tournaments.presentation import (
    Explanation,
    explanation_view,
    format_tiebreak,
    tiebreak_decimals,
)
from tournaments.selectors.rounds import round_audit, round_next_board, round_progress
from tournaments.selectors.sections import section_next_action
from tournaments.selectors.standings import crosstable
from tournaments.services.events import event_arbiter_add, event_arbiter_remove
from tournaments.services.players import player_create, prohibited_pair_add, prohibited_pair_remove
from tournaments.services.results import result_record, result_undo_last
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


# Arbiters --------------------------------------------------------------------------


def test_add_an_arbiter_by_username_case_insensitively():
    setup = make_setup()
    bob = quick_user("Bob")
    role = event_arbiter_add(event=setup.event, username=" bob ")
    assert role.user == bob and role.role == EventRole.Role.ARBITER
    role = event_arbiter_add(event=setup.event, username="bob", role="chief")
    assert role.role == EventRole.Role.CHIEF_ARBITER
    assert EventRole.objects.filter(event=setup.event, user=bob).count() == 1


@pytest.mark.parametrize(
    ("username", "role", "message"),
    [
        ("", "arbiter", "Enter the username"),
        ("ghost", "arbiter", "There is no user 'ghost'"),
        ("bob", "king", "is not a role"),
    ],
)
def test_adding_an_arbiter_explains_refusals(username, role, message):
    setup = make_setup()
    quick_user("bob")
    with pytest.raises(ServiceError, match=message):
        event_arbiter_add(event=setup.event, username=username, role=role)


def test_the_last_chief_can_neither_leave_nor_be_demoted():
    setup = make_setup()
    with pytest.raises(ServiceError, match="needs a chief arbiter"):
        event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)
    with pytest.raises(ServiceError, match="needs a chief arbiter"):
        event_arbiter_add(event=setup.event, username=setup.chief.username, role="arbiter")
    event_arbiter_add(event=setup.event, username=setup.arbiter.username, role="chief")
    event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)
    assert not EventRole.objects.filter(event=setup.event, user=setup.chief).exists()
    with pytest.raises(ServiceError, match="no role"):
        event_arbiter_remove(event=setup.event, user_id=setup.chief.pk)


def test_prohibited_pair_remove_only_in_its_section():
    setup = make_setup(players=2)
    other = make_setup(players=0)
    a, b = setup.section.players.all()
    pair = prohibited_pair_add(player_a=a, player_b=b)
    with pytest.raises(ServiceError, match="does not exist"):
        prohibited_pair_remove(section=other.section, pair_id=pair.pk)
    prohibited_pair_remove(section=setup.section, pair_id=pair.pk)
    assert not ProhibitedPair.objects.exists()


# What to do next ---------------------------------------------------------------------


def test_next_action_walks_through_the_round_cycle():
    setup = make_setup(players=0, total_rounds=2)
    section = setup.section
    assert section_next_action(section=section).step == "add-players"
    for n in range(4):
        player_create(section=section, name=f"P{n}")
    action = section_next_action(section=section)
    assert (action.step, action.round_number, action.label) == ("pair", 1, "Pair round 1")
    job = PairingJob.objects.create(section=section, round_number=1, status="running")
    assert section_next_action(section=section).step == "pairing"
    PairingJob.objects.filter(pk=job.pk).update(status="failed", message="No pairing.")
    action = section_next_action(section=section)
    assert action.step == "pair" and "No pairing." in action.hint
    rnd = make_round(section, publish=False)
    assert section_next_action(section=section).step == "publish"
    round_publish(round=rnd)
    action = section_next_action(section=section)
    assert (action.step, action.hint) == ("results", "0 of 2 entered.")
    for game in rnd.games.all():
        result_record(game=game, result="1-0", by=None)
    assert section_next_action(section=section).label == "Pair round 2"
    rnd2 = make_round(section)
    for game in rnd2.games.all():
        result_record(game=game, result="0-1", by=None)
    assert section_next_action(section=section).step == "done"


def test_next_board_skips_entered_boards_when_filtering():
    setup = make_setup(players=8)
    rnd = make_round(setup.section)
    result_record(game=rnd.games.get(board=2), result="1-0", by=None)
    assert round_next_board(round=rnd, after=1, pending_only=False) == 2
    assert round_next_board(round=rnd, after=1, pending_only=True) == 3
    assert round_next_board(round=rnd, after=4, pending_only=False) is None
    assert round_progress(round=rnd) == (1, 4)


# Explanations, standings, crosstable --------------------------------------------------


def test_swiss_explanations_become_text_and_badges():
    view = explanation_view(
        {
            "kind": "float",
            "flags": ["float", "white-not-due", "colour-pref"],
            "text": "Board 1: A on 2 points floats down.",
        }
    )
    assert view.text == "Board 1: A on 2 points floats down."
    assert view.badges == ("float", "white not due")
    assert view.notes == () and not view.edited


def test_mcmahon_explanations_keep_summary_flags_and_components_apart():
    view = explanation_view(
        {
            "summary": "3 v 4: handicap",
            "flags": ["handicap game: MMS gap 2, 1 stone(s)"],
            "components": [
                {"name": "mms", "weight": 9920.0, "margin": 1.5},
                {"name": "area", "weight": 80.25},
            ],
            "text": "3 v 4: handicap; handicap game ...",
            "game_class": "handicap",
        }
    )
    assert view.text == "3 v 4: handicap"
    assert view.badges == ("handicap game",)
    assert view.notes == ("handicap game: MMS gap 2, 1 stone(s)",)
    assert view.components == (("mms", "9920 (+1.5 against the runner-up)"), ("area", "80.25"))


def test_mcmahon_explanations_speak_go_with_the_numbers_kept_apart():
    view = explanation_view(
        {
            "summary": "1 v 7",
            "badges": ["2 MMS apart", "handicap 1", "plays up: colour balance"],
            "sentences": ["Player 7 (MMS 18) plays up against player 1 (MMS 20)."],
            "flags": ["mms-apart", "handicap"],
            "components": [{"name": "mms", "weight": 9939.89, "margin": None}],
            "game_class": "handicap",
        }
    )
    # The engine's own words only: "handicap game" could contradict "played even".
    assert view.badges == ("2 MMS apart", "handicap 1", "plays up: colour balance")
    assert view.notes == ("Player 7 (MMS 18) plays up against player 1 (MMS 20).",)
    assert view.components == (("mms", "9939.89"),)  # one click further, on the page


def test_bye_and_hand_edit_explanations():
    assert explanation_view({"reason": "late entry"}).text == "late entry"
    assert explanation_view({"edited": True}).edited
    assert explanation_view(None) == Explanation()


def test_tiebreak_values_are_written_to_each_methods_decimals():
    assert tiebreak_decimals("BH") == tiebreak_decimals("SB")
    decimals = tiebreak_decimals("BH")
    assert format_tiebreak(12.5, decimals) == "12.5"
    assert format_tiebreak(7.0, decimals) == "7"
    assert format_tiebreak(float("nan"), decimals) == ""
    assert format_tiebreak(None, decimals) == ""
    # The same value reads the same for every reader: RB keeps its own decimals.
    assert (
        format_tiebreak(0.123456, tiebreak_decimals("RB"))
        == f"{0.123456:.{tiebreak_decimals('RB')}f}"
    )


def test_crosstable_cells_name_opponent_colour_and_result():
    setup = make_setup(players=3)
    rnd = make_round(setup.section)
    result_record(game=rnd.games.get(), result="1/2-1/2", by=None)
    rows = {r.player.pairing_number: r for r in crosstable(section=setup.section).rows}
    assert rows[1].texts == ["2w½"] and rows[2].texts == ["1b½"]
    assert rows[3].texts == ["bye"] and rows[3].player.score == Decimal("1")


def test_audit_lines_show_results_as_people_write_them():
    setup = make_setup(players=2)
    rnd = make_round(setup.section)
    game = rnd.games.get()
    result_record(game=game, result="1/2-1/2", by=setup.arbiter)
    result_undo_last(round=rnd, by=setup.arbiter)
    lines = round_audit(round=rnd)
    assert [(line.before, line.after, line.undone) for line in lines] == [
        ("½–½", "pending", False),
        ("pending", "½–½", True),
    ]
