"""How values read, on every page, print sheet and in the API: one place each.

Scores ("3½"), tiebreak values (each method's own decimals, the same for the
arbiter and the public), results ("1–0", "½–½"; "B+", "W+" in Go), byes,
crosstable cells ("12w1", "½ bye") and pairing explanations (one table of
flags for Swiss and McMahon boards).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from tiebreaks.methods.registry import UnknownTiebreak, get_method
from tournaments.models import ByeKind, Result

# Counting in words -----------------------------------------------------------------------


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """The noun for `count` of it: plural(1, "rule") -> "rule", plural(2, "rule") -> "rules"."""
    return singular if count == 1 else (plural_form or singular + "s")


def listing(items) -> str:
    """Items in a sentence: "4", "4 and 5", "3, 4 and 5"."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def numbered(noun: str, numbers, plural_form: str | None = None) -> str:
    """A noun with its numbers: "board 3", "boards 3 and 5", "rounds 2, 3 and 4"."""
    numbers = list(numbers)
    return f"{plural(len(numbers), noun, plural_form)} {listing(numbers)}"


# Scores and tiebreak values ----------------------------------------------------------


def format_points(value: Decimal | float | int | None) -> str:
    """3.5 -> "3½", 4 -> "4", 0.5 -> "½" (scores as players write them)."""
    if value is None:
        return ""
    d = Decimal(str(value))
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return f"{whole}½" if whole else "½"
    return f"{d.normalize():f}"


def tiebreak_decimals(acronym: str) -> int:
    """How many decimals a tiebreak's values are shown with (its method says)."""
    try:
        return get_method(acronym).decimals
    except (UnknownTiebreak, KeyError):
        return 2


def format_tiebreak(value: Any, decimals: int) -> str:
    """A tiebreak value with its method's decimals, trailing zeros dropped:
    32.5 -> "32.5", 31.0 -> "31", None or NaN -> ""."""
    if value is None:
        return ""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return str(value)
    if number != number:  # NaN: the method has no value for this player
        return ""
    text = f"{number:.{decimals}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# Results --------------------------------------------------------------------------

CHESS_RESULTS = {
    Result.PENDING: "",
    Result.WHITE_WINS: "1–0",
    Result.DRAW: "½–½",
    Result.BLACK_WINS: "0–1",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
}
GO_RESULTS = {
    Result.PENDING: "",
    Result.WHITE_WINS: "W+",
    Result.DRAW: "Jigo",
    Result.BLACK_WINS: "B+",
    Result.WHITE_FORFEIT_WIN: "W+F",
    Result.BLACK_FORFEIT_WIN: "B+F",
    Result.DOUBLE_FORFEIT: "Both lose",
}
# Each side's share of a result, as a crosstable or a result slip shows it.
RESULT_POINTS = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("½", "½"),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "−"),
    Result.BLACK_FORFEIT_WIN: ("−", "+"),
    Result.DOUBLE_FORFEIT: ("−", "−"),
}


def result_label(result: str, *, go: bool = False) -> str:
    """A stored result as players read it ("" while pending)."""
    return (GO_RESULTS if go else CHESS_RESULTS).get(result, result)


def result_text(result: str, *, go: bool = False) -> str:
    """A stored result in a sentence or the audit log: "½–½", or "pending"."""
    return result_label(result, go=go) if result else "pending"


def game_terms(handicap: int | None, komi: Decimal | float | None) -> str:
    """A Go game's terms as players read them: "H2, komi 0.5", "komi 6.5", "H3"."""
    parts = [f"H{handicap}"] if handicap else []
    if komi is not None:
        parts.append(f"komi {Decimal(str(komi)).normalize():f}")
    return ", ".join(parts)


def jigo_possible(komi: Decimal | float | None) -> bool:
    """A Go game can end in jigo only when komi is a whole number (or unknown)."""
    return komi is None or Decimal(str(komi)) == Decimal(str(komi)).to_integral_value()


# The buttons of a board row: (stored value, label, key or "", accessible name).
CHESS_BUTTONS = (
    (Result.WHITE_WINS.value, "1-0", "1", "White wins"),
    (Result.DRAW.value, "½-½", "=", "Draw"),
    (Result.BLACK_WINS.value, "0-1", "0", "Black wins"),
    (Result.WHITE_FORFEIT_WIN.value, "+/-", "+", "White wins by forfeit"),
    (Result.BLACK_FORFEIT_WIN.value, "-/+", "-", "Black wins by forfeit"),
    (Result.DOUBLE_FORFEIT.value, "-/-", "", "Both forfeit"),
)
GO_WIN_BUTTONS = (
    (Result.BLACK_WINS.value, "B+", "b", "Black wins"),
    (Result.WHITE_WINS.value, "W+", "w", "White wins"),
)
GO_JIGO_BUTTON = (Result.DRAW.value, "Jigo", "j", "Jigo (komi is a whole number)")
GO_FORFEIT_BUTTONS = (
    (Result.BLACK_FORFEIT_WIN.value, "B+F", "", "Black wins by forfeit"),
    (Result.WHITE_FORFEIT_WIN.value, "W+F", "", "White wins by forfeit"),
    (Result.DOUBLE_FORFEIT.value, "Both lose", "", "Both lose (neither came)"),
)


