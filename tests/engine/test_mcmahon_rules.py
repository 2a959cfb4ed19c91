"""The McMahon engine's hard rules as an arbiter sets them: no handicap above a
rank (OpenGotha's meaning), prohibited pairs, never the same club, and a
blank club that is no club, from a ten-player section to a real-sized event."""

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.cli.mcmahon import main
from pairing.engine.mcmahon import (
    BYE,
    GAME,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    NoValidPairing,
    RoundRecord,
    pair_round,
    parse_rank,
    player_states,
    round_quality,
)
from pairing.engine.mcmahon.quality import PlayedGame
from pairing.formats.opengotha import read_opengotha, write_opengotha
from pairing.gorecord import GoGame, GoPlayer, GoSettings, GoTournament
from tests.engine.test_mcmahon_engine import check_hard_rules
from tests.shared_data import OPENGOTHA

RANKS = ("4d", "2d", "1d", "1k", "3k", "5k", "8k", "10k", "15k", "25k")
RESULTS = ["1", "0", "1", "0", "1"]  # round 1, board by board: 1 white wins, 0 black wins


def with_results(players, pairing, results):
    records = {}
    for g, result in zip(pairing.games, results, strict=True):
        white_points = 1.0 if result == "1" else 0.0
        records[g.white] = RoundRecord(GAME, g.black, 1, white_points, g.handicap)
        records[g.black] = RoundRecord(GAME, g.white, -1, 1.0 - white_points, g.handicap)
    for b in pairing.byes:
        records[b.player] = RoundRecord(BYE)
    return tuple(
        McMahonPlayer(
            p.id,
            p.rank,
            name=p.name,
            club=p.club,
            country=p.country,
            rounds=(*p.rounds, records[p.id]),
        )
        for p in players
    )


@pytest.mark.parametrize("no_handicap", [0, None, -3])
def test_one_player_alone_above_the_bar_still_pairs(no_handicap):
    # bar 3d, floor 20k, handicap reduction 1; whatever the no-handicap rank,
    # a handicap game with a player at the bar is played, not forbidden
    config = McMahonConfig(bar=2, floor=-20, handicap_reduction=1, no_handicap_rank=no_handicap)
    players = tuple(McMahonPlayer(k + 1, parse_rank(r), name=f"P{r}") for k, r in enumerate(RANKS))
    first = pair_round(McMahonRequest(players, 1, config))
    players = with_results(players, first, RESULTS)
    second = pair_round(McMahonRequest(players, 2, config))
    assert len(second.games) == 5
    check_hard_rules(players, second, config)
    top = next(g for g in second.games if 1 in (g.white, g.black))
    if no_handicap == 0:  # the 4d counts as 1d: against a 1d-MMS player it is even
        assert top.handicap <= 1


def section_file(path, threshold):
    players = [GoPlayer(f"P{r}", "X", r.upper(), club=f"C{k}") for k, r in enumerate(RANKS)]
    settings = GoSettings(
        mm_bar="3D", mm_floor="20K", handicap_correction=1, no_handicap_rank=threshold
    )
    t = GoTournament(players=players, settings=settings)
    config_request = pair_round(
        McMahonRequest(
            tuple(McMahonPlayer(k + 1, parse_rank(r)) for k, r in enumerate(RANKS)),
            1,
            McMahonConfig(bar=2, floor=-20, no_handicap_rank=parse_rank(threshold)),
        )
    )
    for g, result in zip(config_request.games, RESULTS, strict=True):
        outcome = "RESULT_WHITEWINS" if result == "1" else "RESULT_BLACKWINS"
        t.games.append(GoGame(1, g.white - 1, g.black - 1, outcome, g.handicap, g.board))
    write_opengotha(t, path)


@pytest.mark.parametrize("threshold", ["1D", "9D", "30K"])
def test_the_command_line_pairs_the_same_section(tmp_path, threshold):
    path = tmp_path / "section.xml"
    section_file(path, threshold)
    out, err = io.StringIO(), io.StringIO()
    code = main(["--mcmahon", str(path), "-p"], out=out, err=err)
    assert code == 0, err.getvalue()
    assert out.getvalue().splitlines()[0] == "5"
    assert read_opengotha(path).settings.no_handicap_rank == threshold


# -- prohibited pairs and clubs ---------------------------------------------------


