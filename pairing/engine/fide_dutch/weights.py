"""Edge weights: the quality criteria of C.04.3 C as one exact integer.

A weight is a sequence of fields, the most important criterion in the highest
bits. Each field is wide enough that the sum over any matching of its values
stays inside it, so comparing two matchings by total weight compares their
criteria lexicographically (C.04.3 A.8/A.9: a candidate is better when it is
better on the first criterion where the two differ). Python integers are
unbounded, so the comparison is exact however many criteria there are.

Field widths: `size_bits` holds a count of players of one scoregroup; the
"scoregroup ladder" (`ladder_bits` wide) holds one counter per scoregroup, the
lowest scoregroup in the lowest bits, so a sum of `1 << rungs[level]` compares
first by the count of the highest scores.

From the top, for an edge between the higher-ranked `h` and the lower-ranked
`l` (the bracket being paired and the next scoregroup are the only players
whose criteria count; the rest only keep the round completable):

1. completion (C.4) and the bye (C.2, C.04.1 c): 1 + the number of the two
   who may not take the bye, so that the unpaired player is a bye candidate;
2. pairs in the bracket (C.6: the fewest downfloaters), then their scores
   (C.7: the downfloaters' scores as low as possible);
3. pairs in the next scoregroup and their scores (C.8, the lookahead that
   chooses the downfloaters so the next bracket pairs best);
4. the bye assignee's unplayed games (C.9, 2025);
5. colours, in the bracket only: topscorers' colour difference above 2
   (C.10), topscorers' same colour three times (C.11), colour preferences
   (C.12), strong preferences (C.13);
6. floats, in the bracket only: downfloats and upfloats repeated from the
   previous round (C.14, C.15) and from two rounds before (C.16, C.17), then
   the scores of those downfloaters and of the upfloaters' opponents (C.18 to
   C.21);
7. room below for the choices of the bracket's procedure (which MDPs, which
   exchanges, which transpositions: C.04.3 B.2 to B.5, D), filled in by
   `engine.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.fide_dutch.players import Entrant


def bits(n: int) -> int:
    """Bits needed to write n (at least 1)."""
    return max(1, int(n).bit_length())


@dataclass(slots=True)
class Layout:
    """The sizes the weights are built from, fixed for the round.

    rungs: the bit offset of each score's counter in a scoregroup ladder, by the
    score's level (`Entrant.level`); levels: the level of each score;
    top_level: the lowest level of a topscorer's score (A.7).
    """

    size_bits: int
    ladder_bits: int
    rungs: tuple[int, ...]
    levels: dict[Fraction, int]
    rounds_before: int
    last_round_rule: bool  # C.04.3 A.7: topscorers exist (the last round)
    top_threshold: Fraction
    top_level: int

    @property
    def low_bits(self) -> int:
        """Bits reserved at the bottom for the bracket procedure (item 7)."""
        return 3 * self.size_bits + 1


def make_layout(order: list[Entrant], round_number: int, total_rounds: int, win) -> Layout:
    """The round's layout; also sets each entrant's score level (`Entrant.level`)."""
    sizes: dict[Fraction, int] = {}
    for e in order:
        sizes[e.score] = sizes.get(e.score, 0) + 1
    rungs, offset = [], 0
    levels: dict[Fraction, int] = {}
    for score in sorted(sizes):  # the lowest scoregroup in the lowest bits
        levels[score] = len(levels)
        rungs.append(offset)
        offset += bits(sizes[score])
    for e in order:
        e.level = levels[e.score]
    rounds_before = round_number - 1
    # A.7: topscorers are those with more than half the maximum possible score
    # when the last round is paired (scores kept in tenths of a point, floored).
    tenths = (rounds_before * Fraction(win) * 10).__floor__() >> 1
    threshold = Fraction(tenths, 10)
    return Layout(
        size_bits=bits(max(sizes.values(), default=1)),
        ladder_bits=offset,
        rungs=tuple(rungs),
        levels=levels,
        rounds_before=rounds_before,
        last_round_rule=rounds_before >= total_rounds - 1,
        top_threshold=threshold,
        top_level=sum(1 for score in levels if score <= threshold),
    )


def may_meet(a: Entrant, b: Entrant, layout: Layout) -> bool:
    """The absolute criteria C.1 (no rematch, no prohibited pair) and C.3 (two
    players with the same absolute colour preference do not meet, unless one is a
    topscorer in the last round). Entrants numbered by `make_layout`."""
    if b.id in a.avoid or a.id in b.avoid:
        return False
    if a.absolute and b.absolute and a.due == b.due:
        return layout.last_round_rule and max(a.level, b.level) >= layout.top_level
    return True


def colours_compatible(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def colour_terms(p: Entrant, q: Entrant) -> tuple[int, int, int, int]:
    """The four colour criteria of a pair, 1 when the pair satisfies it."""
    differ = p.due != q.due
    c10 = p.imbalance <= 1 or q.imbalance <= 1 or differ
    if p.imbalance == q.imbalance:
        third = p.repeated is None or p.repeated != q.repeated
    else:
        lesser = q if p.imbalance > q.imbalance else p
        third = lesser.repeated != (None if p.due is None else {"w": "b", "b": "w"}[p.due])
    c11 = not p.absolute or not q.absolute or differ or third
    c12 = colours_compatible(p.due, q.due)
    c13 = (
        (not p.strong and not p.absolute)
        or (not q.strong and not q.absolute)
        or (p.absolute and q.absolute)
        or differ
    )
    return int(c10), int(c11), int(c12), int(c13)


@dataclass(slots=True)
class ByeContext:
    """What the weights know of the pairing-allocated bye.

    score: the score of the player the completed round leaves unpaired (every
        bye candidate scores at most this); single: C.9 applies to this bracket
        (the bye goes to a player of the scoregroups being paired now);
    unplayed_rank: per number of played games among the players of the bye's
        score, the count of those with at least as many games, less one: larger
        for fewer games played, so the weights pair them first and leave the bye
        to a player with the fewest unplayed games (C.9).
    """

    score: Fraction = Fraction(0)
    single: bool = False
    unplayed_rank: dict[int, int] | None = None
    # The score as a level (`Layout.levels`): the highest level at or below it,
    # and whether some entrant has exactly that score.
    level: int = -1
    present: bool = False

    def place(self, layout: Layout) -> ByeContext:
        """This context with its score's level set for `layout`'s entrants."""
        self.level = sum(1 for score in layout.levels if score <= self.score) - 1
        self.present = self.score in layout.levels
        return self


def _bye_terms(e: Entrant, bye: ByeContext) -> tuple[bool, int]:
    """(e may not take the bye (C.2, counted in the top field), e's C.9 term)."""
    barred = not (e.bye_ok and e.level <= bye.level)
    counted = bye.single and bye.unplayed_rank is not None and bye.present
    unplayed = bye.unplayed_rank[len(e.played)] if counted and e.level == bye.level else 0
    return barred, unplayed


def _rest_shifts(layout: Layout) -> tuple[int, int]:
    """(shift, tail): an edge outside the bracket and the next scoregroup weighs
    ((top << shift) + unplayed) << tail, every field between them 0."""
    s, g = layout.size_bits, layout.ladder_bits
    rounds = min(layout.rounds_before, 2)
    return 4 * s + 2 * g, 4 * s + rounds * 2 * (s + g) + layout.low_bits


def edge_weight(
    high: Entrant,
    low: Entrant,
    in_bracket: bool,
    in_next: bool,
    bye: ByeContext,
    layout: Layout,
) -> int:
    """The weight of pairing high (ranked higher) with low; 0 when they may not meet.
    The criteria's order written out field by field: the engine weighs with the
    faster forms below (`rest_parts`, `next_parts`, `bracket_weigher`), which the
    tests hold to this one pair by pair.
    in_next (the edge is in the next scoregroup) counts only outside the bracket: a
    pair in the bracket is not one of the next scoregroup. (Scores are compared by
    their levels, `Entrant.level`; `bye` placed by `ByeContext.place`.)"""
    if not may_meet(high, low, layout):
        return 0
    s, g = layout.size_bits, layout.ladder_bits
    rungs = layout.rungs
    hl, ll = high.level, low.level
    barred_high, unplayed_high = _bye_terms(high, bye)
    barred_low, unplayed_low = _bye_terms(low, bye)
    top = 1 + barred_high + barred_low  # C.4, C.2
    unplayed = unplayed_high + unplayed_low  # C.9
    if not in_bracket and not in_next:
        # Outside the bracket and the next scoregroup only C.4, C.2 and C.9 count
        # (most edges of a round): the same integer as below, built in one step.
        shift, tail = _rest_shifts(layout)
        return ((top << shift) + unplayed) << tail
    if not in_bracket:
        # In the next scoregroup only C.4, C.2, C.8 and C.9 count: the same
        # integer as below, every bracket field 0, built in fewer steps.
        _, tail = _rest_shifts(layout)
        w = (((top << (2 * s + g)) + 1) << g) + (1 << rungs[hl])  # C.8
        return ((w << (2 * s)) + unplayed) << tail
    # From here on the edge is in the bracket.
    w = (top << s) + 1  # C.6
    w = (w << g) + (1 << rungs[hl])  # C.7
    w <<= s + g  # C.8: 0, the pair is not in the next scoregroup
    w = (w << (2 * s)) + unplayed
    for term in colour_terms(low, high):  # C.10 to C.13
        w = (w << s) + term
    higher_score = hl > ll
    rounds = layout.rounds_before
    for back in (1, 2)[: min(rounds, 2)]:  # C.14 to C.17
        lf = low.float1 if back == 1 else low.float2
        hf = high.float1 if back == 1 else high.float2
        down = (lf == "down") + (hl <= ll and hf == "down")
        up = not (higher_score and lf == "up")
        w = (((w << s) + down) << s) + up
    for back in (1, 2)[: min(rounds, 2)]:  # C.18 to C.21
        lf = low.float1 if back == 1 else low.float2
        hf = high.float1 if back == 1 else high.float2
        w = (w << g) + ((lf == "down") << rungs[ll]) + ((hf == "down") << rungs[hl])
        w = (w << g) + (0 if lf == "up" and higher_score else 1 << rungs[hl])
    return w << layout.low_bits


def bracket_weigher(bye: ByeContext, layout: Layout):
    """A function (high, low) -> `edge_weight(high, low, True, False, bye,
    layout)`, the same integer, with each player's terms worked out once (a
    bracket weighs each of its players against every other). The weight is a sum
    of fields at fixed bit offsets: those of one player (C.2, C.7, C.9 and most of
    the floats) are summed once per player and role, the colour criteria (C.10 to
    C.13) come from a table of their 16 outcomes, and only the floats that
    depend on both players' scores (C.14, C.15, C.19: the higher player
    scores more) are worked out per pair."""
    s, g, rungs = layout.size_bits, layout.ladder_bits, layout.rungs
    backs = min(layout.rounds_before, 2)
    at = layout.low_bits  # the offsets, from the lowest field up
    f1_at, f2_at, down_at, up_at = [0] * backs, [0] * backs, [0] * backs, [0] * backs
    for b in reversed(range(backs)):  # C.18 to C.21, two fields per round back
        f2_at[b], f1_at[b] = at, at + g
        at += 2 * g
    for b in reversed(range(backs)):  # C.14 to C.17
        up_at[b], down_at[b] = at, at + s
        at += 2 * s
    colour_at = [at + 3 * s, at + 2 * s, at + s, at]  # C.10 to C.13
    unplayed_at = at + 4 * s  # C.9
    c7_at = unplayed_at + 2 * s + s + g  # above C.8's fields (0 in the bracket)
    c6_at = c7_at + g
    top_at = c6_at + s
    constant = (1 << top_at) + (1 << c6_at)  # C.4, C.6
    colours = [sum(((k >> (3 - t)) & 1) << colour_at[t] for t in range(4)) for k in range(16)]
    found: dict[int, tuple] = {}

    def terms(e: Entrant) -> tuple:
        """(as the higher player of the same score, as the higher player of a
        higher score, as the lower player of the same score, as the lower player
        of a lower score, level, per round back: (not an upfloat, its C.21 term
        as the higher player))."""
        barred, unplayed = _bye_terms(e, bye)
        common = (barred << top_at) + (unplayed << unplayed_at)
        rung = rungs[e.level]
        high = high_above = common + (1 << (rung + c7_at))
        low = low_below = common
        backs_terms = []
        for b, float_ in enumerate((e.float1, e.float2)[:backs]):
            down = int(float_ == "down")
            mark = down << (rung + f1_at[b])  # C.18, C.20
            high += (down << down_at[b]) + mark + (1 << (rung + f2_at[b]))
            high_above += mark
            low += (down << down_at[b]) + mark + (1 << up_at[b])
            low_below += (down << down_at[b]) + mark + ((float_ != "up") << up_at[b])
            backs_terms.append((float_ != "up", 1 << (rung + f2_at[b])))
        return high, high_above, low, low_below, e.level, tuple(backs_terms)

    def weigh(high: Entrant, low: Entrant) -> int:
        if not may_meet(high, low, layout):
            return 0
        h = found.get(high.id)
        if h is None:
            h = found[high.id] = terms(high)
        lo = found.get(low.id)
        if lo is None:
            lo = found[low.id] = terms(low)
        c10, c11, c12, c13 = colour_terms(low, high)
        w = constant + colours[(c10 << 3) | (c11 << 2) | (c12 << 1) | c13]
        if h[4] > lo[4]:  # the higher player scores more: C.15, C.17, C.19, C.21
            w += h[1] + lo[3]
            for (not_up, _), (_, c21) in zip(lo[5], h[5], strict=True):
                if not_up:
                    w += c21
            return w
        return w + h[0] + lo[2]

    return weigh


def rest_parts(order: list[Entrant], bye: ByeContext, layout: Layout) -> tuple[int, list[int]]:
    """(c, part): the weight of an edge outside the bracket and the next scoregroup
    (`edge_weight` with in_bracket and in_next False) between two players who may
    meet is c + part[one] + part[other]: its top field counts each end that may
    not take the bye (C.2) and C.9 adds each end's unplayed rank, one part per
    player. (Used to weigh a whole round at once.)"""
    shift, tail = _rest_shifts(layout)
    parts = []
    for e in order:
        barred, unplayed = _bye_terms(e, bye)
        parts.append(((barred << shift) + unplayed) << tail)
    return (1 << shift) << tail, parts


def next_parts(
    order: list[Entrant], bye: ByeContext, layout: Layout
) -> tuple[int, list[int], list[int]]:
    """(c, high, low): the weight of an edge into the next scoregroup (`edge_weight`
    with in_bracket False and in_next True) between the higher-ranked `h` and the
    lower-ranked `l`, two players who may meet, is c + high[h] + low[l] (indices in
    `order`): C.4 and C.2 count each end, C.8 counts the pair and the higher
    player's score, C.9 each end's unplayed rank. (Used to weigh a bracket's edges
    into the next scoregroup, most of its edges, without a call per edge.)"""
    s, g = layout.size_bits, layout.ladder_bits
    rung = 2 * s + _rest_shifts(layout)[1]
    constant, low = rest_parts(order, bye, layout)  # C.4, C.2 and C.9: as outside
    rungs = layout.rungs
    high = [part + (1 << (rungs[e.level] + rung)) for e, part in zip(order, low, strict=True)]
    return constant + (1 << (g + rung)), high, low


def completion_weight(p: Entrant, o: Entrant, top: Fraction, layout: Layout) -> int:
    """The weight that finds the bye's score when the number of players is odd:
    complete the round (C.4) leaving a bye candidate (C.2) unpaired, and among
    those, the one of the lowest scoregroup possible (C.04.3 A.5, C.9)."""
    if not may_meet(p, o, layout):
        return 0
    w = 1 + (not p.bye_ok) + (not o.bye_ok)
    w = (w << layout.ladder_bits) + layout.rungs[p.level] + layout.rungs[o.level]
    return (w << layout.size_bits) + (p.score >= top)
