"""Editing a draft round by hand: swap two players, move one, make a board, give the
bye, re-pair; and starting a round as an empty draft to pair it all by hand.

After each edit the page shows the rule checker's list of broken absolute rules."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms.rounds import BoardForm, GiveByeForm, MoveForm, SwapForm
from tournaments.services import drafts
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, go, round_url, section_url
from tournaments.views.arbiter.jobs import job_response
from tournaments.views.arbiter.rounds import round_context


def _players(section, *numbers):
    by_number = {p.pairing_number: p for p in section.players.filter(pairing_number__in=numbers)}
    missing = [n for n in numbers if n not in by_number]
    if missing:
        raise ServiceError(
            _("There is no player %(n)s in %(section)s.")
            % {"n": missing[0], "section": section.name}
        )
    return [by_number[n] for n in numbers]


def _answer(request, rnd, *, violations=None, forms=None, status=200):
    if request.htmx:
        context = round_context(request, rnd, violations=violations, forms=forms)
        return render(request, "arbiter/round.html#round-main", context, status=status)
    return go(request, round_url(rnd) + "#edit")


def _report(request, violations, done: str) -> None:
    if violations:
        report = ngettext(
            "The checker now reports %(n)s broken rule.",
            "The checker now reports %(n)s broken rules.",
            len(violations),
        ) % {"n": len(violations)}
        messages.warning(request, f"{done} {report}")
    else:
        messages.success(request, f"{done} {_('No absolute rule is broken.')}")


def _edit(request, rnd, form, name: str, action):
    """Validate `form`, run `action(data)` (which returns violations and a sentence)."""
    if not form.is_valid():
        messages.error(request, _("Check the highlighted fields."))
        return _answer(request, rnd, forms={name: form})
    try:
        violations, done = action(form.cleaned_data)
    except ServiceError as exc:
        fail(request, exc)
        return _answer(request, rnd, forms={name: form})
    _report(request, violations, done)
    return _answer(request, rnd, violations=violations)


@arbiter_view
@require_POST
def draft_swap(request, event, section, round):
    def action(data):
        a, b = _players(section, data["player_a"], data["player_b"])
        return (
            drafts.draft_swap(round=round, player_a=a, player_b=b),
            _("%(a)s and %(b)s swapped places.") % {"a": a.name, "b": b.name},
        )

    return _edit(request, round, SwapForm(request.POST, round=round), "swap", action)


@arbiter_view
@require_POST
def draft_move(request, event, section, round):
    def action(data):
        (player,) = _players(section, data["player"])
        violations = drafts.draft_move(
            round=round, player=player, board=data["board"], colour=data["colour"]
        )
        if data["colour"] == "w":
            text = _("%(name)s moved to board %(board)s with white.")
        else:
            text = _("%(name)s moved to board %(board)s with black.")
        return violations, text % {"name": player.name, "board": data["board"]}

    return _edit(request, round, MoveForm(request.POST, round=round), "move", action)


@arbiter_view
@require_POST
def draft_board(request, event, section, round):
    def action(data):
        white, black = _players(section, data["white"], data["black"])
        violations = drafts.draft_set_board(round=round, white=white, black=black)
        return violations, _("Board made by hand: %(white)s v %(black)s.") % {
            "white": white.name,
            "black": black.name,
        }

    return _edit(request, round, BoardForm(request.POST, round=round), "board", action)


@arbiter_view
@require_POST
def draft_bye(request, event, section, round):
    def action(data):
        (player,) = _players(section, data["player"])
        violations = drafts.draft_give_bye(round=round, player=player)
        return violations, _("%(name)s has the pairing-allocated bye.") % {"name": player.name}

    return _edit(request, round, GiveByeForm(request.POST, round=round), "bye", action)


@arbiter_view
@require_POST
def draft_start(request, event, section):
    """The next round as an empty draft, to be paired by hand."""
    try:
        rnd = drafts.draft_start_empty(section=section)
    except ServiceError as exc:
        fail(request, exc)
        return go(request, section_url(section))
    rnd.section = section
    messages.success(
        request,
        _(
            "Round %(n)s is an empty draft: make its boards below, give the bye if "
            "one is needed, then publish."
        )
        % {"n": rnd.number},
    )
    return go(request, round_url(rnd) + "#edit")


@arbiter_view
@require_POST
def draft_repair(request, event, section, round):
    """Throw the draft away and pair the round again, as a pairing job."""
    try:
        job = drafts.draft_repair(round=round, by=request.user)
    except ServiceError as exc:
        fail(request, exc)
        return _answer(request, round)
    return job_response(request, section, job)
