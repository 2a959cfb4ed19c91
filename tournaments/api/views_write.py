"""Arbiter writes over the API (token authentication): record a result, request the
pairing of the next round, publish a round; and poll a pairing job.

Every write goes through the services, which check the round's state and bump the
section's cache version on commit; their errors come back as 400/409 with the
message (see `errors.api_exception_handler`)."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import serializers as s
from tournaments.api.base import ApiView, arbiter_section
from tournaments.api.errors import BadRequest, PreconditionRequired
from tournaments.errors import ResultConflict
from tournaments.jobs.models import PairingJob
from tournaments.models import Game, Round, Section
from tournaments.selectors.events import user_can_arbitrate
from tournaments.selectors.rounds import MAX_ROUND_NUMBER
from tournaments.services.results import result_record
from tournaments.services.rounds import pairing_job_request, round_publish

MAX_BOARD = 10_000
AUTH = (
    "Arbiters of the event only. Send `Authorization: Token <key>`; an arbiter gets "
    "the key with `python manage.py api_token USERNAME` (`--reset` replaces it). "
    "Without a token: 401; with the token of someone who does not arbitrate this "
    "event: 403."
)
ERRORS = {
    400: OpenApiResponse(s.ErrorSerializer, description="Bad input (the reason is given)."),
    401: OpenApiResponse(s.ErrorSerializer, description="No or invalid token."),
    403: OpenApiResponse(s.ErrorSerializer, description="Not an arbiter of this event."),
    404: OpenApiResponse(s.ErrorSerializer, description="Unknown event, section or round."),
}
PRECONDITION = {
    428: OpenApiResponse(
        s.ErrorSerializer,
        description='Neither "version" nor If-Match was sent: a result is only written '
        "against the version of the board you saw.",
    )
}
CONFLICT = {
    409: OpenApiResponse(
        s.ConflictSerializer,
        description="The round's state refuses it, or the game changed since the version "
        "you sent (the current result and version are given).",
    )
}


def _round(section: Section, number: int) -> Round:
    rnd = None
    if 1 <= number <= MAX_ROUND_NUMBER:
        rnd = section.rounds.filter(number=number).first()
    if rnd is None:
        raise NotFound(f"{section.name} has no round {number}.")
    return rnd


def _player_ref(player) -> dict[str, Any]:
    return s.PlayerRefSerializer(player).data


def game_data(game: Game) -> dict[str, Any]:
    return {
        "round": game.round.number,
        "board": game.board,
        "white": _player_ref(game.white),
        "black": _player_ref(game.black),
        "result": game.result,
        "version": game.version,
    }


IF_MATCH_PATTERN = r'^(W/)?"?[0-9]{1,9}"?$'
_IF_MATCH = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')


def _expected_versions(request: Request, body_version: int | None) -> list[int]:
    """The versions the writer says it saw: the If-Match header ("3") and/or the
    "version" field. Each must be the game's current version."""
    versions = [] if body_version is None else [body_version]
    header = request.headers.get("If-Match")
    if header is not None:
        match = _IF_MATCH.match(header)
        if match is None:
            raise BadRequest(
                f'If-Match must carry the game version, e.g. "3"; got {header[:30]!r}.'
            )
        versions.append(int(match.group(1)))
    return versions


