"""Files into a section: FIDE TRF, CSV player lists, OpenGotha XML.

Imports are all or nothing: a file is parsed and checked completely before
anything is written, and everything is written in one transaction through the
same services the pages use (section settings, player registration, round
creation), so an import obeys every rule a hand entry does. Errors name the
line (and column or field) and what is wrong.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from pairing.engine.mcmahon.ranks import format_rank, parse_rank
from pairing.formats.opengotha import OpenGothaError, loads_opengotha
from pairing.formats.trf.errors import TRFError
from pairing.formats.trf.reader import parse_trf
from pairing.formats.trf.records import EVENT_WIDE
from pairing.gorecord import GoTournament, mcmahon_config
from pairing.limits import MAX_RATING, MIN_RATING
from pairing.record import TournamentRecord
from tournaments.engines import ByeSpec, GameSpec, mcmahon_options_of
from tournaments.errors import ServiceError
from tournaments.models import (
    ByeKind,
    ByeRequest,
    Player,
    ProhibitedPair,
    Result,
    RoundStatus,
    Section,
)
from tournaments.selectors.exports import RESULT_TO_GOTHA
from tournaments.services.common import control_characters
from tournaments.services.players import player_create
from tournaments.services.rounds import round_create
from tournaments.services.sections import section_update
from tournaments.snapshot import CODE_BYES

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_CSV_ROWS = 5000


@dataclass
class ImportReport:
    players: int = 0
    rounds: int = 0
    games: int = 0
    byes: int = 0
    warnings: list[str] = field(default_factory=list)


def decode_upload(data: bytes, *, name: str = "the file") -> str:
    """Text of an uploaded file: UTF-8 (with or without BOM), else Latin-1."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ServiceError(
            _("%(name)s is %(size)s KB; the limit is %(limit)s KB.")
            % {"name": name, "size": len(data) // 1024, "limit": MAX_UPLOAD_BYTES // 1024}
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _require_empty(section: Section) -> None:
    if section.players.exists() or section.rounds.exists():
        raise ServiceError(
            _(
                "%(section)s already has players; import into an empty "
                "section (or add players with the CSV import)."
            )
            % {"section": section.name}
        )


def _status(complete: bool) -> str:
    return RoundStatus.CLOSED if complete else RoundStatus.PUBLISHED


# TRF -------------------------------------------------------------------------

WHITE_RESULT = {
    "1": Result.WHITE_WINS,
    "W": Result.WHITE_WINS,
    "=": Result.DRAW,
    "D": Result.DRAW,
    "0": Result.BLACK_WINS,
    "L": Result.BLACK_WINS,
    "+": Result.WHITE_FORFEIT_WIN,
}
# The section's scoring fields and the TRF codes that give them.
SCORING_CODES = {
    "points_win": "1",
    "points_draw": "=",
    "points_loss": "0",
    "points_forfeit_win": "+",
    "points_forfeit_loss": "-",
    "points_pairing_bye": "U",
    "points_full_bye": "F",
    "points_half_bye": "H",
    "points_zero_bye": "Z",
}


def _round_games(record: TournamentRecord, r: int, scores: dict[int, Fraction]):
    """(white id, black id, result) for round r, boards ordered by score then rating."""
    seen: set[int] = set()
    games = []
    for p in record.players:
        e = p.entry(r)
        if e.opponent is None or p.id in seen:
            continue
        q = record.player(e.opponent)
        f = q.entry(r)
        seen.update((p.id, q.id))
        if e.colour == "b" or (e.colour == "-" and f.colour == "w"):
            p, e, q, f = q, f, p, e
        if e.code == "-":
            result = Result.DOUBLE_FORFEIT if f.code == "-" else Result.BLACK_FORFEIT_WIN
        else:
            result = WHITE_RESULT[e.code]
        games.append((p, q, result))
    games.sort(
        key=lambda g: (
            -max(scores[g[0].id], scores[g[1].id]),
            -(scores[g[0].id] + scores[g[1].id]),
            -max(g[0].rating, g[1].rating),
            min(g[0].id, g[1].id),
        )
    )
    return games


def trf_import(*, section: Section, text: str) -> ImportReport:
    """Players, rounds, results, byes, scoring and prohibited pairs of a TRF, into an
    empty section. Imported rounds are published (closed when complete)."""
    try:
        record = parse_trf(text)
    except TRFError as exc:
        raise ServiceError(_("TRF %(error)s") % {"error": exc}) from exc
    report = ImportReport()
    given = section
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        _require_empty(section)
        played = record.rounds_played
        settings = {
            name: Decimal(str(float(record.points[code]))) for name, code in SCORING_CODES.items()
        }
        if record.total_rounds:
            settings["total_rounds"] = max(record.total_rounds, played)
        elif played > section.total_rounds:
            settings["total_rounds"] = played
        if record.initial_colour:
            settings["first_colour"] = record.initial_colour
        try:
            section = section_update(section=section, **settings)
        except ServiceError as exc:
            raise ServiceError(
                _("TRF: the file's settings: %(error)s") % {"error": exc.message}
            ) from exc
        players: dict[int, Player] = {}
        for p in record.players:
            try:
                players[p.id] = player_create(
                    section=section,
                    name=p.name,
                    pairing_number=p.id,
                    rating=p.rating or None,
                    title=p.title[:4],
                    federation=p.federation[:3],
                    fide_id=p.fide_id,
                    sex=p.sex[:1],
                    birth=p.birth[:10],
                )
            except ServiceError as exc:
                raise ServiceError(
                    _("TRF player %(id)s (%(name)s): %(error)s")
                    % {"id": p.id, "name": p.name, "error": exc.message}
                ) from exc
            if p.withdrawn_from:
                players[p.id].withdrawn_from_round = p.withdrawn_from
                players[p.id].save(update_fields=["withdrawn_from_round"])
        report.players = len(players)
        scores = {p.id: Fraction(0) for p in record.players}
        for r in range(1, played + 1):
            games = _round_games(record, r, scores)
            byes = [
                ByeSpec(players[p.id], CODE_BYES[p.entry(r).code])
                for p in record.players
                if p.entry(r).opponent is None and p.entry(r).code in CODE_BYES
            ]
            round_create(
                section=section,
                number=r,
                seed=section.seed,
                games=[
                    GameSpec(b, players[w.id], players[k.id])
                    for b, (w, k, _) in enumerate(games, start=1)
                ],
                results=[res for _, _, res in games],
                byes=byes,
                status=_status(all(res != Result.PENDING for _, _, res in games)),
            )
            for p in record.players:
                scores[p.id] += record.points[p.entry(r).code]
            report.rounds += 1
            report.games += len(games)
            report.byes += len(byes)
        for rnd_no, byes in record.announced_byes.items():
            if rnd_no <= played:
                continue
            if rnd_no > section.total_rounds:
                pid = min(byes)
                raise ServiceError(
                    _(
                        "TRF: player %(id)s has a bye announced for round %(round)s, "
                        "but the section has %(total)s rounds."
                    )
                    % {"id": pid, "round": rnd_no, "total": section.total_rounds}
                )
            for pid, code in byes.items():
                if pid not in players:
                    raise ServiceError(
                        _("TRF: a bye is announced for player %(id)s, who is not in the file.")
                        % {"id": pid}
                    )
                ByeRequest.objects.create(
                    player=players[pid],
                    round_number=rnd_no,
                    kind=CODE_BYES.get(code, ByeKind.ZERO),
                )
        for first, last, ids in record.prohibited:
            unknown = [i for i in ids if i not in players]
            if unknown:
                raise ServiceError(
                    _("TRF: prohibited pairs name player %(id)s, who is not in the file.")
                    % {"id": unknown[0]}
                )
            twice = sorted({i for i in ids if ids.count(i) > 1})
            if twice:
                raise ServiceError(
                    _(
                        "TRF: prohibited pairs from round %(round)s name player %(id)s twice "
                        "in one group."
                    )
                    % {"round": first, "id": twice[0]}
                )
            if first > section.total_rounds:
                raise ServiceError(
                    _("TRF: prohibited pairs from round %(round)s of a %(total)s-round section.")
                    % {"round": first, "total": section.total_rounds}
                )
            if (first, last) == EVENT_WIDE or last >= section.total_rounds:
                last = None  # to the last round, as a prohibited pair added on the page
            members = sorted((players[i] for i in ids), key=lambda p: p.pk)
            for i, a in enumerate(members):
                for b in members[i + 1 :]:
                    ProhibitedPair.objects.get_or_create(
                        section=section,
                        player_a=a,
                        player_b=b,
                        first_round=first,
                        defaults={"last_round": last, "reason": "from the TRF"},
                    )
    given.refresh_from_db()
    return report


# CSV -------------------------------------------------------------------------

CSV_FIELDS = (
    "name",
    "rating",
    "title",
    "federation",
    "club",
    "fide_id",
    "go_rank",
    "egf_pin",
    "sex",
    "birth",
    "avoid_group",
)
CSV_ALIASES = {
    "player": "name",
    "elo": "rating",
    "rtg": "rating",
    "fed": "federation",
    "country": "federation",
    "fideid": "fide_id",
    "fide id": "fide_id",
    "id": "fide_id",
    "rank": "go_rank",
    "go rank": "go_rank",
    "pin": "egf_pin",
    "egf pin": "egf_pin",
    "team": "avoid_group",
    "family": "avoid_group",
    "avoid": "avoid_group",
}


@dataclass
class CsvPreview:
    rows: list[dict] = field(default_factory=list)  # parsed, with "line"
    errors: list[tuple[int, str, str]] = field(default_factory=list)  # (line, field, message)
    columns: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.rows)


