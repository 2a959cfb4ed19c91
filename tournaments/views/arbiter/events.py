"""Events: the list, creating and editing one, its dashboard and its arbiters."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import ServiceError
from tournaments.forms.common import TypedNameForm
from tournaments.forms.events import ArbiterAddForm, EventForm
from tournaments.forms.sections import SectionForm
from tournaments.models import EventRole
from tournaments.selectors.events import (
    event_contents,
    event_list_for_user,
    event_roles,
    user_can_arbitrate,
    user_is_chief_arbiter,
)
from tournaments.selectors.sections import section_next_action
from tournaments.services import events as event_services
from tournaments.services import sections as section_services
from tournaments.views.arbiter.access import arbiter_view, login_view
from tournaments.views.arbiter.common import fail, int_or_none, section_url


def _event_url(event) -> str:
    return reverse("arbiter:event", kwargs={"event": event.slug})


@login_view
def event_list(request):
    events = event_list_for_user(user=request.user).prefetch_related("sections")
    return render(request, "arbiter/event_list.html", {"events": events})


@login_view
@require_http_methods(["GET", "POST"])
def event_create(request):
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = event_services.event_create(
                name=data["name"],
                slug=data["slug"],
                start_date=data["start_date"],
                end_date=data["end_date"],
                venue=data["venue"],
                is_public=data["is_public"],
                language=data["language"],
                created_by=request.user,
            )
        except ServiceError as exc:
            fail(request, exc)
        else:
            messages.success(
                request, _("%(name)s is created. Now add a section.") % {"name": event.name}
            )
            return redirect("arbiter:section_create", event=event.slug)
    return render(request, "arbiter/event_form.html", {"form": form, "event": None})


@arbiter_view
def event_detail(request, event):
    sections = list(event.sections.order_by("id"))
    cards = [(s, section_next_action(section=s), s.players.count()) for s in sections]
    return render(
        request,
        "arbiter/event_detail.html",
        {
            "event": event,
            "cards": cards,
            "roles": event_roles(event=event),
            "is_chief": user_is_chief_arbiter(user=request.user, event=event),
            "arbiter_form": ArbiterAddForm(),
        },
    )


@arbiter_view(chief=True)
@require_http_methods(["GET", "POST"])
def event_edit(request, event):
    form = EventForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_services.event_update(event=event, **form.cleaned_data)
        except ServiceError as exc:
            fail(request, exc)
        else:
            messages.success(request, _("Event details saved."))
            return redirect(_event_url(event))
    return render(request, "arbiter/event_form.html", {"form": form, "event": event})


@arbiter_view(chief=True)
@require_http_methods(["GET", "POST"])
def event_delete(request, event):
    """Delete the event and everything in it, once its name is typed out."""
    form = TypedNameForm(request.POST or None, what="event")
    if request.method == "POST" and form.is_valid():
        name = event.name
        try:
            event_services.event_delete(event=event, confirm_name=form.cleaned_data["confirm_name"])
        except ServiceError as exc:
            form.add_error("confirm_name", exc.message)
        else:
            messages.success(
                request, _("%(name)s is deleted, with all its sections.") % {"name": name}
            )
            return redirect("arbiter:event_list")
    return render(
        request,
        "arbiter/delete.html",
        {
            "event": event,
            "form": form,
            "what": "event",
            "name": event.name,
            "contents": event_contents(event=event),
            "cancel_url": _event_url(event),
        },
    )


@arbiter_view(chief=True)
@require_POST
def arbiter_add(request, event):
    form = ArbiterAddForm(request.POST)
    if form.is_valid():
        try:
            role = event_services.event_arbiter_add(
                event=event,
                username=form.cleaned_data["username"],
                role=form.cleaned_data["role"],
            )
        except ServiceError as exc:
            fail(request, exc)
        else:
            if role.role == EventRole.Role.CHIEF_ARBITER:
                text = _("%(user)s is now chief arbiter.")
            else:
                text = _("%(user)s is now arbiter.")
            messages.success(request, text % {"user": role.user.username})
    else:
        messages.error(request, _("Enter a username and a role."))
    return redirect(_event_url(event) + "#arbiters")


@arbiter_view(chief=True)
@require_POST
def arbiter_remove(request, event):
    user_id = int_or_none(request.POST.get("user"))
    try:
        if user_id is None:
            raise ServiceError(_("Choose whom to remove."))
        event_services.event_arbiter_remove(event=event, user_id=user_id)
    except ServiceError as exc:
        fail(request, exc)
    else:
        messages.success(request, _("Removed from the event's arbiters."))
        if user_id == request.user.pk and not user_can_arbitrate(user=request.user, event=event):
            return redirect("arbiter:event_list")
    return redirect(_event_url(event) + "#arbiters")


@arbiter_view
@require_http_methods(["GET", "POST"])
def section_create(request, event):
    form = SectionForm(request.POST or None, event=event)
    if request.method == "POST" and form.is_valid():
        fields = form.service_fields()
        try:
            section = section_services.section_create(
                event=event,
                name=fields.pop("name"),
                total_rounds=fields.pop("total_rounds"),
                **fields,
            )
        except ServiceError as exc:
            fail(request, exc)
        else:
            section.event = event
            messages.success(
                request, _("%(name)s is created. Add its players.") % {"name": section.name}
            )
            return redirect(section_url(section, "players"))
    return render(
        request, "arbiter/section_form.html", {"form": form, "event": event, "section": None}
    )
