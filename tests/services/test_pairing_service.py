from __future__ import annotations

import pytest

from tests.factories import PlayerFactory, SectionFactory, UserFactory
from tournaments.errors import StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import Bye, Game, Round
from tournaments.services.drafts import draft_set_board, draft_swap, draft_swap_colours
from tournaments.services.players import bye_request, player_create, player_withdraw
from tournaments.services.results import result_record
from tournaments.services.rounds import pairing_job_request, round_check, round_pair, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    section = SectionFactory(total_rounds=5, pairing_system="mwm-dutch", first_colour="w")
    for i in range(12):
        PlayerFactory(
            section=section, pairing_number=i + 1, rating=2400 - 50 * i, name=f"Player {i + 1:02d}"
        )
    return section


def _play(rnd: Round, results=("1-0", "1/2-1/2", "0-1")) -> None:
    rnd.refresh_from_db()
    if rnd.status == "draft":
        round_publish(round=rnd)
    for i, game in enumerate(rnd.games.order_by("board")):
        if not game.result:
            result_record(game=game, result=results[i % len(results)], by=None)


def test_job_pairs_round_one_in_process(
    section, django_capture_on_commit_callbacks, in_process_tasks
):
    user = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        job = pairing_job_request(section=section, by=user)
    job.refresh_from_db()
    assert job.status == PairingJob.Status.DONE, job.message
    rnd = section.rounds.get(number=1)
    pairs = [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.order_by("board")]
    # Dutch, round 1, top board white: 1-7, 8-2, 3-9, ...
    assert pairs == [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)]
    assert rnd.games.first().explanation["colour_rule"] == "initial"


def test_pairing_is_idempotent_and_never_touches_a_round_with_results(section):
    first = round_pair(section=section)
    assert round_pair(section=section, round_number=1) == first
    _play(first)
    before = list(Game.objects.filter(round=first).values_list("pk", "white_id", "black_id"))
    assert round_pair(section=section, round_number=1) == first
    assert (
        list(Game.objects.filter(round=first).values_list("pk", "white_id", "black_id")) == before
    )


def test_next_round_needs_the_previous_published_and_complete(section):
    rnd = round_pair(section=section)
    with pytest.raises(StateError, match="Publish round 1"):
        pairing_job_request(section=section)
    round_publish(round=rnd)
    result_record(game=rnd.games.get(board=1), result="1-0", by=None)
    with pytest.raises(StateError, match="no result yet on board"):
        round_pair(section=section)
    _play(rnd)
    second = round_pair(section=section)
    assert second.number == 2 and second.games.count() == 6
    met = {frozenset((g.white_id, g.black_id)) for g in rnd.games.all()}
    assert not any(frozenset((g.white_id, g.black_id)) in met for g in second.games.all())


def test_double_request_gives_one_job(section):
    a = pairing_job_request(section=section)
    b = pairing_job_request(section=section)
    assert a.pk == b.pk and PairingJob.objects.count() == 1


def test_withdrawn_requested_bye_and_odd_field(section):
    players = list(section.players.order_by("pairing_number"))
    player_withdraw(player=players[0])
    bye_request(player=players[1], round_number=1, kind="half")
    player_create(section=section, name="Late, Comer", rating=1500)  # 13 registered
    rnd = round_pair(section=section)
    paired = {p for g in rnd.games.all() for p in (g.white_id, g.black_id)}
    assert players[0].pk not in paired and players[1].pk not in paired
    byes = {b.player_id: b.kind for b in Bye.objects.filter(round=rnd)}
    assert byes[players[1].pk] == "half"
    pab = [pid for pid, kind in byes.items() if kind == "pab"]
    assert len(pab) == 1 and rnd.games.count() == 5  # 11 active: 5 boards and a bye
    assert round_check(round=rnd) == []


def test_hand_edits_are_checked(section):
    rnd = round_pair(section=section)
    _play(rnd)
    second = round_pair(section=section)
    g1 = second.games.get(board=1)
    first_round_opponent = (
        Game.objects.get(round=rnd, white=g1.white)
        if Game.objects.filter(round=rnd, white=g1.white).exists()
        else Game.objects.get(round=rnd, black=g1.white)
    )
    opponent = (
        first_round_opponent.black
        if first_round_opponent.white_id == g1.white_id
        else first_round_opponent.white
    )
    violations = draft_set_board(round=second, white=g1.white, black=opponent)
    assert any(v.rule == "rematch" for v in violations)
    assert second.games.count() == 6
    with pytest.raises(StateError, match="breaks"):
        round_publish(round=second)
    round_publish(round=second, confirm=True)


def test_swap_two_players_and_colours(section):
    rnd = round_pair(section=section)
    b1, b2 = rnd.games.get(board=1), rnd.games.get(board=2)
    w1, w2 = b1.white, b2.white
    draft_swap(round=rnd, player_a=w1, player_b=w2)
    assert rnd.games.get(board=1).white == w2 and rnd.games.get(board=2).white == w1
    draft_swap_colours(round=rnd, board=1)
    assert rnd.games.get(board=1).black == w2


def test_make_a_board_on_a_chosen_board_number_keeps_everyone_paired(section):
    rnd = round_pair(section=section)
    games = list(rnd.games.order_by("board"))
    # Put board 1's white against board 3's white, on board 1: both old opponents
    # are paired with each other on a board of their own.
    a, b = games[0].white, games[2].white
    draft_set_board(round=rnd, white=a, black=b, board=1)
    boards = list(rnd.games.order_by("board"))
    assert [g.board for g in boards] == list(range(1, 7))
    assert (boards[0].white, boards[0].black) == (a, b)
    paired = [p for g in boards for p in (g.white_id, g.black_id)]
    assert sorted(paired) == sorted(section.players.values_list("pk", flat=True))


def test_an_engine_crash_in_process_fails_the_job_without_raising(
    section, django_capture_on_commit_callbacks, in_process_tasks, monkeypatch
):
    import tournaments.services.rounds as rounds

    def broken(*args, **kwargs):
        raise ZeroDivisionError("engine bug")

    monkeypatch.setattr(rounds, "engine_round", broken)
    with django_capture_on_commit_callbacks(execute=True):
        job = pairing_job_request(section=section)
    job.refresh_from_db()
    assert job.status == PairingJob.Status.FAILED
    assert "unexpected error" in job.message and not section.rounds.exists()