def test_a_prohibited_pair_never_meets():
    players = tuple(McMahonPlayer(k + 1, -5, rating=2000 - k, club=str(k)) for k in range(4))
    plain = pair_round(McMahonRequest(players, 1))
    first = plain.games[0]
    barred = pair_round(McMahonRequest(players, 1, prohibited_pairs=((first.black, first.white),)))
    pairs = {frozenset((g.white, g.black)) for g in barred.games}
    assert frozenset((first.white, first.black)) not in pairs
    assert len(barred.games) == 2


def test_clubmates_never_meet_when_the_section_forbids_it():
    # split and fold pairs 1-4 and 2-3; make 1-4 and 2-3 clubmates
    players = tuple(
        McMahonPlayer(k, -5, rating=2000 - k, club="a " if k in (1, 4) else "B")
        for k in (1, 2, 3, 4)
    )
    blind = McMahonConfig(area_club=0.0, area_country=0.0)  # the weights ignore clubs
    plain = {
        frozenset((g.white, g.black)) for g in pair_round(McMahonRequest(players, 1, blind)).games
    }
    assert plain == {frozenset((1, 4)), frozenset((2, 3))}
    strict = pair_round(McMahonRequest(players, 1, blind, forbid_same_club=True))
    assert {frozenset((g.white, g.black)) for g in strict.games}.isdisjoint(plain)


def test_a_blank_club_is_no_club_anywhere():
    players = tuple(
        McMahonPlayer(k + 1, -5, rating=2000 - k, club=["", " ", "  "][k % 3]) for k in range(6)
    )
    pairing = pair_round(McMahonRequest(players, 1, forbid_same_club=True))
    assert len(pairing.games) == 3
    assert pairing.quality.same_club_games == 0
    for g in pairing.games:
        assert not {"same-club", "avoids-same-club"} & set(g.explanation.flags)
    states = player_states(McMahonRequest(players, 1))
    games = [PlayedGame(0, 1), PlayedGame(2, 3), PlayedGame(4, 5)]
    assert round_quality(states, games, McMahonConfig()).same_club_games == 0


def test_no_valid_pairing_names_the_players_and_the_reason():
    players = (
        McMahonPlayer(1, 0, name="Ann", club="Go A"),
        McMahonPlayer(2, 0, name="Bob", club="go a"),
        McMahonPlayer(3, -5, name="Cy", club="B"),
        McMahonPlayer(4, -5, name="Di", club="B"),
    )
    with pytest.raises(NoValidPairing) as caught:
        pair_round(McMahonRequest(players, 1, prohibited_pairs=((2, 1), (1, 3), (1, 4))))
    message = str(caught.value)
    assert "round 1" in message and "rematches and prohibited pairs" in message
    assert "1 Ann: 0 possible opponents; may not meet 2 Bob, 3 Cy, 4 Di (prohibited)" in message
    with pytest.raises(NoValidPairing) as caught:
        request = McMahonRequest(
            players, 1, forbid_same_club=True, prohibited_pairs=((1, 3), (1, 4))
        )
        pair_round(request)
    message = str(caught.value)
    assert "rematches, prohibited pairs and same-club games" in message
    assert "shares the club Go A with 2 Bob" in message


def test_a_prohibited_pair_must_name_two_players():
    from pairing.engine.mcmahon import McMahonInputError

    players = (McMahonPlayer(1, 0), McMahonPlayer(2, 0))
    for bad in (((1, 9),), ((1, 1),)):
        with pytest.raises(McMahonInputError, match="prohibited pair"):
            pair_round(McMahonRequest(players, 1, prohibited_pairs=bad))


# -- a real-sized event ----------------------------------------------------------


def real_players(blank_share: float, rng: random.Random) -> tuple[McMahonPlayer, ...]:
    """Every player of four real OpenGotha files in one field (clubs, countries
    and ranks as registered), some with their club blanked out."""
    players = []
    for name in ("stage-ete-2021.xml", "bosp2024.xml", "frioul-2018.xml", "veterans-2021.xml"):
        for p in read_opengotha(OPENGOTHA / name).players:
            club = "" if rng.random() < blank_share else p.club
            players.append(
                McMahonPlayer(
                    len(players) + 1,
                    p.rank_value,
                    name=p.full_name,
                    rating=p.rating,
                    club=club,
                    country=p.country,
                )
            )
    return tuple(players)


