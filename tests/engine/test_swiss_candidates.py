"""The starting edges offered to sparse backends, and the forbidden-pair lookup."""

from __future__ import annotations

import numpy as np
import pytest

from pairing.engine.swiss import pair_round
from pairing.engine.swiss import state as state_module
from pairing.engine.swiss.graph import SwissGraph
from pairing.engine.swiss.state import build_state
from pairing.engine.swiss.systems import SYSTEMS, half_fold, mirror, next_down
from tests.engine.swiss_helpers import player, request


def _graph(players, system="dutch", **kw):
    req = request(players, system=system, **kw)
    return SwissGraph(build_state(req, req.players), SYSTEMS[system])


def test_natural_partners_inside_a_group_of_eight():
    g = _graph([player(k) for k in range(1, 9)], round_number=1)
    assert half_fold(g.state).tolist() == [4, 5, 6, 7, 0, 1, 2, 3]
    assert mirror(g.state).tolist() == [7, 6, 5, 4, 3, 2, 1, 0]
    assert next_down(g.state).tolist() == [1, 0, 3, 2, 5, 4, 7, 6]


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_candidates_are_allowed_unique_and_hold_the_first_round_optimum(system):
    players = [player(k, opponents={k + 1} if k % 2 else {k - 1}) for k in range(1, 41)]
    g = _graph(players, system=system, round_number=2)
    i, j = g.candidate_edges()
    assert (i < j).all() and g.allowed(i, j).all()
    assert len(set(zip(i.tolist(), j.tolist(), strict=True))) == i.size
    optimum = pair_round(request(players, system=system, round_number=2), backend="networkx")
    index = {p.id: k for k, p in enumerate(g.state.players)}
    wanted = {tuple(sorted((index[a], index[b]))) for a, b in optimum.pairs()}
    found = set(zip(i.tolist(), j.tolist(), strict=True))
    assert len(wanted & found) >= 0.9 * len(wanted)


def test_bitmap_and_sorted_keys_agree(monkeypatch):
    players = [player(k, opponents={(k % 30) + 1, ((k + 6) % 30) + 1} - {k}) for k in range(1, 31)]
    bitmap = _graph(players)
    monkeypatch.setattr(state_module, "BITMAP_MAX", 0)
    keys = _graph(players)
    assert bitmap.state.forbidden_bits is not None and keys.state.forbidden_bits is None
    i, j = np.triu_indices(30, 1)
    assert (bitmap.state.is_forbidden(i, j) == keys.state.is_forbidden(i, j)).all()
    assert bitmap.state.is_forbidden(i, j).sum() == bitmap.state.forbidden.size
