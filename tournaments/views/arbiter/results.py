"""Result entry, one board at a time (buttons or keys 1 = 0 + -), undo, and the audit log.

Every write goes through `result_record` with the version of the game the page
showed: if another arbiter changed the board meanwhile, the row comes back with
the current result and a conflict message instead of overwriting it. The page
sends one result at a time, in the order typed (static/js/results.js)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST

from tournaments.errors import ResultConflict, ServiceError
from tournaments.forms.rounds import ResultForm
from tournaments.models import Game
from tournaments.selectors.rounds import (
    round_audit,
    round_board,
    round_can_undo,
    round_progress,
)
from tournaments.services.results import result_record, result_undo_last
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import go, round_url
from tournaments.views.arbiter.rounds import round_context


def _row_response(request, rnd, game, *, pending_only: bool, error: str = ""):
    """The board's row as it now is, with the counter, undo button and what comes next
    out of band. The page's own script queues the keys and moves the cursor
    (static/js/results.js), so the row never takes the focus itself."""
    game.refresh_from_db()
    entered, total = round_progress(round=rnd)
    return render(
        request,
        "arbiter/partials/result_response.html",
        {
            "section": rnd.section,
            "round": rnd,
            "row": round_board(game=game),
            "is_last": not rnd.section.rounds.filter(number__gt=rnd.number).exists(),
            "error": error,
            "entered": entered,
            "total": total,
            "pending_only": pending_only,
            "can_undo": round_can_undo(round=rnd),
        },
    )


@arbiter_view
@require_POST
def result(request, event, section, round, board):
    game = get_object_or_404(
        Game.objects.select_related("white", "black"), round=round, board=board
    )
    game.round = round
    form = ResultForm(request.POST)
    pending_only = request.POST.get("pending") in ("1", "on", "true")
    error = ""
    if not form.is_valid():
        keys = "b w j" if round.section.is_go else "1 = 0 + -"
        error = _("That is not a result; use the buttons or the keys %(keys)s.") % {"keys": keys}
    else:
        try:
            result_record(
                game=game,
                result=form.cleaned_data["result"],
                by=request.user,
                expected_version=form.cleaned_data["version"],
                source="web",
            )
        except ResultConflict as exc:
            error = exc.message
        except ServiceError as exc:
            error = exc.message
    if request.htmx:
        return _row_response(request, round, game, pending_only=pending_only, error=error)
    if error:
        messages.error(request, error)
    suffix = "?pending=1" if pending_only else ""
    return go(request, round_url(round) + suffix + f"#board-{board}")


@arbiter_view
@require_POST
def undo(request, event, section, round):
    try:
        change = result_undo_last(round=round, by=request.user, source="web")
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        before = change.before or pgettext("result", "pending")
        after = change.after or pgettext("result", "pending")
        messages.success(
            request,
            _("Undone: board %(board)s is %(after)s again (was %(before)s).")
            % {"board": change.game.board, "after": after, "before": before},
        )
    if request.htmx:
        context = round_context(request, round)
        return render(request, "arbiter/round.html#round-main", context)
    return go(request, round_url(round))


@arbiter_view
def audit(request, event, section, round):
    return render(
        request,
        "arbiter/audit.html",
        {
            "event": event,
            "section": section,
            "round": round,
            "changes": round_audit(round=round),
            "tab": "round",
        },
    )
