"""Between a `TournamentRecord` and the engine: the request for the next round,
and a paired (and played) round written back into the record.

Used by the command line, the checker, the random tournament generator, the
simulation lab and the Django side.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from pairing.engine.swiss.errors import RequestError
from pairing.engine.swiss.request import SwissPlayer, SwissRequest
from pairing.engine.swiss.result import SwissPairing
from pairing.record import PlayerRecord, RoundEntry, TournamentRecord

NOT_PAIRED_CODES = frozenset("HFZ ")
UNPLAYED_WIN_CODES = frozenset("+F")
# White's result code -> black's.
MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


def sits_out(record: TournamentRecord, player: PlayerRecord, round_number: int) -> bool:
    """Not to be paired in the round: a requested bye or absence already recorded
    for it (H, F, Z or a blank block without opponent), a bye announced with a
    240 record, or withdrawn."""
    if player.withdrawn_from is not None and player.withdrawn_from <= round_number:
        return True
    if player.id in record.announced_byes.get(round_number, {}):
        return True
    if round_number <= len(player.rounds):
        entry = player.rounds[round_number - 1]
        return entry.opponent is None and entry.code in NOT_PAIRED_CODES
    return False


def _scores_before(record: TournamentRecord, round_number: int) -> list[dict[int, Fraction]]:
    """scores[r][pid]: score before round r+1, for r = 0..round_number-1 (summed as
    integers over the points' common denominator; each score a Fraction once)."""
    denominator = math.lcm(1, *(v.denominator for v in record.points.values()))
    units = {
        code: v.numerator * (denominator // v.denominator) for code, v in record.points.items()
    }
    fractions: dict[int, Fraction] = {}

    def score(total: int) -> Fraction:
        found = fractions.get(total)
        if found is None:
            found = fractions[total] = Fraction(total, denominator)
        return found

    totals = [{p.id: 0 for p in record.players}]
    for r in range(1, round_number):
        totals.append({p.id: totals[-1][p.id] + units[p.entry(r).code] for p in record.players})
    return [{pid: score(t) for pid, t in round_totals.items()} for round_totals in totals]


def _float(entry: RoundEntry, mine: Fraction, before: dict[int, Fraction]) -> str:
    if entry.code == "U":
        return "down"
    if entry.opponent is None or entry.opponent not in before:
        return ""
    theirs = before[entry.opponent]
    return "down" if mine > theirs else "up" if mine < theirs else ""


def _virtual_points(record: TournamentRecord, pid: int, round_number: int) -> Fraction:
    """Acceleration (XXA): points added to the score for pairing this round only."""
    values = record.accelerations.get(pid, ())
    return values[round_number - 1] if round_number <= len(values) else Fraction(0)


def recorded_initial_colour(record: TournamentRecord) -> str | None:
    """The first round's top-board colour: the 152/XXC record, or else inferred from
    the file as bbpPairings documents it: in the first round F where any colour is
    listed, the colour of the highest player (by pairing number) who took part in a
    pairing of round F or earlier; if that player has no colour in round F (a forfeit
    written without one, a bye), the next player's colour reversed, and so on. A
    forfeit on board 1 of round 1 thus no longer turns the whole round around."""
    if record.initial_colour is not None:
        return record.initial_colour
    first = next(
        (
            r
            for r in range(1, record.rounds_paired + 1)
            if any(p.entry(r).colour in ("w", "b") for p in record.players)
        ),
        None,
    )
    if first is None:
        return None

    def took_part(p) -> bool:
        return any(
            p.entry(r).opponent is not None or p.entry(r).code == "U" for r in range(1, first + 1)
        )

    for k, p in enumerate(sorted((p for p in record.players if took_part(p)), key=lambda p: p.id)):
        colour = p.entry(first).colour
        if colour in ("w", "b"):
            return colour if k % 2 == 0 else {"w": "b", "b": "w"}[colour]
    return None


def request_from_record(
    record: TournamentRecord,
    round_number: int | None = None,
    *,
    system: str = "dutch",
    beta: float = 2.0,
    seed: int = 0,
    backend: str = "auto",
    initial_colour: str | None = None,
) -> SwissRequest:
    """The request for `round_number` (default: the round after the last one paired),
    built from the record's rounds before it."""
    if round_number is None:
        round_number = record.rounds_paired + 1
    if record.total_rounds is None:
        raise RequestError("the number of rounds is not recorded (XXR or 142 record)")
    before = _scores_before(record, round_number)
    players = []
    for p in record.players:
        history = [p.entry(r) for r in range(1, round_number)]
        players.append(
            SwissPlayer(
                id=p.id,
                rating=p.rating,
                score=before[-1][p.id] + _virtual_points(record, p.id, round_number),
                colours=tuple(e.colour if e.played else "-" for e in history),
                opponents=frozenset(e.opponent for e in history if e.played),
                pairing_byes=sum(1 for e in history if e.code == "U"),
                unplayed_wins=sum(1 for e in history if e.code in UNPLAYED_WIN_CODES),
                floats=tuple(_float(e, before[r][p.id], before[r]) for r, e in enumerate(history)),
                withdrawn=p.withdrawn_from is not None and p.withdrawn_from <= round_number,
                bye_requested=sits_out(record, p, round_number),
                name=p.name,
            )
        )
    prohibited = set()
    for first, last, ids in record.prohibited:
        if first <= round_number <= last:
            prohibited.update((a, b) for a in ids for b in ids if a < b)
    return SwissRequest(
        players=tuple(players),
        round_number=round_number,
        total_rounds=record.total_rounds,
        system=system,
        beta=beta,
        seed=seed,
        initial_colour=(
            initial_colour if initial_colour is not None else recorded_initial_colour(record)
        ),
        prohibited=frozenset(prohibited),
        backend=backend,
        win_points=record.points.get("1", Fraction(1)),
    )


def apply_round(
    record: TournamentRecord, pairing: SwissPairing, results: Mapping[int, str] | None = None
) -> None:
    """Write a paired round into the record.

    results: board -> white's result code ("1", "=", "0", "+", "-", "W", "D",
    "L"); every board needs one. Requested byes keep the entry already recorded
    (or the announced bye code, else a zero-point bye); withdrawn players get a
    zero-point bye (a known absence).
    """
    r = pairing.round_number
    results = results or {}
    for game in pairing.games:
        if game.board not in results:
            raise ValueError(f"round {r}, board {game.board}: no result given")
        code = results[game.board]
        if code not in MIRROR:
            raise ValueError(f"round {r}, board {game.board}: unknown result code {code!r}")
        record.set_entry(record.player(game.white), r, RoundEntry(game.black, "w", code))
        record.set_entry(record.player(game.black), r, RoundEntry(game.white, "b", MIRROR[code]))
    for bye in pairing.byes:
        player = record.player(bye.player)
        if bye.kind == "pairing-allocated":
            record.set_entry(player, r, RoundEntry(None, "-", "U"))
        elif bye.kind == "requested":
            if r > len(player.rounds):
                code = record.announced_byes.get(r, {}).get(player.id, "Z")
                record.set_entry(player, r, RoundEntry(None, "-", code))
        elif r > len(player.rounds):
            record.set_entry(player, r, RoundEntry(None, "-", "Z"))
