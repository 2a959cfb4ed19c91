"""Between the database and the McMahon engine: the request for a Go section's
next round, and the engine's games and byes as specs for `round_create`."""

from __future__ import annotations

from pairing.engine.mcmahon import (
    ABSENT,
    BYE,
    FORFEIT,
    GAME,
    ConfigError,
    McMahonConfig,
    McMahonInputError,
    McMahonPlayer,
    McMahonRequest,
    NoValidPairing,
    RoundRecord,
    pair_round,
)
from pairing.engine.mcmahon.ranks import RankError, parse_rank
from pairing.engine.mcmahon.state import initial_mms
from tournaments import services as tservices
from tournaments.errors import ServiceError
from tournaments.models import ByeRequest, Game, Player, Section
from tournaments.selectors import section_history

POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def section_config(section: Section) -> McMahonConfig:
    """The section's McMahon parameters: its own fields, then `mcmahon_options`."""
    data = dict(section.mcmahon_options or {})
    data.pop("forbid_same_club", None)  # a rule for the checker, not a weight
    data.update(
        bar=section.mcmahon_bar or None,
        floor=section.mcmahon_floor or None,
        handicap_reduction=section.handicap_reduction,
        handicap_cap=section.handicap_cap,
        komi_even=float(section.komi_even),
        komi_handicap=float(section.komi_handicap),
        bye_points=float(section.points_pairing_bye),
        absent_points=float(section.points_absent),
    )
    data.setdefault("komi_uneven", float(section.komi_even))
    try:
        return McMahonConfig.from_dict(data)
    except (ConfigError, RankError) as exc:
        raise ServiceError(f"{section.name}: McMahon settings: {exc}") from exc


def _rank(player: Player) -> int:
    try:
        return parse_rank(player.go_rank)
    except RankError as exc:
        raise ServiceError(
            f"{player.name} (no. {player.pairing_number}) has no valid Go rank: {exc}"
        ) from exc


def starting_mms(section: Section, players: list[Player]) -> dict[int, float]:
    config = section_config(section)
    return {p.pk: initial_mms(_rank(p), p.mms_correction, config) for p in players}


def _records(section: Section, number: int) -> dict[int, list[RoundRecord]]:
    history = section_history(section=section, after_round=number - 1)
    numbers = dict(section.players.values_list("pk", "pairing_number"))
    handicap = {  # (round, white) -> stones
        (r, w): h
        for r, w, h in Game.objects.filter(
            round__section=section, round__number__lt=number
        ).values_list("round__number", "white_id", "handicap")
    }
    out: dict[int, list[RoundRecord]] = {}
    for pk, cells in history.items():
        rows = []
        for cell in cells:
            if cell.code in POINTS and cell.opponent_id is not None:
                kind = GAME if cell.code in "1=0" else FORFEIT
                colour = 1 if cell.colour == "w" else -1
                key = (cell.round_number, pk if colour == 1 else cell.opponent_id)
                rows.append(
                    RoundRecord(
                        kind=kind,
                        opponent=numbers[cell.opponent_id],
                        colour=colour if kind == GAME else 0,
                        points=POINTS[cell.code],
                        handicap=handicap.get(key, 0),
                    )
                )
            elif cell.code == "U":
                rows.append(RoundRecord(kind=BYE, points=float(cell.points)))
            else:  # requested byes, absences, late entry
                rows.append(RoundRecord(kind=ABSENT, points=float(cell.points)))
        out[pk] = rows
    return out


def mcmahon_request(section: Section, number: int) -> McMahonRequest:
    players = list(section.players.order_by("pairing_number"))
    records = _records(section, number)
    requested = set(
        ByeRequest.objects.filter(player__section=section, round_number=number).values_list(
            "player_id", flat=True
        )
    )
    return McMahonRequest(
        players=tuple(
            McMahonPlayer(
                id=p.pairing_number,
                rank=_rank(p),
                name=p.name,
                rating=p.rating or 0,
                club=p.club,
                country=p.federation,
                mms_correction=p.mms_correction,
                rounds=tuple(records.get(p.pk, ())),
                absent=not p.is_active_in(number),
                bye_requested=p.pk in requested,
            )
            for p in players
        ),
        round_number=number,
        config=section_config(section),
        seed=section.seed,
    )


def _explanation(explanation) -> dict:
    return {
        "summary": explanation.summary,
        "flags": list(explanation.flags),
        "components": [
            {
                "name": c.name,
                "weight": round(c.weight, 4),
                "margin": None if c.margin is None else round(c.margin, 4),
            }
            for c in explanation.components
        ],
        "runner_up": explanation.runner_up,
        "text": explanation.text(),
    }


def mcmahon_round(section: Section, number: int):
    """(games, byes, diagnostics) for `round_create`."""
    from tournaments.pairing_services import PairingFailed

    request = mcmahon_request(section, number)
    try:
        pairing = pair_round(request)
    except NoValidPairing as exc:
        raise PairingFailed(f"{section.name}: {exc}") from exc
    except McMahonInputError as exc:
        raise ServiceError(f"{section.name} round {number}: {exc}") from exc
    players = {p.pairing_number: p for p in section.players.all()}
    requested = {
        r.player_id: r.kind
        for r in ByeRequest.objects.filter(player__section=section, round_number=number)
    }
    games = [
        tservices.GameSpec(
            g.board,
            players[g.white],
            players[g.black],
            handicap=g.handicap,
            komi=g.komi,
            explanation={**_explanation(g.explanation), "game_class": g.game_class},
        )
        for g in pairing.games
    ]
    byes = []
    for bye in pairing.byes:
        player = players[bye.player]
        if bye.reason == "pairing":
            byes.append(
                tservices.ByeSpec(
                    player=player, kind="pab", explanation={"reason": "odd number of players"}
                )
            )
        elif bye.reason == "requested" and player.pk in requested:
            byes.append(
                tservices.ByeSpec(
                    player=player, kind=requested[player.pk], explanation={"reason": "requested"}
                )
            )
    q = pairing.quality
    diagnostics = {
        "quality": {name: getattr(q, name) for name in q.__dataclass_fields__},
        "weight": str(pairing.total_weight),
        "backend": pairing.backend,
        "edges": pairing.edges,
        "timings": pairing.timings,
    }
    return games, byes, diagnostics


__all__ = ["mcmahon_request", "mcmahon_round", "section_config", "starting_mms"]
