"""Standings: players ordered by score, then by the section's tiebreaks in order.

Each row carries every tiebreak value, its place ("3-5" when players share
it because everything ties) and the reason it stands below the row above it
(the score or the first tiebreak that differs). Standings can be taken after
any round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from tiebreaks.methods.context import Context
from tiebreaks.methods.presets import get_preset
from tiebreaks.methods.registry import Method, canonical, get_method
from tiebreaks.methods.table import ResultsTable
from tiebreaks.methods.unplayed import Rules

SCORE = "score"


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int  # shared places carry the first one
    place_label: str  # "3-5" when shared
    index: int  # the player's index in the table
    id: int
    name: str
    score: float
    values: tuple[float | None, ...]
    reason: str | None  # what put this row below the previous one; None: shared or first


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...]
    rules: Rules
    after_round: int
    primary: str = "points"
    warnings: tuple[str, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict:
        """A JSON-ready dict: {"standings": [{"rank", "id", "name", "score", "tiebreaks"}]}.

        Counts, places and ratings are integers; other values floats rounded
        to the method's decimals.
        """
        decimals = {a: get_method(a).decimals for a in self.tiebreaks}
        return {
            "standings": [
                {
                    "rank": row.place,
                    "place": row.place_label,
                    "id": row.id,
                    "name": row.name,
                    "score": _json_number(row.score, 2),
                    "tiebreaks": {
                        acronym: _json_number(value, decimals[acronym])
                        for acronym, value in zip(self.tiebreaks, row.values, strict=True)
                    },
                    "tie_broken_by": row.reason,
                }
                for row in self.rows
            ],
            "tiebreaks": list(self.tiebreaks),
            "rules": self.rules.value,
            "primary": self.primary,
            "after_round": self.after_round,
            "warnings": list(self.warnings),
        }


def _json_number(value: float | None, decimals: int) -> float | int | None:
    if value is None:
        return None
    if decimals == 0:
        return round(float(value))
    return round(float(value), decimals) + 0.0  # + 0.0 turns -0.0 into 0.0


def _equal(a: float, b: float) -> bool:
    return (np.isnan(a) and np.isnan(b)) or a == b


def _sort_key(value: float, higher_is_better: bool) -> float:
    if np.isnan(value):
        return np.inf
    return -value if higher_is_better else value


def _refine(groups: list[list[int]], column: np.ndarray, higher_is_better: bool) -> list[list[int]]:
    """Split every tied group by one column, keeping the order of groups."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        ordered = sorted(group, key=lambda i: _sort_key(column[i], higher_is_better))
        current = [ordered[0]]
        for i in ordered[1:]:
            if _equal(column[i], column[current[0]]):
                current.append(i)
            else:
                out.append(current)
                current = [i]
        out.append(current)
    return out


def _primary_values(ctx: Context, primary: str) -> np.ndarray:
    if primary.lower() == "points":
        return ctx.scores.astype(float)
    return get_method(primary).values(ctx)


def standings(
    table: ResultsTable,
    *,
    tiebreaks: Sequence[str] | None = None,
    preset: str | None = None,
    rules: Rules | str | None = None,
    after_round: int | None = None,
    primary: str | None = None,
    round_robin: bool = False,
) -> Standings:
    """Rank the section after `after_round` (default: all rounds played).

    The order of tiebreaks is `tiebreaks` if given, else the preset's; the
    rules for unplayed rounds are `rules` if given, else the preset's, else
    the 2024 text.
    """
    chosen = get_preset(preset) if preset else None
    names = list(tiebreaks) if tiebreaks is not None else list(chosen.tiebreaks if chosen else [])
    acronyms = tuple(canonical(name) for name in names)
    methods: list[Method] = [get_method(a) for a in acronyms]
    if rules is not None:
        rule_set = Rules.parse(rules)
    else:
        rule_set = chosen.rules if chosen else Rules.FIDE_2024
    primary_name = primary or (chosen.primary if chosen else "points")

    view = table.after_round(after_round)
    ctx = Context(table=view, rules=rule_set, round_robin=round_robin)
    score = _primary_values(ctx, primary_name)

    groups = _refine([list(range(view.n))], score, True)
    columns: list[np.ndarray] = []
    for method in methods:
        raw = method.compute(ctx, groups) if method.uses_ties else method.values(ctx)
        column = np.round(np.asarray(raw, dtype=np.float64), method.decimals)
        columns.append(column)
        groups = _refine(groups, column, method.higher_is_better)

    rows = _rows(view, score, acronyms, columns, groups)
    return Standings(
        rows=tuple(rows),
        tiebreaks=acronyms,
        rules=rule_set,
        after_round=view.rounds_completed,
        primary=primary_name,
        warnings=tuple(ctx.warnings),
    )


def _rows(
    table: ResultsTable,
    score: np.ndarray,
    acronyms: tuple[str, ...],
    columns: list[np.ndarray],
    groups: list[list[int]],
) -> list[StandingRow]:
    rows: list[StandingRow] = []
    place = 1
    previous: int | None = None
    for group in groups:
        members = sorted(group, key=lambda i: table.players[i].id)
        label = str(place) if len(members) == 1 else f"{place}-{place + len(members) - 1}"
        for k, i in enumerate(members):
            reason = None
            if previous is not None and k == 0:
                reason = _reason(previous, i, score, acronyms, columns)
            player = table.players[i]
            values = tuple(None if np.isnan(col[i]) else float(col[i]) for col in columns)
            rows.append(
                StandingRow(
                    place=place,
                    place_label=label,
                    index=i,
                    id=player.id,
                    name=player.name,
                    score=float(score[i]),
                    values=values,
                    reason=reason,
                )
            )
        previous = members[0]
        place += len(members)
    return rows


def _reason(
    above: int,
    below: int,
    score: np.ndarray,
    acronyms: tuple[str, ...],
    columns: list[np.ndarray],
) -> str | None:
    if score[above] != score[below]:
        return SCORE
    for acronym, col in zip(acronyms, columns, strict=True):
        if not _equal(col[above], col[below]):
            return acronym
    return None
