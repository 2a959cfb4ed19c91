"""A round's page (draft pairings or result entry) and its state changes:
publish, unpublish, discard the draft, close and reopen."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from tournaments import arbiter_selectors as aselectors
from tournaments import pairing_services as pairing
from tournaments import selectors, services
from tournaments.errors import ServiceError
from tournaments.forms.rounds import (
    RESULT_BUTTONS,
    BoardForm,
    MoveForm,
    PublishForm,
    SwapForm,
    UnpublishForm,
)
from tournaments.models import RoundStatus
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, go, round_url, section_url


def round_context(request, rnd, *, violations=None, forms=None) -> dict:
    """Everything the round page shows; also used when a pairing job finishes."""
    section = rnd.section
    scores = aselectors.round_scores_before(round=rnd)
    context = {
        "event": section.event,
        "section": section,
        "round": rnd,
        "boards": aselectors.round_boards(round=rnd, scores=scores),
        "byes": aselectors.round_byes(round=rnd, scores=scores),
        "absent": aselectors.round_absent(round=rnd),
        "is_last": not section.rounds.filter(number__gt=rnd.number).exists(),
        "tab": "round",
        "rounds": aselectors.section_rounds(section=section),
    }
    if rnd.status == RoundStatus.DRAFT:
        forms = forms or {}
        violations = pairing.round_check(round=rnd) if violations is None else violations
        context.update(
            violations=violations,
            violation_boards={v.board for v in violations if v.board},
            swap_form=forms.get("swap") or SwapForm(round=rnd),
            move_form=forms.get("move") or MoveForm(round=rnd),
            board_form=forms.get("board") or BoardForm(round=rnd),
            publish_form=PublishForm(),
            job=aselectors.job_active(section=section),
        )
    else:
        entered, total = aselectors.round_progress(round=rnd)
        pending_only = request.GET.get("pending") == "1"
        first_pending = next((b.game.board for b in context["boards"] if not b.game.result), None)
        context.update(
            entered=entered,
            total=total,
            pending_only=pending_only,
            focus_board=first_pending,
            buttons=RESULT_BUTTONS,
            can_undo=aselectors.round_can_undo(round=rnd),
            next=aselectors.section_next_action(section=section, rounds=context["rounds"]),
        )
    return context


@arbiter_view
def round_detail(request, event, section, round):
    return render(request, "arbiter/round.html", round_context(request, round))


@arbiter_view
@require_POST
def round_publish(request, event, section, round):
    form = PublishForm(request.POST)
    confirmed = form.is_valid() and form.cleaned_data["confirm"]
    try:
        violations = pairing.round_check(round=round) if round.status == RoundStatus.DRAFT else []
        if violations and not confirmed:
            raise ServiceError(
                f"Round {round.number} breaks {len(violations)} rule(s) listed below. "
                "Tick the confirmation to publish anyway, or correct the pairings."
            )
        services.round_publish(round=round)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(
            request, f"Round {round.number} is published: players can see the pairings."
        )
    return go(request, round_url(round))


@arbiter_view
@require_POST
def round_unpublish(request, event, section, round):
    form = UnpublishForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Say why the round is taken back; players will see it.")
        return go(request, round_url(round) + "#unpublish")
    try:
        services.round_unpublish(round=round, reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, f"Round {round.number} is a draft again.")
    return go(request, round_url(round))


@arbiter_view
@require_POST
def round_discard(request, event, section, round):
    """Throw the draft away (nothing is paired for that round any more)."""
    try:
        services.round_delete_draft(round=round)
    except ServiceError as exc:
        fail(request, exc)
        return go(request, round_url(round))
    messages.success(request, f"The draft of round {round.number} is discarded.")
    return go(request, section_url(section))


@arbiter_view
@require_POST
def round_close(request, event, section, round):
    try:
        services.round_close(round=round)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, f"Round {round.number} is closed: its results are final.")
    return go(request, round_url(round))


@arbiter_view
@require_POST
def round_reopen(request, event, section, round):
    try:
        services.round_reopen(round=round)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, f"Round {round.number} is open for corrections again.")
    return go(request, round_url(round))


@arbiter_view
def rounds_list(request, event, section):
    """The latest round's page, or the dashboard when nothing is paired yet."""
    last = selectors.round_last(section=section)
    if last is None:
        return redirect(section_url(section))
    return redirect(round_url(last))
