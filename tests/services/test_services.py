from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import EventFactory, PlayerFactory, SectionFactory, UserFactory
from tournaments import selectors, services
from tournaments.errors import ResultConflict, ServiceError, StateError
from tournaments.models import ByeRequest, EventRole, ResultChange, RoundStatus

pytestmark = pytest.mark.django_db


def test_event_create_gives_slug_and_chief_role():
    user = UserFactory()
    a = services.event_create(name="Oslo Open 2026", created_by=user)
    b = services.event_create(name="Oslo Open 2026")
    assert a.slug == "oslo-open-2026" and b.slug == "oslo-open-2026-2"
    assert EventRole.objects.get(event=a).role == EventRole.Role.CHIEF_ARBITER
    assert selectors.user_can_arbitrate(user=user, event=a)
    assert not selectors.user_can_arbitrate(user=user, event=b)


def test_event_create_refuses_dates_in_wrong_order():
    import datetime as dt

    with pytest.raises(ServiceError, match="end"):
        services.event_create(
            name="X", start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 1)
        )


def test_section_create_validates_system_against_game():
    event = EventFactory()
    with pytest.raises(ServiceError, match="McMahon"):
        services.section_create(
            event=event, name="Go", game="go", pairing_system="dutch", total_rounds=5
        )
    go = services.section_create(
        event=event, name="Go", game="go", total_rounds=5, mcmahon_bar="3d"
    )
    assert go.pairing_system == "mcmahon" and go.seed > 0
    with pytest.raises(ServiceError, match="bar"):
        services.section_create(
            event=event, name="Go 2", game="go", total_rounds=5, mcmahon_bar="3x"
        )


def test_player_create_numbers_players_and_late_entry_gets_byes():
    section = SectionFactory(total_rounds=5)
    a = services.player_create(section=section, name="  Carlsen,   Magnus ", rating=2830)
    b = services.player_create(section=section, name="Caruana, Fabiano", rating=2800)
    assert (a.pairing_number, b.pairing_number, a.name) == (1, 2, "Carlsen, Magnus")
    rnd = services.round_create(section=section, games=[services.GameSpec(1, a, b)])
    late = services.player_create(section=section, name="Ding, Liren", missed_rounds_bye="half")
    assert late.joined_round == 2 and late.pairing_number == 3
    assert rnd.byes.get(player=late).points == Decimal("0.5")
    assert not late.is_active_in(1) and late.is_active_in(2)


def test_withdraw_and_reinstate():
    p = PlayerFactory()
    services.player_withdraw(player=p)
    p.refresh_from_db()
    assert p.withdrawn_from_round == 1 and not p.is_active_in(1)
    services.player_reinstate(player=p)
    p.refresh_from_db()
    assert p.withdrawn_from_round is None


def test_bye_request_only_for_unpaired_rounds():
    section = SectionFactory(total_rounds=3)
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    services.bye_request(player=a, round_number=2, kind="half")
    assert ByeRequest.objects.get(player=a).round_number == 2
    with pytest.raises(ServiceError, match="rounds 1 to 3"):
        services.bye_request(player=a, round_number=4)
    with pytest.raises(ServiceError, match="half-point, zero-point or full-point"):
        services.bye_request(player=a, round_number=3, kind="pab")
    services.round_create(section=section, games=[services.GameSpec(1, a, b)])
    with pytest.raises(StateError, match="already paired"):
        services.bye_request(player=b, round_number=1)
    specs = services.byes_from_requests(section=section, round_number=2)
    assert [(s.player, s.kind) for s in specs] == [(a, "half")]


def _round_with_one_game():
    section = SectionFactory(total_rounds=3)
    a, b = PlayerFactory(section=section), PlayerFactory(section=section)
    rnd = services.round_create(section=section, games=[services.GameSpec(1, a, b)])
    return section, rnd, rnd.games.get()


