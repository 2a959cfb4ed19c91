"""FIDE-style Swiss pairing by maximum-weight matching (pure Python, no Django).

    from pairing.engine.swiss import SwissPlayer, SwissRequest, pair_round

See `engine.py` for the steps, `graph.py` for the absolute criteria,
`weights.py` and `systems.py` for the weights, `colours.py` for colours.

The names below are imported when first used: the requests, results and
errors load without numpy and the matching package, which only the engine
(`pair_round`, `SYSTEMS`) needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pairing.engine import lazy

if TYPE_CHECKING:
    from pairing.engine.swiss.engine import pair_round
    from pairing.engine.swiss.errors import PairingError, RequestError, WeightRangeError
    from pairing.engine.swiss.request import SwissPlayer, SwissRequest
    from pairing.engine.swiss.result import BoardExplanation, Bye, Diagnostics, Game, SwissPairing
    from pairing.engine.swiss.systems import SYSTEMS

_HOME = {
    "SYSTEMS": "systems",
    "BoardExplanation": "result",
    "Bye": "result",
    "Diagnostics": "result",
    "Game": "result",
    "PairingError": "errors",
    "RequestError": "errors",
    "SwissPairing": "result",
    "SwissPlayer": "request",
    "SwissRequest": "request",
    "WeightRangeError": "errors",
    "pair_round": "engine",
}

__all__ = [
    "SYSTEMS",
    "BoardExplanation",
    "Bye",
    "Diagnostics",
    "Game",
    "PairingError",
    "RequestError",
    "SwissPairing",
    "SwissPlayer",
    "SwissRequest",
    "WeightRangeError",
    "pair_round",
]

__getattr__, __dir__ = lazy.names(__name__, _HOME)
