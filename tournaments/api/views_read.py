"""Public reads: events, sections, players, rounds, pairings, standings, crosstable.

Only public events (and, for their arbiters, private ones) and only published rounds.
Section resources are cached per section version (see `base.section_json`)."""

from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import Any

from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request

from tournaments.api import serializers as s
from tournaments.api.base import (
    JSON,
    PAGE_PARAMETERS,
    ApiView,
    PageParams,
    not_found,
    section_json,
)
from tournaments.api.errors import BadRequest
from tournaments.caching.responses import Stored, to_response
from tournaments.models import Event, Section
from tournaments.selectors.events import (
    SectionSummary,
    event_list_public,
    event_sections,
    public_event_get,
)
from tournaments.selectors.players import PlayerLine, section_player_lines
from tournaments.selectors.rounds import public_round_get, public_rounds, round_pairings
from tournaments.selectors.sections import section_last_modified
from tournaments.selectors.standings import RoundNotComplete, public_standings
from tournaments.selectors.standings import crosstable as crosstable_of

NOT_FOUND = {404: OpenApiResponse(s.ErrorSerializer, description="Unknown or private.")}
BAD = {400: OpenApiResponse(s.ErrorSerializer, description="Bad query parameter.")}
NOT_MODIFIED = {304: OpenApiResponse(description="Not modified (ETag / Last-Modified).")}


def _section_summary(summary: SectionSummary) -> dict[str, Any]:
    sec = summary.section
    return {
        "slug": sec.slug,
        "name": sec.name,
        "game": sec.game,
        "pairing_system": sec.pairing_system,
        "total_rounds": sec.total_rounds,
        "players": summary.players,
        "current_round": summary.current_round,
    }


def _event_data(event: Event) -> dict[str, Any]:
    return s.EventSerializer(event).data


def _etagged(request: Request, data: Any, *, last_modified) -> Any:
    """A small uncached answer with an ETag over its body (304 when unchanged)."""
    body = JSONRenderer().render(data)
    tag = hashlib.blake2b(body, digest_size=10).hexdigest()
    stored = Stored.make(body, key=tag, content_type=JSON, last_modified=last_modified)
    return to_response(request, stored)


class EventListView(ApiView):
    @extend_schema(
        operation_id="events_list",
        parameters=PAGE_PARAMETERS,
        responses={200: s.EventPageSerializer, **BAD, **NOT_MODIFIED},
        summary="Public events",
    )
    def get(self, request: Request):
        page = PageParams.from_request(request)
        events = list(event_list_public().order_by("-start_date", "name", "id"))
        url = request.build_absolute_uri(reverse("api:events"))
        data = page.envelope([_event_data(e) for e in events], url=url)
        stamps = [e.updated_at for e in events]
        return _etagged(request, data, last_modified=max(stamps, default=timezone.now()))


class EventDetailView(ApiView):
    @extend_schema(
        operation_id="events_retrieve",
        responses={200: s.EventDetailSerializer, **NOT_FOUND, **NOT_MODIFIED},
        summary="An event and its sections",
    )
    def get(self, request: Request, event: str):
        obj = public_event_get(slug=event)
        if obj is None:
            raise not_found(event)
        summaries = event_sections(event=obj)
        data = {**_event_data(obj), "sections": [_section_summary(x) for x in summaries]}
        stamps = [obj.updated_at]
        stamps += [section_last_modified(section=x.section) for x in summaries]
        return _etagged(request, data, last_modified=max(stamps))


def _points(sec: Section) -> dict[str, float]:
    names = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pairing_bye")
    names += ("full_bye", "half_bye", "zero_bye", "absent")
    return {n: float(getattr(sec, f"points_{n}")) for n in names}


class SectionDetailView(ApiView):
    @extend_schema(
        operation_id="sections_retrieve",
        responses={200: s.SectionSerializer, **NOT_FOUND, **NOT_MODIFIED},
        summary="A section: system, rounds published, tiebreak order, scoring",
    )
    def get(self, request: Request, event: str, section: str):
        def build(sec: Section, origin: str) -> dict[str, Any]:
            numbers = [r.number for r in public_rounds(section=sec)]
            return {
                "slug": sec.slug,
                "name": sec.name,
                "game": sec.game,
                "pairing_system": sec.pairing_system,
                "total_rounds": sec.total_rounds,
                "players": sec.players.count(),
                "current_round": numbers[-1] if numbers else None,
                "rounds_published": numbers,
                "tiebreaks": list(sec.tiebreaks),
                "tiebreak_preset": sec.tiebreak_preset,
                "points": _points(sec),
            }

        return section_json(
            request, event=event, section=section, name="section", params=(), build=build
        )