def _csv_reader(text: str):
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline="": the csv module sees line ends itself (a lone CR is one, not an error)
    return csv.reader(io.StringIO(text, newline=""), dialect)


def csv_preview(*, section: Section, text: str) -> CsvPreview:
    """Parse and check a player list. The first line names the columns: name
    (required), rating, title, federation, club, fide_id, go_rank, egf_pin, sex,
    birth, avoid_group (common spellings such as Elo, FED, Rank are understood)."""
    preview = CsvPreview()
    reader = _csv_reader(text)
    try:
        rows = list(reader)
    except csv.Error as exc:  # e.g. a field longer than the csv module allows
        preview.errors.append(
            (reader.line_num or 1, "", _("not readable as CSV (%(error)s)") % {"error": exc})
        )
        return preview
    while rows and not any(c.strip() for c in rows[0]):
        rows.pop(0)
    if not rows:
        preview.errors.append((1, "", _("The file is empty.")))
        return preview
    header = [c.strip().lower().replace("_", " ").strip() for c in rows[0]]
    columns = []
    for col, name in enumerate(header, start=1):
        key = CSV_ALIASES.get(name, name.replace(" ", "_"))
        if key not in CSV_FIELDS:
            preview.errors.append(
                (
                    1,
                    _("column %(n)s") % {"n": col},
                    _("unknown column %(name)s; known: %(known)s")
                    % {"name": repr(rows[0][col - 1]), "known": ", ".join(CSV_FIELDS)},
                )
            )
        columns.append(key)
    if "name" not in columns:
        preview.errors.append((1, "name", _("a 'name' column is required")))
    preview.columns = [c for c in columns if c in CSV_FIELDS]
    if preview.errors:
        return preview
    if len(rows) - 1 > MAX_CSV_ROWS:
        preview.errors.append(
            (MAX_CSV_ROWS + 2, "", _("at most %(n)s players per file") % {"n": MAX_CSV_ROWS})
        )
        return preview
    seen_names: dict[str, int] = {}
    for line, cells in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > len(columns):
            preview.errors.append(
                (
                    line,
                    "",
                    _("%(values)s values for %(columns)s columns")
                    % {"values": len(cells), "columns": len(columns)},
                )
            )
            continue
        values = {key: cells[i].strip() if i < len(cells) else "" for i, key in enumerate(columns)}
        row, errs = _csv_row(section, values)
        for fname, message in errs:
            preview.errors.append((line, fname, message))
        key = row.get("name", "").casefold()
        if key and key in seen_names:
            preview.errors.append(
                (line, "name", _("same name as line %(n)s") % {"n": seen_names[key]})
            )
        seen_names.setdefault(key, line)
        row["line"] = line
        preview.rows.append(row)
    if not preview.rows and not preview.errors:
        preview.errors.append((2, "", _("No players in the file.")))
    return preview


