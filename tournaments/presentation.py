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

from django.utils.formats import get_format
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tiebreaks.methods.registry import UnknownTiebreak, get_method
from tournaments.explanations import explanation_texts
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
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


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
    """A tiebreak value with its method's decimals, trailing zeros dropped, with the
    active language's decimal separator: 32.5 -> "32.5" ("32,5" in French), 31.0 -> "31",
    None or NaN -> ""."""
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
    if text == "-0":
        return "0"
    # In the reader's way: 32,5 in French, German and Spanish.
    return text.replace(".", get_format("DECIMAL_SEPARATOR")) if "." in text else text


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
    Result.DOUBLE_FORFEIT: _("Both lose"),
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
    return str((GO_RESULTS if go else CHESS_RESULTS).get(result, result))


def result_text(result: str, *, go: bool = False) -> str:
    """A stored result in a sentence or the audit log: "½–½", or "pending"."""
    return result_label(result, go=go) if result else pgettext("result", "pending")


def game_terms(handicap: int | None, komi: Decimal | float | None) -> str:
    """A Go game's terms as players read them: "H2, komi 0.5", "komi 6.5", "H3"."""
    parts = [f"H{handicap}"] if handicap else []
    if komi is not None:
        parts.append(gettext("komi %(komi)s") % {"komi": f"{Decimal(str(komi)).normalize():f}"})
    return ", ".join(parts)


def jigo_possible(komi: Decimal | float | None) -> bool:
    """A Go game can end in jigo only when komi is a whole number (or unknown)."""
    return komi is None or Decimal(str(komi)) == Decimal(str(komi)).to_integral_value()


# The buttons of a board row: (stored value, label, key or "", accessible name).
CHESS_BUTTONS = (
    (Result.WHITE_WINS.value, "1-0", "1", _("White wins")),
    (Result.DRAW.value, "½-½", "=", pgettext_lazy("result", "Draw")),
    (Result.BLACK_WINS.value, "0-1", "0", _("Black wins")),
    (Result.WHITE_FORFEIT_WIN.value, "+/-", "+", _("White wins by forfeit")),
    (Result.BLACK_FORFEIT_WIN.value, "-/+", "-", _("Black wins by forfeit")),
    (Result.DOUBLE_FORFEIT.value, "-/-", "", _("Both forfeit")),
)
GO_WIN_BUTTONS = (
    (Result.BLACK_WINS.value, "B+", "b", _("Black wins")),
    (Result.WHITE_WINS.value, "W+", "w", _("White wins")),
)
GO_JIGO_BUTTON = (Result.DRAW.value, "Jigo", "j", _("Jigo (komi is a whole number)"))
GO_FORFEIT_BUTTONS = (
    (Result.BLACK_FORFEIT_WIN.value, "B+F", "", _("Black wins by forfeit")),
    (Result.WHITE_FORFEIT_WIN.value, "W+F", "", _("White wins by forfeit")),
    (Result.DOUBLE_FORFEIT.value, _("Both lose"), "", _("Both lose (neither came)")),
)


def result_buttons(*, go: bool, komi: Decimal | float | None = None) -> tuple:
    """The result buttons of one board: Go has B+ and W+, jigo only where komi allows."""
    if not go:
        return CHESS_BUTTONS
    jigo = (GO_JIGO_BUTTON,) if jigo_possible(komi) else ()
    return GO_WIN_BUTTONS + jigo + GO_FORFEIT_BUTTONS


# Byes and round outcomes ----------------------------------------------------------------

BYE_LABELS = {
    ByeKind.PAIRING: _("Pairing-allocated bye"),
    ByeKind.FULL: _("Full-point bye"),
    ByeKind.HALF: _("Half-point bye"),
    ByeKind.ZERO: _("Zero-point bye"),
}
OUTCOME_LABELS = {
    "1": pgettext_lazy("outcome of a game", "won"),
    "=": pgettext_lazy("outcome of a game", "draw"),
    "0": pgettext_lazy("outcome of a game", "lost"),
    "+": pgettext_lazy("outcome of a game", "won by forfeit"),
    "-": pgettext_lazy("outcome of a game", "lost by forfeit"),
    "*": pgettext_lazy("outcome of a game", "playing"),
    "U": pgettext_lazy("outcome of a game", "pairing-allocated bye"),
    "F": pgettext_lazy("outcome of a game", "full-point bye"),
    "H": pgettext_lazy("outcome of a game", "half-point bye"),
    "Z": pgettext_lazy("outcome of a game", "zero-point bye"),
    " ": pgettext_lazy("outcome of a game", "not paired"),
}
CELL_SYMBOLS = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", "*": "…"}
BYE_CELLS = {
    "U": pgettext_lazy("crosstable cell: pairing bye", "bye"),
    "F": pgettext_lazy("crosstable cell: full-point bye", "1 bye"),
    "H": pgettext_lazy("crosstable cell: half-point bye", "½ bye"),
    "Z": pgettext_lazy("crosstable cell: zero-point bye", "0 bye"),
    " ": "–",
}


