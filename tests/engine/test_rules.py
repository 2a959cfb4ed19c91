"""The shared absolute-rule checker, one rule at a time."""

from __future__ import annotations

from pairing.engine.rules import (
    PastPlayer,
    ProposedBye,
    ProposedGame,
    RoundRules,
    check_round,
)


def _players(**overrides):
    base = {i: PastPlayer(id=i, name=f"P{i}") for i in range(1, 7)}
    for pid, changes in overrides.items():
        p = base[int(pid[1:])]
        base[p.id] = PastPlayer(**{**{f: getattr(p, f) for f in p.__dataclass_fields__}, **changes})
    return list(base.values())


def _rules(players, games, byes=(), **options):
    everyone = options.pop("everyone_placed", False)
    return {
        v.rule
        for v in check_round(
            players=players,
            games=games,
            byes=byes,
            rules=RoundRules(**options),
            everyone_placed=everyone,
        )
    }


def test_a_clean_round_breaks_nothing():
    games = [ProposedGame(1, 1, 2), ProposedGame(2, 3, 4), ProposedGame(3, 5, 6)]
    assert _rules(_players(), games, everyone_placed=True) == set()


def test_rematch_and_prohibited_and_same_club():
    players = _players(p1={"opponents": frozenset({2}), "club": "Oslo"}, p2={"club": "oslo"})
    games = [ProposedGame(1, 1, 2)]
    assert _rules(players, games) == {"rematch"}
    assert _rules(players, games, prohibited=frozenset({(1, 2)}), forbid_same_club=True) == {
        "rematch",
        "prohibited",
        "same-club",
    }


def test_a_blank_club_is_no_club():
    players = _players(
        p1={"club": " "}, p2={"club": ""}, p3={"club": " Oslo "}, p4={"club": "oslo"}
    )
    games = [ProposedGame(1, 1, 2), ProposedGame(2, 3, 4)]
    violations = check_round(
        players=players, games=games, byes=(), rules=RoundRules(forbid_same_club=True)
    )
    assert [(v.rule, v.players) for v in violations if v.rule == "same-club"] == [
        ("same-club", (3, 4))
    ]


def test_colour_limit_and_three_in_a_row_but_not_in_the_last_round_or_a_forfeit():
    players = _players(p1={"colours": ("w", "b", "w", "w")}, p2={"colours": ("b", "b")})
    white_again = [ProposedGame(1, 1, 2)]
    assert _rules(players, white_again) == {"colour-limit", "colour-three-in-a-row"}
    assert _rules(players, white_again, beta=3) == {"colour-three-in-a-row"}
    assert _rules(players, white_again, last_round=True) == set()
    assert _rules(players, [ProposedGame(1, 1, 2, played=False)]) == set()
    # A beta below 1 still allows a difference of 1 (strict alternation).
    assert _rules(_players(), [ProposedGame(1, 1, 2)], beta=0.5) == set()


def test_byes():
    players = _players(p5={"pairing_byes": 1}, p6={"unplayed_wins": 1})
    games = [ProposedGame(1, 1, 2), ProposedGame(2, 3, 4)]
    assert _rules(players, games, [ProposedBye(5, "pab")]) == {"second-bye"}
    assert _rules(players, games, [ProposedBye(6, "pab")]) == {"bye-after-unplayed-win"}
    assert _rules(players, games, [ProposedBye(5, "half"), ProposedBye(6, "zero")]) == set()
    assert "several-byes" in _rules(
        _players(), games, [ProposedBye(5, "pab"), ProposedBye(6, "pab")]
    )


def test_who_must_not_or_must_be_on_a_board():
    players = _players(p1={"active": False}, p2={"bye_requested": True})
    games = [ProposedGame(1, 1, 2), ProposedGame(2, 1, 3)]
    assert _rules(players, games) == {"not-active", "bye-requested", "twice"}
    assert _rules(_players(), [ProposedGame(1, 1, 2)], everyone_placed=True) == {"unpaired"}
    assert _rules(_players(), [ProposedGame(1, 1, 99)]) == {"unknown-player"}


def test_handicap_cap_and_messages_name_board_and_players():
    violations = check_round(
        players=_players(),
        games=[ProposedGame(4, 1, 2, handicap=10)],
        rules=RoundRules(handicap_cap=9),
        everyone_placed=False,
    )
    assert [v.to_dict() for v in violations] == [
        {
            "rule": "handicap-cap",
            "message": "Board 4: handicap 10 is above the cap of 9.",
            "players": [1, 2],
            "board": 4,
        }
    ]
