"""EGF tournament results (.h9), the table the European Go Database reads.

As the EGF describes it (A. Cieply's "Comments on submitting tournament
results" and the EGF tournament classes), with the header tags other
programs write (OpenGotha, Pairgoth):

    ; CL[A]                       class: A, B, C by the time limits; D for an
                                  internet tournament; X below class C
    ; EV[Tournament name]
    ; PC[fr,Location]             country code (may be empty) and place
    ; DT[2024-05-28,2024-05-29]   first and last day
    ; HA[h1]                      handicap reduction ("h9": no handicap games)
    ; KM[7.5]                     komi
    ; TM[75]                      adjusted time in minutes

then one row per player, best placed first:

    place  Surname Firstname  rank  country  club  criteria...  round results...  |PIN

A round result is `<opponent place><+|-|=>/<w|b><handicap>`, or `0+`, `0=`
or `0-` for a round without a game worth a win, half a point or nothing
(byes and absences by the tournament's points; games decided by default are
written this way too, as they were not played). Names and clubs have their
spaces replaced by underscores so that every field is one token; the EGD
PIN, when known, ends the row after a bar.
"""

from __future__ import annotations

import unicodedata

from pairing.engine.mcmahon.config import McMahonConfig
from pairing.engine.mcmahon.ranks import format_rank
from pairing.engine.mcmahon.standings import CRITERIA, placement, standings
from pairing.gorecord import GoGame, GoTournament, mcmahon_config, mcmahon_request

DEFAULT_CRITERIA = ("MMS", "SOSM", "SOSOSM")
# (class, least basic time, least adjusted time) in minutes; the EGF's limits
# for byo-yomi (and sudden death) and for Fischer time
BYOYOMI_CLASSES = (("A", 60, 75), ("B", 40, 50), ("C", 25, 30))
FISCHER_CLASSES = (("A", 45, 75), ("B", 30, 50), ("C", 20, 30))


class H9Error(ValueError):
    """A tournament that cannot be written as EGF results."""


def adjusted_time(t: GoTournament) -> float:
    """Basic time plus the time of 45 moves in standard byo-yomi, of 60 moves
    in Canadian byo-yomi, or the increment of 120 moves in Fischer time, in
    minutes (sudden death: the basic time)."""
    s = t.settings
    extra = 0.0
    if s.byoyomi_system == "STDBYOYOMI":
        extra = 45 * s.std_byoyomi_time / 60
    elif s.byoyomi_system == "CANBYOYOMI" and s.can_byoyomi_moves > 0:
        extra = 60 * s.can_byoyomi_time / s.can_byoyomi_moves / 60
    elif s.byoyomi_system == "FISCHER":
        extra = 120 * s.fischer_time / 60
    return s.basic_time + extra


def tournament_class(t: GoTournament) -> str:
    """EGF class by time: A, B or C over the board; D on the internet (class
    B's limits); X when the limits of C (of B on the internet) are not met."""
    basic, adjusted = t.settings.basic_time, adjusted_time(t)
    limits = FISCHER_CLASSES if t.settings.byoyomi_system == "FISCHER" else BYOYOMI_CLASSES
    if t.settings.internet:
        _, min_basic, min_adjusted = limits[1]
        return "D" if basic >= min_basic and adjusted >= min_adjusted else "X"
    for name, min_basic, min_adjusted in limits:
        if basic >= min_basic and adjusted >= min_adjusted:
            return name
    return "X"


def placement_criteria(t: GoTournament) -> tuple[str, ...]:
    """The file's placement criteria that we compute, in order."""
    names: list[str] = []
    for node in t.preserved:
        if node.tag != "TournamentParameterSet":
            continue
        params = node.find("PlacementParameterSet")
        crit = params.find("PlacementCriteria") if params is not None else None
        if crit is None:
            continue
        ordered = sorted(crit.children, key=lambda c: int(c.attributes.get("number", "0") or 0))
        names = [c.attributes.get("name", "").upper() for c in ordered]
    used = tuple(n for n in names if n in CRITERIA)
    return used or DEFAULT_CRITERIA


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"


def _token(text: str, blank: str, ascii_only: bool = False) -> str:
    text = "_".join(text.split())
    if ascii_only:  # letters without their accents, anything else dropped
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return text or blank


