"""A whole event as one JSON document, and back: nothing is lost.

`event_export` writes the event, its roles, sections, players, prohibited pairs,
requested byes, rounds, games, byes and the full result audit (with times and
who). `event_import` recreates it in one transaction, keeping every value
including the audit's timestamps and versions; users are matched by username.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Model

from tournaments.errors import ServiceError
from tournaments.models import (
    LEGACY_SYSTEM,
    Bye,
    ByeRequest,
    Event,
    EventRole,
    Game,
    Player,
    ProhibitedPair,
    ResultChange,
    Round,
    Section,
)

FORMAT = "blossom-event"
VERSION = 1


def _value(v: Any) -> Any:
    if isinstance(v, Decimal):
        return str(v)
    if isinstance(v, dt.datetime | dt.date):
        return v.isoformat()
    return v


def _fields(obj: Model) -> dict:
    """Plain fields; relations are written by the caller as pairing numbers and names."""
    return {
        f.attname: _value(getattr(obj, f.attname))
        for f in obj._meta.concrete_fields
        if not f.is_relation and f.name != "id"
    }


def event_export(*, event: Event) -> dict:
    sections = []
    for section in event.sections.order_by("id"):
        number = {p.pk: p.pairing_number for p in section.players.all()}
        rounds = []
        for rnd in section.rounds.order_by("number"):
            games = []
            for g in rnd.games.order_by("board"):
                changes = [
                    {
                        **_fields(c),
                        "user": c.user.get_username() if c.user else None,
                        "undoes": [c.undoes.game.board, c.undoes.version] if c.undoes else None,
                    }
                    for c in g.changes.select_related("user", "undoes__game").order_by("id")
                ]
                games.append(
                    {
                        **_fields(g),
                        "white": number[g.white_id],
                        "black": number[g.black_id],
                        "changes": changes,
                    }
                )
            byes = [
                {**_fields(b), "player": number[b.player_id]}
                for b in rnd.byes.order_by("player__pairing_number")
            ]
            rounds.append({**_fields(rnd), "games": games, "byes": byes})
        sections.append(
            {
                **_fields(section),
                "players": [_fields(p) for p in section.players.order_by("pairing_number")],
                "prohibited": [
                    {
                        **_fields(x),
                        "player_a": number[x.player_a_id],
                        "player_b": number[x.player_b_id],
                    }
                    for x in ProhibitedPair.objects.filter(section=section).order_by("id")
                ],
                "bye_requests": [
                    {**_fields(r), "player": number[r.player_id]}
                    for r in ByeRequest.objects.filter(player__section=section).order_by(
                        "player__pairing_number", "round_number"
                    )
                ],
                "rounds": rounds,
            }
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": _fields(event),
        "roles": [
            {"user": r.user.get_username(), "role": r.role}
            for r in event.roles.select_related("user").order_by("id")
        ],
        "sections": sections,
    }


def _build(model: type[Model], data: dict, **extra) -> Model:
    names = {f.attname for f in model._meta.concrete_fields}
    unknown = (
        set(data)
        - names
        - {"changes", "games", "byes", "players", "prohibited", "bye_requests", "rounds"}
    )
    if unknown:
        raise ServiceError(f"{model.__name__}: unknown fields {sorted(unknown)}")
    return model(**{k: v for k, v in data.items() if k in names and k != "id"}, **extra)


def _save_keeping_times(obj: Model) -> Model:
    """Save, then restore auto_now / auto_now_add values from the document."""
    kept = {
        f.attname: getattr(obj, f.attname)
        for f in obj._meta.concrete_fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    }
    obj.save()
    if kept and all(v is not None for v in kept.values()):
        type(obj).objects.filter(pk=obj.pk).update(**kept)
        obj.refresh_from_db(fields=list(kept))
    return obj


@dataclass(frozen=True, slots=True)
class EventImport:
    event: Event
    # (username, role label) of roles the file holds for users this database lacks
    missing_roles: list[tuple[str, str]] = field(default_factory=list)

    def notes(self) -> list[str]:
        """What the arbiter must do by hand, in sentences."""
        out = []
        for username, label in self.missing_roles:
            out.append(
                f"The {label.lower()} role of {username!r} was not restored: there is no "
                f"user {username!r} here. Create the account (python manage.py "
                "createsuperuser, or /admin/), then give the role on the event's page "
                f"(/arbiter/{self.event.slug}/, Arbiters)."
            )
        if (
            self.missing_roles
            and not self.event.roles.filter(role=EventRole.Role.CHIEF_ARBITER).exists()
        ):
            out.append(
                f"{self.event.name} has no chief arbiter here yet: a superuser can act for "
                "one and add one on the event's page."
            )
        return out


def event_import(*, document: dict, slug: str | None = None) -> EventImport:
    """Recreate an exported event, all or nothing. Roles of users that do not exist
    in this database cannot be restored: the answer lists them."""
    if document.get("format") != FORMAT:
        raise ServiceError("This is not a Blossom event file (format field missing).")
    if document.get("version") != VERSION:
        raise ServiceError(f"Event file version {document.get('version')} is not supported.")
    users = {u.get_username(): u for u in get_user_model().objects.all()}
    with transaction.atomic():
        data = dict(document["event"])
        if slug:
            data["slug"] = slug
        if Event.objects.filter(slug=data["slug"]).exists():
            raise ServiceError(
                f"An event with the slug {data['slug']!r} exists already; "
                "import under another slug."
            )
        event = _save_keeping_times(_build(Event, data))
        missing = []
        labels = dict(EventRole.Role.choices)
        for role in document.get("roles", []):
            if role["user"] in users:
                EventRole.objects.create(event=event, user=users[role["user"]], role=role["role"])
            else:
                missing.append((role["user"], labels.get(role["role"], role["role"])))
        for sdata in document["sections"]:
            system = sdata.get("pairing_system")
            sdata = {**sdata, "pairing_system": LEGACY_SYSTEM.get(system, system)}
            section = _save_keeping_times(_build(Section, sdata, event=event))
            players = {}
            for pdata in sdata["players"]:
                p = _save_keeping_times(_build(Player, pdata, section=section))
                players[p.pairing_number] = p
            for x in sdata["prohibited"]:
                _build(
                    ProhibitedPair,
                    {k: v for k, v in x.items() if k not in ("player_a", "player_b")},
                    section=section,
                    player_a=players[x["player_a"]],
                    player_b=players[x["player_b"]],
                ).save()
            for r in sdata["bye_requests"]:
                _save_keeping_times(
                    _build(
                        ByeRequest,
                        {k: v for k, v in r.items() if k != "player"},
                        player=players[r["player"]],
                    )
                )
            for rdata in sdata["rounds"]:
                rnd = _save_keeping_times(_build(Round, rdata, section=section))
                changes_by_key = {}
                pending_undo = []
                for gdata in rdata["games"]:
                    game = _save_keeping_times(
                        _build(
                            Game,
                            {k: v for k, v in gdata.items() if k not in ("white", "black")},
                            round=rnd,
                            white=players[gdata["white"]],
                            black=players[gdata["black"]],
                        )
                    )
                    for c in gdata["changes"]:
                        change = ResultChange(
                            game=game,
                            before=c["before"],
                            after=c["after"],
                            version=c["version"],
                            user=users.get(c["user"] or ""),
                            by_name=c.get("by_name", ""),
                            source=c["source"],
                        )
                        change.save()
                        ResultChange.objects.filter(pk=change.pk).update(created_at=c["created_at"])
                        changes_by_key[(game.board, c["version"])] = change
                        if c["undoes"]:
                            pending_undo.append((change.pk, tuple(c["undoes"])))
                for pk, key in pending_undo:
                    ResultChange.objects.filter(pk=pk).update(undoes=changes_by_key[key])
                for b in rdata["byes"]:
                    Bye.objects.create(
                        round=rnd,
                        player=players[b["player"]],
                        kind=b["kind"],
                        points=b["points"],
                        explanation=b["explanation"],
                    )
    return EventImport(event, missing)
