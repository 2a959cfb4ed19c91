"""Player state before a round (section 2.3 of the weights paper).

From the players' ranks and their round-by-round history this derives, for
every player: starting and current McMahon score, the drawn-up / drawn-down
counts with their wins and losses, the colour per round with balance and
alternation, the opponents met, the byes had, and the play-in / play-out
counts. Seeds, groups and area seeds depend on who is being paired this
round and are computed in groups.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .config import McMahonConfig
from .request import (
    ABSENT,
    BYE,
    FORFEIT,
    GAME,
    ROUND_KINDS,
    McMahonInputError,
    McMahonPlayer,
    McMahonRequest,
    RoundRecord,
)


def initial_mms(rank: int, correction: int, config: McMahonConfig) -> float:
    """Starting McMahon score: the rank clipped to [floor, bar], counted from
    the `zero` rank, plus the player's own correction."""
    clipped = rank
    if config.bar is not None:
        clipped = min(clipped, config.bar)
    if config.floor is not None:
        clipped = max(clipped, config.floor)
    return float(clipped - config.zero + correction)


def at_bar(rank: int, config: McMahonConfig) -> bool:
    """A player whose rank is at or above the bar (the top group)."""
    return config.bar is not None and rank >= config.bar


def round_points(record: RoundRecord, config: McMahonConfig) -> float:
    if record.points is not None:
        return float(record.points)
    if record.kind == BYE:
        return float(config.bye_points)
    if record.kind == ABSENT:
        return float(config.absent_points)
    return 0.0


def is_cross_group_game(m_a: float, m_b: float, config: McMahonConfig) -> bool:
    """A game between two McMahon groups that is not a handicap game: the
    games whose up/down counts feed the uneven rules (section 5)."""
    return m_a != m_b and abs(m_a - m_b) <= abs(config.handicap_offset)


@dataclass(slots=True)
class PlayerState:
    index: int
    player: McMahonPlayer
    mms_start: float
    mms_before: list[float]  # mms_before[r-1]: score before round r, r = 1..round_number
    mms: float  # current score, before the round being paired
    up: int = 0  # U: uneven games drawn up
    down: int = 0  # D: uneven games drawn down
    up_losses: int = 0  # U-
    down_wins: int = 0  # D+
    colours: tuple[int, ...] = ()  # C(s) per earlier round: +1 W, -1 B, 0 no game
    opponents: frozenset[int] = frozenset()  # ids met (games and forfeits)
    pairing_byes: int = 0
    games_played: int = 0
    play_in: int = 0  # P_in
    play_out: int = 0  # P_out
    at_bar: bool = False

    @property
    def colour_balance(self) -> int:
        return sum(self.colours)

    @property
    def colour_alternation(self) -> float:
        c = self.colours
        return sum(abs(c[s] - c[s - 1]) / 2 for s in range(1, len(c)))

    @property
    def last_colour(self) -> int:
        return self.colours[-1] if self.colours else 0

    def balance(self, rule: str) -> int:
        """m_bal (full) or the partial balance U- - D+ (section 5.2)."""
        return self.up - self.down if rule == "full" else self.up_losses - self.down_wins

    def uneven_count(self, rule: str) -> int:
        """m_out: U + D (full) or U- + D+ (partial)."""
        return self.up + self.down if rule == "full" else self.up_losses + self.down_wins


def validate_request(request: McMahonRequest) -> None:
    if request.round_number < 1:
        raise McMahonInputError(f"round number must be >= 1, not {request.round_number}")
    ids: dict[int, McMahonPlayer] = {}
    for p in request.players:
        if p.id in ids:
            raise McMahonInputError(f"player id {p.id} appears twice")
        ids[p.id] = p
    for pair in request.prohibited_pairs:
        if len(pair) != 2 or pair[0] == pair[1] or any(pid not in ids for pid in pair):
            raise McMahonInputError(
                f"prohibited pair {tuple(pair)!r}: it must name two different players"
            )
    past = request.round_number - 1
    for p in request.players:
        if len(p.rounds) != past:
            raise McMahonInputError(
                f"player {p.id} ({p.name or 'unnamed'}) has {len(p.rounds)} earlier rounds; "
                f"round {request.round_number} needs {past}"
            )
        for r, rec in enumerate(p.rounds, start=1):
            _check_record(p, r, rec, ids)


