"""Between a section snapshot and the pure engines, both ways.

One function builds each engine's request from the snapshot (`swiss_request`,
`mcmahon_request`), one turns any engine's answer into the games and byes a
round is stored with (`engine_round`), and one checks a stored round against
the absolute rules (`check_rules`). The arbiter's rules (prohibited pairs,
"avoid" groups, "never the same club", requested byes) travel this road for
chess and Go alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from pairing.engine import mcmahon, roundrobin, swiss
from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide
from pairing.engine.mcmahon.ranks import RankError, parse_rank
from pairing.engine.mcmahon.state import initial_mms
from pairing.engine.rules import (
    PastPlayer,
    ProposedBye,
    ProposedGame,
    RoundRules,
    Violation,
    check_round,
)
from pairing.engine.swiss.from_record import request_from_record
from tournaments.errors import ServiceError
from tournaments.models import (
    ENGINE_SYSTEM,
    ROUND_ROBIN_CYCLES,
    ByeKind,
    PairingSystem,
    Player,
    Round,
    Section,
)
from tournaments.snapshot import SectionSnapshot


class PairingFailed(ServiceError):
    """The engine found no legal pairing; the message names the players and why."""

    code = "no-pairing"


@dataclass(frozen=True, slots=True)
class GameSpec:
    board: int
    white: Player
    black: Player
    handicap: int = 0
    komi: Decimal | None = None
    explanation: dict | None = None


@dataclass(frozen=True, slots=True)
class ByeSpec:
    player: Player
    kind: str
    explanation: dict | None = None


@dataclass(frozen=True, slots=True)
class PairedRound:
    """An engine's answer in the database's terms: what `round_create` stores."""

    games: list[GameSpec]
    byes: list[ByeSpec]
    diagnostics: dict


# McMahon settings -----------------------------------------------------------------

# The engine settings a section holds in its own fields; the others live in
# `mcmahon_options` (validated by the engine's own configuration).
MCMAHON_OWN_FIELDS = (
    "bar",
    "floor",
    "no_handicap_rank",
    "handicap_reduction",
    "handicap_cap",
    "komi_even",
    "komi_handicap",
    "bye_points",
    "absent_points",
)
# Rules for the rule checker and the engine's edges, kept among the options.
MCMAHON_RULE_OPTIONS = ("forbid_same_club",)


def mcmahon_config(section: Section) -> mcmahon.McMahonConfig:
    """The section's McMahon parameters: its own fields, then `mcmahon_options`.
    The one mapping from a section to the engine's configuration."""
    data = {
        k: v for k, v in (section.mcmahon_options or {}).items() if k not in MCMAHON_RULE_OPTIONS
    }
    data.update(
        bar=section.mcmahon_bar or None,
        floor=section.mcmahon_floor or None,
        no_handicap_rank=section.mcmahon_no_handicap_above or None,
        handicap_reduction=section.handicap_reduction,
        handicap_cap=section.handicap_cap,
        komi_even=float(section.komi_even),
        komi_handicap=float(section.komi_handicap),
        bye_points=float(section.points_pairing_bye),
        absent_points=float(section.points_absent),
    )
    data.setdefault("komi_uneven", float(section.komi_even))
    try:
        return mcmahon.McMahonConfig.from_dict(data)
    except (mcmahon.ConfigError, RankError) as exc:
        raise ServiceError(f"{section.name}: McMahon settings: {exc}") from exc


def mcmahon_options_of(config: mcmahon.McMahonConfig) -> dict:
    """The part of an engine configuration a section keeps in `mcmahon_options`."""
    return {k: v for k, v in config.to_dict().items() if k not in MCMAHON_OWN_FIELDS}


def forbids_same_club(section: Section) -> bool:
    return bool(section.is_go and (section.mcmahon_options or {}).get("forbid_same_club"))


def player_rank(player: Player) -> int:
    try:
        return parse_rank(player.go_rank)
    except RankError as exc:
        raise ServiceError(
            f"{player.name} (no. {player.pairing_number}) has no valid Go rank: {exc}"
        ) from exc