def _player_ref(p: PlayerLine) -> dict[str, Any]:
    return s.PlayerRefSerializer(p).data


class PlayerListView(ApiView):
    @extend_schema(
        operation_id="players_list",
        parameters=PAGE_PARAMETERS,
        responses={200: s.PlayerPageSerializer, **BAD, **NOT_FOUND, **NOT_MODIFIED},
        summary="Players of a section, by pairing number",
    )
    def get(self, request: Request, event: str, section: str):
        page = PageParams.from_request(request)

        def build(sec: Section, origin: str) -> dict[str, Any]:
            scores = {p.id: float(p.score) for p in section_player_lines(section=sec)}
            fields = ("pairing_number", "name", "title", "rating", "go_rank", "federation")
            fields += ("club", "fide_id", "egf_pin", "joined_round", "withdrawn_from_round")
            rows = [
                s.PlayerSerializer(
                    {**{f: getattr(p, f) for f in fields}, "score": scores[p.pk]}
                ).data
                for p in sec.players.all()
            ]
            url = origin + reverse("api:players", args=[event, section])
            return page.envelope(rows, url=url)

        return section_json(
            request,
            event=event,
            section=section,
            name="players",
            params=(page.limit, page.offset),
            build=build,
        )


class RoundListView(ApiView):
    @extend_schema(
        operation_id="rounds_list",
        parameters=PAGE_PARAMETERS,
        responses={200: s.RoundPageSerializer, **BAD, **NOT_FOUND, **NOT_MODIFIED},
        summary="Published rounds of a section",
    )
    def get(self, request: Request, event: str, section: str):
        page = PageParams.from_request(request)

        def build(sec: Section, origin: str) -> dict[str, Any]:
            rows = []
            for rnd in public_rounds(section=sec):
                results = list(rnd.games.values_list("result", flat=True))
                rows.append(
                    s.RoundSerializer(
                        {
                            "number": rnd.number,
                            "status": rnd.status,
                            "published_at": rnd.published_at,
                            "closed_at": rnd.closed_at,
                            "boards": len(results),
                            "results_pending": sum(1 for r in results if not r),
                        }
                    ).data
                )
            url = origin + reverse("api:rounds", args=[event, section])
            return page.envelope(rows, url=url)

        return section_json(
            request,
            event=event,
            section=section,
            name="rounds",
            params=(page.limit, page.offset),
            build=build,
        )


class PairingsView(ApiView):
    @extend_schema(
        operation_id="pairings_list",
        parameters=PAGE_PARAMETERS,
        responses={200: s.PairingsPageSerializer, **BAD, **NOT_FOUND, **NOT_MODIFIED},
        summary="Boards of a published round (white, black, result) and its byes",
    )
    def get(self, request: Request, event: str, section: str, number: int):
        page = PageParams.from_request(request)

        def build(sec: Section, origin: str) -> dict[str, Any]:
            rnd = public_round_get(section=sec, number=number)
            if rnd is None:
                raise not_found_round(sec, number)
            pairings = round_pairings(round=rnd)
            boards = [
                {
                    "board": b.board,
                    "white": _player_ref(b.white),
                    "black": _player_ref(b.black),
                    "result": b.result,
                    "handicap": b.handicap,
                    "komi": float(b.komi) if b.komi is not None else None,
                    "version": b.version,
                }
                for b in pairings.boards
            ]
            byes = [
                {"player": _player_ref(b.player), "kind": b.kind, "points": float(b.points)}
                for b in pairings.byes
            ]
            url = origin + reverse("api:pairings", args=[event, section, number])
            return {
                "round": rnd.number,
                "status": rnd.status,
                "byes": byes,
                **page.envelope(boards, url=url),
            }

        return section_json(
            request,
            event=event,
            section=section,
            name="pairings",
            params=(number, page.limit, page.offset),
            build=build,
        )


