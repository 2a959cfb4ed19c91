"""A section as the files other programs read: FIDE TRF (chess), OpenGotha XML
and the EGF results file .h9 (Go). Each is written from the section's snapshot.

A file is always written when the section can be: where the format cannot hold
something as Blossom has it, the file holds what it can and the export's `notes`
say what was left out or shortened (a name longer than the TRF's 33 columns, an
unfinished round in an .h9). Nothing in Blossom itself changes."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from pairing.formats.h9 import dumps_h9
from pairing.formats.opengotha import dumps_opengotha
from pairing.formats.tou import dumps_tou
from pairing.formats.trf import layout
from pairing.formats.trf.writer import format_trf
from pairing.gorecord import (
    GoBye,
    GoGame,
    GoPlayer,
    GoSettings,
    GoTournament,
    settings_from_config,
)
from tournaments.engines import mcmahon_config
from tournaments.models import ByeKind, Result, Section
from tournaments.presentation import listing
from tournaments.snapshot import SectionSnapshot


@dataclass(frozen=True, slots=True)
class ExportFile:
    text: str
    notes: list[str] = field(default_factory=list)  # what the file could not hold as is


RESULT_TO_GOTHA = {
    Result.PENDING: "RESULT_UNKNOWN",
    Result.WHITE_WINS: "RESULT_WHITEWINS",
    Result.BLACK_WINS: "RESULT_BLACKWINS",
    Result.DRAW: "RESULT_EQUAL",
    Result.WHITE_FORFEIT_WIN: "RESULT_WHITEWINS_BYDEF",
    Result.BLACK_FORFEIT_WIN: "RESULT_BLACKWINS_BYDEF",
    Result.DOUBLE_FORFEIT: "RESULT_BOTHLOSE_BYDEF",
}


def split_name(name: str) -> tuple[str, str]:
    """ "Family, Given" -> ("Family", "Given"); a name without a comma is all family name."""
    family, _sep, given = name.partition(",")
    return family.strip(), given.strip()


# The player fields a TRF holds in fixed columns, and their widths.
TRF_FIELDS = (
    ("name", layout.NAME),
    ("title", layout.TITLE),
    ("federation", layout.FEDERATION),
    ("fide_id", layout.FIDE_ID),
    ("birth", layout.BIRTH),
)


TRF_TOO_LONG = {
    "name": gettext_lazy(
        "Player %(id)s: the name %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
    "title": gettext_lazy(
        "Player %(id)s: the title %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
    "federation": gettext_lazy(
        "Player %(id)s: the federation %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
    "fide_id": gettext_lazy(
        "Player %(id)s: the fide id %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
    "birth": gettext_lazy(
        "Player %(id)s: the birth %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
    "*": gettext_lazy(
        "Player %(id)s: the %(what)s %(value)s is longer than the TRF's %(width)s columns; "
        "the file has %(kept)s."
    ),
}


def _fit_to_trf(record) -> list[str]:
    """Shorten what does not fit its TRF columns (in the record only) and say so."""
    notes = []
    for p in record.players:
        for name, (first, last) in TRF_FIELDS:
            value, width = getattr(p, name), last - first + 1
            if len(value) > width:
                setattr(p, name, value[:width].rstrip())
                message = TRF_TOO_LONG.get(name) or TRF_TOO_LONG["*"]
                notes.append(
                    message
                    % {
                        "id": p.id,
                        "what": name.replace("_", " "),
                        "value": repr(value),
                        "width": width,
                        "kept": repr(value[:width].rstrip()),
                    }
                )
    return notes


def trf_export(*, section: Section, published_only: bool = False) -> ExportFile:
    record = SectionSnapshot.load(section).record(published_only=published_only)
    notes = _fit_to_trf(record)
    return ExportFile(format_trf(record), notes)


def section_go_tournament(
    *, section: Section, published_only: bool = False, snapshot: SectionSnapshot | None = None
) -> GoTournament:
    """A Go section as the plain Go record the OpenGotha and h9 writers take."""
    snapshot = snapshot or SectionSnapshot.load(section)
    event = section.event
    config = mcmahon_config(section)
    players = snapshot.players
    index = {p.pk: k for k, p in enumerate(players)}
    numbers = set(snapshot.round_numbers(published_only=published_only))
    requested = {(r.player_id, r.round_number) for r in snapshot.bye_requests}
    # Every McMahon setting the section pairs with, as OpenGotha says it: a file
    # written here pairs in OpenGotha as the section does.
    t = GoTournament(
        settings=settings_from_config(
            config,
            base=GoSettings(
                name=f"{event.name} - {section.name}",
                short_name=section.slug[:20],
                location=event.venue,
                begin_date=event.start_date.isoformat() if event.start_date else "",
                end_date=event.end_date.isoformat() if event.end_date else "",
                number_of_rounds=section.total_rounds,
            ),
        )
    )
    for p in players:
        family, given = split_name(p.name)
        mask = "".join(
            "1" if p.is_active_in(r) and (p.pk, r) not in requested else "0"
            for r in range(1, section.total_rounds + 1)
        )
        t.players.append(
            GoPlayer(
                name=family,
                first_name=given,
                rank=p.go_rank.upper(),
                rating=p.rating or 0,
                club=p.club,
                country=p.federation,
                egf_pin=p.egf_pin,
                registration="PRE" if p.withdrawn_from_round == 1 else "FIN",
                participating=mask,
                mms_correction=p.mms_correction,
            )
        )
    games = [g for n in sorted(numbers) for g in snapshot.games.get(n, ())]
    for g in games:
        t.games.append(
            GoGame(
                round=g.round.number,
                white=index[g.white_id],
                black=index[g.black_id],
                result=RESULT_TO_GOTHA[g.result],
                handicap=g.handicap,
                table=g.board,
            )
        )
    for n in sorted(numbers):
        for b in snapshot.byes.get(n, ()):
            if b.kind == ByeKind.PAIRING:
                t.byes.append(GoBye(round=n, player=index[b.player_id]))
    return t


def opengotha_export(*, section: Section, published_only: bool = False) -> ExportFile:
    t = section_go_tournament(section=section, published_only=published_only)
    return ExportFile(dumps_opengotha(t))


def _finished_go_tournament(*, section: Section, published_only: bool):
    """The Go record of the finished rounds: results files (.h9, .tou) hold every game's
    result, so rounds still being played are left out (and the notes say so)."""
    snapshot = SectionSnapshot.load(section)
    t = section_go_tournament(section=section, published_only=published_only, snapshot=snapshot)
    finished = snapshot.complete_rounds(published_only=published_only)
    notes = []
    later = [n for n in t.rounds_with_games() if n > finished]
    if later:
        if finished > 1:
            held = _("rounds 1 to %(n)s") % {"n": finished}
        elif finished:
            held = _("round 1")
        else:
            held = _("no round")
        notes.append(
            ngettext(
                "Round %(rounds)s is not finished: the file holds %(held)s only.",
                "Rounds %(rounds)s are not finished: the file holds %(held)s only.",
                len(later),
            )
            % {"rounds": listing(later), "held": held}
        )
        t.games = [g for g in t.games if g.round <= finished]
        t.byes = [b for b in t.byes if b.round <= finished]
        t.settings.number_of_rounds = max(finished, 1)
    return t, notes


def h9_export(*, section: Section, published_only: bool = False) -> ExportFile:
    """The EGF results (.h9) of the finished rounds."""
    t, notes = _finished_go_tournament(section=section, published_only=published_only)
    return ExportFile(dumps_h9(t, config=mcmahon_config(section)), notes)


def tou_export(*, section: Section, published_only: bool = False) -> ExportFile:
    """The FFG results table (.tou) of the finished rounds."""
    t, notes = _finished_go_tournament(section=section, published_only=published_only)
    return ExportFile(dumps_tou(t, config=mcmahon_config(section)), notes)
