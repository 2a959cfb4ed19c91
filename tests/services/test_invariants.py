"""The invariants the database guards, checked against the configured database
(PostgreSQL in CI's services run, SQLite in the embedded run)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tests.factories import PlayerFactory, SectionFactory, UserFactory
from tournaments.engines import ByeSpec, GameSpec
from tournaments.errors import InvariantError
from tournaments.models import Bye, Game, ResultChange, Round
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create, round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return SectionFactory(total_rounds=5)


@pytest.fixture
def four(section):
    return [PlayerFactory(section=section, pairing_number=i + 1) for i in range(4)]


def test_database_refuses_a_duplicate_round_number(section):
    Round.objects.create(section=section, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(section=section, number=1)


def test_service_refuses_a_round_out_of_order(section, four):
    round_create(section=section, games=[GameSpec(1, four[0], four[1])])
    with pytest.raises(InvariantError, match="already has a round 1"):
        round_create(section=section, number=1)


def test_database_refuses_a_player_twice_as_white(section, four):
    rnd = Round.objects.create(section=section, number=1)
    Game.objects.create(round=rnd, board=1, white=four[0], black=four[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=rnd, board=2, white=four[0], black=four[2])


def test_database_refuses_a_duplicate_board(section, four):
    rnd = Round.objects.create(section=section, number=1)
    Game.objects.create(round=rnd, board=1, white=four[0], black=four[1])
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=rnd, board=1, white=four[2], black=four[3])


def test_database_refuses_a_player_against_himself(section, four):
    rnd = Round.objects.create(section=section, number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=rnd, board=1, white=four[0], black=four[0])


def test_database_refuses_two_byes_for_one_player(section, four):
    rnd = Round.objects.create(section=section, number=1)
    Bye.objects.create(round=rnd, player=four[0], kind="half", points="0.5")
    with pytest.raises(IntegrityError), transaction.atomic():
        Bye.objects.create(round=rnd, player=four[0], kind="zero", points="0")


@pytest.mark.parametrize("layout", ["white_and_black", "game_and_bye"])
def test_service_refuses_a_player_twice_in_one_round(section, four, layout):
    a, b, c, _ = four
    if layout == "white_and_black":
        games = [GameSpec(1, a, b), GameSpec(2, c, a)]
        byes = []
    else:
        games = [GameSpec(1, a, b)]
        byes = [ByeSpec(player=b, kind="pab")]
    with pytest.raises(InvariantError, match="placed twice"):
        round_create(section=section, games=games, byes=byes)
    # Nothing half-written.
    assert not Round.objects.filter(section=section).exists()
    assert not Game.objects.exists()


def test_every_result_change_leaves_exactly_one_audit_row(section, four):
    user = UserFactory()
    rnd = round_create(
        section=section,
        games=[GameSpec(1, four[0], four[1]), GameSpec(2, four[2], four[3])],
    )
    round_publish(round=rnd, confirm=True)  # the other players sit out
    g1, g2 = rnd.games.order_by("board")
    sequence = [(g1, "1-0"), (g2, "1/2-1/2"), (g1, "0-1"), (g1, "0-1"), (g2, "-/+")]
    for game, result in sequence:
        result_record(game=game, result=result, by=user)
    changes = ResultChange.objects.filter(game__round=rnd).order_by("id")
    # The repeated "0-1" changed nothing and left no row.
    assert [(c.game_id, c.before, c.after) for c in changes] == [
        (g1.pk, "", "1-0"),
        (g2.pk, "", "1/2-1/2"),
        (g1.pk, "1-0", "0-1"),
        (g2.pk, "1/2-1/2", "-/+"),
    ]
    g1.refresh_from_db()
    assert g1.version == changes.filter(game=g1).count() == 2
    assert all(c.user_id == user.pk for c in changes)


def test_audit_rows_are_append_only(section, four):
    rnd = round_create(section=section, games=[GameSpec(1, four[0], four[1])])
    round_publish(round=rnd, confirm=True)  # a hand-made round
    change = result_record(game=rnd.games.get(), result="1-0", by=None)
    change.after = "0-1"
    with pytest.raises(Exception, match="append-only"):
        change.save()
    with pytest.raises(Exception, match="append-only"):
        change.delete()
    assert ResultChange.objects.get().after == "1-0"