def bye_label(kind: str) -> str:
    return str(BYE_LABELS.get(kind, kind))


def cell_text(code: str, colour: str, opponent_number: int | None) -> str:
    """A crosstable cell: "12w1" (against no. 12 with white, won), or a bye ("½ bye")."""
    if opponent_number is None:
        return str(BYE_CELLS.get(code, code))
    return f"{opponent_number}{colour}{CELL_SYMBOLS.get(code, code)}"


# Explanations ----------------------------------------------------------------------------

# Every flag the Swiss engine may put on a board or bye, and the badge the pages show
# (McMahon explanations carry their badges ready-made, in a Go arbiter's words).
FLAG_BADGES = {
    # Swiss
    "float": pgettext_lazy("pairing badge", "float"),
    "in-group": pgettext_lazy("pairing badge", "same score"),
    "repeated-downfloat": pgettext_lazy("pairing badge", "repeated downfloat"),
    "repeated-upfloat": pgettext_lazy("pairing badge", "repeated upfloat"),
    "white-not-due": pgettext_lazy("pairing badge", "white not due"),
    "black-not-due": pgettext_lazy("pairing badge", "black not due"),
    "odd-number": pgettext_lazy("pairing badge", "odd number"),
    "requested": pgettext_lazy("pairing badge", "requested"),
    "withdrawn": pgettext_lazy("pairing badge", "withdrawn"),
    "lower-player-unpairable": pgettext_lazy("pairing badge", "lower players unpairable"),
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
                    value = gettext("%(value)s (%(margin)s against the runner-up)") % {
                        "value": value,
                        "margin": signed,
                    }
                out.append((str(name), value))
    return tuple(out)


def explanation_view(data: dict | None) -> Explanation:
    """The stored explanation (the engine's `to_dict`) as text, badges, notes and
    the numbers behind it."""
    if not isinstance(data, dict) or not data:
        return Explanation()
    # In the active language from the engine's parts, else the stored English.
    text, notes, badges = explanation_texts(data)  # McMahon badges: ready-made
    for flag in () if badges else data.get("flags") or ():
        flag = str(flag)
        if flag in FLAG_BADGES:
            badges.append(str(FLAG_BADGES[flag]))
        elif " " in flag:  # already a sentence
            notes.append(flag)
    if data.get("game_class") and not data.get("badges"):  # older McMahon explanations
        badges.insert(0, gettext("%(kind)s game") % {"kind": data["game_class"]})
    if data.get("kind") and not text:
        text = str(data["kind"])
    return Explanation(
        text=text,
        badges=tuple(dict.fromkeys(badges)),
        notes=tuple(notes),
        components=_components(data.get("components")),
        edited=bool(data.get("edited")),
    )


# Broken rules --------------------------------------------------------------------------

# The rule checker (pure core) says each broken rule in English and gives the values it
# is made of; pages say it in their reader's language from these sentences.
VIOLATION_TEXTS = {
    "unknown-player": _("Board %(board)s: player %(player)s is not in the tournament."),
    "rematch": _("Board %(board)s: %(white)s and %(black)s have already played."),
    "prohibited": _("Board %(board)s: %(white)s and %(black)s must not be paired."),
    "same-club": _("Board %(board)s: %(white)s and %(black)s are both from %(club)s."),
    "handicap-cap": _("Board %(board)s: handicap %(handicap)s is above the cap of %(cap)s."),
    "not-active": _(
        "Board %(board)s: %(name)s does not take part in this round "
        "(withdrawn or not yet registered)."
    ),
    "bye-requested": _("Board %(board)s: %(name)s asked for a bye this round."),
    "colour-limit": _(
        "Board %(board)s: %(name)s would have a colour difference of %(cd)s (limit %(limit)s)."
    ),
    "colour-three-in-a-row-w": _(
        "Board %(board)s: %(name)s would have white three times in a row."
    ),
    "colour-three-in-a-row-b": _(
        "Board %(board)s: %(name)s would have black three times in a row."
    ),
    "twice": _("%(name)s is placed twice (%(first)s and %(second)s)."),
    "several-byes": _("More than one pairing-allocated bye: %(players)s."),
    "second-bye": _("%(name)s already had a pairing-allocated bye."),
    "bye-after-unplayed-win": _("%(name)s already scored a win without playing."),
    "unpaired": _("%(name)s has neither a board nor a bye."),
    "unknown-bye-player": _("Player %(player)s is not in the tournament."),
}


def _placement(text: object) -> str:
    """ "board 3" or "a bye" (where the checker found a player) in the page's words."""
    text = str(text)
    if text.startswith("board ") and text[6:].isdigit():
        return gettext("board %(n)s") % {"n": text[6:]}
    return gettext("a bye") if text == "a bye" else text


def violation_text(violation) -> str:
    """A broken rule as a sentence in the active language; the checker's own English
    sentence when it gave no values (or a rule this table does not know)."""
    values = dict(violation.values)
    if not values:
        return violation.message
    key = violation.rule
    if key == "colour-three-in-a-row":
        key += "-" + str(values.get("colour", "w"))
    elif key == "unknown-player" and "board" not in values:
        key = "unknown-bye-player"
    elif key == "twice":
        values = {
            **values,
            "first": _placement(values["first"]),
            "second": _placement(values["second"]),
        }
    template = VIOLATION_TEXTS.get(key)
    if template is None:
        return violation.message
    try:
        return str(template) % values
    except (KeyError, TypeError, ValueError):
        return violation.message


# Tiebreak names (the pure core names them in English) ------------------------------------

TIEBREAK_TITLES = {
    "Average of opponents' Buchholz": pgettext_lazy("tiebreak", "Average of opponents' Buchholz"),
    "Average perfect performance of opponents": pgettext_lazy(
        "tiebreak", "Average perfect performance of opponents"
    ),
    "Average performance rating of opponents": pgettext_lazy(
        "tiebreak", "Average performance rating of opponents"
    ),
    "Average rating of opponents": pgettext_lazy("tiebreak", "Average rating of opponents"),
    "Buchholz": pgettext_lazy("tiebreak", "Buchholz"),
    "Cumulative sum of scores": pgettext_lazy("tiebreak", "Cumulative sum of scores"),
    "Direct encounter (place among the tied)": pgettext_lazy(
        "tiebreak", "Direct encounter (place among the tied)"
    ),
    "Fore Buchholz": pgettext_lazy("tiebreak", "Fore Buchholz"),
    "Games played with black": pgettext_lazy("tiebreak", "Games played with black"),
    "Games won over the board": pgettext_lazy("tiebreak", "Games won over the board"),
    "Games won with black": pgettext_lazy("tiebreak", "Games won with black"),
    "Generalised row sum": pgettext_lazy("tiebreak", "Generalised row sum"),
    "Koya score (round robin)": pgettext_lazy("tiebreak", "Koya score (round robin)"),
    "Least-squares rating": pgettext_lazy("tiebreak", "Least-squares rating"),
    "McMahon score": pgettext_lazy("tiebreak", "McMahon score"),
    "Perfect tournament performance": pgettext_lazy("tiebreak", "Perfect tournament performance"),
    "Progressive score": pgettext_lazy("tiebreak", "Progressive score"),
    "Recursive Buchholz": pgettext_lazy("tiebreak", "Recursive Buchholz"),
    "Relative Elo rating": pgettext_lazy("tiebreak", "Relative Elo rating"),
    "Rounds elected to play": pgettext_lazy("tiebreak", "Rounds elected to play"),
    "Rounds won (incl. unplayed)": pgettext_lazy("tiebreak", "Rounds won (incl. unplayed)"),
    "Sonneborn-Berger": pgettext_lazy("tiebreak", "Sonneborn-Berger"),
    "Sum of defeated opponents' scores": pgettext_lazy(
        "tiebreak", "Sum of defeated opponents' scores"
    ),
    "Sum of opponents' SOS": pgettext_lazy("tiebreak", "Sum of opponents' SOS"),
    "Sum of opponents' scores": pgettext_lazy("tiebreak", "Sum of opponents' scores"),
    "Sum of opponents' scores, lowest 1 dropped": pgettext_lazy(
        "tiebreak", "Sum of opponents' scores, lowest 1 dropped"
    ),
    "Sum of opponents' scores, lowest 2 dropped": pgettext_lazy(
        "tiebreak", "Sum of opponents' scores, lowest 2 dropped"
    ),
    "Tournament performance rating": pgettext_lazy("tiebreak", "Tournament performance rating"),
}


def tiebreak_title(title: str) -> str:
    """A tiebreak's name in the active language: "Buchholz, Cut-1" -> "Buchholz, moins 1"."""
    base, sep, modifier = title.rpartition(", ")
    if sep and modifier[:-1] in ("Cut-", "Median-") and base in TIEBREAK_TITLES:
        if modifier.startswith("Cut"):
            template = pgettext("tiebreak modifier", "%(name)s, Cut-%(n)s")
        else:
            template = pgettext("tiebreak modifier", "%(name)s, Median-%(n)s")
        return template % {"name": TIEBREAK_TITLES[base], "n": modifier[-1]}
    return str(TIEBREAK_TITLES.get(title, title))