def _csv_row(section: Section, values: dict[str, str]) -> tuple[dict, list[tuple[str, str]]]:
    errors: list[tuple[str, str]] = []
    row: dict = {k: v for k, v in values.items() if v != ""}
    if "rating" in row:
        try:
            number = float(row["rating"])
            if not MIN_RATING <= number <= MAX_RATING:  # also refuses inf, 1e400 and nan
                raise ValueError
            row["rating"] = int(number)
        except ValueError:
            errors.append(
                ("rating", _("%(value)s is not a rating") % {"value": repr(values["rating"])})
            )
            row.pop("rating")
    if "federation" in row:
        row["federation"] = row["federation"].upper()
    if "go_rank" in row:
        row["go_rank"] = row["go_rank"].lower()
    player = Player(section=section, pairing_number=1, **{k: v for k, v in row.items()})
    try:
        problems = control_characters(player, exclude=["section"])
        if problems:
            raise ValidationError(problems)
        # The fields' own rules only: uniqueness is the database's at Confirm, and
        # checking it here would cost a query per row.
        player.full_clean(
            exclude=["section", "pairing_number"], validate_unique=False, validate_constraints=False
        )
    except ValidationError as exc:
        for fname, messages in exc.message_dict.items():
            errors.append((fname, " ".join(messages)))
    if section.is_go and not row.get("go_rank") and row.get("rating") is None:
        errors.append(
            (
                "go_rank",
                _("a Go section needs each player's rank (e.g. 5k, 2d) or EGF rating"),
            )
        )
    return row, errors


