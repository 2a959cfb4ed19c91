from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import EventFactory, PlayerFactory, SectionFactory, UserFactory
from tournaments.engines import ByeSpec, GameSpec
from tournaments.errors import ResultConflict, ServiceError, StateError
from tournaments.models import ByeRequest, EventRole, ResultChange, RoundStatus
from tournaments.selectors.events import user_can_arbitrate
from tournaments.services.events import event_create
from tournaments.services.players import (
    bye_request,
    player_create,
    player_reinstate,
    player_withdraw,
)
from tournaments.services.results import result_record, result_undo_last
from tournaments.services.rounds import (
    round_close,
    round_create,
    round_publish,
    round_reopen,
    round_unpublish,
)
from tournaments.services.sections import section_create, section_update
from tournaments.snapshot import SectionSnapshot

pytestmark = pytest.mark.django_db


def test_event_create_gives_slug_and_chief_role():
    user = UserFactory()
    a = event_create(name="Oslo Open 2026", created_by=user)
    b = event_create(name="Oslo Open 2026")
    assert a.slug == "oslo-open-2026" and b.slug == "oslo-open-2026-2"
    assert EventRole.objects.get(event=a).role == EventRole.Role.CHIEF_ARBITER
    assert user_can_arbitrate(user=user, event=a)
    assert not user_can_arbitrate(user=user, event=b)


def test_event_create_refuses_dates_in_wrong_order():
    import datetime as dt

    with pytest.raises(ServiceError, match="end"):
        event_create(name="X", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 1))


def test_section_create_validates_system_against_game():
    event = EventFactory()
    with pytest.raises(ServiceError, match="McMahon"):
        section_create(
            event=event, name="Go", game="go", pairing_system="mwm-dutch", total_rounds=5
        )
    go = section_create(event=event, name="Go", game="go", total_rounds=5, mcmahon_bar="3d")
    assert go.pairing_system == "mcmahon" and go.seed > 0
    with pytest.raises(ServiceError, match="bar"):
        section_create(event=event, name="Go 2", game="go", total_rounds=5, mcmahon_bar="3x")


def test_player_create_numbers_players_and_late_entry_gets_byes():
    section = SectionFactory(total_rounds=5)
    a = player_create(section=section, name="  Carlsen,   Magnus ", rating=2830)
    b = player_create(section=section, name="Caruana, Fabiano", rating=2800)
    assert (a.pairing_number, b.pairing_number, a.name) == (1, 2, "Carlsen, Magnus")
    rnd = round_create(section=section, games=[GameSpec(1, a, b)])
    late = player_create(section=section, name="Ding, Liren", missed_rounds_bye="half")
    assert late.joined_round == 2 and late.pairing_number == 3
    assert rnd.byes.get(player=late).points == Decimal("0.5")
    assert not late.is_active_in(1) and late.is_active_in(2)


def test_withdraw_and_reinstate():
    p = PlayerFactory()
    player_withdraw(player=p)
    p.refresh_from_db()
    assert p.withdrawn_from_round == 1 and not p.is_active_in(1)
    player_reinstate(player=p)
    p.refresh_from_db()
    assert p.withdrawn_from_round is None


def test_bye_request_only_for_unpaired_rounds():
    section = SectionFactory(total_rounds=3)
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    bye_request(player=a, round_number=2, kind="half")
    assert ByeRequest.objects.get(player=a).round_number == 2
    with pytest.raises(ServiceError, match="rounds 1 to 3"):
        bye_request(player=a, round_number=4)
    with pytest.raises(ServiceError, match="half-point, zero-point or full-point"):
        bye_request(player=a, round_number=3, kind="pab")
    round_create(section=section, games=[GameSpec(1, a, b)])
    with pytest.raises(StateError, match="already paired"):
        bye_request(player=b, round_number=1)
    assert SectionSnapshot.load(section).requested_byes(2) == {a.pk: "half"}


def _round_with_one_game():
    section = SectionFactory(total_rounds=3)
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    rnd = round_create(section=section, games=[GameSpec(1, a, b)])
    return section, rnd, rnd.games.get()


