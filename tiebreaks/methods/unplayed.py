"""Unplayed rounds: how byes, forfeits and absences enter opponent-based tiebreaks.

Three rule sets, selectable per section:

``Rules.FIDE_2024`` - FIDE C.07 (approved 2023, in force 1 Aug 2024), Art. 16.
  * Categories of unplayed rounds: PAB or full-point bye; forfeit win; requested
    bye followed by an available round; forfeit loss; requested bye (or absence)
    followed only by voluntary unplayed rounds (VUR: requested byes, forfeit
    losses, absences), or in the last round.
  * Seen by opponents (the adjusted score), the last category counts as a draw,
    all others at the points awarded.
  * For the player's own tiebreak every unplayed round is a game against a
    dummy opponent whose score is the player's own score; the result is the
    points awarded.
  * Cut-1 with VURs (Art. 16.5): Buchholz cuts the lowest VUR contribution;
    Sonneborn-Berger compares the lowest VUR contribution with the least
    significant value and cuts the higher.

``Rules.FIDE_2026`` - the revision in force from 1 March 2026 caps the dummy:
  after a forfeit it scores at most the scheduled opponent's adjusted score,
  otherwise at most draw points x rounds.

``Rules.LEGACY`` - C.02 (2020) as chess-results computes older events (Forlano):
  seen by opponents every unplayed round of a player is a draw; the player's
  own unplayed round R is against a virtual opponent who had the player's score
  before R, took the other side of R's result and then drew every later round:
  S_before(R) + (win - points(R)) + draw x (n - R).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np

from tiebreaks.methods.table import Kind, ResultsTable


class Rules(enum.StrEnum):
    FIDE_2024 = "2024"
    FIDE_2026 = "2026"
    LEGACY = "legacy"

    @classmethod
    def parse(cls, text: str | Rules) -> Rules:
        if isinstance(text, Rules):
            return text
        key = str(text).strip().lower()
        aliases = {"c02": "legacy", "c.02": "legacy", "2020": "legacy", "2023": "2024"}
        key = aliases.get(key, key)
        for rules in cls:
            if rules.value == key:
                return rules
        raise ValueError(f"unknown rules {text!r}: use 2024, 2026 or legacy")


@dataclass(frozen=True, slots=True)
class OpponentView:
    """Per player and round: the opponent value used by BH, FB and SB.

    ``value[i, r]`` is the (adjusted) score of i's opponent in round r, or the
    dummy / virtual opponent's score when i did not play that round.
    ``voluntary[i, r]`` marks VURs, which Cut-1 treats first (2024/2026 rules).
    ``result[i, r]`` is the points that count as i's result in round r for
    Sonneborn-Berger.
    """

    value: np.ndarray
    voluntary: np.ndarray
    result: np.ndarray
    played: np.ndarray


def last_available_round(table: ResultsTable) -> np.ndarray:
    """Index of each player's last round that was not voluntarily unplayed (-1: none)."""
    a = table.arrays
    rounds = a.kind.shape[1]
    available = ~a.voluntary
    idx = np.where(available, np.arange(rounds)[None, :], -1)
    return idx.max(axis=1, initial=-1)


def adjusted_points(table: ResultsTable, rules: Rules) -> np.ndarray:
    """Per-round points as opponents see them (C.07 Art. 16 / C.02)."""
    a = table.arrays
    draw = table.scoring.draw
    if rules is Rules.LEGACY:
        return np.where(a.played, a.points, draw)
    rounds = a.kind.shape[1]
    last = last_available_round(table)
    keep = (np.arange(rounds)[None, :] <= last[:, None]) | a.has_opponent
    return np.where(keep, a.points, draw)


def adjusted_scores(table: ResultsTable, rules: Rules) -> np.ndarray:
    """Each player's score as seen by opponents."""
    return adjusted_points(table, rules).sum(axis=1)


def fore_points(table: ResultsTable, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Per-round points for Fore Buchholz (C.07 Art. 8.3): last round as a draw.

    Returns (as seen by opponents, the player's own) per-round points. A player
    paired in the last round (with an opponent or a PAB) is counted as
    available throughout; a last-round game or forfeit becomes a draw.
    """
    a = table.arrays
    rounds = a.kind.shape[1]
    seen = adjusted_points(table, rules)
    own = a.points.copy()
    if rounds == 0:
        return seen, own
    last = rounds - 1
    paired_last = a.has_opponent[:, last] | (a.kind[:, last] == Kind.PAB)
    if rules is not Rules.LEGACY:
        seen = np.where(paired_last[:, None], a.points, seen)
    with_opponent = a.has_opponent[:, last]
    draw = table.scoring.draw
    seen[with_opponent, last] = draw
    own[with_opponent, last] = draw
    return seen, own


def opponent_view(table: ResultsTable, rules: Rules, *, fore: bool = False) -> OpponentView:
    """Opponent values per round for BH/FB/SB under the chosen rules."""
    a = table.arrays
    n, rounds = a.kind.shape
    if fore:
        seen_rounds, own_rounds = fore_points(table, rules)
    else:
        seen_rounds, own_rounds = adjusted_points(table, rules), a.points
    seen = seen_rounds.sum(axis=1)
    own = own_rounds.sum(axis=1)
    played = a.played.copy()
    if fore and rounds:
        played[:, -1] |= a.has_opponent[:, -1]  # a last-round forfeit counts as the game
    opp = np.where(a.opponent >= 0, a.opponent, 0)
    value = np.where(played, seen[opp], 0.0)
    unplayed = ~played
    draw, win = table.scoring.draw, table.scoring.win
    if rules is Rules.LEGACY:
        before = np.cumsum(a.points, axis=1) - a.points
        later = rounds - 1 - np.arange(rounds)[None, :]
        virtual = before + (win - a.points) + draw * later
        value = np.where(unplayed, virtual, value)
        voluntary = np.zeros((n, rounds), dtype=bool)
        result = np.where(unplayed, draw, a.points)
    else:
        dummy = np.broadcast_to(own[:, None], (n, rounds))
        if rules is Rules.FIDE_2026:
            forfeit_cap = np.where(a.has_opponent, seen[opp], np.inf)
            cap = np.where(a.has_opponent, forfeit_cap, draw * rounds)
            dummy = np.minimum(dummy, cap)
        value = np.where(unplayed, dummy, value)
        voluntary = a.voluntary & unplayed
        result = own_rounds
    return OpponentView(value=value, voluntary=voluntary, result=result, played=played)
