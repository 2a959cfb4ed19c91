"""Pairing explanations as structured parts, so that any language can say them.

The engines write every explanation in English (the command line, the JSON output
and the tests read it) and, beside it, the same words as a list of parts: each part
is `[key, {name: value}]`, JSON-serialisable, where a value is a plain string or
number, or a nested part (a sub-sentence, a colour, a number of points). The keys
and the English sentence each one stands for are in `ENGLISH` below; a program that
speaks another language keeps its own table with the same keys and placeholders
(the web application's is `tournaments.explanations`).

Typed parts, whose value a language says its own way:

- ``["colour", {"colour": "w"}]``: "white" or "black";
- ``["points", {"n": 2}]``: a whole number of points, "1 point", "2 points";
- ``["points-fraction", {"points": "2.5"}]``: any other number of points;
- ``["stones", {"n": 3}]``: "1 stone", "3 stones";
- ``["rank", {"rank": -5, "text": "5k"}]``: a Go rank (the grade and its text);
- ``["sentence", {"items": [part, ...]}]``: the items joined by commas, as one sentence
  (a capital letter and a full stop);
- ``["names", {"items": [part, ...]}]``: "A", "A and B", "A, B and C";
- ``["commas", {"items": [part, ...]}]``: the items joined by commas;
- ``["semicolons", {"items": [part, ...]}]``: the items joined by semicolons (clauses
  that may hold commas of their own).

A list of parts reads as its parts joined by spaces. `render_english` turns parts back
into the English text (the tests check it gives the engines' own sentences).
"""

from __future__ import annotations

from typing import Any

Part = list  # [key, {name: value}]


def part(key: str, **values: Any) -> Part:
    return [key, values]


def colour_part(colour: str) -> Part:
    """`colour` is "w" or "b"."""
    return part("colour", colour=colour)


def points_part(text: str) -> Part:
    """A number of points from its text ("1", "2", "2.5", "7/3")."""
    try:
        return part("points", n=int(text))
    except ValueError:
        return part("points-fraction", points=text)


def stones_part(n: int) -> Part:
    return part("stones", n=int(n))


def rank_part(rank: int, text: str) -> Part:
    return part("rank", rank=int(rank), text=text)


