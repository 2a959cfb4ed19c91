"""Pair one round by the FIDE Dutch system (C.04.3, rules in force since 1 July 2025).

    pairing = pair_round_fide(request)        # SwissRequest -> SwissPairing

The method: one weighted graph over all the players to pair, whose maximum-
weight matchings are exactly the pairings best by the quality criteria of C.04.3
C (see `weights.py`). The brackets are paired one by one from the top (C.04.3
B.1, A.3): the weights of the bracket's players and of the next scoregroup carry
the criteria, every other edge only keeps the round completable (C.4), so the
solution of a bracket is the best one that still lets the rest of the round be
paired. Within a bracket the choices the criteria leave open are made in the
order of the rules, each by a small extra weight and a new solution:

1. which moved-down players are paired, highest first (B.2, B.3: MDPs are paired
   in order of rank when the criteria allow);
2. their opponents, the highest-ranked resident possible (B.3 S1/S2 order);
3. the remainder's S1 and S2 (B.2): the fewest exchanges, then the smallest
   difference of exchanged numbers (D.2), trying the lowest S1 players and then
   the highest S2 players first;
4. each S1 player's opponent, the highest S2 player possible (D.1
   transpositions in order).

A pair once chosen is fixed (its edge outweighs all others), and the players
left unpaired in a bracket move down to the next one (A.4 a). The player left
over at the end takes the pairing-allocated bye (C.04.1 c; eligibility by
C.04.2 2025 and C.2: no one twice, no one after an unplayed win). Colours follow
C.04.3 E (`colours.py`).

The result is the Swiss engine's `SwissPairing`: boards ordered by the higher
player's score, the lower player's score, then the higher player's rank; the
diagnostics give the float pairs, score and colour differences, the allowed pairs
("edges") and, in `timings`, the seconds and the matchings solved (the weight
fields stay 0: the weights are integers of hundreds of bits, one per step).
"""

from __future__ import annotations

import time
from fractions import Fraction

from pairing.engine.explanation_parts import part, points_part, render_english
from pairing.engine.fide_dutch.colours import white_of
from pairing.engine.fide_dutch.criteria import criteria_part, pair_criteria
from pairing.engine.fide_dutch.matcher import Matcher
from pairing.engine.fide_dutch.players import Entrant, entrants
from pairing.engine.fide_dutch.weights import (
    ByeContext,
    Layout,
    bracket_weigher,
    completion_weight,
    make_layout,
    may_meet,
    next_parts,
    rest_parts,
)
from pairing.engine.swiss.colours import initial_colour, label_value
from pairing.engine.swiss.errors import PairingError
from pairing.engine.swiss.explain import explain_absence
from pairing.engine.swiss.request import SwissRequest
from pairing.engine.swiss.result import (
    BoardExplanation,
    Bye,
    Diagnostics,
    Game,
    SwissPairing,
    points_text,
)

SYSTEM = "fide-dutch"


def pair_round_fide(request: SwissRequest) -> SwissPairing:
    """The FIDE Dutch pairing of `request.round_number` (the request's `system`,
    `beta` and `backend` are not used: FIDE fixes them)."""
    order = entrants(request)
    layout = make_layout(order, request.round_number, request.total_rounds, request.win_points)
    started = time.perf_counter()
    steps: dict[int, str] = {}
    mates, stats = pair_entrants(order, layout, steps)
    stats["seconds"] = time.perf_counter() - started
    return _result(request, order, mates, stats, steps)


def pair_entrants(
    order: list[Entrant], layout: Layout, steps: dict[int, str] | None = None
) -> tuple[dict[int, int | None], dict[str, float]]:
    """Partner (or None for the bye) of every entrant, by index in `order`, and the
    counts of the work done ("edges": pairs allowed by C.1/C.3, "matchings": the
    matchings solved). `steps`, when given, receives per entrant id the step of the
    bracket procedure that chose its opponent ("B.3", "D.1", "D.2")."""
    n = len(order)
    if n == 0:
        return {}, {"edges": 0, "matchings": 0}
    if n == 1:
        if not order[0].bye_ok:
            raise PairingError("the only player to pair may not receive the bye")
        return {0: None}, {"edges": 0, "matchings": 0}
    return _Round(order, layout, steps).run()


