"""FFG tournament results (.tou), the table the French Go Federation's rating
list (the "échelle") reads, in the fixed columns OpenGotha and Pairgoth write.

Header lines, each after a semicolon:

    ;name=short-name              the tournament's short name
    ;date=28/05/2024              first day, day/month/year
    ;vill=Location
    ;comm=Full tournament name
    ;prog=Blossom
    ;size=19
    ;time=60+b                    basic time in minutes, "+b" with overtime
    ;ta=75                        adjusted time in minutes (as the EGF counts it)
    ;komi=7.5
    ;Num Nom Prenom               Niv Licence Club

then one row per player, best placed first, in fixed columns: the place
(4 characters), the name and first name with their spaces as underscores
(25), the rank (3, as 10K or 2D), the FFG licence (7), the club (4), then
8 characters per round: the opponent's place (4), the result (+ - =), the
colour (w b) and the stones, or `   0` and + = - for a round without a game
(a bye or an absence by its points; a game decided by default is written as
a game). Players without a licence get an empty licence column.
"""

from __future__ import annotations

from pairing.engine.mcmahon.config import McMahonConfig
from pairing.formats.h9 import adjusted_time, final_order, free_result
from pairing.gorecord import GoGame, GoTournament, mcmahon_config

PROGRAM = "Blossom"


def _date(iso: str) -> str:
    parts = iso.split("-")
    return "/".join(reversed(parts)) if len(parts) == 3 else iso


def _fit(text: str, width: int, right: bool = True) -> str:
    text = text[-width:] if right else text[:width]
    return text.rjust(width) if right else text.ljust(width)


def _game(game: GoGame, me: int, place: dict[int, int]) -> str:
    white = game.white == me
    points = game.points()
    mine, theirs = (points if white else points[::-1]) if points is not None else (None, None)
    if mine is None:
        sign = "?"
    elif mine > theirs or mine == theirs == 1:
        sign = "+"
    elif mine == theirs and mine > 0:
        sign = "="
    else:
        sign = "-"
    opponent = place[game.black if white else game.white]
    colour = ("w" if white else "b") if game.known_colour else "?"
    return f"{opponent:>4}{sign}{colour}{game.handicap}"


def dumps_tou(
    t: GoTournament, *, config: McMahonConfig | None = None, rounds: int | None = None
) -> str:
    """The FFG results table after `rounds` rounds (default: the last round
    with games), players as in the EGF export."""
    config = config or mcmahon_config(t.settings)
    last, _, order, place = final_order(t, config, rounds)
    s = t.settings
    overtime = {
        "STDBYOYOMI": s.std_byoyomi_time,
        "CANBYOYOMI": s.can_byoyomi_time,
        "FISCHER": s.fischer_time,
    }.get(s.byoyomi_system, 0)
    lines = [
        f";name={s.short_name}",
        f";date={_date(s.begin_date)}",
        f";vill={s.location}",
        f";comm={s.name}",
        f";prog={PROGRAM}",
        f";size={s.board_size}",
        f";time={s.basic_time}{'+b' if overtime else ''}",
        f";ta={int(adjusted_time(t))}",
        f";komi={s.komi:g}",
        ";Num Nom Prenom               Niv Licence Club",
    ]
    for standing in order:
        k = standing.id - 1
        p = t.players[k]
        name = f"{'_'.join(p.name.split())} {'_'.join(p.first_name.split())}"
        rank = min(p.rank_value, 8)  # professional ranks as 9D, the highest OpenGotha writes
        rank_text = f"{rank + 1}D" if rank >= 0 else f"{-rank}K"
        licence = p.attributes.get("ffgLicence", "").strip()
        row = (
            f"{place[k]:>4} {_fit(name, 25, right=False)}{_fit(rank_text, 3)} "
            f"{_fit(licence, 7)} {_fit(p.club.strip(), 4)}"
        )
        for r in range(1, last + 1):
            game = next((g for g in t.games_in(r) if k in (g.white, g.black)), None)
            if game is not None:
                cell = _game(game, k, place)
            elif any(b.player == k for b in t.byes_in(r)):
                cell = f"   0{free_result(config.bye_points)}"
            else:
                cell = f"   0{free_result(config.absent_points)}"
            row += cell.rjust(8)
        lines.append(row)
    return "\n".join(lines) + "\n"