def test_round_state_machine():
    section, rnd, game = _round_with_one_game()
    with pytest.raises(StateError, match="published"):
        services.result_record(game=game, result="1-0", by=None)
    with pytest.raises(StateError, match="publish round 1"):
        services.round_create(section=section)
    services.round_publish(round=rnd)
    with pytest.raises(StateError, match="already published"):
        services.round_publish(round=rnd)
    with pytest.raises(StateError, match="no result yet on board"):
        services.round_close(round=rnd)
    services.result_record(game=game, result="1-0", by=None)
    with pytest.raises(StateError, match="already has results"):
        services.round_unpublish(round=rnd, reason="wrong colours")
    rnd = services.round_close(round=rnd)
    assert rnd.status == RoundStatus.CLOSED
    with pytest.raises(StateError, match="closed"):
        services.result_record(game=game, result="0-1", by=None)
    services.round_reopen(round=rnd)
    services.result_record(game=game, result="0-1", by=None)


def test_unpublish_needs_a_reason_and_keeps_it():
    _, rnd, _ = _round_with_one_game()
    services.round_publish(round=rnd)
    with pytest.raises(ServiceError, match="Say why"):
        services.round_unpublish(round=rnd, reason=" ")
    rnd = services.round_unpublish(round=rnd, reason="Board 1 colours were swapped")
    assert rnd.status == RoundStatus.DRAFT and rnd.status_note.startswith("Board 1")


def test_stale_write_is_refused_with_a_conflict():
    _, rnd, game = _round_with_one_game()
    services.round_publish(round=rnd)
    services.result_record(game=game, result="1-0", by=None, expected_version=0)
    with pytest.raises(ResultConflict) as exc:
        services.result_record(game=game, result="0-1", by=None, expected_version=0)
    assert exc.value.current_result == "1-0" and exc.value.current_version == 1
    assert "changed meanwhile" in str(exc.value)
    game.refresh_from_db()
    assert game.result == "1-0" and ResultChange.objects.count() == 1


def test_unknown_result_is_refused():
    _, rnd, game = _round_with_one_game()
    services.round_publish(round=rnd)
    with pytest.raises(ServiceError, match="not a result"):
        services.result_record(game=game, result="2-0", by=None)


def test_undo_walks_back_one_change_at_a_time():
    section = SectionFactory(total_rounds=3)
    ps = [PlayerFactory(section=section) for _ in range(4)]
    rnd = services.round_create(
        section=section,
        games=[services.GameSpec(1, ps[0], ps[1]), services.GameSpec(2, ps[2], ps[3])],
    )
    services.round_publish(round=rnd)
    g1, g2 = rnd.games.order_by("board")
    user = UserFactory()
    services.result_record(game=g1, result="1-0", by=user)
    services.result_record(game=g2, result="0-1", by=user)
    services.result_record(game=g1, result="1/2-1/2", by=user)
    services.result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert (g1.result, g2.result) == ("1-0", "0-1")
    services.result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert (g1.result, g2.result) == ("1-0", "")
    services.result_undo_last(round=rnd, by=user)
    g1.refresh_from_db()
    assert g1.result == ""
    with pytest.raises(ServiceError, match="nothing to undo"):
        services.result_undo_last(round=rnd, by=user)
    assert ResultChange.objects.filter(undoes__isnull=False).count() == 3


def test_scores_count_games_byes_and_absence():
    section = SectionFactory(total_rounds=3)
    a, b, c = (PlayerFactory(section=section) for _ in range(3))
    rnd = services.round_create(
        section=section,
        games=[services.GameSpec(1, a, b)],
        byes=[services.ByeSpec(player=c, kind="pab")],
    )
    services.round_publish(round=rnd)
    services.result_record(game=rnd.games.get(), result="1/2-1/2", by=None)
    scores = selectors.section_scores(section=section)
    assert scores == {a.pk: Decimal("0.5"), b.pk: Decimal("0.5"), c.pk: Decimal("1")}
    history = selectors.section_history(section=section)
    assert [o.code for o in history[c.pk]] == ["U"]
    assert history[a.pk][0].opponent_id == b.pk and history[a.pk][0].colour == "w"


def test_section_slugs_never_hide_the_event_pages():
    event = EventFactory()
    live = services.section_create(event=event, name="Live", total_rounds=5)
    assert live.slug == "live-2"
    with pytest.raises(ServiceError, match="event's own pages"):
        services.section_create(event=event, name="B", slug="poster", total_rounds=5)
    with pytest.raises(ServiceError, match="event's own pages"):
        services.section_update(section=live, slug="find")
