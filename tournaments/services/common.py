"""Small helpers the entity services share."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.errors import ServiceError, StateError

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def control_characters(obj: Any, *, exclude: Sequence[str] = ()) -> dict[str, list[str]]:
    """Text fields holding a NUL or another control character (a tab or a line end
    is allowed): PostgreSQL refuses NUL, and none of them belongs in a name."""
    found: dict[str, list[str]] = {}
    for f in obj._meta.concrete_fields:
        if f.name in exclude or not isinstance(f, models.CharField | models.TextField):
            continue
        value = getattr(obj, f.attname, None)
        if isinstance(value, str) and (m := _CONTROL.search(value)):
            found[f.name] = [
                _("contains a control character (U+%(code)s).") % {"code": f"{ord(m.group()):04X}"}
            ]
    return found


def full_clean(obj: Any, *, exclude: Sequence[str] = ()) -> None:
    """The model's own validation, as one ServiceError naming each field."""
    try:
        problems = control_characters(obj, exclude=exclude)
        if problems:
            raise ValidationError(problems)
        obj.full_clean(exclude=list(exclude))
    except ValidationError as exc:
        parts = []
        for field, messages in exc.message_dict.items():
            label = "" if field == "__all__" else f"{field.replace('_', ' ')}: "
            parts.append(label + " ".join(messages))
        raise ServiceError("; ".join(parts)) from exc


def unique_slug(base: str, taken: Iterable[str], *, max_length: int = 80) -> str:
    taken = set(taken)
    root = (slugify(base) or "event")[: max_length - 4]
    slug, n = root, 2
    while slug in taken:
        slug, n = f"{root}-{n}", n + 1
    return slug


def check_fields(fields: dict, allowed: Iterable[str], what: str) -> None:
    unknown = set(fields) - set(allowed)
    if unknown:
        raise ServiceError(f"Unknown {what} fields: {', '.join(sorted(unknown))}")


def check_typed_name(typed: str, name: str, what: str) -> None:
    """Deleting needs the name typed out: a slip of the mouse deletes nothing."""
    if " ".join((typed or "").split()) != " ".join(name.split()):
        if what == "event":
            message = _("Type the event's name exactly, “%(name)s”, to delete it.")
        elif what == "section":
            message = _("Type the section's name exactly, “%(name)s”, to delete it.")
        else:
            message = _("Type the %(what)s's name exactly, “%(name)s”, to delete it.")
        raise ServiceError(message % {"what": what, "name": name})


def all_rounds_paired(section) -> StateError:
    """The refusal when every round of `section` is already paired."""
    return StateError(
        ngettext(
            "%(section)s: all %(n)s round is paired.",
            "%(section)s: all %(n)s rounds are paired.",
            section.total_rounds,
        )
        % {"section": section.name, "n": section.total_rounds}
    )