# The English of every key: a sentence with named placeholders, or (singular, plural)
# chosen by the value "n". Sentences that end a piece of text carry their full stop.
ENGLISH: dict[str, str | tuple[str, str]] = {
    # values of their own
    "points": ("%(n)s point", "%(n)s points"),
    "points-fraction": "%(points)s points",
    "stones": ("%(n)s stone", "%(n)s stones"),
    "player-number": "player %(id)s",
    # Swiss boards
    "board": "Board %(board)s:",
    "in-group": "Both players are on %(points)s: an in-group pairing.",
    "float": (
        "%(high)s on %(high_points)s floats down and %(low)s on %(low_points)s floats up, "
        "a difference of %(difference)s."
    ),
    "floated-down": (
        "%(name)s also floated down in round %(rounds)s.",
        "%(name)s also floated down in rounds %(rounds)s.",
    ),
    "floated-up": (
        "%(name)s also floated up in round %(rounds)s.",
        "%(name)s also floated up in rounds %(rounds)s.",
    ),
    "has-white": "%(name)s has white: %(reason)s.",
    "colours-due": "%(white)s; %(black)s.",
    "no-colour-due": "%(name)s had no colour due and has %(colour)s",
    "got-colour-due": "%(name)s gets %(colour)s as due",
    "not-colour-due": "%(name)s was due %(due)s but has %(colour)s",
    # Swiss colour rules (the reason after "X has white:")
    "colour-forced": "the other way round %(problem)s",
    "colour-preferences": "both get the colour due: %(white)s white, %(black)s black",
    "colour-difference": (
        "%(name)s has the lower colour difference (%(lower)s against %(higher)s)"
    ),
    "colour-alternation-last": (
        "equal colour differences; in their last games %(white)s had black "
        "and %(black)s white, so both alternate"
    ),
    "colour-alternation-back": (
        "equal colour differences; %(n)s game back %(white)s had black "
        "and %(black)s white, so both alternate",
        "equal colour differences; %(n)s games back %(white)s had black "
        "and %(black)s white, so both alternate",
    ),
    "colour-rank": (
        "equal colour differences and no round in which one had white and the other "
        "black; the higher-ranked %(name)s gets the colour due (%(colour)s)"
    ),
    "colour-rank-lower": "%(name)s alone has a colour due (%(colour)s)",
    "colour-initial": (
        "no colour history; on board %(board)s the higher-ranked player takes "
        "%(colour)s (board 1: %(initial)s, then alternating)"
    ),
    # what breaks a colour limit
    "white-third-time": "%(name)s would have white a third time running",
    "black-third-time": "%(name)s would have black a third time running",
    "colour-difference-limit": "%(name)s would reach a colour difference of %(cd)s",
    # Swiss byes
    "pairing-bye": (
        "%(name)s (%(points)s) has the pairing-allocated bye: the number of players to "
        "pair is odd, and the bye goes to the lowest-ranked player who has had neither a "
        "pairing-allocated bye nor a win without playing."
    ),
    "ranked-lower": "%(name)s, ranked lower, %(why)s.",
    "had-pairing-bye": "has already had a pairing-allocated bye",
    "had-unplayed-win": (
        "has already scored a win without playing (forfeit win or full-point bye)"
    ),
    "could-not-take-bye": ("could not take it: the other players could not all have been paired"),
    "withdrawn": "%(name)s has withdrawn.",
    "bye-requested": "%(name)s asked for a bye this round.",
    # McMahon boards
    "mm-summary": "%(white)s v %(black)s: %(game_class)s",
    "mm-player": "%(id)s %(name)s (%(rank)s, MMS %(mms)s)",
    "mm-player-unnamed": "%(id)s (%(rank)s, MMS %(mms)s)",
    "class-even": "even",
    "class-uneven": "uneven",
    "class-handicap": "handicap",
    "same-mms": "Both players are on MMS %(mms)s: same MMS group.",
    "plays-up": (
        "%(low)s (MMS %(low_mms)s) plays up against %(high)s (MMS %(high_mms)s), %(apart)s."
    ),
    "plays-up-because": (
        "%(low)s (MMS %(low_mms)s) plays up against %(high)s (MMS %(high_mms)s), "
        "%(apart)s: %(reason)s."
    ),
    "mms-apart": "%(gap)s MMS apart",
    "handicap-game": "Handicap %(stones)s for %(name)s (black), komi %(komi)s.",
    "even-game": "Even game, komi %(komi)s.",
    "even-across-groups": "Played even across the two MMS groups, komi %(komi)s.",
    "played-even": "Played even (%(why)s), komi %(komi)s.",
    "no-handicap-rank": "no handicap at or above %(rank)s",
    "handicap-reduction": "the handicap reduction of %(reduction)s leaves no stones",
    "same-club": "Both players are from the same club (%(club)s).",
    "avoids-same-club": (
        "Avoids a same-club game: without clubs %(name)s would have played %(other)s, "
        "from the same club (%(club)s)."
    ),
    "colours-follow-handicap": "Colours follow the handicap: the stronger player takes white.",
    "first-round-white": "%(name)s takes white: first round, the stronger player.",
    "colour-balance": (
        "Colours: %(white)s white (%(white_balance)s), %(black)s black (%(black_balance)s)."
    ),
    "colours-level": "colours level so far",
    "colours-more": ("%(n)s more %(colour)s so far", "%(n)s more %(colour)s so far"),
    "wins-on-1": "Compared with the next best opponent, this board wins on %(first)s.",
    "wins-on-2": (
        "Compared with the next best opponent, this board wins on %(first)s, %(second)s."
    ),
    "wins-on-3": (
        "Compared with the next best opponent, this board wins on %(first)s, %(second)s, %(third)s."
    ),
    # what each weight component stands for
    "reason-mms": "closest MMS",
    "reason-even": "seeding inside the MMS group",
    "reason-uneven": "draw-up/draw-down balance",
    "reason-area": "keeping clubs and countries apart",
    "reason-colour": "colour balance",
    "reason-banding": "bands",
    "reason-play_in": "play-in groups",
    "reason-play_out": "play-out groups",
    # McMahon badges
    "badge-same-mms": "same MMS",
    "badge-plays-up": "plays up: %(reason)s",
    "badge-handicap": "handicap %(stones)s",
    "badge-played-even": "played even",
    "badge-same-club": "same club",
    "badge-avoids-same-club": "avoids a same-club game",
    # McMahon byes
    "mm-bye": "%(reason)s; scores %(points)s.",
    "mm-bye-pairing": (
        "pairing bye: the number of players is odd and the bye goes to the lowest "
        "placed player without an earlier bye who lets everyone else be paired"
    ),
    "mm-bye-absent": "not playing this round",
    "mm-bye-requested": "asked not to be paired this round",
    # FIDE's Dutch (pairing.engine.fide_dutch)
    "fide-board": (
        "Board %(board)s: FIDE Dutch (C.04.3); %(white)s has white, %(black)s black: %(rule)s."
    ),
    "fide-float": "A float of %(points)s.",
    "fide-e1": "each gets the colour due, or the one who has a preference gets it (E.1)",
    "fide-e2": "the stronger colour preference is granted (E.2)",
    "fide-e3": (
        "colours alternate from the latest round in which the two had different colours (E.3)"
    ),
    "fide-e4": "the higher-ranked player gets the colour preferred (E.4)",
    "fide-e5": (
        "no colour preference: the higher-ranked player takes the initial colour, by rank (E.5)"
    ),
    "fide-bye": (
        "%(name)s has the pairing-allocated bye, as C.04.1 c and C.04.3 C.2 and C.9 give it."
    ),
    # the quality criteria of C.04.3 C a board bears on (fide_dutch/criteria.py)
    "fide-criteria": "Criteria: %(items)s.",
    "fide-criteria-met": (
        "every colour and float criterion met, with no downfloater (C.6, C.7), no colour "
        "preference denied (C.10 to C.13) and no repeated float (C.14 to C.21)"
    ),
    "fide-c6": "C.6 a downfloater, the fewest possible",
    "fide-c7": "C.7 the downfloater's score, as low as possible",
    "fide-c10": "C.10 a topscorer or a topscorer's opponent gets a colour difference beyond 2",
    "fide-c11": (
        "C.11 a topscorer or a topscorer's opponent gets the same colour three times running"
    ),
    "fide-c12": "C.12 a colour preference is not met",
    "fide-c13": "C.13 a strong colour preference is not met",
    "fide-c14": "C.14 a downfloat again, as in the previous round",
    "fide-c15": "C.15 an upfloat again, as in the previous round",
    "fide-c16": "C.16 a downfloat again, as two rounds before",
    "fide-c17": "C.17 an upfloat again, as two rounds before",
    "fide-c18": "C.18 the score difference of that repeated downfloat, as small as possible",
    "fide-c19": "C.19 the score difference of that repeated upfloat, as small as possible",
    "fide-c20": (
        "C.20 the score difference of the downfloat repeated from two rounds before, "
        "as small as possible"
    ),
    "fide-c21": (
        "C.21 the score difference of the upfloat repeated from two rounds before, "
        "as small as possible"
    ),
    "fide-step-b3": (
        "chosen by B.3: the moved-down player paired, with the highest resident possible"
    ),
    "fide-step-d1": "chosen by D.1: the highest S2 opponent possible",
    "fide-step-d2": (
        "chosen by D.2: an exchange of S1 and S2 players, the fewest and smallest possible"
    ),
    "fide-step": "chosen by %(step)s",
    # the simulation lab's advice (pairing.simulation.recommend)
    "system-dutch": "Dutch",
    "system-burstein": "Burstein",
    "system-monrad": "Monrad",
    "system-random": "Random",
    "system-random2": "Random2",
    "system-adjacent": "Adjacent (1-2, 3-4)",
    "system-external": "External engine",
    "system-fide-dutch": "FIDE Dutch (C.04.3)",
    "system-other": "%(name)s",
    "system-count": "%(name)s %(n)s",
    "about-dutch": (
        "the system FIDE-rated Swiss events normally use (top half of each score group "
        "against the bottom half); Blossom pairs it by maximum-weight matching"
    ),
    "about-burstein": "top against bottom inside each score group",
    "about-monrad": "each player against the next one down: close games, little information",
    "about-random": "random partners inside each score group",
    "about-random2": "the upper half of each score group against a random player of the lower half",
    "about-adjacent": "each player against the next one down, as in many club events",
    "about-external": "the pairings of the external engine",
    "about-fide-dutch": "FIDE's Dutch rules (C.04.3) to the letter, as rated events must be paired",
    "trait-rank-best": "best expected ranking quality",
    "trait-rank-among": "among the best expected ranking quality",
    "trait-floats-best": "fewest floaters",
    "trait-floats-among": "among the fewest floaters",
    "trait-colour-best": "best colour balance",
    "figures-both": "Kendall tau %(tau)s; %(floats)s float pairs per event.",
    "figures-tau": "Kendall tau %(tau)s.",
    "figures-floats": "%(floats)s float pairs per event.",
    "headline-none": "No event could be completed with these settings.",
    "headline-no-winner": (
        "No clear winner: with these settings the systems rank the players about "
        "equally well. More simulated events would narrow the intervals."
    ),
    "headline-both": "%(systems)s: best expected ranking quality and fewest floaters.",
    "headline-rank": "For the best expected ranking: %(systems)s.",
    "note-broken": "Absolute rules were broken by %(systems)s: check those pairings.",
    "note-failed": (
        "Some events could not be paired to the end: %(counts)s. "
        "Fewer rounds or more players make this rarer."
    ),
    "note-dutch-rated": (
        "If the event is FIDE-rated, its regulations may still require the Dutch system."
    ),
}
# keys said by code rather than by a template
TYPED = ("colour", "rank", "sentence", "names", "commas", "semicolons", "decimal")
COLOUR_WORDS = {"w": "white", "b": "black"}


