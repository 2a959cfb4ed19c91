"""Reading and writing one TRF player line (record 001)."""

from __future__ import annotations

from pairing.formats.trf import layout as L
from pairing.formats.trf.errors import TRFError
from pairing.limits import control_character
from pairing.record import (
    ALL_CODES,
    BYE_CODES,
    EMPTY_ENTRY,
    FORFEIT_CODES,
    PLAYED_CODES,
    PlayerRecord,
    RoundEntry,
)

SEXES = frozenset("mwfMWF ")
# Older TRF files write byes with the forfeit and draw codes and opponent 0000.
LEGACY_BYE_CODES = {"+": "U", "=": "H", "-": "Z"}


def _int_field(
    line: str, number: int, span: tuple[int, int], what: str, *, blank: int | None = None
) -> int | None:
    text = L.field(line, span).strip()
    if not text:
        if blank is None:
            raise TRFError(number, span[0], f"{what} (columns {span[0]}-{span[1]}) is missing")
        return blank if blank >= 0 else None
    if not text.isdigit():
        raise TRFError(
            number, span[0], f"{what} (columns {span[0]}-{span[1]}) must be a number, not {text!r}"
        )
    return int(text)


def _round_entry(line: str, number: int, round_number: int, pid: int) -> RoundEntry:
    col = L.round_column(round_number)
    block = line[col - 1 : col + 7].ljust(8)
    if not block.strip():
        return EMPTY_ENTRY
    where = f"round {round_number}"
    for offset in (4, 6):
        if block[offset] != " ":
            raise TRFError(
                number,
                col + offset,
                f"{where}: column {col + offset} must be blank (misaligned round block)",
            )
    trailing = line[col + 7 : col + 9]
    if trailing.strip():
        raise TRFError(
            number,
            col + 8,
            f"{where}: columns {col + 8}-{col + 9} must be blank (misaligned round block)",
        )
    opp_text, colour, code = block[0:4].strip(), block[5].lower(), block[7]
    if code.isalpha():
        code = code.upper()
    if code not in ALL_CODES:
        raise TRFError(number, col + 7, f"{where}: result code {block[7]!r} is unknown")
    if colour == " ":
        colour = "-"
    if colour not in ("w", "b", "-"):
        raise TRFError(number, col + 5, f"{where}: colour {block[5]!r} is not w, b or -")
    if opp_text and not opp_text.isdigit():
        raise TRFError(number, col, f"{where}: opponent {opp_text!r} is not a pairing number")
    opponent = int(opp_text) if opp_text else 0
    if opponent == pid:
        raise TRFError(number, col, f"{where}: player {pid} is paired against themself")
    if opponent:
        if code in PLAYED_CODES:
            if colour == "-":
                raise TRFError(number, col + 5, f"{where}: a played game needs colour w or b")
        elif code not in FORFEIT_CODES:
            raise TRFError(
                number, col + 7, f"{where}: result {code!r} is not a game result (1 = 0 W D L + -)"
            )
        return RoundEntry(opponent, colour, code)
    code = LEGACY_BYE_CODES.get(code, code)
    if code not in BYE_CODES and code != " ":
        raise TRFError(
            number, col + 7, f"{where}: result {code!r} needs an opponent (opponent is 0000)"
        )
    if colour != "-":
        raise TRFError(number, col + 5, f"{where}: a round without opponent has colour -")
    return RoundEntry(None, "-", code)


def parse_player(line: str, number: int) -> PlayerRecord:
    """A PlayerRecord from a 001 line (declared points are checked later)."""
    if len(line.rstrip()) < L.POINTS[1]:
        raise TRFError(
            number,
            len(line.rstrip()) + 1,
            f"player line ends at column {len(line.rstrip())}; the points "
            f"(columns {L.POINTS[0]}-{L.POINTS[1]}) are missing",
        )
    bad = control_character(line)
    if bad is not None:
        raise TRFError(
            number, bad + 1, f"a control character (U+{ord(line[bad]):04X}) is not allowed here"
        )
    pid = _int_field(line, number, L.ID, "pairing number")
    if pid == 0:
        raise TRFError(number, L.ID[0], "pairing number must be at least 1")
    sex = L.field(line, L.SEX)
    if sex not in SEXES:
        raise TRFError(number, L.SEX[0], f"sex {sex!r} is not m, w or blank")
    rating = _int_field(line, number, L.RATING, "rating", blank=0)
    points_text = L.field(line, L.POINTS)
    points = L.parse_points(points_text)
    if points is None:
        raise TRFError(
            number, L.POINTS[0], f"points {points_text.strip()!r} (columns 81-84) are not a number"
        )
    rank = _int_field(line, number, L.RANK, "rank", blank=-1)
    rounds: list[RoundEntry] = []
    body = line.rstrip()
    if len(body) > L.FIRST_ROUND_COLUMN - 1 and body[L.RANK[1] : L.FIRST_ROUND_COLUMN - 1].strip():
        raise TRFError(number, L.RANK[1] + 1, "columns 90-91 must be blank")
    r = 1
    while L.round_column(r) <= len(body):
        rounds.append(_round_entry(body, number, r, pid))
        r += 1
    while rounds and rounds[-1] == EMPTY_ENTRY:
        rounds.pop()
    return PlayerRecord(
        id=pid,
        name=L.field(line, L.NAME).strip(),
        rating=rating,
        title=L.field(line, L.TITLE).strip(),
        sex=sex.strip(),
        federation=L.field(line, L.FEDERATION).strip(),
        fide_id=L.field(line, L.FIDE_ID).strip(),
        birth=L.field(line, L.BIRTH).strip(),
        declared_points=points,
        declared_rank=rank,
        rounds=rounds,
    )


def format_player(player: PlayerRecord, points) -> str:
    for text, span, what in (
        (player.name, L.NAME, "name"),
        (player.title, L.TITLE, "title"),
        (player.federation, L.FEDERATION, "federation"),
        (player.fide_id, L.FIDE_ID, "FIDE id"),
        (player.birth, L.BIRTH, "birth date"),
    ):
        if len(text) > span[1] - span[0] + 1:
            raise ValueError(
                f"player {player.id}: {what} {text!r} is longer than "
                f"{span[1] - span[0] + 1} characters"
            )
    if not 1 <= player.id <= 9999:
        raise ValueError(f"pairing number {player.id} does not fit four columns")
    rating = f"{player.rating:4d}" if player.rating else "    "
    rank = f"{player.declared_rank:4d}" if player.declared_rank else "    "
    line = (
        f"001 {player.id:4d} {player.sex or ' ':1}{player.title:>3} {player.name:<33} "
        f"{rating} {player.federation:<3} {player.fide_id:>11} {player.birth:<10} "
        f"{L.format_points(points):>4} {rank}  "
    )
    blocks = []
    for e in player.rounds:
        if e == EMPTY_ENTRY:
            blocks.append(" " * 8)
        else:
            opp = f"{e.opponent:4d}" if e.opponent is not None else "0000"
            blocks.append(f"{opp} {e.colour} {e.code}")
    return (line + "  ".join(blocks)).rstrip()
