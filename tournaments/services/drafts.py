"""Editing a draft round by hand: swap two players, move one, make a board, re-pair.

Each edit runs in one transaction with the round locked, works only on a DRAFT
round without results, and returns the violations the edited round now has
(the rule checker of `rounds.round_check`). Publishing a round with
violations needs a confirmation (`rounds.round_publish`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from pairing.engine.rules import Violation
from tournaments.engines import ByeSpec
from tournaments.errors import ServiceError, StateError
from tournaments.jobs.models import PairingJob
from tournaments.models import Bye, ByeKind, Game, Player, Round, RoundStatus, Section
from tournaments.services.rounds import (
    ACTIVE_JOB,
    pairing_job_request,
    pairing_precheck,
    round_check,
    round_create,
    round_delete_draft,
)
from tournaments.snapshot import SectionSnapshot, bye_points


def _editable(rnd: Round) -> Round:
    rnd = Round.objects.select_for_update().select_related("section").get(pk=rnd.pk)
    if rnd.status != RoundStatus.DRAFT:
        if rnd.status == RoundStatus.CLOSED:
            message = _("Round %(n)s is closed; unpublish it to edit the pairings.")
        else:
            message = _("Round %(n)s is published; unpublish it to edit the pairings.")
        raise StateError(message % {"n": rnd.number})
    if rnd.games.exclude(result="").exists():
        raise StateError(
            _("Round %(n)s has results; its pairings cannot change.") % {"n": rnd.number}
        )
    return rnd


def _seat(rnd: Round, player: Player) -> tuple[str, object]:
    for game in rnd.games.all():
        if game.white_id == player.pk:
            return "white", game
        if game.black_id == player.pk:
            return "black", game
    bye = rnd.byes.filter(player=player).first()
    if bye is not None:
        return "bye", bye
    return "none", None


def _set_seat(kind: str, obj, player: Player | None) -> None:
    if kind in ("white", "black"):
        setattr(obj, kind, player)
    elif kind == "bye":
        obj.player = player


def _save_all(rnd: Round, objs) -> None:
    # Park the moved games on free board numbers first so the unique constraints
    # (one white and one black per round) never see a half-done swap.
    games = [o for o in objs if isinstance(o, Game)]
    byes = [o for o in objs if isinstance(o, Bye)]
    if games:
        Game.objects.filter(pk__in=[g.pk for g in games]).delete()
        for g in games:
            g.pk = None
            g.explanation = {**(g.explanation or {}), "edited": True}
        Game.objects.bulk_create(games)
    for b in byes:
        b.save(update_fields=["player"])


def draft_swap(*, round: Round, player_a: Player, player_b: Player) -> list[Violation]:
    """Exchange two players' places (board and colour, or bye)."""
    if player_a.pk == player_b.pk:
        raise ServiceError(_("Choose two different players to swap."))
    with transaction.atomic():
        rnd = _editable(round)
        kind_a, obj_a = _seat(rnd, player_a)
        kind_b, obj_b = _seat(rnd, player_b)
        if obj_a is None or obj_b is None:
            missing = player_a if obj_a is None else player_b
            raise ServiceError(
                _("%(name)s is not in round %(n)s; use 'make a board' to add an unpaired player.")
                % {"name": missing.name, "n": rnd.number}
            )
        if obj_a is obj_b or (
            isinstance(obj_a, Game) and isinstance(obj_b, Game) and obj_a.pk == obj_b.pk
        ):
            game = obj_a
            game.white, game.black = game.black, game.white
            _save_all(rnd, [game])
        else:
            _set_seat(kind_a, obj_a, player_b)
            _set_seat(kind_b, obj_b, player_a)
            _save_all(rnd, [obj_a, obj_b])
    return round_check(round=round)


def draft_swap_colours(*, round: Round, board: int) -> list[Violation]:
    with transaction.atomic():
        rnd = _editable(round)
        game = rnd.games.filter(board=board).first()
        if game is None:
            raise ServiceError(
                _("Round %(n)s has no board %(board)s.") % {"n": rnd.number, "board": board}
            )
        game.white, game.black = game.black, game.white
        _save_all(rnd, [game])
    return round_check(round=round)


