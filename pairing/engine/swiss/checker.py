"""Check a recorded tournament round by round.

For every recorded round: which absolute rules it breaks (a rematch of a
played game, a prohibited pair, a colour limit before the last round, a
second pairing-allocated bye or one after a win without playing, a player
paired twice or both paired and excused), and where it differs from the
pairing Blossom computes from the same history.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine import rules
from pairing.engine.swiss.engine import pair_round
from pairing.engine.swiss.errors import PairingError
from pairing.engine.swiss.from_record import request_from_record
from pairing.engine.swiss.request import SwissRequest
from pairing.record import TournamentRecord


@dataclass(frozen=True, slots=True)
class RecordedRound:
    games: tuple[tuple[int, int, bool], ...]  # (white or first, black or second, played)
    pairing_byes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundCheck:
    round_number: int
    broken: tuple[str, ...]
    differences: tuple[str, ...]
    blossom_error: str | None = None

    @property
    def ok(self) -> bool:
        return not self.broken


def recorded_round(record: TournamentRecord, round_number: int) -> RecordedRound:
    games, byes, seen = [], [], set()
    for p in record.players:
        e = p.entry(round_number)
        if e.code == "U":
            byes.append(p.id)
        if e.opponent is None or p.id in seen:
            continue
        seen.update((p.id, e.opponent))
        white, black = (e.opponent, p.id) if e.colour == "b" else (p.id, e.opponent)
        games.append((white, black, e.played))
    return RecordedRound(tuple(games), tuple(byes))


# How `blossom-pairing -c` words a pair's broken rules; other rules use the checker's sentence.
PAIR_TEXT = {
    "rematch": "{w}-{b}: these two have already played each other",
    "prohibited": "{w}-{b}: a prohibited pairing",
}


def absolute_rule_breaks(request: SwissRequest, recorded: RecordedRound) -> list[str]:
    """The absolute rules the recorded round breaks, by the shared rule checker."""
    players = [
        rules.PastPlayer(
            id=p.id,
            name=p.label,
            colours=p.colours,
            opponents=p.opponents,
            pairing_byes=p.pairing_byes,
            unplayed_wins=p.unplayed_wins,
            active=not p.withdrawn,
            bye_requested=p.bye_requested,
        )
        for p in request.players
    ]
    games = [
        rules.ProposedGame(board, white, black, played=played)
        for board, (white, black, played) in enumerate(recorded.games, start=1)
    ]
    violations = rules.check_round(
        players=players,
        games=games,
        byes=[rules.ProposedBye(pid, "pab") for pid in recorded.pairing_byes],
        rules=rules.RoundRules(
            beta=request.beta,
            last_round=request.last_round,
            prohibited=request.prohibited,
            topscorers=request.topscorers,
        ),
        everyone_placed=False,
    )
    broken = []
    for v in violations:
        if v.rule in PAIR_TEXT and v.board is not None:
            game = games[v.board - 1]
            broken.append(PAIR_TEXT[v.rule].format(w=game.white, b=game.black))
        else:
            broken.append(v.message)
    return broken


def _differences(
    recorded: RecordedRound, blossom_pairs: list[tuple[int, int]], blossom_bye: int | None
) -> list[str]:
    rec = {frozenset((w, b)): (w, b) for w, b, _ in recorded.games}
    ours = {frozenset(p): p for p in blossom_pairs}
    diffs = []
    only_rec = [rec[k] for k in rec if k not in ours]
    only_ours = [ours[k] for k in ours if k not in rec]
    if only_rec or only_ours:
        diffs.append(
            "recorded "
            + (", ".join(f"{w}-{b}" for w, b in sorted(only_rec)) or "-")
            + "; Blossom "
            + (", ".join(f"{w}-{b}" for w, b in sorted(only_ours)) or "-")
        )
    played = {frozenset((w, b)) for w, b, was_played in recorded.games if was_played}
    swapped = [ours[k] for k in rec if k in ours and k in played and rec[k] != ours[k]]
    if swapped:
        diffs.append("colours reversed: " + ", ".join(f"{w}-{b}" for w, b in sorted(swapped)))
    rec_bye = recorded.pairing_byes[0] if recorded.pairing_byes else None
    if rec_bye != blossom_bye:
        diffs.append(
            f"pairing-allocated bye: recorded {rec_bye or 'none'}, Blossom {blossom_bye or 'none'}"
        )
    return diffs


def check_round(
    record: TournamentRecord,
    round_number: int,
    *,
    system: str = "dutch",
    beta: float = 2.0,
    seed: int = 0,
    backend: str = "auto",
    build=None,
    pair=None,
) -> RoundCheck:
    """`build` and `pair` (request builder, pairing function) default to this engine's;
    FIDE's Dutch brings its own."""
    request = (build or request_from_record)(
        record, round_number, system=system, beta=beta, seed=seed, backend=backend
    )
    recorded = recorded_round(record, round_number)
    broken = absolute_rule_breaks(request, recorded)
    try:
        ours = (pair or pair_round)(request)
    except PairingError as exc:
        return RoundCheck(round_number, tuple(broken), (), str(exc))
    diffs = _differences(recorded, ours.pairs(), ours.pairing_allocated_bye)
    return RoundCheck(round_number, tuple(broken), tuple(diffs))


def check_tournament(record: TournamentRecord, **options) -> list[RoundCheck]:
    """One RoundCheck per recorded round (options as for `check_round`)."""
    return [check_round(record, r, **options) for r in range(1, record.rounds_paired + 1)]