def result_buttons(*, go: bool, komi: Decimal | float | None = None) -> tuple:
    """The result buttons of one board: Go has B+ and W+, jigo only where komi allows."""
    if not go:
        return CHESS_BUTTONS
    jigo = (GO_JIGO_BUTTON,) if jigo_possible(komi) else ()
    return GO_WIN_BUTTONS + jigo + GO_FORFEIT_BUTTONS


# Byes and round outcomes ----------------------------------------------------------------

BYE_LABELS = {
    ByeKind.PAIRING: "Pairing-allocated bye",
    ByeKind.FULL: "Full-point bye",
    ByeKind.HALF: "Half-point bye",
    ByeKind.ZERO: "Zero-point bye",
}
OUTCOME_LABELS = {
    "1": "won",
    "=": "draw",
    "0": "lost",
    "+": "won by forfeit",
    "-": "lost by forfeit",
    "*": "playing",
    "U": "pairing-allocated bye",
    "F": "full-point bye",
    "H": "half-point bye",
    "Z": "zero-point bye",
    " ": "not paired",
}
CELL_SYMBOLS = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", "*": "…"}
BYE_CELLS = {"U": "bye", "F": "1 bye", "H": "½ bye", "Z": "0 bye", " ": "–"}


def bye_label(kind: str) -> str:
    return BYE_LABELS.get(kind, kind)


def cell_text(code: str, colour: str, opponent_number: int | None) -> str:
    """A crosstable cell: "12w1" (against no. 12 with white, won), or a bye ("½ bye")."""
    if opponent_number is None:
        return BYE_CELLS.get(code, code)
    return f"{opponent_number}{colour}{CELL_SYMBOLS.get(code, code)}"


# Explanations ----------------------------------------------------------------------------

# Every flag the Swiss engine may put on a board or bye, and the badge the pages show
# (McMahon explanations carry their badges ready-made, in a Go arbiter's words).
FLAG_BADGES = {
    # Swiss
    "float": "float",
    "in-group": "same score",
    "repeated-downfloat": "repeated downfloat",
    "repeated-upfloat": "repeated upfloat",
    "white-not-due": "white not due",
    "black-not-due": "black not due",
    "odd-number": "odd number",
    "requested": "requested",
    "withdrawn": "withdrawn",
    "lower-player-unpairable": "lower players unpairable",
}


@dataclass(frozen=True, slots=True)
class Explanation:
    """A board's or bye's explanation, shaped for the page."""

    text: str = ""
    badges: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    components: tuple[tuple[str, str], ...] = ()
    edited: bool = False


def _number(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def _components(raw: Any) -> tuple[tuple[str, str], ...]:
    if isinstance(raw, dict):
        return tuple((str(k), _number(v)) for k, v in raw.items())
    out = []
    if isinstance(raw, list | tuple):
        for item in raw:
            if isinstance(item, dict):
                name = item.get("name") or item.get("component") or "?"
                value = _number(item.get("weight", item.get("value", item.get("share", ""))))
                if item.get("margin") is not None:
                    margin = _number(item["margin"])
                    signed = margin if margin.startswith("-") else f"+{margin}"
                    value += f" ({signed} against the runner-up)"
                out.append((str(name), value))
    return tuple(out)


def explanation_view(data: dict | None) -> Explanation:
    """The stored explanation (the engine's `to_dict`) as text, badges, notes and
    the numbers behind it."""
    if not isinstance(data, dict) or not data:
        return Explanation()
    text = str(data.get("summary") or data.get("text") or data.get("reason") or "")
    badges: list[str] = [str(b) for b in data.get("badges") or ()]  # McMahon: ready-made
    notes: list[str] = [str(sentence) for sentence in data.get("sentences") or ()]
    for flag in () if badges else data.get("flags") or ():
        flag = str(flag)
        if flag in FLAG_BADGES:
            badges.append(FLAG_BADGES[flag])
        elif " " in flag:  # already a sentence
            notes.append(flag)
    if data.get("game_class") and not data.get("badges"):  # older McMahon explanations
        badges.insert(0, f"{data['game_class']} game")
    if data.get("kind") and not text:
        text = str(data["kind"])
    return Explanation(
        text=text,
        badges=tuple(dict.fromkeys(badges)),
        notes=tuple(notes),
        components=_components(data.get("components")),
        edited=bool(data.get("edited")),
    )
