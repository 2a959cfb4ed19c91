"""Standings by the section's tiebreaks, and the crosstable.

The tiebreak methods are pure (tiebreaks/methods/); here a section's snapshot
becomes their results table, and their rows become lines for pages and the API
with each value written to its method's decimals (tournaments/presentation.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.utils.translation import gettext as _

from tiebreaks.methods.presets import get_preset
from tiebreaks.methods.registry import UnknownTiebreak, canonical, get_method
from tiebreaks.methods.standings import standings as compute_standings
from tiebreaks.methods.table import Kind, ResultsTable, RoundResult, Scoring, TableError
from tiebreaks.methods.table import Player as TablePlayer
from tournaments.engines import starting_mms
from tournaments.errors import ServiceError
from tournaments.models import ROUND_ROBIN_CYCLES, Section
from tournaments.presentation import (
    cell_text,
    format_points,
    format_tiebreak,
    tiebreak_decimals,
    tiebreak_title,
)
from tournaments.selectors.players import PlayerLine, player_line
from tournaments.selectors.rounds import public_current_round
from tournaments.snapshot import RoundOutcome, SectionSnapshot

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


def results_table(
    snapshot: SectionSnapshot, *, after_round: int, published_only: bool = False
) -> ResultsTable:
    """The section's rounds 1..after_round as the tiebreak methods' results table
    (players in pairing-number order)."""
    section = snapshot.section
    history = snapshot.history(after_round=after_round, published_only=published_only)
    index = {p.pk: i for i, p in enumerate(snapshot.players)}
    mms = starting_mms(snapshot) if section.is_go else {}
    players = [
        TablePlayer(id=p.pairing_number, name=p.name, rating=p.rating, mms_start=mms.get(p.pk))
        for p in snapshot.players
    ]
    rows = []
    for p in snapshot.players:
        row = []
        for cell in history[p.pk]:
            if cell.code == "*":
                raise ServiceError(
                    _("Round %(n)s is not complete: %(name)s has no result yet.")
                    % {"n": cell.round_number, "name": p.name}
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
        return ResultsTable.build(players, rows, scoring=scoring, round_count=after_round)
    except TableError as exc:
        raise ServiceError(f"{section.name}: {exc}") from exc


@dataclass(frozen=True, slots=True)
class StandingLine:
    place: str  # "1", "3-5"
    rank: int  # the first place of the row
    player: PlayerLine  # .score is the standings score
    values: dict[str, float | None]  # acronym -> value
    texts: list[str]  # the values as shown (each method's decimals), in column order
    reason: str  # what separates this row from the one above ("" when tied or first)
    wins: Decimal | None = None  # Go: games won (the points of the results), beside MMS

    @property
    def wins_text(self) -> str:
        return format_points(self.wins) if self.wins is not None else ""


@dataclass(frozen=True, slots=True)
class Standings:
    after_round: int
    columns: list[tuple[str, str]]  # (acronym, description)
    lines: list[StandingLine]
    primary: str = "points"
    warnings: list[str] = field(default_factory=list)
    complete: list[int] = field(default_factory=list)  # rounds standings exist after
    playing: int | None = None  # public standings: a later round still being played


class RoundNotComplete(ServiceError):
    """Standings were asked after a round that is not (published and) finished."""

    code = "round-not-complete"


def _not_complete(section: Section, last: int, after_round: int) -> str:
    if last:
        return _(
            "Standings of %(section)s exist after rounds 1 to %(last)s; "
            "round %(n)s is not published or not finished."
        ) % {"section": section.name, "last": last, "n": after_round}
    return _("Standings of %(section)s appear once round 1 is finished.") % {
        "section": section.name
    }


def standings_compute(
    *,
    section: Section,
    after_round: int | None = None,
    published_only: bool = False,
    snapshot: SectionSnapshot | None = None,
) -> Standings:
    """Standings after `after_round` (default: the last complete round; 0 before
    any). Public readers pass `published_only`: draft rounds never count.
    Raises RoundNotComplete for a round that is not complete."""
    snapshot = snapshot or SectionSnapshot.load(section)
    last = snapshot.complete_rounds(published_only=published_only)
    if after_round is None:
        after_round = last
    elif not 0 <= after_round <= last:
        raise RoundNotComplete(_not_complete(section, last, after_round))
    names = validate_tiebreaks(section_tiebreaks(section))
    preset = get_preset(section.tiebreak_preset) if section.tiebreak_preset else None
    primary = preset.primary if preset else ("MMS" if section.is_go else "points")
    columns = [(canonical(a), tiebreak_title(get_method(a).title)) for a in names]
    complete = list(range(1, last + 1))
    if not snapshot.players:
        return Standings(after_round, columns, [], primary, [], complete)
    table = results_table(snapshot, after_round=after_round, published_only=published_only)
    result = compute_standings(
        table,
        tiebreaks=names,
        rules=section.unplayed_rule,
        primary=primary,
        round_robin=section.pairing_system in ROUND_ROBIN_CYCLES,
    )
    acronyms = list(result.tiebreaks)
    columns = [(a, tiebreak_title(get_method(a).title)) for a in acronyms]
    decimals = [tiebreak_decimals(a) for a in acronyms]
    points = (
        snapshot.scores(after_round=after_round, published_only=published_only)
        if section.is_go
        else {}
    )
    lines = []
    for r in result.rows:
        values = dict(zip(acronyms, r.values, strict=True))
        lines.append(
            StandingLine(
                place=r.place_label,
                rank=r.place,
                player=player_line(snapshot.player_by_number[r.id], Decimal(str(r.score))),
                values=values,
                texts=[format_tiebreak(v, d) for v, d in zip(r.values, decimals, strict=True)],
                reason=r.reason or "",
                wins=(
                    points.get(snapshot.player_by_number[r.id].pk, Decimal(0))
                    if section.is_go
                    else None
                ),
            )
        )
    return Standings(after_round, columns, lines, result.primary, list(result.warnings), complete)


def public_standings(
    *, section: Section, after_round: int | None = None, snapshot: SectionSnapshot | None = None
) -> Standings | None:
    """Standings after a published round with every result in (default: the latest such
    round); None until round 1 is complete. Raises RoundNotComplete for another round."""
    snapshot = snapshot or SectionSnapshot.load(section)
    last = snapshot.complete_rounds(published_only=True)
    if after_round is not None and not 1 <= after_round <= last:
        raise RoundNotComplete(_not_complete(section, last, after_round))
    if last == 0:
        return None
    st = standings_compute(
        section=section, after_round=after_round or last, published_only=True, snapshot=snapshot
    )
    current = public_current_round(section=section)
    playing = current.number if current is not None and current.number > last else None
    return replace(st, playing=playing)


# Crosstable -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrossRow:
    player: PlayerLine  # .score: the total
    cells: list[RoundOutcome]
    texts: list[str]  # one short cell per round: "12w1", "½ bye", "–"
    place: str = ""  # the standings place, when the table is ordered by rank


@dataclass(frozen=True, slots=True)
class Crosstable:
    rounds: list[int]
    rows: list[CrossRow]
    ranked_after: int | None = None  # ordered by the standings after this round


CROSSTABLE_ORDERS = ("number", "rank")


def crosstable(
    *,
    section: Section,
    published_only: bool = False,
    snapshot: SectionSnapshot | None = None,
    order: str = "number",
) -> Crosstable:
    """One row per player with every round's outcome; opponents are named by pairing
    number. Rows in pairing-number order, or with `order="rank"` in the order of the
    standings after the last complete round (pairing-number order while there are
    none)."""
    if order not in CROSSTABLE_ORDERS:
        raise ServiceError(f"A crosstable is ordered by number or by rank, not {order!r}.")
    snapshot = snapshot or SectionSnapshot.load(section)
    history = snapshot.history(published_only=published_only)
    numbers = {p.pk: p.pairing_number for p in snapshot.players}
    rows = []
    for p in snapshot.players:
        cells = history[p.pk]
        texts = [
            cell_text(c.code, c.colour, numbers.get(c.opponent_id) if c.opponent_id else None)
            for c in cells
        ]
        total = sum((c.points for c in cells), Decimal(0))
        rows.append(CrossRow(player_line(p, total), cells, texts))
    rounds = snapshot.round_numbers(published_only=published_only)
    if order == "rank":
        return _by_rank(section, snapshot, rounds, rows, published_only=published_only)
    return Crosstable(rounds, rows)


def _by_rank(
    section: Section,
    snapshot: SectionSnapshot,
    rounds: list[int],
    rows: list[CrossRow],
    *,
    published_only: bool,
) -> Crosstable:
    if not snapshot.complete_rounds(published_only=published_only):
        return Crosstable(rounds, rows)
    try:
        st = standings_compute(section=section, published_only=published_only, snapshot=snapshot)
    except ServiceError:  # no standings (e.g. a tiebreak the section names is unknown)
        return Crosstable(rounds, rows)
    places = {line.player.pairing_number: (i, line.place) for i, line in enumerate(st.lines)}
    last = len(places)
    ranked = sorted(
        rows,
        key=lambda r: (places.get(r.player.pairing_number, (last, ""))[0], r.player.pairing_number),
    )
    ranked = [replace(r, place=places.get(r.player.pairing_number, (0, ""))[1]) for r in ranked]
    return Crosstable(rounds, ranked, st.after_round)