def play(players, pairing, rng):
    records = {}
    for g in pairing.games:
        won = rng.random() < 0.5
        records[g.white] = RoundRecord(GAME, g.black, 1, float(won), g.handicap)
        records[g.black] = RoundRecord(GAME, g.white, -1, float(not won), g.handicap)
    for b in pairing.byes:
        records[b.player] = RoundRecord(BYE)
    return tuple(
        McMahonPlayer(
            p.id,
            p.rank,
            name=p.name,
            rating=p.rating,
            club=p.club,
            country=p.country,
            rounds=(*p.rounds, records[p.id]),
        )
        for p in players
    )


def test_a_real_sized_event_honours_prohibited_pairs_and_clubs():
    rng = random.Random(3)
    players = real_players(0.15, rng)
    assert len(players) >= 240
    # the weights ignore clubs: only the hard rule keeps clubmates apart
    config = McMahonConfig(bar=2, floor=-20, area_club=0.0)
    blank = [p.id for p in players if not p.club.strip()]
    assert len(blank) > 20
    for r in range(1, 6):
        free = pair_round(McMahonRequest(players, r, config))
        # prohibit ten of the boards the engine would have chosen
        prohibited = tuple((g.white, g.black) for g in free.games[:: len(free.games) // 10][:10])
        request = McMahonRequest(
            players, r, config, prohibited_pairs=prohibited, forbid_same_club=True
        )
        pairing = pair_round(request)
        check_hard_rules(players, pairing, config, prohibited, forbid_same_club=True)
        assert pairing.quality.same_club_games == 0
        assert free.quality.same_club_games > 0  # the rule is not idle here
        players = play(players, pairing, rng)


def test_an_odd_field_that_cannot_be_paired_says_so_at_once():
    players = tuple(McMahonPlayer(k, -5, name=f"P{k}", club="X") for k in range(1, 302))
    with pytest.raises(NoValidPairing) as caught:
        pair_round(McMahonRequest(players, 1, forbid_same_club=True))
    message = str(caught.value)
    assert "no pairing of 301 players avoids rematches and same-club games" in message
    assert "1 P1: 0 possible opponents; shares the club X with 2 P2" in message
    assert message.endswith("And 295 more players)") and len(message) < 2000


def can_pair(players, round_number, config, prohibited, forbid_same_club):
    """Independent check with networkx: a pairing of everyone present (one
    bye among those with fewest byes in an odd field) under the hard rules."""
    import networkx as nx

    from pairing.engine.mcmahon.area import same_area

    states = player_states(McMahonRequest(players, round_number, config))
    present = [s for s in states if not s.player.absent and not s.player.bye_requested]
    barred = {frozenset(p) for p in prohibited}
    g = nx.Graph()
    g.add_nodes_from(range(len(present)))
    for a in range(len(present)):
        for b in range(a + 1, len(present)):
            x, y = present[a].player, present[b].player
            if y.id in present[a].opponents or frozenset((x.id, y.id)) in barred:
                continue
            if forbid_same_club and same_area(x.club, y.club):
                continue
            g.add_edge(a, b)
    if len(present) % 2:
        fewest = min(s.pairing_byes for s in present)
        g.add_edges_from(("bye", a) for a, s in enumerate(present) if s.pairing_byes == fewest)
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == g.number_of_nodes()


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 25), rounds=st.integers(1, 4), seed=st.integers(0, 10**6))
def test_prohibited_pairs_and_clubs_hold_or_no_pairing_exists(n, rounds, seed):
    rng = random.Random(seed)
    config = McMahonConfig(bar=rng.choice([0, -3, None]))
    clubs = ["A", "A", "B", "", " ", "c", "C "]
    players = tuple(
        McMahonPlayer(k + 1, rng.randint(-25, 3), name=f"P{k + 1}", club=rng.choice(clubs))
        for k in range(n)
    )
    forbid = rng.random() < 0.7
    for r in range(1, rounds + 1):
        ids = [p.id for p in players]
        prohibited = tuple(
            (a, b) for a, b in (rng.sample(ids, 2) for _ in range(rng.randint(0, n))) if a != b
        )
        request = McMahonRequest(
            players, r, config, seed=seed, prohibited_pairs=prohibited, forbid_same_club=forbid
        )
        try:
            pairing = pair_round(request)
        except NoValidPairing:
            assert not can_pair(players, r, config, prohibited, forbid)
            return
        check_hard_rules(players, pairing, config, prohibited, forbid_same_club=forbid)
        players = play(players, pairing, rng)