def starting_mms(snapshot: SectionSnapshot) -> dict[int, float]:
    """Each player's McMahon score before round 1, by player id."""
    config = mcmahon_config(snapshot.section)
    return {p.pk: initial_mms(player_rank(p), p.mms_correction, config) for p in snapshot.players}


# Requests -------------------------------------------------------------------------


def is_fide(section: Section) -> bool:
    return section.pairing_system == PairingSystem.FIDE_DUTCH


def swiss_request(snapshot: SectionSnapshot, number: int) -> swiss.SwissRequest:
    section = snapshot.section
    record = snapshot.record(through_round=number - 1)
    # FIDE's Dutch reads floats and ranks the FIDE way (C.04.3 A.2, A.4).
    build = fide_request_from_record if is_fide(section) else request_from_record
    request = build(
        record,
        number,
        # (FIDE's Dutch fixes the colour limits itself and ignores the system and beta)
        system="dutch"
        if is_fide(section)
        else ENGINE_SYSTEM.get(section.pairing_system, section.pairing_system),
        beta=float(section.beta),
        seed=section.seed,
        initial_colour=section.first_colour or None,
    )
    # Late entries registered while round `number` was a draft join after it.
    not_joined = {p.pairing_number for p in snapshot.players if number < p.joined_round}
    if not_joined:
        request = replace(
            request,
            players=tuple(
                replace(p, withdrawn=True) if p.id in not_joined else p for p in request.players
            ),
        )
    return request


_GO_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def _mcmahon_rounds(snapshot: SectionSnapshot, number: int) -> dict[int, list]:
    history = snapshot.history(after_round=number - 1)
    numbers = {p.pk: p.pairing_number for p in snapshot.players}
    handicap = {  # (round, white id) -> stones
        (r, g.white_id): g.handicap for r, games in snapshot.games.items() for g in games
    }
    out: dict[int, list] = {}
    for pk, cells in history.items():
        rows = []
        for cell in cells:
            if cell.code in _GO_POINTS and cell.opponent_id is not None:
                kind = mcmahon.GAME if cell.code in "1=0" else mcmahon.FORFEIT
                colour = 1 if cell.colour == "w" else -1
                white = pk if colour == 1 else cell.opponent_id
                rows.append(
                    mcmahon.RoundRecord(
                        kind=kind,
                        opponent=numbers[cell.opponent_id],
                        colour=colour if kind == mcmahon.GAME else 0,
                        points=_GO_POINTS[cell.code],
                        handicap=handicap.get((cell.round_number, white), 0),
                    )
                )
            elif cell.code == "U":
                rows.append(mcmahon.RoundRecord(kind=mcmahon.BYE, points=float(cell.points)))
            else:  # requested byes, absences, late entry
                rows.append(mcmahon.RoundRecord(kind=mcmahon.ABSENT, points=float(cell.points)))
        out[pk] = rows
    return out


def mcmahon_request(
    snapshot: SectionSnapshot, number: int, *, detailed_explanations: bool = True
) -> mcmahon.McMahonRequest:
    """The request for round `number`: every player's rounds so far, who sits out,
    and the arbiter's rules (prohibited pairs and "avoid" groups, never the same club)
    as hard rules, exactly as the Swiss engine gets them."""
    section = snapshot.section
    rounds = _mcmahon_rounds(snapshot, number)
    requested = snapshot.requested_byes(number)
    number_of = {p.pk: p.pairing_number for p in snapshot.players}
    prohibited = tuple(
        sorted((number_of[a], number_of[b]) for a, b in snapshot.prohibited_pairs(number))
    )
    return mcmahon.McMahonRequest(
        players=tuple(
            mcmahon.McMahonPlayer(
                id=p.pairing_number,
                rank=player_rank(p),
                name=p.name,
                rating=p.rating or 0,
                club=p.club,
                country=p.federation,
                mms_correction=p.mms_correction,
                rounds=tuple(rounds.get(p.pk, ())),
                absent=not p.is_active_in(number),
                bye_requested=p.pk in requested,
            )
            for p in snapshot.players
        ),
        round_number=number,
        config=mcmahon_config(section),
        seed=section.seed,
        detailed_explanations=detailed_explanations,
        prohibited_pairs=prohibited,
        forbid_same_club=forbids_same_club(section),
    )