def render_english(parts: Any) -> str:
    """A part, or a list of parts, in English. Raises KeyError for an unknown key."""
    if is_part(parts):
        return _render_one(parts)
    return " ".join(_render_one(p) for p in parts)


def is_part(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], dict)
    )


def _render_one(p: Part) -> str:
    key, values = p
    if key == "colour":
        return COLOUR_WORDS[values["colour"]]
    if key == "rank":
        return str(values["text"])
    if key == "sentence":
        return capitalised_sentence(", ".join(render_english(i) for i in values["items"]))
    if key == "names":
        return joined([render_english(i) for i in values["items"]], " and ")
    if key == "commas":
        return ", ".join(render_english(i) for i in values["items"])
    if key == "semicolons":
        return "; ".join(render_english(i) for i in values["items"])
    if key == "decimal":
        return str(values["text"])
    template = ENGLISH[key]
    if isinstance(template, tuple):
        template = template[0] if values.get("n") == 1 else template[1]
    return template % {
        name: render_english(value) if is_part(value) else value for name, value in values.items()
    }


def capitalised_sentence(text: str) -> str:
    """ "best colour balance" -> "Best colour balance." """
    text = text.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "." if text else ""


def joined(names: list[str], last: str) -> str:
    """ "A", "A and B", "A, B and C" (with `last` = " and ")."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + last + names[-1]
