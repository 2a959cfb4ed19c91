"""A section as a plain `TournamentRecord` (pairing/record.py): what the Swiss
engine, the TRF writer and the tiebreaks read."""

from __future__ import annotations

from fractions import Fraction

from pairing.record import PlayerRecord as RecordPlayer
from pairing.record import RoundEntry, TournamentRecord
from tournaments.models import ByeRequest, ProhibitedPair, Section
from tournaments.selectors import section_history

# Our result codes (selectors.section_history) -> TRF codes. Pending games ("*")
# are written as not yet played.
BYE_KIND_CODES = {"half": "H", "zero": "Z", "full": "F"}


def _fraction(value) -> Fraction:
    return Fraction(str(value))


def section_points(section: Section) -> dict[str, Fraction]:
    """The section's scoring, keyed by TRF result code."""
    win, draw, loss = (
        _fraction(section.points_win),
        _fraction(section.points_draw),
        _fraction(section.points_loss),
    )
    return {
        "1": win,
        "W": win,
        "=": draw,
        "D": draw,
        "0": loss,
        "L": loss,
        "+": _fraction(section.points_forfeit_win),
        "-": _fraction(section.points_forfeit_loss),
        "U": _fraction(section.points_pairing_bye),
        "F": _fraction(section.points_full_bye),
        "H": _fraction(section.points_half_bye),
        "Z": _fraction(section.points_zero_bye),
        " ": _fraction(section.points_absent),
    }


def section_record(
    *,
    section: Section,
    through_round: int | None = None,
    published_only: bool = False,
    pending_as_unplayed: bool = True,
) -> TournamentRecord:
    """The section's players and rounds up to `through_round` (default: all rounds).

    Pending games are left out of the record (both players get an empty entry)
    when `pending_as_unplayed`; otherwise a pending game raises ValueError."""
    event = section.event
    history = section_history(
        section=section, after_round=through_round, published_only=published_only
    )
    players = list(section.players.order_by("pairing_number"))
    number = {p.pk: p.pairing_number for p in players}
    record = TournamentRecord(
        name=f"{event.name} - {section.name}",
        city=event.venue,
        start_date=event.start_date.isoformat() if event.start_date else "",
        end_date=event.end_date.isoformat() if event.end_date else "",
        total_rounds=section.total_rounds,
        initial_colour=section.first_colour or None,
        points=section_points(section),
        system=section.pairing_system,
    )
    for p in players:
        rounds = []
        for cell in history.get(p.pk, []):
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
            RecordPlayer(
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
    for req in ByeRequest.objects.filter(player__section=section).select_related("player"):
        record.announced_byes.setdefault(req.round_number, {})[req.player.pairing_number] = (
            BYE_KIND_CODES[req.kind]
        )
    last = section.total_rounds
    for pair in ProhibitedPair.objects.filter(section=section).select_related(
        "player_a", "player_b"
    ):
        record.prohibited.append(
            (
                pair.first_round,
                pair.last_round or last,
                (pair.player_a.pairing_number, pair.player_b.pairing_number),
            )
        )
    groups: dict[str, list[int]] = {}
    for p in players:
        if p.avoid_group.strip():
            groups.setdefault(p.avoid_group.strip().casefold(), []).append(p.pairing_number)
    for ids in groups.values():
        if len(ids) > 1:
            record.prohibited.append((1, last, tuple(ids)))
    return record