def _free(points: float) -> str:
    return "0" + free_result(points)


def _result(game: GoGame, me: int, place: dict[int, int]) -> str:
    white = game.white == me
    points = game.points()
    if points is None:
        raise H9Error(f"round {game.round}, table {game.table}: the game has no result yet")
    mine, theirs = points if white else points[::-1]
    if game.by_default:
        return _free(mine)
    opponent = place[game.black if white else game.white]
    sign = "+" if mine > theirs or (mine == theirs == 1) else ("=" if mine == theirs > 0 else "-")
    colour = f"/{'w' if white else 'b'}{game.handicap}" if game.known_colour else ""
    return f"{opponent}{sign}{colour}"


def final_order(t: GoTournament, config: McMahonConfig, rounds: int | None = None):
    """(last round, criteria, standings best first, place by player index)
    after `rounds` rounds (default: the last round with games). Listed:
    everyone finally registered, and anyone with a game."""
    played = t.rounds_with_games()
    last = rounds if rounds is not None else (played[-1] if played else 0)
    in_games = {p for g in t.games if g.round <= last for p in (g.white, g.black)}
    listed = {k for k, p in enumerate(t.players) if p.registration == "FIN" or k in in_games}
    request = mcmahon_request(t, last + 1, config)
    criteria = placement_criteria(t)
    rows = [s for s in standings(request) if s.id - 1 in listed]
    order = placement(rows, criteria)
    place = {s.id - 1: k for k, s in enumerate(order, start=1)}
    return last, criteria, order, place


def free_result(points: float) -> str:
    """A round without a game: "+" worth a win, "=" half a point, "-" nothing."""
    return "+" if points >= 1 else ("=" if points > 0 else "-")


def dumps_h9(
    t: GoTournament,
    *,
    config: McMahonConfig | None = None,
    rounds: int | None = None,
    klass: str | None = None,
    ascii_only: bool = False,
    country: str = "",
) -> str:
    """The EGF results table after `rounds` rounds (default: the last round
    with games). Players listed: everyone finally registered, and anyone
    with a game. `ascii_only` writes names and clubs without accents;
    `country` is the two-letter code of the host country (PC tag)."""
    config = config or mcmahon_config(t.settings)
    last, criteria, order, place = final_order(t, config, rounds)
    s = t.settings
    even_only = s.handicap_ceiling == 0 or all(g.handicap == 0 for g in t.games if g.round <= last)
    handicap = "h9" if even_only else f"h{max(s.handicap_correction, 0)}"
    lines = [
        f"; CL[{klass or tournament_class(t)}]",
        f"; EV[{s.name}]",
        f"; PC[{country.strip().lower()},{s.location}]",
        f"; DT[{s.begin_date},{s.end_date or s.begin_date}]",
        f"; HA[{handicap}]",
        f"; KM[{s.komi:g}]",
        f"; TM[{_number(round(adjusted_time(t), 1))}]",
        ";",
        f"; Pl Name Rk Co Club {' '.join(criteria)} "
        + " ".join(str(r) for r in range(1, last + 1)),
    ]
    table = []
    for standing in order:
        k = standing.id - 1
        p = t.players[k]
        cells = [
            str(place[k]),
            _token(p.name, "-", ascii_only),
            _token(p.first_name, "-", ascii_only),
            format_rank(p.rank_value),
            _token(p.country, "--"),
            _token(p.club, "-", ascii_only),
            *(_number(standing.value(c)) for c in criteria),
        ]
        for r in range(1, last + 1):
            game = next((g for g in t.games_in(r) if k in (g.white, g.black)), None)
            if game is not None:
                cells.append(_result(game, k, place))
            elif any(b.player == k for b in t.byes_in(r)):
                cells.append(_free(config.bye_points))
            else:
                cells.append(_free(config.absent_points))
        if p.egf_pin:
            cells.append(f"|{p.egf_pin}")
        table.append(cells)
    widths = [
        max(len(row[c]) for row in table if c < len(row))
        for c in range(max(map(len, table), default=0))
    ]
    for row in table:
        lines.append(" ".join(cell.ljust(widths[c]) for c, cell in enumerate(row)).rstrip())
    return "\n".join(lines) + "\n"