def draft_set_board(
    *, round: Round, white: Player, black: Player, board: int | None = None
) -> list[Violation]:
    """Make a board by hand: `white` against `black`. Their former opponents (if any)
    are paired with each other on a board of their own; a former bye goes to
    whichever single player is left over."""
    if white.pk == black.pk:
        raise ServiceError(_("A board needs two different players."))
    with transaction.atomic():
        rnd = _editable(round)
        freed: list[Player] = []
        bye_kinds: list[str] = []
        touched_boards: list[int] = []
        for player in (white, black):
            kind, obj = _seat(rnd, player)
            if kind in ("white", "black"):
                other = obj.black if kind == "white" else obj.white
                touched_boards.append(obj.board)
                obj.delete()
                freed.append(other)
            elif kind == "bye":
                bye_kinds.append(obj.kind)
                obj.delete()
        freed = [p for p in freed if p.pk not in (white.pk, black.pk)]
        freed = list({p.pk: p for p in freed}.values())
        boards = sorted(set(touched_boards)) or []
        used = set(rnd.games.values_list("board", flat=True))

        def free_board() -> int:
            while boards:
                b = boards.pop(0)
                if b not in used:
                    return b
            b = 1
            while b in used:
                b += 1
            return b

        number = board if board is not None and board not in used else free_board()
        used.add(number)
        Game.objects.create(
            round=rnd,
            board=number,
            white=white,
            black=black,
            explanation={
                "edited": True,
                "text": "Board made by hand.",
                "parts": ["hand-board", {}],
            },
        )
        if len(freed) == 2:
            n2 = free_board()
            used.add(n2)
            Game.objects.create(
                round=rnd,
                board=n2,
                white=freed[0],
                black=freed[1],
                explanation={
                    "edited": True,
                    "text": "Paired together after a hand edit.",
                    "parts": ["hand-paired-together", {}],
                },
            )
        elif len(freed) == 1:
            kind = bye_kinds[0] if bye_kinds else "pab"
            Bye.objects.create(
                round=rnd,
                player=freed[0],
                kind=kind,
                points=bye_points(rnd.section, kind),
                explanation={
                    "edited": True,
                    "reason": "left over after a hand edit",
                    "parts": ["hand-left-over", {}],
                },
            )
        _renumber(rnd)
    return round_check(round=round)


def _renumber(rnd: Round) -> None:
    games = list(rnd.games.order_by("board"))
    if [g.board for g in games] == list(range(1, len(games) + 1)):
        return
    Game.objects.filter(pk__in=[g.pk for g in games]).delete()
    for i, g in enumerate(games, start=1):
        g.pk, g.board = None, i
    Game.objects.bulk_create(games)


def draft_start_empty(*, section: Section) -> Round:
    """Start the next round as a draft without boards, to be paired by hand with the
    tools above (make a board, give the bye, swap, move): the way forward when the
    engine finds no legal pairing, or when the arbiter pairs a round on paper. The
    byes players asked for are in it already; the rule checker lists what the hand
    pairing breaks before it is published."""
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        if PairingJob.objects.filter(section=section, status__in=ACTIVE_JOB).exists():
            raise StateError(
                _("%(section)s: a round is being paired; wait for it to finish.")
                % {"section": section.name}
            )
        snapshot = SectionSnapshot.load(section)
        number = pairing_precheck(snapshot)
        players = snapshot.player_by_pk
        byes = [
            ByeSpec(players[pk], kind, {"reason": "requested"})
            for pk, kind in snapshot.requested_byes(number).items()
            if pk in players and players[pk].is_active_in(number)
        ]
        return round_create(
            section=section,
            byes=byes,
            seed=section.seed,
            diagnostics={"paired_by_hand": True},
            number=number,
        )


def draft_give_bye(*, round: Round, player: Player) -> list[Violation]:
    """Give the pairing-allocated bye to a player who has no board in the draft (the
    odd one out of a round paired by hand)."""
    with transaction.atomic():
        rnd = _editable(round)
        kind, obj = _seat(rnd, player)
        if kind in ("white", "black"):
            raise ServiceError(
                _("%(name)s plays on board %(board)s; a bye is for a player without one.")
                % {"name": player.name, "board": obj.board}
            )
        if kind == "bye":
            raise ServiceError(
                _("%(name)s already has a bye in round %(n)s.")
                % {"name": player.name, "n": rnd.number}
            )
        Bye.objects.create(
            round=rnd,
            player=player,
            kind=ByeKind.PAIRING,
            points=bye_points(rnd.section, ByeKind.PAIRING),
            explanation={"edited": True, "reason": "given by hand", "parts": ["hand-bye", {}]},
        )
    return round_check(round=round)


def draft_repair(*, round: Round, by=None) -> PairingJob:
    """Throw the draft away and pair the round again (e.g. after a withdrawal)."""
    section = round.section
    round_delete_draft(round=round)
    return pairing_job_request(section=section, by=by)


def draft_move(*, round: Round, player: Player, board: int, colour: str) -> list[Violation]:
    """Put `player` on `board` with `colour` ("w" or "b"); whoever sat there takes the
    player's old place."""
    if colour not in ("w", "b"):
        raise ServiceError("Colour must be white (w) or black (b).")
    game = round.games.filter(board=board).select_related("white", "black").first()
    if game is None:
        raise ServiceError(
            _("Round %(n)s has no board %(board)s; use 'make a board'.")
            % {"n": round.number, "board": board}
        )
    occupant = game.white if colour == "w" else game.black
    if occupant.pk == player.pk:
        return round_check(round=round)
    return draft_swap(round=round, player_a=player, player_b=occupant)