# Answers -------------------------------------------------------------------------


def _swiss_round(snapshot: SectionSnapshot, number: int) -> PairedRound:
    section = snapshot.section
    try:
        request = swiss_request(snapshot, number)
        pairing = pair_round_fide(request) if is_fide(section) else swiss.pair_round(request)
    except swiss.PairingError as exc:
        raise PairingFailed(str(exc)) from exc
    except swiss.RequestError as exc:
        raise ServiceError(f"{section.name} round {number}: {exc}") from exc
    players = snapshot.player_by_number
    requested = snapshot.requested_byes(number)
    games = [
        GameSpec(g.board, players[g.white], players[g.black], explanation=g.explanation.to_dict())
        for g in pairing.games
    ]
    byes = []
    for bye in pairing.byes:
        player = players[bye.player]
        if bye.kind == "pairing-allocated":
            byes.append(ByeSpec(player, ByeKind.PAIRING, bye.to_dict()))
        elif bye.kind == "requested" and player.pk in requested:
            byes.append(ByeSpec(player, requested[player.pk], bye.to_dict()))
        # Withdrawn and not yet registered players simply sit out (absent).
    return PairedRound(games, byes, pairing.diagnostics.to_dict())


def _mcmahon_round(snapshot: SectionSnapshot, number: int) -> PairedRound:
    section = snapshot.section
    try:
        pairing = mcmahon.pair_round(mcmahon_request(snapshot, number))
    except mcmahon.NoValidPairing as exc:
        raise PairingFailed(f"{section.name}: {exc}") from exc
    except mcmahon.McMahonInputError as exc:
        raise ServiceError(f"{section.name} round {number}: {exc}") from exc
    players = snapshot.player_by_number
    requested = snapshot.requested_byes(number)
    games = [
        GameSpec(
            g.board,
            players[g.white],
            players[g.black],
            handicap=g.handicap,
            komi=Decimal(str(g.komi)),
            explanation={**g.explanation.to_dict(), "game_class": g.game_class},
        )
        for g in pairing.games
    ]
    byes = []
    for bye in pairing.byes:
        player = players[bye.player]
        if bye.reason == "pairing":
            byes.append(ByeSpec(player, ByeKind.PAIRING, bye.to_dict()))
        elif bye.reason == "requested" and player.pk in requested:
            byes.append(ByeSpec(player, requested[player.pk], bye.to_dict()))
    q = pairing.quality
    diagnostics = {
        "quality": {name: getattr(q, name) for name in q.__dataclass_fields__},
        "weight": str(pairing.total_weight),
        "backend": pairing.backend,
        "edges": pairing.edges,
        "timings": pairing.timings,
    }
    return PairedRound(games, byes, diagnostics)


def _round_robin_round(snapshot: SectionSnapshot, number: int) -> PairedRound:
    """Round `number` of the section's Berger table: pairing numbers in order are the
    table numbers (draw them by lot on the players page before round 1)."""
    section = snapshot.section
    cycles = ROUND_ROBIN_CYCLES[section.pairing_system]
    players = sorted(snapshot.players, key=lambda p: p.pairing_number)
    late = [p for p in players if p.joined_round > 1]
    if late:
        raise ServiceError(
            f"{section.name}: {late[0].name} joined after round 1; a round-robin table "
            "takes no late entry (withdraw the player or pair by hand)."
        )
    try:
        needed = roundrobin.rounds_needed(len(players), cycles=cycles)
        if section.total_rounds != needed:
            raise ServiceError(
                f"{section.name}: a {len(players)}-player "
                f"{'double ' if cycles == 2 else ''}round-robin has {needed} rounds; "
                f"set Rounds to {needed} in the section's settings."
            )
        table = roundrobin.round_robin_round(len(players), number, cycles=cycles)
    except roundrobin.RoundRobinError as exc:
        raise ServiceError(f"{section.name}: {exc}") from exc
    seat = {k: p for k, p in enumerate(players, start=1)}
    where = f"Berger table, round {number}"
    # The same words as parts, which pages say in their reader's language.
    where_part: list = ["rr-table", {"round": number}]
    if cycles == 2:
        cycle = 1 + (number - 1) // (needed // 2)
        where += f" (cycle {cycle})"
        where_part = ["rr-table-cycle", {"round": number, "cycle": cycle}]
    games, byes = [], []
    for w, b in table.games:
        white, black = seat[w], seat[b]
        gone = [p for p in (white, black) if not p.is_active_in(number)]
        if not gone:
            explanation = {"reason": where, "parts": where_part}
            games.append(GameSpec(len(games) + 1, white, black, explanation=explanation))
            continue
        for p in (white, black):
            if p not in gone:
                reason = f"{where}: the opponent, {gone[0].name}, has withdrawn"
                parts = ["rr-opponent-withdrawn", {"where": where_part, "name": gone[0].name}]
                byes.append(ByeSpec(p, ByeKind.PAIRING, {"reason": reason, "parts": parts}))
    if table.bye is not None:
        byes.append(
            ByeSpec(
                seat[table.bye],
                ByeKind.ZERO,
                {
                    "reason": f"{where}: the round off (odd field)",
                    "parts": ["rr-round-off", {"where": where_part}],
                },
            )
        )
    diagnostics = {"system": section.pairing_system, "table": len(players), "round": number}
    return PairedRound(games, byes, diagnostics)


