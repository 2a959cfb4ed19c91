"""Players: the list with its quick add form, editing, withdrawal, byes, prohibited pairs."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.errors import ServiceError
from tournaments.forms.players import (
    ByeRequestForm,
    PlayerForm,
    ProhibitedPairForm,
    WithdrawForm,
)
from tournaments.models import ROUND_ROBIN_CYCLES, ByeKind, RatingList
from tournaments.presentation import listing
from tournaments.selectors.players import (
    player_games,
    section_avoid_groups,
    section_players,
    section_prohibited,
)
from tournaments.selectors.rounds import round_last, round_next_number
from tournaments.selectors.sections import section_unpaired_rounds
from tournaments.services import players as services
from tournaments.services import ratings as rating_services
from tournaments.services.ratings import (
    listed_player_fields,
    rating_list_active,
    rating_list_search,
)
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import fail, int_or_none, section_url


def _late(section) -> bool:
    return section.rounds.exists()


def _add_form(section, data=None) -> PlayerForm:
    return PlayerForm(data, section=section, late_entry=_late(section), prefix="add")


def _wants_json(request) -> bool:
    """The page's own script adds players and asks for JSON (static/js/players.js)."""
    return request.headers.get("Accept", "").startswith("application/json")


def _form_errors(form) -> list[str]:
    """Each error of a refused entry as a sentence naming its field."""
    out = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        out += [f"{label}: {e}" if label else str(e) for e in errors]
    return out


def _added_json(request, section, player) -> JsonResponse:
    row = render_to_string(
        "arbiter/partials/player_row.html", {"player": player, "section": section}, request
    )
    return JsonResponse(
        {
            "number": player.pairing_number,
            "name": player.name,
            "message": _("Added %(number)s. %(name)s.")
            % {"number": player.pairing_number, "name": player.name},
            "row": row,
            "count": section.players.count(),
        }
    )


@arbiter_view
@require_http_methods(["GET", "POST"])
def players(request, event, section):
    """The list and its quick add form. With the page's script the form stays where it
    is (cleared at once for the next player) and each entry is sent in turn, answered
    in JSON; without it the form posts and the page comes back."""
    form = _add_form(section, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            added = services.player_create(
                section=section,
                missed_rounds_bye=form.cleaned_data.get("missed_rounds_bye", ByeKind.ZERO),
                **form.service_fields(),
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            if _wants_json(request):
                return _added_json(request, section, added)
            messages.success(
                request,
                _("%(name)s is player %(number)s.")
                % {"name": added.name, "number": added.pairing_number},
            )
            return redirect(section_url(section, "players"))
    if request.method == "POST" and _wants_json(request):
        return JsonResponse({"errors": _form_errors(form)}, status=400)
    context = {
        "event": event,
        "section": section,
        "form": form,
        "tab": "players",
        "player_count": section.players.count(),
        "players": section_players(section=section),
        "late": _late(section),
        "round_robin": section.pairing_system in ROUND_ROBIN_CYCLES,
        "rating_list": rating_list_active(
            source=RatingList.Source.EGD if section.is_go else RatingList.Source.FIDE
        ),
    }
    return render(request, "arbiter/players.html", context)


@arbiter_view
@require_POST
def players_renumber(request, event, section):
    """Pairing numbers in the initial ranking's order (rating, title, name), or by lot
    for a round-robin's table (`order=lot`)."""
    by_lot = request.POST.get("order") == "lot"
    try:
        if by_lot:
            ordered = services.players_draw_lots(section=section)
        else:
            ordered = services.players_renumber_by_rating(section=section)
    except ServiceError as exc:
        fail(request, exc)
    else:
        if ordered and by_lot:
            messages.success(
                request,
                _("Numbers drawn by lot: %(name)s is number 1 of the table.")
                % {"name": ordered[0].name},
            )
        elif ordered:
            messages.success(
                request,
                _("Players renumbered by rating, title and name: %(name)s is number 1.")
                % {"name": ordered[0].name},
            )
    return redirect(section_url(section, "players"))


@arbiter_view
@require_http_methods(["GET", "POST"])
def player_edit(request, event, section, player):
    form = PlayerForm(request.POST or None, section=section, player=player)
    if request.method == "POST" and form.is_valid():
        try:
            player = services.player_update(player=player, **form.service_fields())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("%(name)s: saved.") % {"name": player.name})
            return redirect(section_url(section, "players") + f"#player-{player.pairing_number}")
    first_free = round_next_number(section=section)
    unpaired = section_unpaired_rounds(section=section)
    return render(
        request,
        "arbiter/player_edit.html",
        {
            "event": event,
            "section": section,
            "player": player,
            "form": form,
            "withdraw_form": WithdrawForm(section=section, first_free=first_free),
            "bye_form": ByeRequestForm(rounds=unpaired) if unpaired else None,
            "bye_requests": player.bye_requests.order_by("round_number"),
            "games": player_games(player=player),
            "tab": "players",
        },
    )


def _back(section, player) -> str:
    return section_url(section, "player_edit", pn=player.pairing_number)


@arbiter_view
@require_POST
def player_withdraw(request, event, section, player):
    first_free = round_next_number(section=section)
    form = WithdrawForm(request.POST, section=section, first_free=first_free)
    if not form.is_valid():
        messages.error(request, _("Give the first round the player is not paired in."))
        return redirect(_back(section, player))
    try:
        player = services.player_withdraw(player=player, from_round=form.cleaned_data["from_round"])
    except ServiceError as exc:
        fail(request, exc)
    else:
        note = ""
        last = round_last(section=section)
        if last is not None and last.status == "draft" and not player.is_active_in(last.number):
            note = " " + _("Round %(n)s is a draft that includes them: re-pair it.") % {
                "n": last.number
            }
        messages.success(
            request,
            _("%(name)s is withdrawn from round %(n)s.")
            % {"name": player.name, "n": player.withdrawn_from_round}
            + note,
        )
    return redirect(_back(section, player))


@arbiter_view
@require_POST
def player_reinstate(request, event, section, player):
    try:
        player = services.player_reinstate(player=player)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, _("%(name)s is back in the pairings.") % {"name": player.name})
    return redirect(_back(section, player))


