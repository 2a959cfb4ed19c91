"""Pairing explanations in the reader's language.

The engines (pure core) explain each board and bye in English and, beside it, as a
list of parts `[key, {name: value}]` (`pairing.engine.explanation_parts`). This table
says every key in the pages' languages; `render_parts` puts a stored list of parts
together in the active language, and falls back to the stored English sentence when
there are no parts (explanations stored before the parts existed) or a key this table
does not know.

A few explanations are made by the application itself in English (round-robin tables,
hand edits, late entries); `known_text` says those it recognises.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.formats import get_format
from django.utils.translation import gettext, ngettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from pairing.engine.explanation_parts import is_part

# Every key the engines use, with the same named placeholders as their English
# (`pairing.engine.explanation_parts.ENGLISH`). Plurals are chosen by the value "n".
EXPLANATION_TEXTS: dict[str, Any] = {
    # values of their own
    "points": ngettext_lazy("%(n)s point", "%(n)s points", "n"),
    "points-fraction": pgettext_lazy("a fractional number of points", "%(points)s points"),
    "stones": ngettext_lazy("%(n)s stone", "%(n)s stones", "n"),
    "player-number": pgettext_lazy("pairing explanation", "player %(id)s"),
    # Swiss boards
    "board": _("Board %(board)s:"),
    "in-group": _("Both players are on %(points)s: an in-group pairing."),
    "float": _(
        "%(high)s on %(high_points)s floats down and %(low)s on %(low_points)s floats up, "
        "a difference of %(difference)s."
    ),
    "floated-down": ngettext_lazy(
        "%(name)s also floated down in round %(rounds)s.",
        "%(name)s also floated down in rounds %(rounds)s.",
        "n",
    ),
    "floated-up": ngettext_lazy(
        "%(name)s also floated up in round %(rounds)s.",
        "%(name)s also floated up in rounds %(rounds)s.",
        "n",
    ),
    "has-white": _("%(name)s has white: %(reason)s."),
    "colours-due": pgettext_lazy(
        "two clauses on the colour each player was due", "%(white)s; %(black)s."
    ),
    "no-colour-due": _("%(name)s had no colour due and has %(colour)s"),
    "got-colour-due": _("%(name)s gets %(colour)s as due"),
    "not-colour-due": _("%(name)s was due %(due)s but has %(colour)s"),
    # Swiss colour rules (the reason after "X has white:")
    "colour-forced": _("the other way round %(problem)s"),
    "colour-preferences": _("both get the colour due: %(white)s white, %(black)s black"),
    "colour-difference": _(
        "%(name)s has the lower colour difference (%(lower)s against %(higher)s)"
    ),
    "colour-alternation-last": _(
        "equal colour differences; in their last games %(white)s had black "
        "and %(black)s white, so both alternate"
    ),
    "colour-alternation-back": ngettext_lazy(
        "equal colour differences; %(n)s game back %(white)s had black "
        "and %(black)s white, so both alternate",
        "equal colour differences; %(n)s games back %(white)s had black "
        "and %(black)s white, so both alternate",
        "n",
    ),
    "colour-rank": _(
        "equal colour differences and no round in which one had white and the other "
        "black; the higher-ranked %(name)s gets the colour due (%(colour)s)"
    ),
    "colour-rank-lower": _("%(name)s alone has a colour due (%(colour)s)"),
    "colour-initial": _(
        "no colour history; on board %(board)s the higher-ranked player takes "
        "%(colour)s (board 1: %(initial)s, then alternating)"
    ),
    # what breaks a colour limit
    "white-third-time": _("%(name)s would have white a third time running"),
    "black-third-time": _("%(name)s would have black a third time running"),
    "colour-difference-limit": _("%(name)s would reach a colour difference of %(cd)s"),
    # Swiss byes
    "pairing-bye": _(
        "%(name)s (%(points)s) has the pairing-allocated bye: the number of players to "
        "pair is odd, and the bye goes to the lowest-ranked player who has had neither a "
        "pairing-allocated bye nor a win without playing."
    ),
    "ranked-lower": _("%(name)s, ranked lower, %(why)s."),
    "had-pairing-bye": _("has already had a pairing-allocated bye"),
    "had-unplayed-win": _(
        "has already scored a win without playing (forfeit win or full-point bye)"
    ),
    "could-not-take-bye": _("could not take it: the other players could not all have been paired"),
    "withdrawn": _("%(name)s has withdrawn."),
    "bye-requested": _("%(name)s asked for a bye this round."),
    # McMahon boards
    "mm-summary": pgettext_lazy(
        "Go board summary: white v black: game class", "%(white)s v %(black)s: %(game_class)s"
    ),
    "mm-player": pgettext_lazy(
        "Go player in a board summary", "%(id)s %(name)s (%(rank)s, MMS %(mms)s)"
    ),
    "mm-player-unnamed": pgettext_lazy(
        "Go player in a board summary", "%(id)s (%(rank)s, MMS %(mms)s)"
    ),
    "class-even": pgettext_lazy("Go game class", "even"),
    "class-uneven": pgettext_lazy("Go game class", "uneven"),
    "class-handicap": pgettext_lazy("Go game class", "handicap"),
    "same-mms": _("Both players are on MMS %(mms)s: same MMS group."),
    "plays-up": _(
        "%(low)s (MMS %(low_mms)s) plays up against %(high)s (MMS %(high_mms)s), %(apart)s."
    ),
    "plays-up-because": _(
        "%(low)s (MMS %(low_mms)s) plays up against %(high)s (MMS %(high_mms)s), "
        "%(apart)s: %(reason)s."
    ),
    "mms-apart": _("%(gap)s MMS apart"),
    "handicap-game": _("Handicap %(stones)s for %(name)s (black), komi %(komi)s."),
    "even-game": _("Even game, komi %(komi)s."),
    "even-across-groups": _("Played even across the two MMS groups, komi %(komi)s."),
    "played-even": _("Played even (%(why)s), komi %(komi)s."),
    "no-handicap-rank": _("no handicap at or above %(rank)s"),
    "handicap-reduction": _("the handicap reduction of %(reduction)s leaves no stones"),
    "same-club": _("Both players are from the same club (%(club)s)."),
    "avoids-same-club": _(
        "Avoids a same-club game: without clubs %(name)s would have played %(other)s, "
        "from the same club (%(club)s)."
    ),
    "colours-follow-handicap": _("Colours follow the handicap: the stronger player takes white."),
    "first-round-white": _("%(name)s takes white: first round, the stronger player."),
    "colour-balance": _(
        "Colours: %(white)s white (%(white_balance)s), %(black)s black (%(black_balance)s)."
    ),
    "colours-level": _("colours level so far"),
    "colours-more": ngettext_lazy(
        "%(n)s more %(colour)s so far", "%(n)s more %(colour)s so far", "n"
    ),
    "wins-on-1": _("Compared with the next best opponent, this board wins on %(first)s."),
    "wins-on-2": _(
        "Compared with the next best opponent, this board wins on %(first)s, %(second)s."
    ),
    "wins-on-3": _(
        "Compared with the next best opponent, this board wins on %(first)s, %(second)s, %(third)s."
    ),
    # what each weight component stands for
    "reason-mms": pgettext_lazy("what decided a Go pairing", "closest MMS"),
    "reason-even": pgettext_lazy("what decided a Go pairing", "seeding inside the MMS group"),
    "reason-uneven": pgettext_lazy("what decided a Go pairing", "draw-up/draw-down balance"),
    "reason-area": pgettext_lazy("what decided a Go pairing", "keeping clubs and countries apart"),
    "reason-colour": pgettext_lazy("what decided a Go pairing", "colour balance"),
    "reason-banding": pgettext_lazy("what decided a Go pairing", "bands"),
    "reason-play_in": pgettext_lazy("what decided a Go pairing", "play-in groups"),
    "reason-play_out": pgettext_lazy("what decided a Go pairing", "play-out groups"),
    # McMahon badges
    "badge-same-mms": pgettext_lazy("pairing badge", "same MMS"),
    "badge-plays-up": pgettext_lazy("pairing badge", "plays up: %(reason)s"),
    "badge-handicap": pgettext_lazy("pairing badge", "handicap %(stones)s"),
    "badge-played-even": pgettext_lazy("pairing badge", "played even"),
    "badge-same-club": pgettext_lazy("pairing badge", "same club"),
    "badge-avoids-same-club": pgettext_lazy("pairing badge", "avoids a same-club game"),
    # McMahon byes
    "mm-bye": _("%(reason)s; scores %(points)s."),
    "mm-bye-pairing": _(
        "pairing bye: the number of players is odd and the bye goes to the lowest "
        "placed player without an earlier bye who lets everyone else be paired"
    ),
    "mm-bye-absent": _("not playing this round"),
    "mm-bye-requested": _("asked not to be paired this round"),
    # Said by the application itself (see `known_text`)
    "rr-table": _("Berger table, round %(round)s"),
    "rr-table-cycle": _("Berger table, round %(round)s (cycle %(cycle)s)"),
    "rr-opponent-withdrawn": _("%(where)s: the opponent, %(name)s, has withdrawn"),
    "rr-round-off": _("%(where)s: the round off (odd field)"),
    "late-entry": _("late entry"),
    "hand-board": _("Board made by hand."),
    "hand-paired-together": _("Paired together after a hand edit."),
    "hand-left-over": _("left over after a hand edit"),
    "hand-bye": _("given by hand"),
    # FIDE's Dutch (pairing.engine.fide_dutch)
    "fide-board": _(
        "Board %(board)s: FIDE Dutch (C.04.3); %(white)s has white, %(black)s black: %(rule)s."
    ),
    "fide-float": _("A float of %(points)s."),
    "fide-e1": _("each gets the colour due, or the one who has a preference gets it (E.1)"),
    "fide-e2": _("the stronger colour preference is granted (E.2)"),
    "fide-e3": _(
        "colours alternate from the latest round in which the two had different colours (E.3)"
    ),
    "fide-e4": _("the higher-ranked player gets the colour preferred (E.4)"),
    "fide-e5": _(
        "no colour preference: the higher-ranked player takes the initial colour, by rank (E.5)"
    ),
    "fide-bye": _(
        "%(name)s has the pairing-allocated bye, as C.04.1 c and C.04.3 C.2 and C.9 give it."
    ),
    # the quality criteria of C.04.3 C a board bears on, and the step that chose it
    "fide-criteria": _("Criteria: %(items)s."),
    "fide-criteria-met": _(
        "every colour and float criterion met, with no downfloater (C.6, C.7), no colour "
        "preference denied (C.10 to C.13) and no repeated float (C.14 to C.21)"
    ),
    "fide-c6": _("C.6 a downfloater, the fewest possible"),
    "fide-c7": _("C.7 the downfloater's score, as low as possible"),
    "fide-c10": _("C.10 a topscorer or a topscorer's opponent gets a colour difference beyond 2"),
    "fide-c11": _(
        "C.11 a topscorer or a topscorer's opponent gets the same colour three times running"
    ),
    "fide-c12": _("C.12 a colour preference is not met"),
    "fide-c13": _("C.13 a strong colour preference is not met"),
    "fide-c14": _("C.14 a downfloat again, as in the previous round"),
    "fide-c15": _("C.15 an upfloat again, as in the previous round"),
    "fide-c16": _("C.16 a downfloat again, as two rounds before"),
    "fide-c17": _("C.17 an upfloat again, as two rounds before"),
    "fide-c18": _("C.18 the score difference of that repeated downfloat, as small as possible"),
    "fide-c19": _("C.19 the score difference of that repeated upfloat, as small as possible"),
    "fide-c20": _(
        "C.20 the score difference of the downfloat repeated from two rounds before, "
        "as small as possible"
    ),
    "fide-c21": _(
        "C.21 the score difference of the upfloat repeated from two rounds before, "
        "as small as possible"
    ),
    "fide-step-b3": _(
        "chosen by B.3: the moved-down player paired, with the highest resident possible"
    ),
    "fide-step-d1": _("chosen by D.1: the highest S2 opponent possible"),
    "fide-step-d2": _(
        "chosen by D.2: an exchange of S1 and S2 players, the fewest and smallest possible"
    ),
    "fide-step": pgettext_lazy("a pairing procedure step, e.g. D.1", "chosen by %(step)s"),
    # the simulation lab's advice (pairing.simulation.recommend)
    "system-dutch": pgettext_lazy("pairing system", "Dutch"),
    "system-burstein": pgettext_lazy("pairing system", "Burstein"),
    "system-monrad": pgettext_lazy("pairing system", "Monrad"),
    "system-random": pgettext_lazy("pairing system", "Random"),
    "system-random2": pgettext_lazy("pairing system", "Random2"),
    "system-adjacent": pgettext_lazy("pairing system", "Adjacent (1-2, 3-4)"),
    "system-external": pgettext_lazy("pairing system", "External engine"),
    "system-fide-dutch": pgettext_lazy("pairing system", "FIDE Dutch (C.04.3)"),
    "system-other": "%(name)s",
    "system-count": pgettext_lazy("a system and how many events it failed", "%(name)s %(n)s"),
    "about-dutch": _(
        "the system FIDE-rated Swiss events normally use (top half of each score group "
        "against the bottom half); Blossom pairs it by maximum-weight matching"
    ),
    "about-burstein": _("top against bottom inside each score group"),
    "about-monrad": _("each player against the next one down: close games, little information"),
    "about-random": _("random partners inside each score group"),
    "about-random2": _(
        "the upper half of each score group against a random player of the lower half"
    ),
    "about-adjacent": _("each player against the next one down, as in many club events"),
    "about-external": _("the pairings of the external engine"),
    "about-fide-dutch": _(
        "FIDE's Dutch rules (C.04.3) to the letter, as rated events must be paired"
    ),
    "trait-rank-best": _("best expected ranking quality"),
    "trait-rank-among": _("among the best expected ranking quality"),
    "trait-floats-best": _("fewest floaters"),
    "trait-floats-among": _("among the fewest floaters"),
    "trait-colour-best": _("best colour balance"),
    "figures-both": _("Kendall tau %(tau)s; %(floats)s float pairs per event."),
    "figures-tau": _("Kendall tau %(tau)s."),
    "figures-floats": _("%(floats)s float pairs per event."),
    "headline-none": _("No event could be completed with these settings."),
    "headline-no-winner": _(
        "No clear winner: with these settings the systems rank the players about "
        "equally well. More simulated events would narrow the intervals."
    ),
    "headline-both": _("%(systems)s: best expected ranking quality and fewest floaters."),
    "headline-rank": _("For the best expected ranking: %(systems)s."),
    "note-broken": _("Absolute rules were broken by %(systems)s: check those pairings."),
    "note-failed": _(
        "Some events could not be paired to the end: %(counts)s. "
        "Fewer rounds or more players make this rarer."
    ),
    "note-dutch-rated": _(
        "If the event is FIDE-rated, its regulations may still require the Dutch system."
    ),
}
COLOUR_WORDS = {"w": pgettext_lazy("colour", "white"), "b": pgettext_lazy("colour", "black")}


class _Unknown(Exception):
    """A part this table cannot say."""


def _say(p: Any) -> str:
    if not is_part(p):
        raise _Unknown(p)
    key, values = p
    if key == "colour":
        return str(COLOUR_WORDS[values["colour"]])
    if key == "rank":
        return str(values["text"])
    if key == "sentence":  # items joined by commas, as one sentence
        text = pgettext("list separator", ", ").join(_say(i) for i in values["items"]).strip()
        return text[:1].upper() + text[1:].rstrip(".") + "." if text else ""
    if key == "names":  # "A", "A and B", "A, B and C"
        return listing_of([_say(i) for i in values["items"]])
    if key == "commas":
        return pgettext("list separator", ", ").join(_say(i) for i in values["items"])
    if key == "semicolons":  # clauses that may hold commas of their own
        return pgettext("list of clauses separator", "; ").join(_say(i) for i in values["items"])
    if key == "decimal":
        return str(values["text"]).replace(".", get_format("DECIMAL_SEPARATOR"))
    if key == "points-fraction":
        text = str(values["points"])
        values = {**values, "points": text.replace(".", get_format("DECIMAL_SEPARATOR"))}
    template = EXPLANATION_TEXTS.get(key)
    if template is None:
        raise _Unknown(key)
    said = {name: _say(v) if isinstance(v, list) else v for name, v in values.items()}
    return str(template % said)


def listing_of(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C" in the active language."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(items)s and %(last)s") % {
        "items": pgettext("list separator", ", ").join(names[:-1]),
        "last": names[-1],
    }


def render_parts(parts: Any, fallback: str = "") -> str:
    """A part, or a list of parts (joined by spaces), in the active language; `fallback`
    (the stored English) when there are none or one cannot be said."""
    if not parts:
        return fallback
    try:
        if is_part(parts):
            return _say(parts)
        return " ".join(_say(p) for p in parts)
    except (_Unknown, KeyError, TypeError, ValueError):
        return fallback


_BERGER = r"Berger table, round (?P<round>\d+)(?: \(cycle (?P<cycle>\d+)\))?"
_KNOWN = (
    (
        re.compile(rf"^(?P<where>{_BERGER}): the opponent, (?P<name>.+), has withdrawn$"),
        "rr-opponent-withdrawn",
    ),
    (re.compile(rf"^(?P<where>{_BERGER}): the round off \(odd field\)$"), "rr-round-off"),
    (re.compile(rf"^{_BERGER}$"), "rr-table"),
)
_FIXED = {
    "late entry": "late-entry",
    "Board made by hand.": "hand-board",
    "Paired together after a hand edit.": "hand-paired-together",
    "left over after a hand edit": "hand-left-over",
    "given by hand": "hand-bye",
}


def _table_part(round_number: str, cycle: str | None) -> list:
    if cycle:
        return ["rr-table-cycle", {"round": round_number, "cycle": cycle}]
    return ["rr-table", {"round": round_number}]


def known_text(text: str) -> str:
    """An English explanation the application writes itself (round-robin tables, hand
    edits, late entries) in the active language; any other text as it is."""
    if text in _FIXED:
        return render_parts([_FIXED[text], {}], text)
    for pattern, key in _KNOWN:
        match = pattern.match(text)
        if match is None:
            continue
        table = _table_part(match["round"], match["cycle"])
        if key == "rr-table":
            return render_parts(table, text)
        values: dict[str, Any] = {"where": table}
        if key == "rr-opponent-withdrawn":
            values["name"] = match["name"]
        return render_parts([key, values], text)
    return text


def explanation_texts(data: dict) -> tuple[str, list[str], list[str]]:
    """A stored explanation's text, sentences and badges (McMahon's ready-made ones) in
    the active language, each from its parts or else its stored English."""
    if data.get("summary"):
        text = render_parts(data.get("summary_parts"), str(data["summary"]))
    elif data.get("text"):
        text = render_parts(data.get("parts"), known_text(str(data["text"])))
    else:
        text = render_parts(data.get("parts"), known_text(str(data.get("reason") or "")))
    return text, _each(data, "sentences"), _each(data, "badges")


def _each(data: dict, name: str) -> list[str]:
    english = [str(item) for item in data.get(name) or ()]
    parts = data.get(name[:-1] + "_parts")
    if not isinstance(parts, list) or len(parts) != len(english):
        return english
    return [render_parts(p, e) for p, e in zip(parts, english, strict=True)]