def test_round_state_machine():
    section, rnd, game = _round_with_one_game()
    with pytest.raises(StateError, match="published"):
        result_record(game=game, result="1-0", by=None)
    with pytest.raises(StateError, match="publish round 1"):
        round_create(section=section)
    round_publish(round=rnd)
    with pytest.raises(StateError, match="already published"):
        round_publish(round=rnd)
    with pytest.raises(StateError, match="no result yet on board"):
        round_close(round=rnd)
    result_record(game=game, result="1-0", by=None)
    with pytest.raises(StateError, match="already has results"):
        round_unpublish(round=rnd, reason="wrong colours")
    rnd = round_close(round=rnd)
    assert rnd.status == RoundStatus.CLOSED
    with pytest.raises(StateError, match="closed"):
        result_record(game=game, result="0-1", by=None)
    round_reopen(round=rnd)
    result_record(game=game, result="0-1", by=None)


def test_unpublish_needs_a_reason_and_keeps_it():
    _, rnd, _ = _round_with_one_game()
    round_publish(round=rnd)
    with pytest.raises(ServiceError, match="Say why"):
        round_unpublish(round=rnd, reason=" ")
    rnd = round_unpublish(round=rnd, reason="Board 1 colours were swapped")
    assert rnd.status == RoundStatus.DRAFT and rnd.status_note.startswith("Board 1")


def test_stale_write_is_refused_with_a_conflict():
    _, rnd, game = _round_with_one_game()
    round_publish(round=rnd)
    result_record(game=game, result="1-0", by=None, expected_version=0)
    with pytest.raises(ResultConflict) as exc:
        result_record(game=game, result="0-1", by=None, expected_version=0)
    assert exc.value.current_result == "1-0" and exc.value.current_version == 1
    assert "changed meanwhile" in str(exc.value)
    game.refresh_from_db()
    assert game.result == "1-0" and ResultChange.objects.count() == 1


def test_unknown_result_is_refused():
    _, rnd, game = _round_with_one_game()
    round_publish(round=rnd)
    with pytest.raises(ServiceError, match="not a result"):
        result_record(game=game, result="2-0", by=None)


def test_undo_walks_back_one_change_at_a_time():
    section = SectionFactory(total_rounds=3)
    ps = [PlayerFactory(section=section) for _ in range(4)]
    rnd = round_create(
        section=section,
        games=[GameSpec(1, ps[0], ps[1]), GameSpec(2, ps[2], ps[3])],
    )
    round_publish(round=rnd)
    g1, g2 = rnd.games.order_by("board")
    user = UserFactory()
    result_record(game=g1, result="1-0", by=user)
    result_record(game=g2, result="0-1", by=user)
    result_record(game=g1, result="1/2-1/2", by=user)
    result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert (g1.result, g2.result) == ("1-0", "0-1")
    result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert (g1.result, g2.result) == ("1-0", "")
    result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    assert g1.result == ""
    with pytest.raises(ServiceError, match="nothing to undo"):
        result_undo_last(round=rnd, by=user)
    assert ResultChange.objects.filter(undoes__isnull=False).count() == 3


def test_scores_count_games_byes_and_absence():
    section = SectionFactory(total_rounds=3)
    a, b, c = (PlayerFactory(section=section) for _ in range(3))
    rnd = round_create(
        section=section,
        games=[GameSpec(1, a, b)],
        byes=[ByeSpec(player=c, kind="pab")],
    )
    round_publish(round=rnd)
    result_record(game=rnd.games.get(), result="1/2-1/2", by=None)
    snapshot = SectionSnapshot.load(section)
    scores = snapshot.scores()
    assert scores == {a.pk: Decimal("0.5"), b.pk: Decimal("0.5"), c.pk: Decimal("1")}
    history = snapshot.history()
    assert [o.code for o in history[c.pk]] == ["U"]
    assert history[a.pk][0].opponent_id == b.pk and history[a.pk][0].colour == "w"


def test_section_slugs_never_hide_the_event_pages():
    event = EventFactory()
    live = section_create(event=event, name="Live", total_rounds=5)
    assert live.slug == "live-2"
    with pytest.raises(ServiceError, match="event's own pages"):
        section_create(event=event, name="B", slug="poster", total_rounds=5)
    with pytest.raises(ServiceError, match="event's own pages"):
        section_update(section=live, slug="find")
