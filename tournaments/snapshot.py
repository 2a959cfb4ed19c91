"""A section's state, loaded once: the one road from the database to the engines.

    snapshot = SectionSnapshot.load(section)        # six queries, whatever the size

Everything that needs a section's state reads it from a snapshot: pairing
(Swiss and McMahon, `tournaments.engines`), the rule checker, standings, the
exports, the crosstable and the pages. The snapshot holds the model rows as
loaded (players, rounds, games, byes, requested byes, prohibited pairs) and
derives from them, in one place each:

- `history()`: every player's rounds as `RoundOutcome`s (opponent, colour,
  points, a TRF-style code), the shape pages, standings and records share;
- `record()`: the section as the pure chess record (`pairing.record`), which
  the Swiss engines, the TRF writer and the tiebreak table read;
- `prohibited_pairs()` and `requested_byes()`: the arbiter's rules for a round,
  the same for chess and Go.

A snapshot is a value for one request or one task: it is never saved, and a
write made after it was loaded is not in it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property

from pairing.engine.acceleration import virtual_points
from pairing.record import PlayerRecord, RoundEntry, TournamentRecord
from tournaments.models import (
    Bye,
    ByeKind,
    ByeRequest,
    Game,
    Player,
    ProhibitedPair,
    Result,
    Round,
    RoundStatus,
    Section,
)

PUBLISHED = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)

# A bye as a TRF-style code, and back.
BYE_CODES = {
    ByeKind.PAIRING: "U",
    ByeKind.FULL: "F",
    ByeKind.HALF: "H",
    ByeKind.ZERO: "Z",
}
CODE_BYES = {code: kind for kind, code in BYE_CODES.items()}

# A game's result as each side's code: played "1 = 0", forfeits "+ -", pending "*".
GAME_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.PENDING: ("*", "*"),
}


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One player's round: opponent (or None), colour, points and a TRF-style code."""

    round_number: int
    opponent_id: int | None
    colour: str  # "w", "b" or "-"
    points: Decimal
    code: str  # "1" "=" "0" "+" "-" played/forfeit; "U" "F" "H" "Z" byes; " " absent; "*" pending


def section_points(section: Section) -> dict[str, Decimal]:
    """What each TRF-style code is worth in the section."""
    return {
        "1": section.points_win,
        "W": section.points_win,
        "=": section.points_draw,
        "D": section.points_draw,
        "0": section.points_loss,
        "L": section.points_loss,
        "+": section.points_forfeit_win,
        "-": section.points_forfeit_loss,
        "U": section.points_pairing_bye,
        "F": section.points_full_bye,
        "H": section.points_half_bye,
        "Z": section.points_zero_bye,
        " ": section.points_absent,
        "*": Decimal(0),
    }


def bye_points(section: Section, kind: str) -> Decimal:
    return section_points(section)[BYE_CODES[kind]]


