"""McMahon pairing for Go by maximum-weight matching.

The weight model follows G. Kaniuk, "Weights in McMahon pairing - revised"
(2015): the weight of a pair is a sum of eight sech-shaped components (mms,
even, uneven, area, colour, banding, play-in, play-out) with grade-dependent
shape factors. Pure Python and numpy; no Django.

    from pairing.engine.mcmahon import McMahonRequest, McMahonPlayer, pair_round
"""

from .config import Coefficients, ConfigError, GradeCurve, McMahonConfig, OmegaWeights, Shapes
from .engine import pair_round
from .handicap import game_class, handicap_stones, komi_for
from .quality import PlayedGame, colour_quality, cumulative_quality, round_quality
from .ranks import (
    RankError,
    format_rank,
    nearest_rank,
    parse_rank,
    rank_from_rating,
    rating_of_rank,
    registration_rank,
)
from .request import (
    ABSENT,
    BYE,
    FORFEIT,
    GAME,
    McMahonBye,
    McMahonGame,
    McMahonInputError,
    McMahonPairing,
    McMahonPlayer,
    McMahonRequest,
    NoValidPairing,
    RoundQuality,
    RoundRecord,
)
from .state import player_states

__all__ = [
    "ABSENT",
    "BYE",
    "FORFEIT",
    "GAME",
    "Coefficients",
    "ConfigError",
    "GradeCurve",
    "McMahonBye",
    "McMahonConfig",
    "McMahonGame",
    "McMahonInputError",
    "McMahonPairing",
    "McMahonPlayer",
    "McMahonRequest",
    "NoValidPairing",
    "OmegaWeights",
    "PlayedGame",
    "RankError",
    "RoundQuality",
    "RoundRecord",
    "Shapes",
    "colour_quality",
    "cumulative_quality",
    "format_rank",
    "game_class",
    "handicap_stones",
    "komi_for",
    "nearest_rank",
    "pair_round",
    "parse_rank",
    "player_states",
    "rank_from_rating",
    "rating_of_rank",
    "registration_rank",
    "round_quality",
]