class ResultView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="result_record",
        request=s.ResultWriteSerializer,
        parameters=[
            OpenApiParameter(
                "If-Match",
                {"type": "string", "pattern": IF_MATCH_PATTERN},
                OpenApiParameter.HEADER,
                description='The game version you saw, e.g. "3" (instead of "version").',
            )
        ],
        responses={200: s.GameSerializer, **ERRORS, **CONFLICT, **PRECONDITION},
        summary="Record the result of a board (arbiters of the event)",
        description=AUTH
        + ' Send the version of the board you saw, as "version" or as If-Match (the '
        "pairings give each board's version; without it: 428). A stale write (the game "
        "changed since that version) is refused with 409 and the current result and "
        "version, so two arbiters never overwrite each other unknowingly.",
    )
    def post(self, request: Request, event: str, section: str, number: int, board: int):
        sec = arbiter_section(request, event, section)
        rnd = _round(sec, number)
        game = None
        if 1 <= board <= MAX_BOARD:
            game = rnd.games.select_related("round", "white", "black").filter(board=board).first()
        if game is None:
            raise NotFound(f"Round {number} of {sec.name} has no board {board}.")
        incoming = s.ResultInSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        versions = _expected_versions(request, incoming.validated_data.get("version"))
        if len(set(versions)) > 1:  # at least one of them is out of date
            raise ResultConflict(
                f"Board {board} of round {number}: If-Match and version disagree "
                f"({versions[1]} and {versions[0]}); the game is at version {game.version} "
                f"({game.result or 'pending'}). Check it and send one version.",
                current_result=game.result,
                current_version=game.version,
            )
        if not versions:
            raise PreconditionRequired(
                f"Board {board} of round {number}: send the version of the board you saw "
                '("version" in the body or an If-Match header; the pairings give it), '
                f"so that a result entered meanwhile is not overwritten. It is at version "
                f"{game.version} ({game.result or 'pending'})."
            )
        result_record(
            game=game,
            result=incoming.validated_data["result"],
            by=request.user,
            expected_version=versions[0],
            source="api",
        )
        response = Response(s.GameSerializer(game_data(game)).data)
        response["ETag"] = f'"{game.version}"'
        return response


class PublishView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="round_publish",
        request=s.PublishInSerializer,
        responses={
            200: s.RoundSerializer,
            **ERRORS,
            409: OpenApiResponse(
                s.RulesBrokenSerializer,
                description="The round is not a draft, or the rule checker reports broken "
                'rules (listed; send {"confirm": true} to publish anyway).',
            ),
        },
        summary="Publish a draft round (arbiters of the event)",
        description=AUTH
        + " The rule checker runs first, as on the arbiter's page: a draft that breaks "
        'an absolute rule is published only with {"confirm": true}.',
    )
    def post(self, request: Request, event: str, section: str, number: int):
        sec = arbiter_section(request, event, section)
        incoming = s.PublishInSerializer(data=request.data or {})
        incoming.is_valid(raise_exception=True)
        rnd = round_publish(round=_round(sec, number), confirm=incoming.validated_data["confirm"])
        results = list(rnd.games.values_list("result", flat=True))
        data = {
            "number": rnd.number,
            "status": rnd.status,
            "published_at": rnd.published_at,
            "closed_at": rnd.closed_at,
            "boards": len(results),
            "results_pending": sum(1 for r in results if not r),
        }
        return Response(s.RoundSerializer(data).data)


def job_data(request: Request, job) -> dict[str, Any]:
    return {
        "id": job.pk,
        "url": request.build_absolute_uri(reverse("api:job", args=[job.pk])),
        "event": job.section.event.slug,
        "section": job.section.slug,
        "round_number": job.round_number,
        "status": job.status,
        "progress": job.progress,
        "message": job.message,
        "finished": job.is_finished,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


class PairView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="round_pair",
        request=None,
        responses={
            202: OpenApiResponse(s.JobSerializer, description="Queued (or already running)."),
            **ERRORS,
            **CONFLICT,
            503: OpenApiResponse(
                s.ErrorSerializer,
                description="The background workers cannot be reached (Retry-After is set).",
            ),
        },
        summary="Pair the next round in the background; poll the job's URL",
        description=AUTH + " Answers 202 with the job; poll its url (GET /api/v1/jobs/{id}/) until "
        '"finished" is true. The round is then a draft: publish it.',
    )
    def post(self, request: Request, event: str, section: str):

        sec = arbiter_section(request, event, section)
        job = pairing_job_request(section=sec, by=request.user)
        job.refresh_from_db()  # sending it may have finished it (run here)
        data = s.JobSerializer(job_data(request, job)).data
        return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})


class JobView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="job_retrieve",
        responses={200: s.JobSerializer, **ERRORS},
        summary="A pairing job: status, progress, message (arbiters of the event)",
        description=AUTH,
    )
    def get(self, request: Request, job: int):
        obj = None
        if 1 <= job <= 2**62:
            obj = PairingJob.objects.select_related("section__event").filter(pk=job).first()
        if obj is None:
            raise NotFound(f"There is no pairing job {job}.")
        event = obj.section.event
        if not user_can_arbitrate(user=request.user, event=event):
            if not event.is_public:
                raise NotFound(f"There is no pairing job {job}.")
            raise PermissionDenied(f"You are not an arbiter of {event.name}.")
        return Response(s.JobSerializer(job_data(request, obj)).data)