class SectionSnapshot:
    """A section's players and rounds as loaded at one moment (see the module text)."""

    def __init__(
        self,
        *,
        section: Section,
        players: list[Player],
        rounds: list[Round],
        games: list[Game],
        byes: list[Bye],
        bye_requests: list[ByeRequest],
        prohibited: list[ProhibitedPair],
    ) -> None:
        self.section = section
        self.players = players
        self.rounds = rounds
        self.bye_requests = bye_requests
        self.prohibited = prohibited
        self.player_by_pk = {p.pk: p for p in players}
        self.player_by_number = {p.pairing_number: p for p in players}
        round_by_pk = {r.pk: r for r in rounds}
        self.games: dict[int, list[Game]] = defaultdict(list)
        for g in games:
            # Attach the loaded rows: templates read game.white.name without a query.
            g.white = self.player_by_pk[g.white_id]
            g.black = self.player_by_pk[g.black_id]
            g.round = round_by_pk[g.round_id]
            self.games[g.round.number].append(g)
        self.byes: dict[int, list[Bye]] = defaultdict(list)
        for b in byes:
            b.player = self.player_by_pk[b.player_id]
            b.round = round_by_pk[b.round_id]
            self.byes[b.round.number].append(b)
        for r in rounds:
            r.section = section
        for p in players:
            p.section = section

    @classmethod
    def load(cls, section: Section) -> SectionSnapshot:
        """Load the section's state: six queries, whatever its size."""
        return cls(
            section=section,
            players=list(Player.objects.filter(section=section).order_by("pairing_number")),
            rounds=list(Round.objects.filter(section=section).order_by("number")),
            games=list(Game.objects.filter(round__section=section).order_by("round_id", "board")),
            byes=list(Bye.objects.filter(round__section=section).order_by("round_id")),
            bye_requests=list(
                ByeRequest.objects.filter(player__section=section).order_by(
                    "round_number", "player_id"
                )
            ),
            prohibited=list(ProhibitedPair.objects.filter(section=section).order_by("id")),
        )

    # Rounds -----------------------------------------------------------------------

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)

    @property
    def last_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def next_round_number(self) -> int:
        return (self.rounds[-1].number if self.rounds else 0) + 1

    def round_numbers(
        self, *, after_round: int | None = None, published_only: bool = False
    ) -> list[int]:
        return [
            r.number
            for r in self.rounds
            if (after_round is None or r.number <= after_round)
            and (not published_only or r.status in PUBLISHED)
        ]

    def complete_rounds(self, *, published_only: bool = False) -> int:
        """The last round K such that rounds 1..K exist (published, if asked) and
        every game of them has a result."""
        last = 0
        for r in self.rounds:
            if r.number != last + 1:
                break
            if published_only and r.status not in PUBLISHED:
                break
            if any(not g.result for g in self.games.get(r.number, ())):
                break
            last = r.number
        return last

    def pending_boards(self, number: int) -> list[int]:
        return [g.board for g in self.games.get(number, ()) if not g.result]

    # Players ----------------------------------------------------------------------

    def active_players(self, number: int) -> list[Player]:
        return [p for p in self.players if p.is_active_in(number)]

    def requested_byes(self, number: int) -> dict[int, str]:
        """Player id -> the bye kind they asked for in round `number`."""
        return {r.player_id: r.kind for r in self.bye_requests if r.round_number == number}

    def prohibited_pairs(self, number: int) -> frozenset[tuple[int, int]]:
        """Pairs of player ids that must not meet in round `number`: the arbiter's
        prohibited pairings and players sharing an "avoid" label (family, team)."""
        pairs: set[tuple[int, int]] = set()
        for pair in self.prohibited:
            last = pair.last_round or self.section.total_rounds
            if pair.first_round <= number <= last:
                pairs.add(tuple(sorted((pair.player_a_id, pair.player_b_id))))
        for ids in self.avoid_groups().values():
            pairs.update((a, b) for a in ids for b in ids if a < b)
        return frozenset(pairs)

    def avoid_groups(self) -> dict[str, list[int]]:
        """Avoid label (case-folded) -> the ids of the players sharing it (two or more)."""
        groups: dict[str, list[int]] = defaultdict(list)
        for p in self.players:
            label = p.avoid_group.strip().casefold()
            if label:
                groups[label].append(p.pk)
        return {k: v for k, v in groups.items() if len(v) > 1}

    # History ----------------------------------------------------------------------

    @cached_property
    def _cells(self) -> dict[int, dict[int, RoundOutcome]]:
        points = section_points(self.section)
        cells: dict[int, dict[int, RoundOutcome]] = defaultdict(dict)
        for number, games in self.games.items():
            for g in games:
                wc, bc = GAME_CODES[g.result]
                cells[g.white_id][number] = RoundOutcome(number, g.black_id, "w", points[wc], wc)
                cells[g.black_id][number] = RoundOutcome(number, g.white_id, "b", points[bc], bc)
        for number, byes in self.byes.items():
            for b in byes:
                cells[b.player_id][number] = RoundOutcome(
                    number, None, "-", b.points, BYE_CODES[b.kind]
                )
        return cells

    def history(
        self, *, after_round: int | None = None, published_only: bool = False
    ) -> dict[int, list[RoundOutcome]]:
        """Every player's rounds up to `after_round` (default: all), by player id.

        A round with neither a game nor a bye counts as absent; a pending game
        has code "*" and no points."""
        numbers = self.round_numbers(after_round=after_round, published_only=published_only)
        absent = self.section.points_absent
        history = {}
        for p in self.players:
            mine = self._cells.get(p.pk, {})
            history[p.pk] = [
                mine.get(n) or RoundOutcome(n, None, "-", absent, " ") for n in numbers
            ]
        return history

    def scores(
        self, *, after_round: int | None = None, published_only: bool = False
    ) -> dict[int, Decimal]:
        history = self.history(after_round=after_round, published_only=published_only)
        return {pid: sum((c.points for c in row), Decimal(0)) for pid, row in history.items()}

    # The pure chess record ----------------------------------------------------------

    def record(
        self,
        *,
        through_round: int | None = None,
        published_only: bool = False,
        pending_as_unplayed: bool = True,
    ) -> TournamentRecord:
        """The section as a `TournamentRecord`: players, rounds up to `through_round`
        (default: all), scoring, requested byes and prohibited pairs.

        Pending games are left out (both players get an empty entry) when
        `pending_as_unplayed`; otherwise a pending game raises ValueError."""
        section, event = self.section, self.section.event
        history = self.history(after_round=through_round, published_only=published_only)
        number = {p.pk: p.pairing_number for p in self.players}
        record = TournamentRecord(
            name=f"{event.name} - {section.name}",
            city=event.venue,
            start_date=event.start_date.isoformat() if event.start_date else "",
            end_date=event.end_date.isoformat() if event.end_date else "",
            total_rounds=section.total_rounds,
            initial_colour=section.first_colour or None,
            points={
                code: Fraction(str(value))
                for code, value in section_points(section).items()
                if code != "*"
            },
            # TRF-26's system code (192) exists for FIDE's systems only; engines refuse
            # any other (the XXA lines carry an acceleration).
            system="FIDE_DUTCH_2025" if section.pairing_system == "fide-dutch" else "",
        )
        for p in self.players:
            rounds = []
            for cell in history[p.pk]:
                if cell.code == "*":
                    if not pending_as_unplayed:
                        raise ValueError(
                            f"{p.name}: the game of round {cell.round_number} has no result yet"
                        )
                    rounds.append(RoundEntry(None, "-", " "))
                elif cell.opponent_id is not None:
                    rounds.append(RoundEntry(number[cell.opponent_id], cell.colour, cell.code))
                else:
                    rounds.append(RoundEntry(None, "-", cell.code))
            record.players.append(
                PlayerRecord(
                    id=p.pairing_number,
                    name=p.name,
                    rating=p.rating or 0,
                    title=p.title,
                    sex=p.sex,
                    federation=p.federation,
                    fide_id=p.fide_id,
                    birth=p.birth,
                    rounds=rounds,
                    withdrawn_from=p.withdrawn_from_round,
                )
            )
        for req in self.bye_requests:
            record.announced_byes.setdefault(req.round_number, {})[number[req.player_id]] = (
                BYE_CODES[req.kind]
            )
        if section.acceleration and not section.is_go:
            # Group A is fixed by the players of round 1; late entries join group B.
            first = [p.pairing_number for p in self.players if p.joined_round == 1]
            record.accelerations = virtual_points(
                section.acceleration, sorted(first), section.total_rounds
            )
        last = section.total_rounds
        for pair in self.prohibited:
            record.prohibited.append(
                (
                    pair.first_round,
                    pair.last_round or last,
                    (number[pair.player_a_id], number[pair.player_b_id]),
                )
            )
        for ids in self.avoid_groups().values():
            record.prohibited.append((1, last, tuple(number[i] for i in ids)))
        return record
