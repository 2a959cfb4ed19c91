"""The absolute rules a round's pairing must obey, checked on any proposed round.

Pure Python (no Django): the arbiter pages run it after every hand edit of a
draft (publishing asks for confirmation while it reports anything), and
`blossom-pairing -c` runs it on every recorded round of a TRF.

Rules (FIDE C.04.1 and the Swiss engine's graph; McMahon adds its own):
- rematch: two players meet at most once (forfeited games do not count; a double
  round-robin lifts it);
- colour-limit: before the last round nobody's colour difference leaves +-beta
  (chess only: McMahon sections have no colour rule);
- colour-three-in-a-row: before the last round nobody gets one colour a third
  time running;
- second-bye / bye-after-unplayed-win: at most one pairing-allocated bye, and
  none after a win's points scored without playing;
- prohibited: players who must not meet (family, team, same avoid group);
- same-club: McMahon sections that forbid same-club games;
- handicap-cap: a handicap above the section's cap;
- not-active / bye-requested: a withdrawn or not yet registered player, or one
  who asked for a bye, is on a board;
- unpaired: an active player has neither a board nor a bye;
- twice: a player is placed twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pairing.engine.colour_history import colour_difference, colour_limit, colour_streak


def same_club(a: str, b: str) -> bool:
    """Clubmates: the same club name, case and surrounding spaces aside; a
    blank club is no club, so two players without one are not clubmates."""
    key = a.strip().casefold()
    return bool(key) and key == b.strip().casefold()


@dataclass(frozen=True, slots=True)
class PastPlayer:
    """What the checker needs to know of one player before the round."""

    id: int
    name: str
    colours: tuple[str, ...] = ()  # "w", "b" or "-" per earlier round
    opponents: frozenset[int] = frozenset()  # met in played games
    pairing_byes: int = 0
    unplayed_wins: int = 0
    active: bool = True  # registered and not withdrawn for this round
    bye_requested: bool = False
    club: str = ""


@dataclass(frozen=True, slots=True)
class ProposedGame:
    board: int
    white: int
    black: int
    handicap: int = 0
    played: bool = True  # False: decided by forfeit, which gives no colour


@dataclass(frozen=True, slots=True)
class ProposedBye:
    player: int
    kind: str  # "pab", "half", "zero", "full"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule: its code, an English sentence, and the values the sentence is
    made of (name -> value), from which a page says it in its reader's language."""

    rule: str
    message: str
    players: tuple[int, ...] = ()
    board: int | None = None
    values: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict:
        return {
            "rule": self.rule,
            "message": self.message,
            "players": list(self.players),
            "board": self.board,
        }


@dataclass(frozen=True, slots=True)
class RoundRules:
    beta: float = 2
    last_round: bool = False
    prohibited: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    forbid_same_club: bool = False
    handicap_cap: int | None = None
    colours: bool = True  # the chess colour rules apply (McMahon has none of its own)
    # Last round: the players free of the colour limits (FIDE C.04.3 C.3: topscorers).
    # None means everyone, as for an unknown scoring.
    topscorers: frozenset[int] | None = None
    rematches: bool = False  # a double round-robin's second cycle meets everyone again


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _game_violations(
    game: ProposedGame, players: dict[int, PastPlayer], rules: RoundRules
) -> Iterable[Violation]:
    unknown = [pid for pid in (game.white, game.black) if pid not in players]
    if unknown:
        yield Violation(
            "unknown-player",
            f"Board {game.board}: player {unknown[0]} is not in the tournament.",
            tuple(unknown),
            game.board,
            (("board", game.board), ("player", unknown[0])),
        )
        return
    w, b = players[game.white], players[game.black]
    both = (w.id, b.id)
    where = f"Board {game.board}"
    pair = (("board", game.board), ("white", w.name), ("black", b.name))
    if b.id in w.opponents and not rules.rematches:
        yield Violation(
            "rematch",
            f"{where}: {w.name} and {b.name} have already played.",
            both,
            game.board,
            pair,
        )
    if _pair(w.id, b.id) in rules.prohibited:
        yield Violation(
            "prohibited",
            f"{where}: {w.name} and {b.name} must not be paired.",
            both,
            game.board,
            pair,
        )
    if rules.forbid_same_club and same_club(w.club, b.club):
        yield Violation(
            "same-club",
            f"{where}: {w.name} and {b.name} are both from {w.club}.",
            both,
            game.board,
            (*pair, ("club", w.club)),
        )
    if rules.handicap_cap is not None and game.handicap > rules.handicap_cap:
        yield Violation(
            "handicap-cap",
            f"{where}: handicap {game.handicap} is above the cap of {rules.handicap_cap}.",
            both,
            game.board,
            (("board", game.board), ("handicap", game.handicap), ("cap", rules.handicap_cap)),
        )
    for player, colour in ((w, "w"), (b, "b")):
        if not player.active:
            yield Violation(
                "not-active",
                f"{where}: {player.name} does not take part in this "
                "round (withdrawn or not yet registered).",
                (player.id,),
                game.board,
                (("board", game.board), ("name", player.name)),
            )
        if player.bye_requested:
            yield Violation(
                "bye-requested",
                f"{where}: {player.name} asked for a bye this round.",
                (player.id,),
                game.board,
                (("board", game.board), ("name", player.name)),
            )
        if not game.played or not rules.colours:
            continue
        if rules.last_round and (rules.topscorers is None or player.id in rules.topscorers):
            continue
        cd = colour_difference(player.colours) + (1 if colour == "w" else -1)
        limit = colour_limit(rules.beta)
        if abs(cd) > limit:
            yield Violation(
                "colour-limit",
                f"{where}: {player.name} would have a colour "
                f"difference of {cd:+d} (limit {limit}).",
                (player.id,),
                game.board,
                (
                    ("board", game.board),
                    ("name", player.name),
                    ("cd", f"{cd:+d}"),
                    ("limit", limit),
                ),
            )
        streak = colour_streak(player.colours)
        if (streak == 1 and colour == "w") or (streak == -1 and colour == "b"):
            name = "white" if colour == "w" else "black"
            yield Violation(
                "colour-three-in-a-row",
                f"{where}: {player.name} would have {name} three times in a row.",
                (player.id,),
                game.board,
                (("board", game.board), ("name", player.name), ("colour", colour)),
            )


