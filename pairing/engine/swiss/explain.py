"""Explanations an arbiter can show a player who asks "why was I paired like this?"."""

from __future__ import annotations

from pairing.engine.colour_history import COLOUR_NAME, due_colour
from pairing.engine.explanation_parts import Part, colour_part, part, points_part
from pairing.engine.swiss.colours import ColourDecision, label_value
from pairing.engine.swiss.request import SwissPlayer
from pairing.engine.swiss.result import BoardExplanation, Bye, points_text


def _points(value) -> str:
    text = points_text(value)
    return f"{text} point" if text == "1" else f"{text} points"


def _points_part(value) -> Part:
    return points_part(points_text(value))


def _got_due(player: SwissPlayer, colour: str) -> bool | None:
    due = due_colour(player.colours)
    return None if due is None else due == colour


def _due_sentence(player: SwissPlayer, colour: str) -> str:
    due = due_colour(player.colours)
    if due is None:
        return f"{player.label} had no colour due and has {COLOUR_NAME[colour]}"
    if due == colour:
        return f"{player.label} gets {COLOUR_NAME[colour]} as due"
    return f"{player.label} was due {COLOUR_NAME[due]} but has {COLOUR_NAME[colour]}"


def _due_part(player: SwissPlayer, colour: str) -> Part:
    due = due_colour(player.colours)
    name, has = label_value(player), colour_part(colour)
    if due is None:
        return part("no-colour-due", name=name, colour=has)
    if due == colour:
        return part("got-colour-due", name=name, colour=has)
    return part("not-colour-due", name=name, due=colour_part(due), colour=has)


def _float_history_part(player: SwissPlayer, direction: str) -> Part | None:
    rounds = [r + 1 for r, f in enumerate(player.floats) if f == direction]
    if not rounds:
        return None
    return part(
        f"floated-{direction}",
        name=label_value(player),
        rounds=", ".join(str(r) for r in rounds),
        n=len(rounds),
    )


def _float_history(player: SwissPlayer, direction: str) -> str | None:
    rounds = [r + 1 for r, f in enumerate(player.floats) if f == direction]
    if not rounds:
        return None
    listed = ", ".join(str(r) for r in rounds)
    plural = "s" if len(rounds) > 1 else ""
    return f"{player.label} also floated {direction} in round{plural} {listed}"


def explain_board(decision: ColourDecision, board: int) -> BoardExplanation:
    white, black = decision.white, decision.black
    flags: list[str] = []
    sentences: list[str] = []
    parts: list[Part] = [part("board", board=board)]
    diff = abs(white.score - black.score)
    if diff == 0:
        kind, down, up = "in-group", None, None
        flags.append("in-group")
        sentences.append(f"Both players are on {_points(white.score)}: an in-group pairing.")
        parts.append(part("in-group", points=_points_part(white.score)))
    else:
        kind = "float"
        high, low = (white, black) if white.score > black.score else (black, white)
        down, up = high.id, low.id
        flags.append("float")
        sentences.append(
            f"{high.label} on {_points(high.score)} floats down and {low.label} on "
            f"{_points(low.score)} floats up, a difference of {_points(diff)}."
        )
        parts.append(
            part(
                "float",
                high=label_value(high),
                high_points=_points_part(high.score),
                low=label_value(low),
                low_points=_points_part(low.score),
                difference=_points_part(diff),
            )
        )
        for player, direction in ((high, "down"), (low, "up")):
            history = _float_history(player, direction)
            if history:
                flags.append(f"repeated-{direction}float")
                sentences.append(history + ".")
                parts.append(_float_history_part(player, direction))

    white_due, black_due = _got_due(white, "w"), _got_due(black, "b")
    for who, got in (("white", white_due), ("black", black_due)):
        flags.append(
            f"{who}-no-due" if got is None else f"{who}-got-due" if got else f"{who}-not-due"
        )
    flags.append(f"colour-{decision.rule}")
    sentences.append(f"{white.label} has white: {decision.sentence}.")
    sentences.append(f"{_due_sentence(white, 'w')}; {_due_sentence(black, 'b')}.")
    parts.append(part("has-white", name=label_value(white), reason=decision.sentence_part))
    parts.append(part("colours-due", white=_due_part(white, "w"), black=_due_part(black, "b")))
    return BoardExplanation(
        kind=kind,
        score_difference=diff,
        downfloater=down,
        upfloater=up,
        white_got_due=white_due,
        black_got_due=black_due,
        colour_rule=decision.rule,
        flags=tuple(flags),
        text=f"Board {board}: " + " ".join(sentences),
        parts=tuple(parts) if decision.sentence_part is not None else (),
    )


def ineligibility(player: SwissPlayer) -> str | None:
    if player.pairing_byes:
        return "has already had a pairing-allocated bye"
    if player.unplayed_wins:
        return "has already scored a win without playing (forfeit win or full-point bye)"
    return None


# The reasons `ineligibility` and the engine give why a lower-ranked player did not
# take the bye, as explanation parts.
WHY_PARTS = {
    "has already had a pairing-allocated bye": part("had-pairing-bye"),
    "has already scored a win without playing (forfeit win or full-point bye)": part(
        "had-unplayed-win"
    ),
    "could not take it: the other players could not all have been paired": part(
        "could-not-take-bye"
    ),
}


def explain_pairing_bye(player: SwissPlayer, *, skipped: list[tuple[SwissPlayer, str]]) -> Bye:
    sentences = [
        f"{player.label} ({_points(player.score)}) has the pairing-allocated bye: the "
        f"number of players to pair is odd, and the bye goes to the lowest-ranked player "
        f"who has had neither a pairing-allocated bye nor a win without playing."
    ]
    parts: list[Part] | None = [
        part("pairing-bye", name=label_value(player), points=_points_part(player.score))
    ]
    flags = ["odd-number", "lowest-eligible"]
    for other, why in skipped:
        sentences.append(f"{other.label}, ranked lower, {why}.")
        if parts is not None and why in WHY_PARTS:
            parts.append(part("ranked-lower", name=label_value(other), why=WHY_PARTS[why]))
        else:  # a reason without parts: the English only
            parts = None
    if any(why.startswith("could not") for _, why in skipped):
        flags.append("lower-player-unpairable")
    return Bye(
        player.id, "pairing-allocated", " ".join(sentences), tuple(flags), tuple(parts or ())
    )


def explain_absence(player: SwissPlayer) -> Bye:
    if player.withdrawn:
        return Bye(
            player.id,
            "withdrawn",
            f"{player.label} has withdrawn.",
            ("withdrawn",),
            (part("withdrawn", name=label_value(player)),),
        )
    return Bye(
        player.id,
        "requested",
        f"{player.label} asked for a bye this round.",
        ("requested",),
        (part("bye-requested", name=label_value(player)),),
    )