def csv_import(*, section: Section, text: str) -> int:
    """Add every player of the file, or none if any row has an error."""
    preview = csv_preview(section=section, text=text)
    if preview.errors:
        line, fname, message = preview.errors[0]
        more = (
            _(" (%(n)s more)") % {"n": len(preview.errors) - 1} if len(preview.errors) > 1 else ""
        )
        if fname:
            text = _("CSV line %(line)s, %(field)s: %(message)s%(more)s. Nothing was imported.")
        else:
            text = _("CSV line %(line)s: %(message)s%(more)s. Nothing was imported.")
        raise ServiceError(text % {"line": line, "field": fname, "message": message, "more": more})
    with transaction.atomic():
        for row in preview.rows:
            data = {k: v for k, v in row.items() if k != "line"}
            player_create(section=section, **data)
    return len(preview.rows)


# OpenGotha --------------------------------------------------------------------

GOTHA_TO_RESULT = {v: k for k, v in RESULT_TO_GOTHA.items()}
GOTHA_TO_RESULT["RESULT_EQUAL_BYDEF"] = Result.DRAW


def join_name(family: str, given: str) -> str:
    return f"{family.strip()}, {given.strip()}" if given.strip() else family.strip()


# Rank settings of an OpenGotha file: (GoSettings field, the file's attribute).
RANK_SETTINGS = (
    ("mm_bar", "genMMBar"),
    ("mm_floor", "genMMFloor"),
    ("mm_zero", "genMMZero"),
    ("no_handicap_rank", "hdNoHdRankThreshold"),
)


def _settings_config(t: GoTournament):
    """The McMahon configuration of a file's settings, or ServiceError naming the
    attribute that is wrong."""
    for name, attribute in RANK_SETTINGS:
        try:
            parse_rank(getattr(t.settings, name))
        except ValueError as exc:
            raise ServiceError(
                _("OpenGotha: the file's settings: %(attribute)s: %(error)s")
                % {"attribute": attribute, "error": exc}
            ) from exc
    try:
        return mcmahon_config(t.settings)
    except ValueError as exc:
        raise ServiceError(_("OpenGotha: the file's settings: %(error)s") % {"error": exc}) from exc


def _check_games(t: GoTournament) -> None:
    """What the database would refuse (or choke on) in the games, said for people."""
    for g in t.games:
        if not 0 <= g.handicap <= 9:
            raise ServiceError(
                _(
                    "OpenGotha: round %(round)s, table %(table)s: handicap %(handicap)s is not "
                    "a number of stones from 0 to 9."
                )
                % {"round": g.round, "table": g.table, "handicap": g.handicap}
            )
        if g.round > 99:
            raise ServiceError(
                _("OpenGotha: a game in round %(round)s: at most 99 rounds.") % {"round": g.round}
            )


