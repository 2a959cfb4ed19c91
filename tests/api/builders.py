"""Sections with rounds already played, for the public page and API tests.

Rounds are paired by a simple deterministic scheme (score groups top-down, no
rematches where avoidable, colours alternating by board): enough to fill pages;
pairing quality is tested elsewhere.
"""

from __future__ import annotations

from decimal import Decimal

from tests.factories import EventFactory, SectionFactory
from tournaments.engines import ByeSpec, GameSpec
from tournaments.models import ByeKind, Event, Game, Player, Round, Section
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create, round_publish
from tournaments.snapshot import SectionSnapshot


def simple_round(section: Section, *, bye_kind: str = ByeKind.PAIRING) -> Round:
    """Create the next round as a draft: players by score then number, each paired with
    the nearest one below not yet met; an odd one out gets a bye."""
    scores = SectionSnapshot.load(section).scores()
    players = sorted(section.players.all(), key=lambda p: (-scores.get(p.pk, 0), p.pairing_number))
    met: set[tuple[int, int]] = set()
    for rnd in section.rounds.all():
        for w, b in rnd.games.values_list("white_id", "black_id"):
            met |= {(w, b), (b, w)}
    games, byes, free = [], [], list(players)
    if len(free) % 2:
        byes.append(ByeSpec(player=free.pop(), kind=bye_kind))
    board = 1
    while free:
        top = free.pop(0)
        partner = next((p for p in free if (top.pk, p.pk) not in met), free[0])
        free.remove(partner)
        white, black = (top, partner) if board % 2 else (partner, top)
        games.append(GameSpec(board=board, white=white, black=black))
        board += 1
    return round_create(section=section, games=games, byes=byes)


def _result(game: Game) -> str:
    go = game.round.section.is_go
    if game.board % 3 == 0 and (not go or game.komi is None or game.komi % 1 == 0):
        return "1/2-1/2"  # no jigo in Go with a half-point komi
    return "1-0" if game.white.pairing_number < game.black.pairing_number else "0-1"


def play_round(rnd: Round, *, results: bool = True, bulk: bool = False) -> None:
    """Publish the round and (optionally) enter a result on every board: the lower
    pairing number wins, every third board is drawn. `bulk` writes the results in one
    statement without the audit trail (for big page-size fixtures only)."""
    round_publish(round=rnd, confirm=True)
    if not results:
        return
    games = list(rnd.games.select_related("white", "black").order_by("board"))
    if bulk:
        for game in games:
            game.result, game.version = _result(game), game.version + 1
        Game.objects.bulk_update(games, ["result", "version"])
        return
    for game in games:
        result_record(game=game, result=_result(game), by=None)


FIRST = ("Alexandra", "Benedikt", "Charlotte", "Dmitri", "Elisabeth", "Francesco", "Gunnar")
LAST = ("Schneider", "Kowalczyk", "Fernández", "Johansson", "Van der Berg", "Nakamura")
LAST2 = ("Müller", "Dubois", "Rossi", "Novak", "Horváth", "Ivanova", "Kim", "Larsen")


def long_name(i: int) -> str:
    """A realistic, fairly long unique name: "Kowalczyk-Dubois, Charlotte 17"."""
    return f"{LAST[i % 6]}-{LAST2[i // 6 % 8]}, {FIRST[i % 7]} {i // 48 + 1}"


def section_with_rounds(
    *,
    players: int = 8,
    played: int = 2,
    pending: int = 0,
    draft: int = 0,
    event: Event | None = None,
    realistic_names: bool = False,
    bulk: bool = False,
    **section_fields,
) -> Section:
    """A section with `played` rounds finished, then `pending` published rounds without
    results, then `draft` unpublished rounds."""
    event = event or EventFactory()
    fields = {"total_rounds": max(5, played + pending + draft), **section_fields}
    section = SectionFactory(event=event, **fields)
    Player.objects.bulk_create(
        Player(
            section=section,
            pairing_number=i + 1,
            name=long_name(i) if realistic_names else f"Player {i:03d}",
            rating=max(1000, 2400 - 25 * i) if not realistic_names else 2700 - 3 * i,
            title="GM" if realistic_names and i < 10 else "",
            federation="NOR",
            club="Oslo SK",
        )
        for i in range(players)
    )
    for _ in range(played):
        play_round(simple_round(section), bulk=bulk)
    for _ in range(pending):
        play_round(simple_round(section), results=False)
    for _ in range(draft):
        simple_round(section)
    return section


def score_of(section: Section, pairing_number: int) -> Decimal:
    player = section.players.get(pairing_number=pairing_number)
    return SectionSnapshot.load(section).scores(published_only=True)[player.pk]