def check_round(
    *,
    players: Iterable[PastPlayer],
    games: Iterable[ProposedGame],
    byes: Iterable[ProposedBye] = (),
    rules: RoundRules = RoundRules(),
    everyone_placed: bool = True,
) -> list[Violation]:
    """Every absolute rule the proposed round breaks (an empty list: none).

    everyone_placed: report active players with neither a board nor a bye (a
    round being prepared must place everybody; a recorded round may simply not
    mention an absent player)."""
    by_id = {p.id: p for p in players}
    violations: list[Violation] = []
    placed: dict[int, str] = {}

    def place(pid: int, where: str) -> None:
        if pid in placed:
            name = by_id[pid].name if pid in by_id else f"player {pid}"
            violations.append(
                Violation(
                    "twice",
                    f"{name} is placed twice ({placed[pid]} and {where}).",
                    (pid,),
                    values=(("name", name), ("first", placed[pid]), ("second", where)),
                )
            )
        placed.setdefault(pid, where)

    for game in sorted(games, key=lambda g: g.board):
        place(game.white, f"board {game.board}")
        place(game.black, f"board {game.board}")
        violations.extend(_game_violations(game, by_id, rules))
    pairing_byes = [b.player for b in byes if b.kind == "pab"]
    if len(pairing_byes) > 1:
        violations.append(
            Violation(
                "several-byes",
                "More than one pairing-allocated bye: "
                + ", ".join(str(p) for p in pairing_byes)
                + ".",
                tuple(pairing_byes),
                values=(("players", ", ".join(str(p) for p in pairing_byes)),),
            )
        )
    for bye in byes:
        place(bye.player, "a bye")
        if bye.player not in by_id:
            violations.append(
                Violation(
                    "unknown-player",
                    f"Player {bye.player} is not in the tournament.",
                    (bye.player,),
                    values=(("player", bye.player),),
                )
            )
            continue
        player = by_id[bye.player]
        if bye.kind != "pab":
            continue
        if player.pairing_byes:
            violations.append(
                Violation(
                    "second-bye",
                    f"{player.name} already had a pairing-allocated bye.",
                    (player.id,),
                    values=(("name", player.name),),
                )
            )
        elif player.unplayed_wins:
            violations.append(
                Violation(
                    "bye-after-unplayed-win",
                    f"{player.name} already scored a win without playing.",
                    (player.id,),
                    values=(("name", player.name),),
                )
            )
    for player in by_id.values() if everyone_placed else ():
        if player.active and not player.bye_requested and player.id not in placed:
            violations.append(
                Violation(
                    "unpaired",
                    f"{player.name} has neither a board nor a bye.",
                    (player.id,),
                    values=(("name", player.name),),
                )
            )
    return violations