def _settings_update(*, section: Section, **fields) -> None:
    try:
        section_update(section=section, **fields)
    except ServiceError as exc:
        raise ServiceError(
            _("OpenGotha: the file's settings: %(error)s") % {"error": exc.message}
        ) from exc


def opengotha_import(*, section: Section, text: str) -> ImportReport:
    """Players, rounds, games, byes and McMahon settings of an OpenGotha file, into an
    empty Go section. Rounds with every result are closed, the others published."""
    if not section.is_go:
        raise ServiceError(
            _("%(section)s is a chess section; OpenGotha files are for Go.")
            % {"section": section.name}
        )
    try:
        t = loads_opengotha(text, source="the file")
    except (OpenGothaError, ValueError) as exc:
        raise ServiceError(_("OpenGotha: %(error)s") % {"error": exc}) from exc
    config = _settings_config(t)
    s = t.settings
    report = ImportReport(
        warnings=[_("OpenGotha: %(warning)s") % {"warning": w} for w in t.warnings]
    )
    given = section
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        if section.players.exists() or section.rounds.exists():
            raise ServiceError(
                _("%(section)s already has players; import into an empty section.")
                % {"section": section.name}
            )
        last = max(t.rounds_with_games(), default=0)
        _check_games(t)
        _settings_update(
            section=section,
            total_rounds=max(s.number_of_rounds, last, 1),
            mcmahon_bar=s.mm_bar.lower(),
            mcmahon_floor=s.mm_floor.lower(),
            mcmahon_no_handicap_above=(
                "" if config.no_handicap_rank is None else format_rank(config.no_handicap_rank)
            ),
            handicap_cap=min(s.handicap_ceiling, 9),
            handicap_reduction=s.handicap_correction,
            komi_even=Decimal(str(s.komi)),
            points_pairing_bye=Decimal(str(s.bye_points)),
            points_absent=Decimal(str(s.absent_points)),
            mcmahon_options=mcmahon_options_of(config),
        )
        section.refresh_from_db()
        players: list[Player] = []
        for k, gp in enumerate(t.players, start=1):
            try:
                player = player_create(
                    section=section,
                    name=join_name(gp.name, gp.first_name),
                    pairing_number=k,
                    go_rank=gp.rank.lower(),
                    rating=gp.rating or None,
                    club=gp.club[:120],
                    federation=gp.country[:3].upper(),
                    egf_pin=gp.egf_pin[:12],
                    mms_correction=gp.mms_correction,
                )
            except ServiceError as exc:
                raise ServiceError(
                    _("OpenGotha player %(n)s (%(name)s): %(error)s")
                    % {"n": k, "name": gp.full_name, "error": exc.message}
                ) from exc
            if gp.registration != "FIN":
                player.withdrawn_from_round = 1
                player.save(update_fields=["withdrawn_from_round"])
            players.append(player)
        report.players = len(players)
        bye_kind = ByeKind.HALF if s.absent_points >= 0.5 else ByeKind.ZERO
        for r in range(1, last + 1):
            games = t.games_in(r)
            boards = [g.table for g in games]
            if sorted(boards) != list(range(1, len(games) + 1)):
                boards = list(range(1, len(games) + 1))
            ordered = sorted(zip(boards, games, strict=True), key=lambda bg: bg[0])
            byes = [ByeSpec(players[b.player], ByeKind.PAIRING) for b in t.byes_in(r)]
            round_create(
                section=section,
                number=r,
                seed=section.seed,
                games=[
                    GameSpec(
                        b,
                        players[g.white],
                        players[g.black],
                        handicap=g.handicap,
                        komi=Decimal(str(0.5 if g.handicap else s.komi)),
                    )
                    for b, g in ordered
                ],
                results=[GOTHA_TO_RESULT.get(g.result, Result.PENDING) for _, g in ordered],
                byes=byes,
                status=_status(bool(games) and all(g.points() is not None for g in games)),
            )
            report.rounds += 1
            report.games += len(games)
            report.byes += len(byes)
        for k, gp in enumerate(t.players):
            if gp.registration != "FIN":
                continue
            for r in range(last + 1, section.total_rounds + 1):
                if not gp.participates(r):
                    ByeRequest.objects.create(player=players[k], round_number=r, kind=bye_kind)
    given.refresh_from_db()
    return report
