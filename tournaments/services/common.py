"""Small helpers the entity services share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import slugify

from tournaments.errors import ServiceError


def full_clean(obj: Any, *, exclude: Sequence[str] = ()) -> None:
    """The model's own validation, as one ServiceError naming each field."""
    try:
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
        raise ServiceError(f"Type the {what}'s name exactly, “{name}”, to delete it.")