def _check_record(
    p: McMahonPlayer, r: int, rec: RoundRecord, ids: dict[int, McMahonPlayer]
) -> None:
    where = f"player {p.id}, round {r}"
    if rec.kind not in ROUND_KINDS:
        raise McMahonInputError(f"{where}: unknown round kind {rec.kind!r}")
    if rec.points is not None and not (0 <= rec.points <= 1 and math.isfinite(rec.points)):
        raise McMahonInputError(f"{where}: points {rec.points} outside [0, 1]")
    if rec.kind in (GAME, FORFEIT):
        if rec.opponent is None or rec.opponent not in ids or rec.opponent == p.id:
            raise McMahonInputError(f"{where}: opponent {rec.opponent} is not another player")
        if rec.points is None:
            raise McMahonInputError(f"{where}: a game needs its points")
        other = ids[rec.opponent].rounds
        back = other[r - 1] if len(other) >= r else None
        if back is None or back.opponent != p.id or back.kind != rec.kind:
            raise McMahonInputError(
                f"{where}: opponent {rec.opponent} does not record this {rec.kind}"
            )
        if rec.colour not in (1, 0, -1) or rec.colour + back.colour != 0:
            raise McMahonInputError(f"{where}: the two players' colours do not match")
    elif rec.opponent is not None:
        raise McMahonInputError(f"{where}: a {rec.kind} has no opponent")


def player_states(request: McMahonRequest) -> list[PlayerState]:
    """Every player's state before `request.round_number` (validates first)."""
    validate_request(request)
    config = request.config
    past = request.round_number - 1
    index = {p.id: k for k, p in enumerate(request.players)}
    states: list[PlayerState] = []
    for k, p in enumerate(request.players):
        start = (
            initial_mms(p.rank, p.mms_correction, config)
            if p.mms_start is None
            else float(p.mms_start) + p.mms_correction
        )
        before = [start]
        games = free = 0.0
        for rec in p.rounds:
            if rec.kind in (GAME, FORFEIT):
                games += round_points(rec, config)
            else:
                free += round_points(rec, config)
            counted = math.floor(free) if config.round_down_free_points else free
            before.append(start + games + counted)
        states.append(
            PlayerState(
                index=k,
                player=p,
                mms_start=start,
                mms_before=before,
                mms=before[past],
                at_bar=at_bar(p.rank, config),
            )
        )
    for st in states:
        _history(st, states, index, config)
    return states


def _history(
    st: PlayerState, states: list[PlayerState], index: dict[int, int], config: McMahonConfig
) -> None:
    p = st.player
    colours: list[int] = []
    opponents: set[int] = set()
    for r, rec in enumerate(p.rounds, start=1):
        played = rec.kind == GAME
        colours.append(rec.colour if played else 0)
        if rec.kind == BYE:
            st.pairing_byes += 1
        if rec.kind not in (GAME, FORFEIT):
            continue
        opponents.add(rec.opponent)
        if not played:
            continue
        st.games_played += 1
        opp = states[index[rec.opponent]]
        mine, theirs = st.mms_before[r - 1], opp.mms_before[r - 1]
        if is_cross_group_game(mine, theirs, config):
            if mine < theirs:
                st.up += 1
                st.up_losses += rec.points == 0
            else:
                st.down += 1
                st.down_wins += rec.points == 1
        if p.play_in_group and opp.player.play_in_group == p.play_in_group:
            st.play_in += 1
        if p.play_out_group and opp.player.play_out_group != p.play_out_group:
            st.play_out += 1
    if not p.play_in_group:
        st.play_in = len(p.rounds)  # outsiders count as having played "in" (section 8)
    st.colours = tuple(colours)
    st.opponents = frozenset(opponents)