@arbiter_view
@require_POST
def player_delete(request, event, section, player):
    try:
        services.player_delete(player=player)
    except ServiceError as exc:
        fail(request, exc)
        return redirect(_back(section, player))
    messages.success(request, _("%(name)s is removed.") % {"name": player.name})
    return redirect(section_url(section, "players"))


@arbiter_view
@require_POST
def bye_request_add(request, event, section, player):
    form = ByeRequestForm(request.POST, rounds=section_unpaired_rounds(section=section))
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect(_back(section, player) + "#byes")
    kind = form.cleaned_data["kind"]
    done = []
    for number in form.cleaned_data["rounds"]:
        try:
            services.bye_request(player=player, round_number=number, kind=kind)
        except ServiceError as exc:
            fail(request, exc)
        else:
            done.append(str(number))
    if done:
        if kind == ByeKind.FULL:
            text = ngettext(
                "%(name)s: full-point bye in round %(rounds)s.",
                "%(name)s: full-point bye in rounds %(rounds)s.",
                len(done),
            )
        elif kind == ByeKind.ZERO:
            text = ngettext(
                "%(name)s: zero-point bye in round %(rounds)s.",
                "%(name)s: zero-point bye in rounds %(rounds)s.",
                len(done),
            )
        else:
            text = ngettext(
                "%(name)s: half-point bye in round %(rounds)s.",
                "%(name)s: half-point bye in rounds %(rounds)s.",
                len(done),
            )
        messages.success(request, text % {"name": player.name, "rounds": listing(done)})
    return redirect(_back(section, player) + "#byes")


@arbiter_view
@require_POST
def bye_request_cancel(request, event, section, player):
    number = int_or_none(request.POST.get("round"))
    if number is not None:
        services.bye_request_cancel(player=player, round_number=number)
        messages.success(
            request,
            _("%(name)s: bye request for round %(n)s cancelled.")
            % {"name": player.name, "n": number},
        )
    return redirect(_back(section, player) + "#byes")


