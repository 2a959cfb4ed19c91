"""A demo event: a chess Swiss section and a Go McMahon section with realistic players."""

from __future__ import annotations

import random
from datetime import date, timedelta

import numpy as np
from django.db import transaction

from pairing.simulation.milvang import draw_results
from tournaments.gorank import grade_to_rank, rank_to_grade
from tournaments.models import Event, GameKind, PairingSystem
from tournaments.services.events import event_create
from tournaments.services.players import player_create
from tournaments.services.results import result_record
from tournaments.services.rounds import round_close, round_pair, round_publish
from tournaments.services.sections import section_create

DEMO_SLUG = "blossom-open"

# (federation, club, first names, family names)
CHESS_POOLS = [
    (
        "GER",
        ("SK Turm Emsdetten", "SC Kreuzberg", "Hamburger SK"),
        ("Lukas", "Jonas", "Lena", "Felix", "Hannah", "Matthias"),
        ("Schneider", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann"),
    ),
    (
        "FRA",
        ("Echiquier Nanceien", "Cercle d'Echecs de Lyon"),
        ("Camille", "Julien", "Manon", "Thomas", "Chloe"),
        ("Martin", "Bernard", "Dubois", "Moreau", "Laurent"),
    ),
    (
        "NOR",
        ("Oslo Schakselskap", "Bergens Schakklub"),
        ("Magnus", "Ingrid", "Sindre", "Kari"),
        ("Hansen", "Johansen", "Olsen", "Larsen"),
    ),
    (
        "ESP",
        ("Club Ajedrez Madrid", "Penya d'Escacs Barcelona"),
        ("Alejandro", "Lucia", "Pablo", "Carmen"),
        ("Garcia", "Fernandez", "Lopez", "Martinez"),
    ),
    (
        "IND",
        ("Chennai Chess Academy", "Mumbai Chess Circle"),
        ("Arjun", "Priya", "Vikram", "Ananya"),
        ("Sharma", "Iyer", "Reddy", "Nair"),
    ),
    (
        "POL",
        ("KS Hetman Warszawa", "AZS Krakow"),
        ("Kacper", "Zofia", "Jakub", "Maja"),
        ("Nowak", "Kowalski", "Wisniewski", "Wojcik"),
    ),
    (
        "NED",
        ("Schaakclub Utrecht", "HSG Hilversum"),
        ("Daan", "Sanne", "Bram", "Femke"),
        ("de Jong", "Jansen", "Visser", "Bakker"),
    ),
    (
        "USA",
        ("Marshall Chess Club", "Mechanics' Institute"),
        ("Emily", "Michael", "Sarah", "David"),
        ("Johnson", "Miller", "Davis", "Brown"),
    ),
]

GO_POOLS = [
    (
        "FR",
        ("Toulouse", "Paris-Jussieu", "Lyon"),
        ("Antoine", "Claire", "Hugo", "Ines", "Louis"),
        ("Petit", "Roux", "Fournier", "Girard"),
    ),
    (
        "DE",
        ("Berlin", "Hamburg", "Munchen"),
        ("Tobias", "Miriam", "Stefan", "Anna"),
        ("Koch", "Richter", "Klein", "Wolf"),
    ),
    ("NL", ("Amsterdam", "Utrecht"), ("Pieter", "Eva", "Joost"), ("Mulder", "de Vries", "Smit")),
    ("CZ", ("Praha", "Brno"), ("Jan", "Tereza", "Ondrej"), ("Novak", "Svoboda", "Dvorak")),
    ("UA", ("Kyiv", "Kharkiv"), ("Andrii", "Olena", "Dmytro"), ("Shevchenko", "Bondarenko")),
    ("KR", ("Seoul",), ("Min-jun", "Seo-yeon", "Ji-ho"), ("Kim", "Lee", "Park")),
]

TITLES = ((2350, "FM"), (2200, "CM"))


def _name(rng: random.Random, pool, used: set[str]) -> str:
    _, _, firsts, lasts = pool
    for _ in range(100):
        name = f"{rng.choice(lasts)}, {rng.choice(firsts)}"
        if name not in used:
            used.add(name)
            return name
    raise RuntimeError("demo name pool exhausted")


def _play_chess_round(rnd, rng: np.random.Generator) -> None:
    """Results drawn from Milvang's model on the players' ratings."""
    games = list(rnd.games.select_related("white", "black").order_by("board"))
    if not games:
        return
    white = np.array([g.white.rating or 1500 for g in games], dtype=float)
    black = np.array([g.black.rating or 1500 for g in games], dtype=float)
    outcome = draw_results(white, black, rng)
    for game, o in zip(games, outcome, strict=True):
        result = {1: "1-0", 0: "1/2-1/2", -1: "0-1"}[int(o)]
        result_record(game=game, result=result, by=None, source="demo")


def _play_go_round(rnd, rng: np.random.Generator) -> None:
    """A coin weighted by rank difference (handicap stones make the game even)."""
    for game in rnd.games.select_related("white", "black").order_by("board"):
        gap = rank_to_grade(game.white.go_rank) - rank_to_grade(game.black.go_rank)
        gap += game.handicap if gap < 0 else -game.handicap
        p_white = 1.0 / (1.0 + np.exp(-gap / 1.5))
        result = "1-0" if rng.random() < p_white else "0-1"
        result_record(game=game, result=result, by=None, source="demo")


def demo_play(*, section, rounds: int, seed: int) -> None:
    """Pair, publish, play and close `rounds` rounds of a section."""

    rng = np.random.default_rng(seed)
    play = _play_go_round if section.is_go else _play_chess_round
    for _ in range(rounds):
        rnd = round_pair(section=section)
        round_publish(round=rnd)
        play(rnd, rng)
        round_close(round=rnd)


@transaction.atomic
def demo_create(
    *,
    seed: int = 2026,
    chess_players: int = 40,
    go_players: int = 30,
    chess_rounds: int = 5,
    go_rounds: int = 3,
) -> Event:
    """Create the demo event (or return it if it exists already): the chess section
    with `chess_rounds` rounds paired and played, the Go section with `go_rounds`."""
    existing = Event.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing
    rng = random.Random(seed)
    start = date.today()
    event = event_create(
        name="Blossom Open",
        slug=DEMO_SLUG,
        start_date=start,
        end_date=start + timedelta(days=4),
        venue="Town Hall, Main Square",
        is_public=True,
    )
    chess = section_create(
        event=event,
        name="Open",
        game=GameKind.CHESS,
        pairing_system=PairingSystem.MWM_DUTCH,
        total_rounds=7,
        seed=seed,
    )
    used: set[str] = set()
    ratings = sorted((rng.randint(1400, 2400) for _ in range(chess_players)), reverse=True)
    for rating in ratings:
        pool = rng.choice(CHESS_POOLS)
        title = next((t for floor, t in TITLES if rating >= floor), "")
        player_create(
            section=chess,
            name=_name(rng, pool, used),
            rating=rating,
            title=title,
            federation=pool[0],
            club=rng.choice(pool[1]),
            fide_id=str(rng.randint(1_000_000, 99_999_999)),
        )
    go = section_create(
        event=event,
        name="Go McMahon",
        game=GameKind.GO,
        pairing_system=PairingSystem.MCMAHON,
        total_rounds=5,
        mcmahon_bar="2d",
        mcmahon_floor="15k",
        seed=seed + 1,
    )
    grades = sorted((rng.randint(-15, 3) for _ in range(go_players)), reverse=True)  # 15k..4d
    for grade in grades:
        pool = rng.choice(GO_POOLS)
        player_create(
            section=go,
            name=_name(rng, pool, used),
            go_rank=grade_to_rank(grade),
            rating=max(100, 2100 + 100 * grade),
            federation=pool[0],
            club=rng.choice(pool[1]),
            egf_pin=str(rng.randint(10_000_000, 19_999_999)),
        )
    demo_play(section=chess, rounds=chess_rounds, seed=seed)
    demo_play(section=go, rounds=go_rounds, seed=seed + 1)
    return event
