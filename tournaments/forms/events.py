"""Event details and arbiter roles."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from tournaments.forms.common import (
    RESERVED_EVENT_SLUGS,
    DateInput,
    check_slug,
    free_slug,
    slug_field,
)
from tournaments.models import Event, EventRole


def get_language_code() -> str:
    """The active language if the interface offers it ("fr" for "fr-ca"), else English."""
    code = (get_language() or "en").split("-")[0]
    return code if code in dict(settings.LANGUAGES) else "en"


class EventForm(forms.Form):
    name = forms.CharField(label=_("Event name"), max_length=200)
    slug = slug_field(
        _("Used in links, e.g. oslo-open-2026. Left empty, it is made from the name.")
    )
    start_date = forms.DateField(label=_("First day"), required=False, widget=DateInput())
    end_date = forms.DateField(label=_("Last day"), required=False, widget=DateInput())
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    is_public = forms.BooleanField(
        label=_("Show on the public pages"),
        required=False,
        initial=True,
        help_text=_("Players see published pairings, results and standings."),
    )
    language = forms.ChoiceField(
        label=_("Language of the public pages and prints"),
        choices=settings.LANGUAGES,
        required=False,  # left out: the event's current one, or the arbiter's
        help_text=_(
            "Players read the pairings and standings in it; your own pages follow your choice."
        ),
    )

    def __init__(self, *args, event: Event | None = None, **kwargs):
        self.event = event
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "name": event.name,
                "slug": event.slug,
                "start_date": event.start_date,
                "end_date": event.end_date,
                "venue": event.venue,
                "is_public": event.is_public,
                "language": event.language,
            }
        elif "initial" not in kwargs:  # a new event speaks the arbiter's language
            kwargs["initial"] = {"language": get_language_code()}
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update({"autofocus": True, "autocomplete": "off"})

    def _taken(self) -> set[str]:
        slugs = Event.objects.values_list("slug", flat=True)
        if self.event is not None:
            slugs = slugs.exclude(pk=self.event.pk)
        return set(slugs)

    def clean_slug(self) -> str:
        value = self.cleaned_data.get("slug") or ""
        if not value:
            return ""
        return check_slug(value, reserved=RESERVED_EVENT_SLUGS, taken=self._taken(), what="event")

    def clean(self):
        data = super().clean()
        if not data.get("language"):
            data["language"] = self.event.language if self.event else get_language_code()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", gettext("The last day cannot be before the first day."))
        if not data.get("slug") and data.get("name"):
            if self.event is not None:
                data["slug"] = self.event.slug
            else:
                data["slug"] = free_slug(
                    data["name"],
                    reserved=RESERVED_EVENT_SLUGS,
                    taken=self._taken(),
                    fallback="event",
                )
        return data


class ArbiterAddForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"), choices=EventRole.Role.choices, initial=EventRole.Role.ARBITER
    )