def engine_round(snapshot: SectionSnapshot, number: int) -> PairedRound:
    """Pair round `number` of the snapshot's section with its system."""
    if snapshot.section.is_go:
        return _mcmahon_round(snapshot, number)
    if snapshot.section.pairing_system in ROUND_ROBIN_CYCLES:
        return _round_robin_round(snapshot, number)
    return _swiss_round(snapshot, number)


# The rule checker ----------------------------------------------------------------


def last_round_topscorers(snapshot: SectionSnapshot, number: int) -> frozenset[int] | None:
    """Pairing the last round: the players (ids) with more than half the maximum
    possible score, the only ones free of the colour limits (FIDE C.04.3 A.7, C.3)."""
    section = snapshot.section
    if section.is_go or number != section.total_rounds:
        return None
    half = (number - 1) * section.points_win / 2
    scores = snapshot.scores(after_round=number - 1)
    return frozenset(p.pk for p in snapshot.players if scores.get(p.pk, 0) > half)


def round_rules(snapshot: SectionSnapshot, number: int) -> RoundRules:
    section = snapshot.section
    return RoundRules(
        beta=section.beta,
        last_round=number == section.total_rounds,
        prohibited=snapshot.prohibited_pairs(number),
        forbid_same_club=forbids_same_club(section),
        handicap_cap=section.handicap_cap if section.is_go else None,
        colours=not section.is_go,
        topscorers=last_round_topscorers(snapshot, number),
        rematches=ROUND_ROBIN_CYCLES.get(section.pairing_system, 1) > 1,
    )


def _past_players(snapshot: SectionSnapshot, number: int) -> list[PastPlayer]:
    history = snapshot.history(after_round=number - 1)
    requested = snapshot.requested_byes(number)
    past = []
    for player in snapshot.players:
        cells = history[player.pk]
        played = [c for c in cells if c.opponent_id is not None and c.code in "1=0"]
        past.append(
            PastPlayer(
                id=player.pk,
                name=player.name,
                colours=tuple(c.colour if c in played else "-" for c in cells),
                opponents=frozenset(c.opponent_id for c in played),
                pairing_byes=sum(1 for c in cells if c.code == "U"),
                unplayed_wins=sum(1 for c in cells if c.code in "+F"),
                active=player.is_active_in(number),
                bye_requested=player.pk in requested,
                club=player.club,
            )
        )
    return past


def check_rules(snapshot: SectionSnapshot, rnd: Round) -> list[Violation]:
    """Every absolute rule the stored round breaks, as sentences for the arbiter."""
    games = [
        ProposedGame(g.board, g.white_id, g.black_id, g.handicap)
        for g in snapshot.games.get(rnd.number, ())
    ]
    byes = [ProposedBye(b.player_id, b.kind) for b in snapshot.byes.get(rnd.number, ())]
    return check_round(
        players=_past_players(snapshot, rnd.number),
        games=games,
        byes=byes,
        rules=round_rules(snapshot, rnd.number),
    )
