"""Pairing quality (section 10 of the weights paper) and plain counts.

`round_quality` measures one round's games - ours or the organisers' - given
every player's state before the round, so the two can be compared on the
same history. `cumulative_quality` sums the per-round quantities over the
rounds, as section 10 defines Q_mms and Q_area for a whole tournament.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .area import area_key, same_area
from .config import McMahonConfig
from .request import RoundQuality
from .state import PlayerState


@dataclass(frozen=True, slots=True)
class PlayedGame:
    white: int  # index into the states list
    black: int
    handicap: int = 0


def expected_unequal_games(group_sizes: Iterable[int]) -> int:
    """Section 10.1: every McMahon group of odd size forces one player out of
    it, and one cross-group game settles two odd groups: E = odd groups / 2."""
    odd = sum(1 for size in group_sizes if size % 2)
    return odd // 2


def expected_same_area_games(areas: Sequence[object | None]) -> float:
    """Section 10.2 for one McMahon group: with M players and the largest
    area of A players, split and slide leaves max(0, A - M/2) same-area games.
    None marks a player with no area (an area of one)."""
    sizes = Counter(a for a in areas if a is not None)
    largest = max(sizes.values(), default=1 if areas else 0)
    return max(0.0, largest - len(areas) / 2)


def colour_value(colours: Sequence[int]) -> float | None:
    """Section 10.3: C_val = (|C_bal| - E_bal + r - 1 - C_alt) / (2r - 1 - E_bal)
    over the player's own games (rounds without a game are left out, so r is
    the number of games); None for a player without games; 0 when the
    denominator vanishes (a single game, which cannot be improved)."""
    played = [c for c in colours if c]
    r = len(played)
    if r == 0:
        return None
    e_bal = r % 2
    denominator = 2 * r - 1 - e_bal
    if denominator <= 0:
        return 0.0
    balance = abs(sum(played))
    alternation = sum(abs(played[s] - played[s - 1]) / 2 for s in range(1, r))
    return (balance - e_bal + r - 1 - alternation) / denominator


def colour_quality(histories: Iterable[Sequence[int]]) -> float:
    """Q_colour = sqrt(mean(C_val^2)) over the players with games."""
    values = [v for v in (colour_value(h) for h in histories) if v is not None]
    if not values:
        return 0.0
    return math.sqrt(sum(v * v for v in values) / len(values))


def round_quality(
    states: Sequence[PlayerState], games: Sequence[PlayedGame], config: McMahonConfig
) -> RoundQuality:
    """Quality of one round's games, given the states before the round."""
    n_games = len(games)
    unequal = same_country = same_club = handicap_games = max_handicap = 0
    below = below_country = below_club = 0
    players = []
    new_colour: dict[int, int] = {}
    for g in games:
        w, b = states[g.white], states[g.black]
        players += [w, b]
        new_colour[g.white], new_colour[g.black] = 1, -1
        unequal += w.mms != b.mms
        country = same_area(w.player.country, b.player.country)
        club = same_area(w.player.club, b.player.club)
        same_country += country
        same_club += club
        if g.handicap > 0:
            handicap_games += 1
            max_handicap = max(max_handicap, g.handicap)
        if not w.at_bar and not b.at_bar:
            below += 1
            below_country += country
            below_club += club

    groups: dict[float, list[PlayerState]] = {}
    for st in players:
        groups.setdefault(st.mms, []).append(st)
    expected = expected_unequal_games(len(v) for v in groups.values())
    e_country = e_club = 0.0
    for members in groups.values():
        lower = [st for st in members if not st.at_bar]
        e_country += expected_same_area_games([area_key(st.player.country) for st in lower])
        e_club += expected_same_area_games([area_key(st.player.club) for st in lower])

    histories = [(*st.colours, new_colour.get(k, 0)) for k, st in enumerate(states)]
    imbalanced = sum(1 for h in histories if abs(sum(h)) >= 2)
    q_mms = 1.0 - abs(unequal - expected) / n_games if n_games else 1.0
    if below:
        q_area = 1.0 - (abs(below_country - e_country) + abs(below_club - e_club)) / below
    else:
        q_area = 1.0
    return RoundQuality(
        games=n_games,
        unequal_mms_games=unequal,
        expected_unequal_mms_games=expected,
        games_below_bar=below,
        same_country_games=same_country,
        same_club_games=same_club,
        same_country_below_bar=below_country,
        same_club_below_bar=below_club,
        expected_same_country_games=e_country,
        expected_same_club_games=e_club,
        handicap_games=handicap_games,
        max_handicap=max_handicap,
        q_mms=q_mms,
        q_area=q_area,
        q_colour=colour_quality(histories),
        colour_imbalanced_players=imbalanced,
    )


@dataclass(frozen=True, slots=True)
class TournamentQuality:
    rounds: int
    q_mms: float
    q_area: float
    q_colour: float  # after the last round


def cumulative_quality(rounds: Sequence[RoundQuality]) -> TournamentQuality:
    """Q_mms and Q_area with M, E and N summed over the rounds (section 10);
    Q_colour as it stands after the last round."""
    if not rounds:
        return TournamentQuality(0, 1.0, 1.0, 0.0)
    games = sum(r.games for r in rounds)
    m = sum(r.unequal_mms_games for r in rounds)
    e = sum(r.expected_unequal_mms_games for r in rounds)
    q_mms = 1.0 - abs(m - e) / games if games else 1.0
    below = sum(r.games_below_bar for r in rounds)
    if below:
        d_country = abs(
            sum(r.same_country_below_bar for r in rounds)
            - sum(r.expected_same_country_games for r in rounds)
        )
        d_club = abs(
            sum(r.same_club_below_bar for r in rounds)
            - sum(r.expected_same_club_games for r in rounds)
        )
        q_area = 1.0 - (d_country + d_club) / below
    else:
        q_area = 1.0
    return TournamentQuality(len(rounds), q_mms, q_area, rounds[-1].q_colour)