def _suspects(order: list[Entrant]) -> list[list[int]]:
    """Per player, the higher-ranked players `may_meet` may refuse them: those
    either avoids (C.1) and those with an absolute preference for the same colour
    (C.3); every other pair may meet."""
    vertex = {e.id: v for v, e in enumerate(order)}
    suspects: list[set[int]] = [set() for _ in order]
    same: dict[str | None, list[int]] = {}
    for v, e in enumerate(order):
        for other in e.avoid:
            u = vertex.get(other)
            if u is not None and u != v:
                suspects[max(u, v)].add(min(u, v))
        if e.absolute:
            group = same.setdefault(e.due, [])
            suspects[v].update(group)
            group.append(v)
    return [sorted(s) for s in suspects]


class _Round:
    def __init__(
        self, order: list[Entrant], layout: Layout, steps: dict[int, str] | None = None
    ) -> None:
        self.order = order
        self.steps = {} if steps is None else steps
        self.layout = layout
        self.n = len(order)
        self.graph = Matcher(self.n)
        self.bye = ByeContext().place(layout)
        self.edges = 0

    def score(self, v: int) -> Fraction:
        return self.order[v].score

    def _weigh_round(self) -> None:
        """Every edge of the round weighed as outside the bracket (`edge_weight` with
        in_bracket and in_next False), from the players' parts (`rest_parts`)."""
        order, layout = self.order, self.layout
        constant, parts = rest_parts(order, self.bye, layout)
        blocked = set()
        for low, suspects in enumerate(_suspects(order)):
            lower = order[low]
            for high in suspects:
                if not may_meet(order[high], lower, layout):
                    blocked.add((high, low))
        self.graph.reset([constant + 2 * part for part in parts], blocked)

    # -- the whole round: can it be completed, and who may take the bye? --------

    def _bye_context(self, bye_score: Fraction, single: bool) -> ByeContext:
        counts = [len(e.played) for e in self.order if e.score == bye_score]
        rank = {c: sum(1 for d in counts if d >= c) - 1 for c in counts}
        return ByeContext(bye_score, single, rank).place(self.layout)

    def _start(self) -> list[int]:
        order, n, g = self.order, self.n, self.graph
        top = order[0].score
        if n % 2:
            mate = self._start_at_lowest_score(top)
            if mate is not None:
                return mate
        if n % 2:
            for low in range(n):
                for high in range(low):
                    g.set(high, low, completion_weight(order[low], order[high], top, self.layout))
        else:
            self._weigh_round()
        self.edges = g.edge_count
        mate = g.solve()
        unpaired = [v for v in range(n) if mate[v] == v]
        if len(unpaired) > 1 or (unpaired and not order[unpaired[0]].bye_ok):
            raise PairingError(
                "no pairing satisfies the absolute criteria (C.04.3 C.1 to C.3) for "
                "all the players together"
            )
        if n % 2:
            # The bye goes to a player of the lowest scoregroup that lets the round
            # be completed (C.2, C.4); C.9 weighs the unplayed games of the players
            # of that score.
            bye_score = order[unpaired[0]].score
            single = bye_score >= top and all(
                order[mate[v]].score >= top for v in range(n) if order[v].score >= top
            )
            self.bye = self._bye_context(bye_score, single)
            self._weigh_round()  # in place of the completion weights
        return mate

    def _start_at_lowest_score(self, top: Fraction) -> list[int] | None:
        """The usual case of an odd field, in one solution instead of two: when the
        lowest score of a player who may take the bye is below the top score, weigh
        the round as if the bye went to that score. If the solution leaves such a
        player unpaired, the bye's score is indeed that one (no lower score can take
        it), the weights are those `_start` would set, and the solution is kept;
        otherwise None, and `_start` finds the bye's score first."""
        order, n, g = self.order, self.n, self.graph
        scores = [e.score for e in order if e.bye_ok]
        if not scores or min(scores) >= top:
            return None
        lowest = min(scores)
        self.bye = self._bye_context(lowest, False)
        self._weigh_round()
        self.edges = g.edge_count
        mate = g.solve()
        unpaired = [v for v in range(n) if mate[v] == v]
        if len(unpaired) == 1 and order[unpaired[0]].bye_ok and order[unpaired[0]].score == lowest:
            return mate
        self.bye = ByeContext().place(self.layout)
        return None

    # -- bracket by bracket ------------------------------------------------------

    def run(self) -> tuple[dict[int, int | None], int]:
        order, n, g = self.order, self.n, self.graph
        mate = self._start()
        partner: dict[int, int | None] = {}
        matched = [False] * n
        top = order[0].score
        nxt = 0
        while nxt < n and order[nxt].score >= top:
            nxt += 1
        members = list(range(nxt))  # the bracket: MDPs then residents, as vertices
        mdps = 0
        first_resident = 0  # the vertex of the bracket's first resident
        while len(members) > 1 or nxt < n:
            end = len(members)
            after = first_resident + (end - mdps)  # first vertex below the bracket
            group_score = None
            if nxt < n:
                group_score = order[nxt].score
                while nxt < n and order[nxt].score >= group_score:
                    members.append(nxt)
                    nxt += 1
            base: dict[tuple[int, int], int] = {}
            changed = []
            bye, layout = self.bye, self.layout
            weigh = bracket_weigher(bye, layout)  # edge_weight's, in the bracket
            for i in range(mdps, end):
                vi, low = members[i], order[members[i]]
                for j in range(i):
                    w = weigh(order[members[j]], low)
                    base[i, j] = w
                    changed.append(((vi, members[j]), w))
            g.set_many(changed)
            # Into the next scoregroup and within it (a pair that may meet): the
            # same integers as edge_weight's, c + high[h] + low[l] (`next_parts`),
            # a family of their own (`Matcher.set_family`): with r the group's C.8
            # score term (high - low of its players), the mean of 2 high[h] + c - r
            # (h of the bracket) and 2 low[l] + c + r (l of the group).
            potential = {}
            if end < len(members):
                constant, high, low_part = next_parts(order, bye, layout)
                r = high[members[end]] - low_part[members[end]]
                potential = {v: 2 * high[v] + constant - r for v in members[:end]}
                for v in members[end:]:
                    potential[v] = 2 * low_part[v] + constant + r
            g.set_family(potential)
            mate = g.solve()
            bounds = (first_resident, after)
            mate = self._moved_down(members, mdps, end, bounds, base, matched, mate)
            mate = self._remainder(members, mdps, end, after, base, matched, mate)

            carried: list[int] = []
            carried_mdps = 0
            single = n % 2 == 1 and group_score is not None and self.bye.score >= group_score
            for idx, v in enumerate(members):
                if idx < end and matched[v]:
                    partner[v] = mate[v]
                    partner[mate[v]] = v
                else:
                    carried.append(v)
                    if idx < end:
                        carried_mdps += 1
                    if single and order[mate[v]].score < group_score:  # type: ignore[operator]
                        single = False
            self.bye.single = single
            members, mdps, first_resident = carried, carried_mdps, after
        for v in range(n):
            partner.setdefault(v, None)
        if sum(1 for v in partner.values() if v is None) > 1:
            raise PairingError("the round could not be completed")
        return partner, {"edges": self.edges, "matchings": g.solved}

    def _moved_down(self, members, mdps, end, bounds, base, matched, mate):
        """Which MDPs are paired in the bracket and with whom (B.2, B.3)."""
        g = self.graph

        def in_bracket(v: int) -> bool:
            return bounds[0] <= mate[v] < bounds[1]

        residents = end - mdps
        score = None
        left = left_paired = 0
        for pi in range(mdps):
            v = members[pi]
            if pi == 0 or self.score(v) < score:
                # The MDPs of one score: how many of them the criteria pair here.
                score = self.score(v)
                left = left_paired = 0
                k = pi
                while k < len(members) and self.score(members[k]) >= score:
                    left += 1
                    left_paired += in_bracket(members[k])
                    k += 1
            if not left_paired:
                continue
            if left <= left_paired:
                matched[v] = True
                continue
            left -= 1
            if not in_bracket(v):
                # Pair this MDP if it can be (the highest first).
                for oi in range(mdps, end):
                    if base[oi, pi]:
                        g.set(v, members[oi], base[oi, pi] + 1)
                mate[:] = g.solve()
            if in_bracket(v):
                matched[v] = True
                left_paired -= 1
                for oi in range(mdps, end):
                    if base[oi, pi]:
                        g.set(v, members[oi], (base[oi, pi] | residents) + 1)
        # Their opponents: the highest resident the criteria allow.
        for pi in range(mdps):
            v = members[pi]
            if not matched[v]:
                continue
            bonus = len(members)
            for oi in range(end - 1, mdps - 1, -1):
                ov = members[oi]
                if matched[ov]:
                    continue
                if base[oi, pi]:
                    g.set(v, ov, base[oi, pi] + bonus)
                    bonus += 1
            mate[:] = g.solve()
            matched[mate[v]] = True
            g.fix(v, mate[v])
            self._chosen(v, mate[v], "B.3")
        return mate

    def _chosen(self, a: int, b: int, step: str) -> None:
        self.steps[self.order[a].id] = self.steps[self.order[b].id] = step

    def _remainder(self, members, mdps, end, after, base, matched, mate):
        """Pair the remainder (the residents not paired with MDPs): S1 and S2 with
        the fewest and smallest exchanges (B.2, D.2), then the transpositions (D.1)."""
        g = self.graph
        first_resident = after - (end - mdps)
        remainder: list[int] = []
        pairs = 0
        for ri in range(mdps, end):
            v = members[ri]
            if mate[v] < first_resident:
                continue  # paired with an MDP
            remainder.append(ri)
            pairs += mate[v] < v
        size_bits = self.layout.size_bits

        def weight(si: int, li: int, position: int) -> int:
            """The edge with the exchange terms: an S1 player (position < pairs)
            pairing downwards counts one; lower positions are preferred."""
            w = base[li, si]
            if w:
                w += ((int(position < pairs) << (2 * size_bits)) - position) << 1
            return w

        g.set_many(
            ((members[remainder[a]], members[oi]), weight(remainder[a], oi, a))
            for k, oi in enumerate(remainder)
            for a in range(k)
        )
        mate[:] = g.solve()

        def forward(v: int) -> bool:
            """v pairs with a lower player of the bracket: v is in S1."""
            return v < mate[v] < after

        exchanges = sum(1 for a in range(pairs) if not forward(members[remainder[a]]))

        # S1's lowest players go to S2 where possible (D.2: the smallest exchanges).
        left = exchanges
        pos = pairs
        while pos > 0 and left:
            pos -= 1
            pi = remainder[pos]
            v = members[pi]
            if forward(v):
                for q in range(pos + 1, len(remainder)):
                    w = weight(pi, remainder[q], pos)
                    if w:
                        g.set(v, members[remainder[q]], w - 1)
                mate[:] = g.solve()
            moved = not forward(v)
            left -= moved
            for q in range(pos + 1, len(remainder)):
                if moved:
                    base[remainder[q], pi] = 0
                g.set(v, members[remainder[q]], weight(pi, remainder[q], pos))

        # S2's highest players go to S1 where possible.
        left = exchanges
        for pos in range(pairs, len(remainder)):
            if left <= 1:
                break
            pi = remainder[pos]
            v = members[pi]
            already = forward(v)
            if not already:
                for q in range(pos + 1, len(remainder)):
                    w = weight(pi, remainder[q], pos)
                    if w:
                        g.set(v, members[remainder[q]], w + 1)
                mate[:] = g.solve()
            if forward(v):
                left -= 1
                for q in range(pos):
                    base[pi, remainder[q]] = 0
                    g.set(v, members[remainder[q]], 0)
                for oi in range(end, len(members)):
                    base[oi, pi] = 0
                    g.set(v, members[oi], 0)
            if not already:
                for q in range(pos + 1, len(remainder)):
                    g.set(v, members[remainder[q]], weight(pi, remainder[q], pos))

        # S1 and S2 are now fixed: an S1 player pairs only downwards with S2. The
        # edges keep their exchange terms: with S1-S1 and S2-S2 pairs gone, every
        # pairing that is best by the criteria pairs each S1 player in the
        # remainder (C.6: one S1 player per pair), so the terms add the same to
        # all of them, and the solution in hand stays a best one.
        dropped = []
        for a, pi in enumerate(remainder):
            v = members[pi]
            for oi in remainder[a + 1 :]:
                ov = members[oi]
                if not forward(v) or forward(ov):
                    base[oi, pi] = 0
                    dropped.append(((v, ov), 0))
        g.set_many(dropped)

        # Each S1 player in order takes the highest S2 player possible (D.1).
        # (A solution for the weights as they now stand first: when it already
        # gives an S1 player its best opponent, that player needs no new one.)
        s1 = [(a, pi) for a, pi in enumerate(remainder) if forward(members[pi])]
        if s1:
            mate[:] = g.solve()
        for a, pi in s1:
            v = members[pi]
            bonus = 0
            for oi in reversed(remainder):
                ov = members[oi]
                if oi <= pi or matched[ov]:
                    continue
                w = weight(pi, oi, a)
                if w:
                    g.set(v, ov, w + bonus)
                bonus += 1
            mate[:] = g.solve()
            m = mate[v]
            matched[v] = matched[m] = True
            g.fix(v, m)
            self._chosen(v, m, "D.2" if exchanges else "D.1")
        return mate