def not_found_round(sec: Section, number: int) -> NotFound:
    return NotFound(f"Round {number} of {sec.name} is not published.")


def _float(value: Any) -> float | None:
    return None if value is None else float(Decimal(str(value)))


class StandingsView(ApiView):
    @extend_schema(
        operation_id="standings_list",
        parameters=[
            OpenApiParameter(
                "after_round",
                {"type": "integer", "minimum": 1, "maximum": 999},
                description="Standings after this round, which must be published and "
                "finished (default: the latest such round).",
            ),
            *PAGE_PARAMETERS,
        ],
        responses={200: s.StandingsPageSerializer, **BAD, **NOT_FOUND, **NOT_MODIFIED},
        summary="Standings: rank, player, score and every tiebreak",
    )
    def get(self, request: Request, event: str, section: str):
        page = PageParams.from_request(request)
        raw = request.query_params.get("after_round", "")
        if raw and not (raw.isdigit() and len(raw) <= 3 and int(raw) >= 1):
            raise BadRequest(f"after_round must be a round number; got {raw[:20]!r}.")
        after = int(raw) if raw else None

        def build(sec: Section, origin: str) -> dict[str, Any]:
            try:
                table = public_standings(section=sec, after_round=after)
            except RoundNotComplete as exc:
                raise NotFound(str(exc)) from exc
            url = origin + reverse("api:standings", args=[event, section])
            if table is None:
                return {
                    "after_round": None,
                    "columns": [],
                    "warnings": [],
                    **page.envelope([], url=url),
                }
            rows = [
                {
                    "rank": line.rank,
                    "place": line.place,
                    "player": _player_ref(line.player),
                    "score": float(line.player.score),
                    "tiebreaks": {a: _float(line.values.get(a)) for a, _ in table.columns},
                }
                for line in table.lines
            ]
            extra = f"after_round={after}" if after else ""
            return {
                "after_round": table.after_round,
                "columns": [{"acronym": a, "description": d} for a, d in table.columns],
                "warnings": table.warnings,
                **page.envelope(rows, url=url, extra_query=extra),
            }

        return section_json(
            request,
            event=event,
            section=section,
            name="standings",
            params=(after or "last", page.limit, page.offset),
            build=build,
        )


class CrosstableView(ApiView):
    @extend_schema(
        operation_id="crosstable_list",
        parameters=[
            *PAGE_PARAMETERS,
            OpenApiParameter(
                "order",
                {"type": "string", "enum": ["number", "rank"]},
                description="Rows by pairing number (default) or by the latest standings.",
            ),
        ],
        responses={200: s.CrosstablePageSerializer, **BAD, **NOT_FOUND, **NOT_MODIFIED},
        summary="Crosstable: every player's rounds (opponent, colour, result), by number or rank",
    )
    def get(self, request: Request, event: str, section: str):
        page = PageParams.from_request(request)
        order = request.query_params.get("order") or "number"
        if order not in ("number", "rank"):
            raise BadRequest(f"order must be number or rank; got {order[:20]!r}.")

        def build(sec: Section, origin: str) -> dict[str, Any]:
            table = crosstable_of(section=sec, published_only=True, order=order)
            numbers, rows = table.rounds, table.rows
            by_id = {r.player.id: r.player.pairing_number for r in rows}
            data = [
                {
                    "player": _player_ref(r.player),
                    "score": float(r.player.score),
                    "cells": [
                        {
                            "round": c.round_number,
                            "opponent": by_id.get(c.opponent_id) if c.opponent_id else None,
                            "colour": c.colour,
                            "code": c.code,
                            "points": float(c.points),
                        }
                        for c in r.cells
                    ],
                }
                for r in rows
            ]
            url = origin + reverse("api:crosstable", args=[event, section])
            query = "order=rank" if order == "rank" else ""
            return {"rounds": numbers, **page.envelope(data, url=url, extra_query=query)}

        return section_json(
            request,
            event=event,
            section=section,
            name="crosstable",
            params=(order, page.limit, page.offset),
            build=build,
        )


__all__ = [
    "CrosstableView",
    "EventDetailView",
    "EventListView",
    "PairingsView",
    "PlayerListView",
    "RoundListView",
    "SectionDetailView",
    "StandingsView",
]
