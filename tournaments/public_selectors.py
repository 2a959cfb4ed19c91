"""Reads for the public pages and the public API: public events and published rounds only.

Nothing here ever returns a draft round or anything of a private event. The page
and API layers cache what these functions build under the section's cache version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Max, Q

from tournaments import selectors
from tournaments.models import Bye, Event, Game, Player, Result, Round, RoundStatus, Section

PUBLISHED = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)
MAX_ROUND_NUMBER = 999  # larger numbers in a URL are simply unknown rounds


# Events, sections, rounds --------------------------------------------------------


def public_event_get(*, slug: str) -> Event | None:
    return Event.objects.filter(slug=slug, is_public=True).first()


def public_section_get(*, event_slug: str, section_slug: str) -> Section | None:
    return (
        Section.objects.select_related("event")
        .filter(slug=section_slug, event__slug=event_slug, event__is_public=True)
        .first()
    )


def section_get_for_reader(*, event_slug: str, section_slug: str) -> Section | None:
    """The section named by the slugs, public or not (callers check who may read it)."""
    return (
        Section.objects.select_related("event")
        .filter(slug=section_slug, event__slug=event_slug)
        .first()
    )


def public_rounds(*, section: Section) -> list[Round]:
    return list(section.rounds.filter(status__in=PUBLISHED).order_by("number"))


def public_round_get(*, section: Section, number: int) -> Round | None:
    if not 1 <= number <= MAX_ROUND_NUMBER:
        return None
    return section.rounds.filter(number=number, status__in=PUBLISHED).first()


def public_current_round(*, section: Section) -> Round | None:
    """The latest published round: the one players are playing or just played."""
    return section.rounds.filter(status__in=PUBLISHED).order_by("-number").first()


def section_last_modified(*, section: Section) -> datetime:
    """The time of the latest change players can see in the section."""
    stamps = [section.updated_at, section.event.updated_at]
    rounds = section.rounds.filter(status__in=PUBLISHED)
    stamps.append(rounds.aggregate(t=Max("updated_at"))["t"])
    stamps.append(section.players.aggregate(t=Max("updated_at"))["t"])
    stamps.append(Game.objects.filter(round__in=rounds).aggregate(t=Max("updated_at"))["t"])
    return max(s for s in stamps if s is not None)


@dataclass(frozen=True, slots=True)
class SectionSummary:
    section: Section
    players: int
    current_round: int | None  # latest published round number
    rounds_closed: int


def event_sections(*, event: Event) -> list[SectionSummary]:
    from django.db.models import Count

    sections = event.sections.annotate(
        n_players=Count("players", distinct=True),
        current=Max("rounds__number", filter=Q(rounds__status__in=PUBLISHED)),
        closed=Count("rounds", filter=Q(rounds__status=RoundStatus.CLOSED), distinct=True),
    ).order_by("id")
    return [SectionSummary(s, s.n_players, s.current, s.closed) for s in sections]


# Players as shown in lists -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """What a list shows of a player: number, name, strength and score so far."""

    id: int
    pairing_number: int
    name: str
    title: str
    rating: int | None
    go_rank: str
    federation: str
    club: str
    score: Decimal  # before the round being shown (or in total, on the player list)

    @property
    def strength(self) -> str:
        if self.go_rank:
            return self.go_rank
        return str(self.rating) if self.rating else ""

    @property
    def score_text(self) -> str:
        return format_points(self.score)


def _line(player: Player, score: Decimal) -> PlayerLine:
    return PlayerLine(
        id=player.pk,
        pairing_number=player.pairing_number,
        name=player.name,
        title=player.title,
        rating=player.rating,
        go_rank=player.go_rank,
        federation=player.federation,
        club=player.club,
        score=score,
    )


def section_players(*, section: Section) -> list[PlayerLine]:
    """Everyone registered, by pairing number, with the score of the published rounds."""
    scores = selectors.section_scores(section=section, published_only=True)
    return [_line(p, scores.get(p.pk, Decimal(0))) for p in section.players.all()]


# Pairings of a round ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    board: int
    white: PlayerLine
    black: PlayerLine
    result: str  # Result code ("" while pending)
    result_text: str  # as players read it: "1–0", "½–½"; "W+" in Go
    handicap: int
    komi: Decimal | None


@dataclass(frozen=True, slots=True)
class ByeLine:
    player: PlayerLine
    kind: str
    label: str
    points: Decimal


@dataclass(frozen=True, slots=True)
class Pairings:
    round: Round
    boards: list[Board]
    byes: list[ByeLine]
    unpaired: list[PlayerLine]  # registered but neither paired nor given a bye

    @property
    def pending(self) -> int:
        return sum(1 for b in self.boards if not b.result)


def round_pairings(*, round: Round) -> Pairings:
    """The boards and byes of a published round, each player with the score before it."""
    if round.status not in PUBLISHED:
        raise ValueError(f"round {round.number} is not published")
    section = round.section
    scores = selectors.section_scores(
        section=section, after_round=round.number - 1, published_only=True
    )
    players = {p.pk: p for p in section.players.all()}

    def line(pid: int) -> PlayerLine:
        return _line(players[pid], scores.get(pid, Decimal(0)))

    boards = [
        Board(
            g.board,
            line(g.white_id),
            line(g.black_id),
            g.result,
            result_label(g.result, go=section.is_go),
            g.handicap,
            g.komi,
        )
        for g in round.games.order_by("board")
    ]
    byes = [
        ByeLine(line(b.player_id), b.kind, b.get_kind_display(), b.points)
        for b in Bye.objects.filter(round=round).order_by("player__pairing_number")
    ]
    seen = {b.white.id for b in boards} | {b.black.id for b in boards} | {b.player.id for b in byes}
    unpaired = [line(pid) for pid, p in players.items() if pid not in seen]
    unpaired.sort(key=lambda p: p.pairing_number)
    return Pairings(round, boards, byes, unpaired)


# Player card ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRound:
    number: int
    board: int | None
    colour: str  # "w", "b" or "-"
    opponent: PlayerLine | None
    code: str  # "1" "=" "0" "+" "-" "*", or a bye code "U" "F" "H" "Z", " " absent
    points: Decimal
    total: Decimal  # score after this round

    @property
    def result_text(self) -> str:
        return OUTCOME_LABELS.get(self.code, self.code)

    @property
    def points_text(self) -> str:
        return "" if self.code == "*" else format_points(self.points)

    @property
    def total_text(self) -> str:
        return format_points(self.total)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: PlayerLine
    rounds: list[CardRound]
    withdrawn_from_round: int | None

    @property
    def score(self) -> Decimal:
        return self.rounds[-1].total if self.rounds else Decimal(0)


def player_card(*, section: Section, pairing_number: int) -> PlayerCard | None:
    player = section.players.filter(pairing_number=pairing_number).first()
    if player is None:
        return None
    history = selectors.section_history(section=section, published_only=True)
    totals = {pid: sum((c.points for c in row), Decimal(0)) for pid, row in history.items()}
    others = {p.pk: p for p in section.players.all()}
    boards = dict(
        Game.objects.filter(round__section=section, round__status__in=PUBLISHED)
        .filter(Q(white=player) | Q(black=player))
        .values_list("round__number", "board")
    )
    rows: list[CardRound] = []
    total = Decimal(0)
    for cell in history.get(player.pk, []):
        total += cell.points
        opponent = None
        if cell.opponent_id is not None:
            opponent = _line(others[cell.opponent_id], totals.get(cell.opponent_id, Decimal(0)))
        rows.append(
            CardRound(
                cell.round_number,
                boards.get(cell.round_number),
                cell.colour,
                opponent,
                cell.code,
                cell.points,
                total,
            )
        )
    return PlayerCard(_line(player, total), rows, player.withdrawn_from_round)


# Crosstable ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CrossRow:
    player: PlayerLine
    cells: Sequence[selectors.RoundOutcome]
    texts: list[str]  # one short cell per round: "12w1", "bye", "–"


def public_crosstable(*, section: Section) -> tuple[list[int], list[CrossRow]]:
    """Published rounds and one row per player in pairing-number order; opponents are
    named by pairing number."""
    rows = selectors.crosstable(section=section, published_only=True)
    numbers = [c.round_number for c in rows[0].cells] if rows else []
    by_id = {r.player.pk: r.player.pairing_number for r in rows}
    out = []
    for r in rows:
        texts = [
            cell_text(c, opponent_number=by_id.get(c.opponent_id) if c.opponent_id else None)
            for c in r.cells
        ]
        out.append(CrossRow(_line(r.player, r.score), r.cells, texts))
    return numbers, out


# Standings ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingLine:
    place: str  # "1", "3-5"
    rank: int  # the first place of the row
    player: PlayerLine  # .score is the standings score
    values: dict[str, float | None]  # acronym -> value
    texts: list[str]  # the values as shown, in column order
    reason: str  # what separates this row from the one above ("" when tied or first)


@dataclass(frozen=True, slots=True)
class PublicStandings:
    after_round: int
    columns: list[tuple[str, str]]  # (acronym, description)
    lines: list[StandingLine]
    warnings: list[str]
    complete: list[int]  # rounds standings can be taken after (published, every result in)
    playing: int | None  # a later published round still being played, if any


class RoundNotComplete(LookupError):
    """Standings were asked after a round that is not published or not finished."""


def public_standings(*, section: Section, after_round: int | None = None) -> PublicStandings | None:
    """Standings after a published round with every result in (default: the latest such
    round); None until round 1 is complete. Draft rounds never count.

    Raises RoundNotComplete for any other round."""
    from tournaments.standings import complete_rounds, standings_compute

    last = complete_rounds(section=section, published_only=True)
    if after_round is not None and not 1 <= after_round <= last:
        raise RoundNotComplete(
            f"Standings of {section.name} exist after rounds 1 to {last}; "
            f"round {after_round} is not published or not finished."
            if last
            else f"Standings of {section.name} appear once round 1 is finished."
        )
    if last == 0:
        return None
    after = after_round or last
    st = standings_compute(section=section, after_round=after, published_only=True)
    columns = [(str(a), str(d)) for a, d in st.columns]
    lines = [
        StandingLine(
            place=row.place,
            rank=row.rank,
            player=_line(row.player, Decimal(str(row.score))),
            values=dict(row.values),
            texts=[format_value(row.values.get(a)) for a, _ in columns],
            reason=row.tie_break_reason,
        )
        for row in st.rows
    ]
    current = public_current_round(section=section)
    playing = current.number if current is not None and current.number > last else None
    return PublicStandings(
        st.after_round, columns, lines, list(st.warnings), list(range(1, last + 1)), playing
    )


# Display helpers shared by pages and API -----------------------------------------------------

RESULT_POINTS = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("½", "½"),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "−"),
    Result.BLACK_FORFEIT_WIN: ("−", "+"),
    Result.DOUBLE_FORFEIT: ("−", "−"),
}


def format_points(value: Decimal | float | int | None) -> str:
    """3.5 -> "3½", 4 -> "4", 0.5 -> "½" (scores as players write them)."""
    if value is None:
        return ""
    d = Decimal(str(value))
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return f"{whole}½" if whole else "½"
    return f"{d.normalize():f}"


def format_value(value: Decimal | float | int | None) -> str:
    """A tiebreak value for a table: 32.5 -> "32.5", 31.0 -> "31", None -> ""."""
    if value is None:
        return ""
    d = Decimal(str(value)).quantize(Decimal("0.01")).normalize()
    return f"{d:f}"


CHESS_RESULTS = {
    Result.PENDING: "",
    Result.WHITE_WINS: "1–0",
    Result.DRAW: "½–½",
    Result.BLACK_WINS: "0–1",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
}
GO_RESULTS = {
    Result.PENDING: "",
    Result.WHITE_WINS: "W+",
    Result.DRAW: "Jigo",
    Result.BLACK_WINS: "B+",
    Result.WHITE_FORFEIT_WIN: "W+ ff",
    Result.BLACK_FORFEIT_WIN: "B+ ff",
    Result.DOUBLE_FORFEIT: "−/−",
}


def result_label(result: str, *, go: bool) -> str:
    return (GO_RESULTS if go else CHESS_RESULTS).get(result, result)


OUTCOME_LABELS = {
    "1": "won",
    "=": "draw",
    "0": "lost",
    "+": "won by forfeit",
    "-": "lost by forfeit",
    "*": "playing",
    "U": "pairing bye",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    " ": "not paired",
}
CELL_SYMBOLS = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", "*": "*"}
BYE_CELLS = {"U": "bye", "F": "bye", "H": "½ bye", "Z": "0 bye", " ": "–"}


def cell_text(outcome: selectors.RoundOutcome, *, opponent_number: int | None) -> str:
    """A crosstable cell: "12w1" (against no. 12 with white, won), or a bye."""
    if opponent_number is None:
        return BYE_CELLS.get(outcome.code, outcome.code)
    return f"{opponent_number}{outcome.colour}{CELL_SYMBOLS.get(outcome.code, outcome.code)}"
