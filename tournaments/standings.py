"""Standings of a section from the database, by the section's tiebreaks.

The tiebreak methods are pure (tiebreaks/methods/); this module turns the
section's rounds into their results table and their rows back into players.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tiebreaks.methods.presets import get_preset
from tiebreaks.methods.registry import UnknownTiebreak, canonical, get_method
from tiebreaks.methods.standings import standings as compute_standings
from tiebreaks.methods.table import Kind, ResultsTable, RoundResult, Scoring, TableError
from tiebreaks.methods.table import Player as TablePlayer
from tournaments.errors import ServiceError
from tournaments.models import Player, RoundStatus, Section
from tournaments.selectors import section_history

KIND_OF_CODE = {
    "1": Kind.WIN,
    "=": Kind.DRAW,
    "0": Kind.LOSS,
    "+": Kind.FORFEIT_WIN,
    "-": Kind.FORFEIT_LOSS,
    "U": Kind.PAB,
    "F": Kind.FULL_BYE,
    "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE,
    " ": Kind.ABSENT,
}


@dataclass(frozen=True, slots=True)
class Row:
    place: str
    rank: int
    player: Player
    score: float
    values: dict[str, float | None]
    tie_break_reason: str


@dataclass(frozen=True, slots=True)
class Standings:
    after_round: int
    columns: list[tuple[str, str]]  # (acronym, description)
    rows: list[Row]
    primary: str = "points"
    warnings: list[str] = field(default_factory=list)


def section_tiebreaks(section: Section) -> list[str]:
    """The section's own order if it lists one, else its preset's."""
    if section.tiebreaks:
        return list(section.tiebreaks)
    if section.tiebreak_preset:
        return list(get_preset(section.tiebreak_preset).tiebreaks)
    return []


def validate_tiebreaks(names: list[str]) -> list[str]:
    """Canonical acronyms, or ServiceError naming the unknown one."""
    out = []
    for name in names:
        try:
            out.append(canonical(name))
        except UnknownTiebreak as exc:
            raise ServiceError(str(exc)) from exc
    return out


def complete_rounds(*, section: Section, published_only: bool = False) -> int:
    """The last round K such that rounds 1..K exist and have every result."""
    rounds = section.rounds.order_by("number")
    if published_only:
        rounds = rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.CLOSED])
    pending = set(rounds.filter(games__result="").values_list("number", flat=True))
    last = 0
    for number in rounds.values_list("number", flat=True):
        if number != last + 1 or number in pending:
            break
        last = number
    return last


def _mms_start(section: Section, players: list[Player]) -> dict[int, float]:
    from tournaments.mcmahon_glue import starting_mms

    return starting_mms(section, players)


def results_table(*, section: Section, after_round: int) -> tuple[ResultsTable, list[Player]]:
    history = section_history(section=section, after_round=after_round)
    players = list(section.players.order_by("pairing_number"))
    index = {p.pk: i for i, p in enumerate(players)}
    mms = _mms_start(section, players) if section.is_go else {}
    table_players = [
        TablePlayer(id=p.pairing_number, name=p.name, rating=p.rating, mms_start=mms.get(p.pk))
        for p in players
    ]
    rows = []
    for p in players:
        row = []
        for cell in history.get(p.pk, []):
            if cell.code == "*":
                raise ServiceError(
                    f"Round {cell.round_number} is not complete: {p.name} has no result yet."
                )
            row.append(
                RoundResult(
                    kind=KIND_OF_CODE[cell.code],
                    points=float(cell.points),
                    opponent=index.get(cell.opponent_id) if cell.opponent_id else None,
                    colour=cell.colour,
                )
            )
        rows.append(row)
    scoring = Scoring(
        float(section.points_win), float(section.points_draw), float(section.points_loss)
    )
    try:
        table = ResultsTable.build(table_players, rows, scoring=scoring, round_count=after_round)
    except TableError as exc:
        raise ServiceError(f"{section.name}: {exc}") from exc
    return table, players


def standings_compute(
    *, section: Section, after_round: int | None = None, published_only: bool = False
) -> Standings:
    """Standings after `after_round` (default: the last complete round)."""
    last = complete_rounds(section=section, published_only=published_only)
    if after_round is None:
        after_round = last
    elif not 0 <= after_round <= last:
        raise ServiceError(
            f"{section.name}: standings exist after rounds 0 to {last}; "
            f"round {after_round} is not complete."
        )
    table, players = results_table(section=section, after_round=after_round)
    names = validate_tiebreaks(section_tiebreaks(section))
    preset = get_preset(section.tiebreak_preset) if section.tiebreak_preset else None
    primary = preset.primary if preset else ("MMS" if section.is_go else "points")
    result = compute_standings(table, tiebreaks=names, rules=section.unplayed_rule, primary=primary)
    by_number = {p.pairing_number: p for p in players}
    acronyms = list(result.tiebreaks)
    rows = [
        Row(
            place=r.place_label,
            rank=r.place,
            player=by_number[r.id],
            score=r.score,
            values=dict(zip(acronyms, r.values, strict=True)),
            tie_break_reason=r.reason or "",
        )
        for r in result.rows
    ]
    columns = [(a, get_method(a).title) for a in acronyms]
    return Standings(
        after_round=after_round,
        columns=columns,
        rows=rows,
        primary=result.primary,
        warnings=list(result.warnings),
    )
