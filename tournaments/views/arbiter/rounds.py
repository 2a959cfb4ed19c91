"""A round's page (draft pairings or result entry) and its state changes:
publish, unpublish, discard the draft, close and reopen."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.errors import RulesBroken, ServiceError
from tournaments.forms.rounds import (
    BoardForm,
    GiveByeForm,
    MoveForm,
    PublishForm,
    SwapForm,
    UnpublishForm,
)
from tournaments.models import RoundStatus
from tournaments.selectors.rounds import (
    round_absent,
    round_boards,
    round_byes,
    round_can_undo,
    round_last,
    round_progress,
)
from tournaments.selectors.sections import job_active, section_next_action, section_rounds
from tournaments.services import rounds as services
from tournaments.snapshot import SectionSnapshot
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, go, round_url, section_url


def round_context(request, rnd, *, violations=None, forms=None) -> dict:
    """Everything the round page shows; also used when a pairing job finishes."""
    section = rnd.section
    snapshot = SectionSnapshot.load(section)  # the history, loaded once for the page
    number = rnd.number
    rnd = snapshot.round(number) or rnd
    context = {
        "event": section.event,
        "section": section,
        "round": rnd,
        "boards": round_boards(snapshot=snapshot, number=number),
        "byes": round_byes(snapshot=snapshot, number=number),
        "absent": round_absent(snapshot=snapshot, number=number),
        "is_last": snapshot.last_round is rnd,
        "tab": "round",
        "rounds": section_rounds(section=section),
    }
    if rnd.status == RoundStatus.DRAFT:
        forms = forms or {}
        if violations is None:
            violations = services.round_check(round=rnd, snapshot=snapshot)
        context.update(
            violations=violations,
            violation_boards={v.board for v in violations if v.board},
            swap_form=forms.get("swap") or SwapForm(round=rnd, players=snapshot.players),
            move_form=forms.get("move") or MoveForm(round=rnd, players=snapshot.players),
            board_form=forms.get("board") or BoardForm(round=rnd, players=snapshot.players),
            bye_form=forms.get("bye") or GiveByeForm(round=rnd, players=snapshot.players),
            publish_form=PublishForm(),
            job=job_active(section=section),
        )
    else:
        entered, total = round_progress(round=rnd)
        pending_only = request.GET.get("pending") == "1"
        first_pending = next((b.game.board for b in context["boards"] if not b.game.result), None)
        context.update(
            entered=entered,
            total=total,
            pending_only=pending_only,
            focus_board=first_pending,
            can_undo=round_can_undo(round=rnd),
            next=section_next_action(section=section, rounds=context["rounds"]),
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
        services.round_publish(round=round, confirm=confirmed)
    except RulesBroken as exc:
        fail(
            request,
            ServiceError(
                ngettext(
                    "Round %(r)s breaks %(n)s rule listed below. "
                    "Tick the confirmation to publish anyway, or correct the pairings.",
                    "Round %(r)s breaks %(n)s rules listed below. "
                    "Tick the confirmation to publish anyway, or correct the pairings.",
                    len(exc.violations),
                )
                % {"r": round.number, "n": len(exc.violations)}
            ),
        )
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(
            request,
            _("Round %(n)s is published: players can see the pairings.") % {"n": round.number},
        )
    return go(request, round_url(round))


@arbiter_view
@require_POST
def round_unpublish(request, event, section, round):
    form = UnpublishForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say why the round is taken back; players will see it."))
        return go(request, round_url(round) + "#unpublish")
    try:
        services.round_unpublish(round=round, reason=form.cleaned_data["reason"])
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, _("Round %(n)s is a draft again.") % {"n": round.number})
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
    messages.success(request, _("The draft of round %(n)s is discarded.") % {"n": round.number})
    return go(request, section_url(section))


@arbiter_view
@require_POST
def round_close(request, event, section, round):
    try:
        services.round_close(round=round)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(
            request, _("Round %(n)s is closed: its results are final.") % {"n": round.number}
        )
    return go(request, round_url(round))


@arbiter_view
@require_POST
def round_reopen(request, event, section, round):
    try:
        services.round_reopen(round=round)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(
            request, _("Round %(n)s is open for corrections again.") % {"n": round.number}
        )
    return go(request, round_url(round))


@arbiter_view
def rounds_list(request, event, section):
    """The latest round's page, or the dashboard when nothing is paired yet."""
    last = round_last(section=section)
    if last is None:
        return redirect(section_url(section))
    return redirect(round_url(last))
