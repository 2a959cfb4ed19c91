"""The check-list `blossom-pairing -l` writes: one line per player of the round to
pair, with what the pairing looks at (the columns programs that drive pairing engines
show as a player's pairing history).

    No      the pairing number
    Rtg     rating
    Pts     score for pairing (acceleration included)
    Col     colours of the rounds so far (w, b; - without a game over the board)
    CD      colour difference, whites minus blacks (played games)
    Pref    the colour due and how strongly (C.04.3 A.6: A absolute, S strong, M mild)
    F-1 F-2 float in the last and the one before (U up, D down)
    Bye     may receive the pairing-allocated bye (C.04.1: not had one, nor a win
            without playing)
    Status  "out" for a player not paired this round (withdrawn, bye asked for)
    Opp     opponents met, in order
"""

from __future__ import annotations

from pairing.engine.colour_history import colour_difference, colour_streak, due_colour
from pairing.engine.swiss.request import SwissPlayer, SwissRequest
from pairing.record import TournamentRecord

FLOAT = {"up": "U", "down": "D", "": "-"}


def preference(p: SwissPlayer) -> str:
    due = due_colour(p.colours)
    if due is None:
        return "-"
    cd = colour_difference(p.colours)
    strength = "A" if abs(cd) > 1 or colour_streak(p.colours) else "S" if cd else "M"
    return f"{due}{strength}"


def checklist_text(request: SwissRequest, record: TournamentRecord) -> str:
    opponents = {
        p.id: [e.opponent for e in p.rounds[: request.round_number - 1] if e.opponent]
        for p in record.players
    }
    lines = [
        f"Round {request.round_number} of {request.total_rounds}, "
        f"{sum(not (p.withdrawn or p.bye_requested) for p in request.players)} players to pair",
        f"{'No':>4} {'Rtg':>4} {'Pts':>5} {'Col':<12} {'CD':>3} {'Pref':<4} "
        f"{'F-1':<3} {'F-2':<3} {'Bye':<3} {'Status':<6} Opp",
    ]
    for p in sorted(request.players, key=lambda p: (-p.score, p.id)):
        floats = [FLOAT.get(f, "-") for f in reversed(p.floats)] + ["-", "-"]
        eligible = "Y" if p.pairing_byes == 0 and p.unplayed_wins == 0 else "N"
        status = "out" if p.withdrawn or p.bye_requested else ""
        points = float(p.score)
        cd = colour_difference(p.colours)
        lines.append(
            f"{p.id:>4} {p.rating or '':>4} {points:>5.1f} {''.join(p.colours) or '-':<12} "
            f"{f'{cd:+d}' if cd else '0':>3} {preference(p):<4} {floats[0]:<3} "
            f"{floats[1]:<3} {eligible:<3} {status:<6} "
            + " ".join(str(o) for o in opponents.get(p.id, []))
        )
    return "\n".join(line.rstrip() for line in lines) + "\n"
