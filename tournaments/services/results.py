"""Results: one board at a time, versioned (a write naming an older version is
refused), every change appended to the audit log, and undo."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.caching.versions import section_changed
from tournaments.errors import ResultConflict, ServiceError, StateError
from tournaments.models import Game, Result, ResultChange, Round, RoundStatus
from tournaments.presentation import jigo_possible


def _result_value(result: str) -> str:
    aliases = {
        "*": "",
        "pending": "",
        "1/2": "1/2-1/2",
        "½-½": "1/2-1/2",
        "=": "1/2-1/2",
        "0.5-0.5": "1/2-1/2",
        "1-0": "1-0",
        "0-1": "0-1",
        "+-": "+/-",
        "-+": "-/+",
        "--": "-/-",
        # Go, as players write it
        "B+": "0-1",
        "W+": "1-0",
        "B+F": "-/+",
        "W+F": "+/-",
        "jigo": "1/2-1/2",
        "Jigo": "1/2-1/2",
    }
    value = aliases.get(result.strip(), result.strip()) if isinstance(result, str) else None
    if value not in Result.values:
        allowed = ", ".join(v or "(empty: pending)" for v in Result.values)
        raise ServiceError(f"{result!r} is not a result; use one of {allowed}.")
    return value


def result_record(
    *,
    game: Game,
    result: str,
    by=None,
    expected_version: int | None = None,
    source: str = "web",
    undoes: ResultChange | None = None,
) -> ResultChange | None:
    """Set a game's result and append one audit row, in one transaction.

    `expected_version` is the version of the game the writer last saw; if someone
    changed it since, the write is refused with `ResultConflict` (nothing is lost
    silently). Writing the result the game already has is a no-op (returns None).
    """
    value = _result_value(result)
    with transaction.atomic():
        g = (
            Game.objects.select_for_update(of=("self", "round"))
            .select_related("round__section")
            .get(pk=game.pk)
        )
        if expected_version is not None and expected_version != g.version:
            raise ResultConflict(
                _(
                    "Board %(board)s of round %(round)s was changed meanwhile "
                    "(now %(result)s); check it and enter your result again."
                )
                % {
                    "board": g.board,
                    "round": g.round.number,
                    "result": g.result or pgettext("result", "pending"),
                },
                current_result=g.result,
                current_version=g.version,
            )
        if g.round.status != RoundStatus.PUBLISHED:
            if g.round.status == RoundStatus.CLOSED:
                message = _(
                    "Round %(n)s is closed: results can be entered "
                    "once it is published and until it is closed."
                )
            else:
                message = _(
                    "Round %(n)s is draft: results can be entered "
                    "once it is published and until it is closed."
                )
            raise StateError(message % {"n": g.round.number})
        if value == Result.DRAW and g.round.section.is_go and not jigo_possible(g.komi):
            raise ServiceError(
                _("Board %(board)s: no jigo with komi %(komi)s; the game has a winner (B+ or W+).")
                % {"board": g.board, "komi": f"{g.komi.normalize():f}"}
            )
        if value == g.result:
            return None
        before = g.result
        g.result = value
        g.version += 1
        g.save(update_fields=["result", "version", "updated_at"])
        change = ResultChange(
            game=g,
            before=before,
            after=value,
            version=g.version,
            user=by if getattr(by, "is_authenticated", False) else None,
            by_name=by.get_username() if getattr(by, "is_authenticated", False) else "",
            source=source,
            undoes=undoes,
        )
        change.save()
        section_changed(g.round.section_id)
    game.result, game.version = g.result, g.version
    return change


def result_undo_last(*, round: Round, by=None, source: str = "web") -> ResultChange:
    """Undo the latest change in the round that is not already undone (and is not itself
    an undo): the game gets its earlier result back, recorded as a new audit row."""
    with transaction.atomic():
        Round.objects.select_for_update().get(pk=round.pk)
        candidates = (
            ResultChange.objects.filter(
                game__round=round, undoes__isnull=True, undone_by__isnull=True
            )
            .select_related("game")
            .order_by("-created_at", "-id")
        )
        for change in candidates:
            game = change.game
            if game.result != change.after:
                continue  # what this change wrote is no longer there
            result = result_record(
                game=game,
                result=change.before,
                by=by,
                expected_version=game.version,
                source=source,
                undoes=change,
            )
            if result is not None:
                return result
        raise ServiceError(_("Round %(n)s: nothing to undo.") % {"n": round.number})