@arbiter_view
@require_http_methods(["GET", "POST"])
def prohibited(request, event, section):
    form = ProhibitedPairForm(request.POST or None, section=section)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        by_number = {p.pairing_number: p for p in section.players.all()}
        a, b = by_number.get(data["player_a"]), by_number.get(data["player_b"])
        try:
            if a is None or b is None:
                raise ServiceError(_("Choose two players of this section."))
            services.prohibited_pair_add(
                player_a=a,
                player_b=b,
                first_round=data["first_round"],
                last_round=data["last_round"],
                reason=data["reason"],
            )
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(
                request,
                _("%(a)s and %(b)s will not be paired together.") % {"a": a.name, "b": b.name},
            )
            return redirect(section_url(section, "prohibited"))
    return render(
        request,
        "arbiter/prohibited.html",
        {
            "event": event,
            "section": section,
            "form": form,
            "pairs": section_prohibited(section=section),
            "groups": section_avoid_groups(section=section),
            "tab": "players",
        },
    )


@arbiter_view
@require_POST
def prohibited_remove(request, event, section):
    try:
        services.prohibited_pair_remove(
            section=section, pair_id=int_or_none(request.POST.get("pair"))
        )
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, _("The prohibited pairing is removed."))
    return redirect(section_url(section, "prohibited"))


@arbiter_view
@require_safe
def players_lookup(request, event, section):
    """Players of the imported rating list matching what is typed (htmx, as you type)."""
    source = RatingList.Source.EGD if section.is_go else RatingList.Source.FIDE
    query = request.GET.get("q", "")[:60]
    found = rating_list_search(source=source, query=query)
    rows = [(r, json.dumps(listed_player_fields(r, section=section))) for r in found]
    return render(
        request,
        "arbiter/partials/lookup_results.html",
        {"section": section, "rows": rows, "query": query.strip()},
    )


@arbiter_view
@require_POST
def players_update_ratings(request, event, section):
    """Before round 1: registered players' ratings from the newest imported list."""
    try:
        changed = rating_services.players_update_ratings(section=section)
    except ServiceError as exc:
        fail(request, exc)
    else:
        if not changed:
            messages.success(request, _("Every rating already matches the list."))
        else:
            who = "; ".join(
                f"{p.name} {old if old is not None else '-'} → {new}" for p, old, new in changed
            )
            messages.success(
                request,
                ngettext(
                    "%(n)s rating updated: %(who)s.",
                    "%(n)s ratings updated: %(who)s.",
                    len(changed),
                )
                % {"n": len(changed), "who": who},
            )
    return redirect(section_url(section, "players"))


@arbiter_view
@require_http_methods(["GET", "POST"])
def check_in(request, event, section):
    """Who is at the venue: a toggle per player, phone-first (before round 1)."""
    if request.method == "POST":
        player = section.players.filter(pairing_number=int_or_none(request.POST.get("pn"))).first()
        if player is None:
            return HttpResponseBadRequest(_("No such player."))
        try:
            player = services.player_check_in(
                player=player, checked_in=request.POST.get("checked_in") == "1"
            )
        except ServiceError as exc:
            fail(request, exc)
            return redirect(section_url(section, "check_in"))
        if request.htmx:
            return render(
                request,
                "arbiter/partials/check_in_row.html",
                {
                    "section": section,
                    "player": player,
                    "number": services.check_in_round(section),
                    "oob_count": _check_in_count(section),
                },
            )
        return redirect(section_url(section, "check_in") + f"#check-{player.pairing_number}")
    number = services.check_in_round(section)
    return render(
        request,
        "arbiter/check_in.html",
        {
            "event": event,
            "section": section,
            "tab": "players",
            "players": [
                p
                for p in section.players.order_by("name")
                if number is None or p.is_active_in(number)
            ],
            "count": _check_in_count(section),
            "number": number,
            "code": services.event_check_in_code(event=event) if section.check_in else "",
            "public_url": request.build_absolute_uri(
                reverse("public:event_check_in", args=[event.slug])
            ),
        },
    )


def _check_in_count(section) -> tuple[int, int]:
    number = services.check_in_round(section)
    if number is None:
        return 0, 0
    due = [p for p in section.players.all() if p.is_active_in(number)]
    return sum(1 for p in due if p.checked_in_for == number), len(due)
