"""FIDE-style Swiss pairing by maximum-weight matching (pure Python, no Django).

    from pairing.engine.swiss import SwissPlayer, SwissRequest, pair_round

See `engine.py` for the steps, `graph.py` for the absolute criteria,
`weights.py` and `systems.py` for the weights, `colours.py` for colours.
"""

from pairing.engine.swiss.engine import pair_round
from pairing.engine.swiss.errors import PairingError, RequestError, WeightRangeError
from pairing.engine.swiss.request import SwissPlayer, SwissRequest
from pairing.engine.swiss.result import BoardExplanation, Bye, Diagnostics, Game, SwissPairing
from pairing.engine.swiss.systems import SYSTEMS

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
