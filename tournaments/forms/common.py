"""Small pieces shared by the arbiter forms."""

from __future__ import annotations

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Path segments the arbiter URLs use next to event and section slugs.
RESERVED_EVENT_SLUGS = frozenset({"new"})
RESERVED_SECTION_SLUGS = frozenset({"edit", "arbiters", "new-section", "delete"})


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs=attrs, format="%Y-%m-%d")


def slug_field(help_text: str) -> forms.SlugField:
    return forms.SlugField(
        label=gettext_lazy("Short name for web addresses"),
        required=False,
        max_length=60,
        help_text=help_text,
    )


def check_slug(value: str, *, reserved: frozenset[str], taken: set[str], what: str) -> str:
    """`value` slugified; a clear error if reserved or already used."""
    slug = slugify(value)
    if slug in reserved:
        raise forms.ValidationError(
            _("“%(slug)s” is a reserved word; choose another short name.") % {"slug": slug}
        )
    if slug in taken:
        if what == "event":
            message = _("Another event already uses “%(slug)s”.")
        elif what == "section":
            message = _("Another section already uses “%(slug)s”.")
        else:
            message = _("Another %(what)s already uses “%(slug)s”.")
        raise forms.ValidationError(message % {"what": what, "slug": slug})
    return slug


def free_slug(name: str, *, reserved: frozenset[str], taken: set[str], fallback: str) -> str:
    """A slug made from `name` that is neither reserved nor taken."""
    root = slugify(name)[:56] or fallback
    slug, n = root, 2
    while slug in reserved or slug in taken:
        slug, n = f"{root}-{n}", n + 1
    return slug


class TypedNameForm(forms.Form):
    """Deleting an event or a section: its name typed out, as a confirmation."""

    confirm_name = forms.CharField(max_length=200, strip=True)

    def __init__(self, *args, what: str, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["confirm_name"]
        if what == "event":
            field.label = _("Type the event's name to confirm")
        elif what == "section":
            field.label = _("Type the section's name to confirm")
        else:
            field.label = _("Type the %(what)s's name to confirm") % {"what": what}
        field.widget.attrs.update({"autocomplete": "off", "spellcheck": "false"})