# The colour rule of C.04.3 E that decided a board, as an explanation part.
FIDE_COLOUR_RULES = {
    "preferences": "fide-e1",
    "forced": "fide-e2",
    "colour-difference": "fide-e2",
    "alternation": "fide-e3",
    "rank": "fide-e4",
    "initial": "fide-e5",
}


def _result(
    request: SwissRequest,
    order: list[Entrant],
    mates,
    stats: dict[str, float],
    steps: dict[int, str] | None = None,
) -> SwissPairing:
    """The pairing from each entrant's partner. `steps`, when given, says per entrant
    id the procedure step that chose that player's opponent ("B.3", "D.1", "D.2"); a
    board's criteria part names it."""
    games = []
    bye = None
    seen = set()
    initial = initial_colour(request)  # E.5: given, or drawn from the seed as Blossom does
    labels = {p.id: label_value(p) for p in request.players}
    for v in range(len(order)):
        m = mates[v]
        if m is None:
            bye = order[v]
            continue
        if v in seen:
            continue
        seen.update((v, m))
        a, b = order[v], order[m]
        low, high = (a, b) if a.id < b.id else (b, a)
        white, rule = white_of(low, high, initial)
        wp, bp = (low, high) if white else (high, low)
        games.append((wp, bp, rule))

    def board_key(game):
        wp, bp, _ = game
        hi, lo = (wp, bp) if (wp.score, -wp.rank) >= (bp.score, -bp.rank) else (bp, wp)
        return (-hi.score, -(hi.score + lo.score), hi.rank)

    games.sort(key=board_key)
    layout = make_layout(order, request.round_number, request.total_rounds, request.win_points)
    out_games = []
    float_pairs = 0
    diffs = []
    # Colour difference (A.6) of every player to pair, after this round.
    difference = {e.id: e.played.count("w") - e.played.count("b") for e in order}
    for board, (wp, bp, rule) in enumerate(games, start=1):
        difference[wp.id] += 1
        difference[bp.id] -= 1
        diff = abs(wp.score - bp.score)
        diffs.append(diff)
        down = up = None
        if diff:
            float_pairs += 1
            hi, lo = (wp, bp) if wp.score > bp.score else (bp, wp)
            down, up = hi.id, lo.id
        parts = [
            part(
                "fide-board",
                board=board,
                white=labels[wp.id],
                black=labels[bp.id],
                rule=part(FIDE_COLOUR_RULES[rule]),
            )
        ]
        if diff:
            parts.append(part("fide-float", points=points_part(points_text(diff))))
        # The criteria of C.04.3 C the pair bears on, and the step that chose it (the
        # higher player's first: its opponent is the one the procedure chooses).
        pair = sorted((wp, bp), key=lambda e: (-e.score, e.rank))
        chosen = [steps[e.id] for e in pair if steps and e.id in steps]
        parts.append(criteria_part(pair_criteria(wp, bp, layout), chosen))
        explanation = BoardExplanation(
            kind="float" if diff else "in-group",
            score_difference=diff,
            downfloater=down,
            upfloater=up,
            white_got_due=None if wp.due is None else wp.due == "w",
            black_got_due=None if bp.due is None else bp.due == "b",
            colour_rule=rule,
            flags=("float",) if diff else ("in-group",),
            text=render_english(parts),
            parts=tuple(parts),
        )
        out_games.append(Game(board, wp.id, bp.id, explanation))
    byes = []
    if bye is not None:
        byes.append(
            Bye(
                bye.id,
                "pairing-allocated",
                render_english(bye_parts := [part("fide-bye", name=labels[bye.id])]),
                ("odd-number",),
                parts=tuple(bye_parts),
            )
        )
    for p in request.players:
        if not p.active:
            byes.append(explain_absence(p))
    diagnostics = Diagnostics(
        float_pairs=float_pairs,
        score_difference_total=sum(diffs, Fraction(0)),
        colour_difference_total=sum(abs(d) for d in difference.values()),
        weight=0,
        weight_terms=(0, 0, 0),
        factors=(0, 0),
        backend="networkx",
        vertices=len(order),
        edges=int(stats["edges"]),
        score_differences=tuple(diffs),
        timings={"seconds": stats["seconds"], "matchings": float(stats["matchings"])},
    )
    return SwissPairing(request.round_number, SYSTEM, tuple(out_games), tuple(byes), diagnostics)
