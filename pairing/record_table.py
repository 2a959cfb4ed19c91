"""From the shared tournament record (pairing.record, e.g. read from a TRF) to a results table.

Result codes as FIDE TRF spells them: played `1 = 0` and `W D L` (under one
move, still played), forfeits `+ -` with an opponent, byes `U F H Z` without
one, blank for not paired. Older files write a bye as `+`, `=` or `-`
without an opponent: read as PAB, half-point and zero-point bye. Points come
from the record's scoring (TRF record 162 may change them).
"""

from __future__ import annotations

from pairing.record import PlayerRecord, RoundEntry, TournamentRecord
from tiebreaks.methods.table import Kind, Player, ResultsTable, RoundResult, Scoring, TableError

_WITH_OPPONENT = {
    "1": Kind.WIN,
    "W": Kind.WIN,
    "=": Kind.DRAW,
    "D": Kind.DRAW,
    "0": Kind.LOSS,
    "L": Kind.LOSS,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
}
_WITHOUT_OPPONENT = {
    "U": Kind.PAB,
    "F": Kind.FULL_BYE,
    "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE,
    " ": Kind.ABSENT,
    "": Kind.ABSENT,
    "+": Kind.PAB,
    "=": Kind.HALF_BYE,
    "-": Kind.ZERO_BYE,
}
# What the older bye spellings are worth, when the record's scoring has no entry.
_SPELLING_OF = {Kind.PAB: "U", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z"}


def scoring_of(record: TournamentRecord) -> Scoring:
    points = record.points
    return Scoring(
        win=float(points.get("1", 1)),
        draw=float(points.get("=", 0.5)),
        loss=float(points.get("0", 0)),
    )


def table_from_record(record: TournamentRecord, after_round: int | None = None) -> ResultsTable:
    """The results table of a record, optionally as it stood after `after_round`.

    Raises TableError naming the player and round when the record contradicts
    itself (an unknown code or opponent, a game only one side recorded).
    """
    index = {p.id: k for k, p in enumerate(record.players)}
    if len(index) != len(record.players):
        raise TableError("two players share a pairing number")
    played = record.rounds_played
    rounds = played if after_round is None else after_round
    if rounds > played or rounds < 0:
        raise TableError(
            f"cannot take standings after round {rounds}: {played} rounds have been played"
        )
    players = [
        Player(id=p.id, name=p.name, rating=p.rating if p.rating else None) for p in record.players
    ]
    rows = [
        [_result(record, p, r, p.entry(r), index) for r in range(1, rounds + 1)]
        for p in record.players
    ]
    return ResultsTable.build(players, rows, scoring=scoring_of(record), round_count=rounds)


def _result(
    record: TournamentRecord,
    player: PlayerRecord,
    round_number: int,
    entry: RoundEntry,
    index: dict[int, int],
) -> RoundResult:
    code = entry.code
    where = f"player {player.id} ({player.name}), round {round_number}"
    if entry.opponent is not None and entry.opponent != 0:
        kind = _WITH_OPPONENT.get(code)
        if kind is None:
            raise TableError(f"{where}: result code {code!r} cannot go with an opponent")
        if entry.opponent not in index:
            raise TableError(f"{where}: opponent {entry.opponent} is not a player")
        points = record.points.get(code)
        if points is None:
            raise TableError(f"{where}: no points defined for result code {code!r}")
        colour = entry.colour if kind.played and entry.colour in ("w", "b") else "-"
        return RoundResult(kind, float(points), index[entry.opponent], colour)
    kind = _WITHOUT_OPPONENT.get(code)
    if kind is None:
        raise TableError(f"{where}: result code {code!r} needs an opponent")
    points = record.points.get(_SPELLING_OF.get(kind, code), record.points.get(code))
    return RoundResult(kind, float(points or 0))
