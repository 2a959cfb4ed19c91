"""Why a round cannot be paired: the players left over and what keeps them apart."""

from __future__ import annotations

from .area import same_area
from .groups import Draw
from .request import McMahonRequest
from .state import PlayerState

LISTED = 5  # names listed per reason; beyond that, a count


def label(st: PlayerState) -> str:
    return f"{st.player.id} {st.player.name}".strip()


def _names(states: list[PlayerState]) -> str:
    shown = ", ".join(label(st) for st in states[:LISTED])
    more = len(states) - LISTED
    return shown + (f" and {more} more" if more > 0 else "")


def rules_text(request: McMahonRequest) -> str:
    rules = ["rematches"]
    if request.prohibited_pairs:
        rules.append("prohibited pairs")
    if request.forbid_same_club:
        rules.append("same-club games")
    return rules[0] if len(rules) == 1 else ", ".join(rules[:-1]) + " and " + rules[-1]


def blocked_by(v: int, draw: Draw, request: McMahonRequest) -> str:
    """What keeps vertex `v` from each player it may not meet this round."""
    st = draw.states[v]
    prohibited = {frozenset(p) for p in request.prohibited_pairs}
    met, barred, club = [], [], []
    for u, other in enumerate(draw.states):
        if u == v:
            continue
        if draw.met[v, u]:
            met.append(other)
        elif frozenset((st.player.id, other.player.id)) in prohibited:
            barred.append(other)
        elif request.forbid_same_club and same_area(st.player.club, other.player.club):
            club.append(other)
    allowed = draw.n - 1 - len(met) - len(barred) - len(club)
    parts = [f"{allowed} possible opponent{'s' if allowed != 1 else ''}"]
    if met:
        parts.append(f"has met {_names(met)}")
    if barred:
        parts.append(f"may not meet {_names(barred)} (prohibited)")
    if club:
        parts.append(f"shares the club {st.player.club.strip()} with {_names(club)}")
    return f"{label(st)}: " + "; ".join(parts)


def no_pairing_message(
    request: McMahonRequest, field_size: int, draw: Draw, unpaired: list[int]
) -> str:
    details = ". ".join(blocked_by(v, draw, request) for v in unpaired[:LISTED])
    if len(unpaired) > LISTED:
        details += f". And {len(unpaired) - LISTED} more players"
    return (
        f"round {request.round_number}: no pairing of {field_size} players avoids "
        f"{rules_text(request)} (left without an opponent: {details})"
    )
