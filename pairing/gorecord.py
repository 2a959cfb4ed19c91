"""A plain record of one Go tournament: players, games per round, byes, settings.

This is the shape shared by the OpenGotha reader and writer, the EGF results
export, the McMahon command line and the benchmarks. Pure Python, no Django.

Players are kept in the order of the source file; a player's number is its
position + 1. Games refer to players by index. Results use OpenGotha's names
(RESULT_WHITEWINS, ..., with a _BYDEF suffix for games decided by default).
Attributes the record does not model are kept in `attributes` dicts and
`preserved` elements so that an exported file loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .engine.mcmahon.config import McMahonConfig
from .engine.mcmahon.ranks import format_rank, parse_rank
from .engine.mcmahon.request import (
    ABSENT,
    BYE,
    FORFEIT,
    GAME,
    McMahonPlayer,
    McMahonRequest,
    RoundRecord,
)

# result -> (white points, black points); None = no result yet
RESULT_POINTS: dict[str, tuple[float, float] | None] = {
    "RESULT_UNKNOWN": None,
    "RESULT_WHITEWINS": (1.0, 0.0),
    "RESULT_BLACKWINS": (0.0, 1.0),
    "RESULT_EQUAL": (0.5, 0.5),
    "RESULT_BOTHWIN": (1.0, 1.0),
    "RESULT_BOTHLOSE": (0.0, 0.0),
}
for _name, _points in list(RESULT_POINTS.items()):
    if _name != "RESULT_UNKNOWN":
        RESULT_POINTS[_name + "_BYDEF"] = _points
BYDEF = "_BYDEF"


def player_key(name: str, first_name: str) -> str:
    """The key OpenGotha uses to refer to a player: surname and first name,
    upper case, without spaces."""
    return "".join((name + first_name).split()).upper()


@dataclass(slots=True)
class XmlNode:
    """An element kept as read (tag, attributes in order, children, text)."""

    tag: str
    attributes: dict[str, str] = field(default_factory=dict)
    children: list[XmlNode] = field(default_factory=list)
    text: str = ""
    line: int = field(default=0, compare=False)  # where it was read, for messages

    def find(self, tag: str) -> XmlNode | None:
        return next((c for c in self.children if c.tag == tag), None)


@dataclass(slots=True)
class GoPlayer:
    name: str
    first_name: str
    rank: str  # as written, e.g. "10K" or "3d"
    rating: int = 0
    club: str = ""
    country: str = ""
    egf_pin: str = ""
    registration: str = "FIN"  # FIN final, PRE preliminary
    participating: str = "1" * 20  # character r-1 is "1" if the player takes part in round r
    mms_correction: int = 0
    attributes: dict[str, str] = field(default_factory=dict)  # everything else
    # the file's own spelling of the modelled attributes (e.g. an egfPin with a
    # trailing space), written back as it was while the value is unchanged
    spelling: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def key(self) -> str:
        return player_key(self.name, self.first_name)

    @property
    def rank_value(self) -> int:
        return parse_rank(self.rank)

    @property
    def full_name(self) -> str:
        return f"{self.name} {self.first_name}".strip()

    def participates(self, round_number: int) -> bool:
        """Final registration and the round's participation flag set (rounds
        beyond the mask count as taking part)."""
        if self.registration != "FIN":
            return False
        mask = self.participating
        return round_number > len(mask) or mask[round_number - 1] == "1"


@dataclass(slots=True)
class GoGame:
    round: int
    white: int  # player index
    black: int
    result: str = "RESULT_UNKNOWN"
    handicap: int = 0
    table: int = 0  # board, 1-based
    known_colour: bool = True
    attributes: dict[str, str] = field(default_factory=dict)

    @property
    def by_default(self) -> bool:
        return self.result.endswith(BYDEF)

    def points(self) -> tuple[float, float] | None:
        return RESULT_POINTS[self.result]


@dataclass(slots=True)
class GoBye:
    round: int
    player: int  # index
    spelling: str = field(default="", compare=False, repr=False)  # the file's player key


@dataclass(slots=True)
class GoSettings:
    """The tournament settings the engine and the exports use."""

    name: str = ""
    short_name: str = ""
    location: str = ""
    director: str = ""
    begin_date: str = ""
    end_date: str = ""
    internet: bool = False  # played on the internet (EGF class D)
    number_of_rounds: int = 5
    board_size: int = 19
    komi: float = 7.5
    basic_time: int = 0  # minutes
    byoyomi_system: str = "STDBYOYOMI"  # SUDDENDEATH, STDBYOYOMI, CANBYOYOMI, FISCHER
    std_byoyomi_time: int = 30  # seconds per move
    can_byoyomi_time: int = 300  # seconds per period
    can_byoyomi_moves: int = 15
    fischer_time: int = 10  # seconds per move
    mm_bar: str = "1D"
    mm_floor: str = "20K"
    mm_zero: str = "30K"
    bye_points: float = 1.0
    absent_points: float = 0.5
    round_down: bool = True  # byes and absences count in whole points (OpenGotha's default)
    handicap_on_mms: bool = True
    handicap_ceiling: int = 9
    handicap_correction: int = 1
    no_handicap_rank: str = "1D"
    seed_system_1: str = "SPLITANDSLIP"
    seed_system_2: str = "SPLITANDSLIP"
    last_round_seed_system_1: int = 2
    dudd_upper: str = "MID"
    dudd_lower: str = "MID"
    mms_gap_rather_than_club: int = 3
    mms_gap_rather_than_country: int = 1
    avoid_same_geo: int = 100_000_000_000  # 0: clubs and countries are not kept apart
    seed_criterion: str = "Rating"


@dataclass(slots=True)
class GoTournament:
    players: list[GoPlayer] = field(default_factory=list)
    games: list[GoGame] = field(default_factory=list)
    byes: list[GoBye] = field(default_factory=list)
    settings: GoSettings = field(default_factory=GoSettings)
    attributes: dict[str, str] = field(default_factory=dict)  # of the Tournament element
    # what reading changed or cannot follow (a clamped rank, an ignored setting),
    # in sentences for an import preview; not written to any file
    warnings: list[str] = field(default_factory=list)
    preserved: list[XmlNode] = field(default_factory=list)  # other sections, in file order
    section_order: list[str] = field(default_factory=list)  # tags of the top-level sections

    def games_in(self, round_number: int) -> list[GoGame]:
        return [g for g in self.games if g.round == round_number]

    def byes_in(self, round_number: int) -> list[GoBye]:
        return [b for b in self.byes if b.round == round_number]

    def rounds_with_games(self) -> list[int]:
        return sorted({g.round for g in self.games} | {b.round for b in self.byes})

    def next_round(self) -> int:
        played = self.rounds_with_games()
        return (played[-1] + 1) if played else 1


# -- from the record to a McMahon request ---------------------------------------

_EVEN_STRATEGY = {
    "SPLITANDSLIP": "split-match",
    "SPLITANDFOLD": "split-fold",
    "SPLITANDRANDOM": "split-mix",
}
# (upper group drawn down, lower group drawn up) -> uneven seeding
_UNEVEN_SEEDING = {
    ("BOT", "TOP"): "nearest",
    ("TOP", "BOT"): "fold",
    ("TOP", "TOP"): "match",
}


def mcmahon_config(settings: GoSettings, base: McMahonConfig | None = None) -> McMahonConfig:
    """The engine parameters that the tournament settings determine; the
    rest come from `base` (default: the engine defaults).

    Mapped: bar, floor, zero; bye and absence points; handicap reduction,
    ceiling, basis (MMS or rank) and the no-handicap rank; komi for games
    without stones; the in-group strategy per round (split and slip = split
    and match, split and fold, split and random = split and mix); the
    uneven seeding when the draw-up/down modes name one of fold, match,
    nearest (middle modes keep the base); the shares of country and club in
    the area component, in proportion to OpenGotha's "accept an MMS gap of N
    rather than the same club / country" (0 turns one off, and "avoid same
    geography" 0 turns both off); seeding by rating or by rank; the
    round-down of bye and absence points. docs/opengotha-settings.md lists
    every setting of the file and what becomes of it."""
    base = base or McMahonConfig()
    system_1 = _EVEN_STRATEGY.get(settings.seed_system_1.upper(), base.even_strategy)
    system_2 = _EVEN_STRATEGY.get(settings.seed_system_2.upper(), system_1)
    seeding = _UNEVEN_SEEDING.get(
        (settings.dudd_upper.upper(), settings.dudd_lower.upper()), base.seed_strategy
    )
    geo = 0.0 if settings.avoid_same_geo == 0 else 1.0
    return base.with_changes(
        bar=parse_rank(settings.mm_bar),
        floor=parse_rank(settings.mm_floor),
        zero=parse_rank(settings.mm_zero),
        bye_points=settings.bye_points,
        absent_points=settings.absent_points,
        round_down_free_points=settings.round_down,
        handicap_reduction=settings.handicap_correction,
        handicap_cap=settings.handicap_ceiling,
        handicap_basis="mms" if settings.handicap_on_mms else "rank",
        no_handicap_rank=parse_rank(settings.no_handicap_rank),
        komi_even=settings.komi,
        komi_uneven=settings.komi,
        even_strategy=system_1,
        even_strategy_late=system_2 if system_2 != system_1 else None,
        even_strategy_switch_round=settings.last_round_seed_system_1,
        seed_strategy=seeding,
        area_country=float(max(0, settings.mms_gap_rather_than_country)) * geo,
        area_club=float(max(0, settings.mms_gap_rather_than_club)) * geo,
        seed_order="rating" if settings.seed_criterion.lower() == "rating" else "rank",
    )


def settings_from_config(config: McMahonConfig, base: GoSettings | None = None) -> GoSettings:
    """The tournament settings that carry `config` in an OpenGotha file: the
    inverse of `mcmahon_config` for everything OpenGotha can say (the rest
    comes from `base`). No bar is OpenGotha's highest bar (9D), no floor its
    lowest (30K), no no-handicap rank 9D (nothing counts above it)."""
    base = base or GoSettings()
    strategies = {v: k for k, v in _EVEN_STRATEGY.items()}
    seeding = {v: k for k, v in _UNEVEN_SEEDING.items()}
    late = config.even_strategy_late or config.even_strategy
    upper, lower = seeding.get(config.seed_strategy, (base.dudd_upper, base.dudd_lower))
    area_off = config.area_country == 0 and config.area_club == 0
    return replace(
        base,
        mm_bar="9D" if config.bar is None else format_rank(config.bar, upper=True),
        mm_floor="30K" if config.floor is None else format_rank(config.floor, upper=True),
        mm_zero=format_rank(config.zero, upper=True),
        bye_points=config.bye_points,
        absent_points=config.absent_points,
        round_down=config.round_down_free_points,
        handicap_correction=config.handicap_reduction,
        handicap_ceiling=config.handicap_cap,
        handicap_on_mms=config.handicap_basis == "mms",
        no_handicap_rank="9D"
        if config.no_handicap_rank is None
        else format_rank(config.no_handicap_rank, upper=True),
        komi=config.komi_even,
        seed_system_1=strategies.get(config.even_strategy, base.seed_system_1),
        seed_system_2=strategies.get(late, base.seed_system_2),
        last_round_seed_system_1=config.even_strategy_switch_round,
        dudd_upper=upper,
        dudd_lower=lower,
        mms_gap_rather_than_club=base.mms_gap_rather_than_club
        if area_off
        else round(config.area_club),
        mms_gap_rather_than_country=base.mms_gap_rather_than_country
        if area_off
        else round(config.area_country),
        avoid_same_geo=0 if area_off else base.avoid_same_geo,
        seed_criterion="Rating" if config.seed_order == "rating" else "Rank",
    )


def round_record(tournament: GoTournament, player: int, round_number: int) -> RoundRecord:
    """What `player` (index) did in `round_number`, as the engine needs it."""
    for g in tournament.games_in(round_number):
        if player not in (g.white, g.black):
            continue
        white = player == g.white
        points = g.points()
        mine = 0.0 if points is None else (points[0] if white else points[1])
        return RoundRecord(
            kind=FORFEIT if g.by_default else GAME,
            opponent=(g.black if white else g.white) + 1,
            colour=0 if (g.by_default or not g.known_colour) else (1 if white else -1),
            points=mine,
            handicap=g.handicap,
        )
    if any(b.player == player for b in tournament.byes_in(round_number)):
        return RoundRecord(kind=BYE)
    return RoundRecord(kind=ABSENT)


def mcmahon_request(
    tournament: GoTournament,
    round_number: int,
    config: McMahonConfig,
    *,
    field: set[int] | None = None,
    seed: int = 0,
    detailed_explanations: bool = False,
    backend: str = "auto",
    prohibited_pairs: tuple[tuple[int, int], ...] = (),
    forbid_same_club: bool = False,
) -> McMahonRequest:
    """A request to pair `round_number` from the games and byes of the rounds
    before it. Player ids are file positions + 1 (also in `prohibited_pairs`).
    Who plays: `field` (player indices) if given, else everyone finally
    registered whose participation flag is set for the round."""
    players = []
    for k, p in enumerate(tournament.players):
        plays = (k in field) if field is not None else p.participates(round_number)
        players.append(
            McMahonPlayer(
                id=k + 1,
                rank=p.rank_value,
                name=p.full_name,
                rating=p.rating,
                club=p.club,
                country=p.country,
                mms_correction=p.mms_correction,
                rounds=tuple(round_record(tournament, k, r) for r in range(1, round_number)),
                absent=not plays,
            )
        )
    return McMahonRequest(
        players=tuple(players),
        round_number=round_number,
        config=config,
        seed=seed,
        detailed_explanations=detailed_explanations,
        backend=backend,
        prohibited_pairs=prohibited_pairs,
        forbid_same_club=forbid_same_club,
    )
