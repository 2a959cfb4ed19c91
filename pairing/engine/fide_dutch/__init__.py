"""The FIDE Dutch system (handbook C.04.3, rules in force since 1 July 2025).

    from pairing.engine.fide_dutch import pair_round_fide
    pairing = pair_round_fide(request)            # SwissRequest -> SwissPairing

Pure core: no Django, nothing from `tournaments`. `engine.py` pairs, with the
weights of `weights.py` and the colours of `colours.py`; `record.py` builds the
request from a tournament record with FIDE's floats (A.4).
"""

from pairing.engine.fide_dutch.engine import SYSTEM, pair_round_fide
from pairing.engine.fide_dutch.record import fide_request_from_record

__all__ = ["SYSTEM", "fide_request_from_record", "pair_round_fide"]
