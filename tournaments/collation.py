"""Names compared and sorted as people expect, without a system library.

`fold` reduces a name to plain lower-case letters: accents go (é -> e, ü -> u), as
do the letters Unicode does not decompose (ø -> o, æ -> ae, ł -> l, ß -> ss, ...).
`name_sort_key` orders names the way the Unicode collation's root order does for
Latin names: letters first by their base letter ("Øvergaard" among the O's, not
after "Smith"), then accents, then case; apostrophes and hyphens do not count
("O'Brien" sorts as "OBrien").
"""

from __future__ import annotations

import unicodedata

# Letters that have no canonical decomposition, and their base letters.
LETTERS = {
    "ø": "o",
    "æ": "ae",
    "œ": "oe",
    "ł": "l",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "ß": "ss",
    "ı": "i",
    "ŋ": "n",
    "ħ": "h",
    "ŧ": "t",
    "ĸ": "k",
    "ſ": "s",
}
# Marks that join a name's parts; dropped rather than read as a space.
JOINERS = frozenset("'’‘`´ʼ-‐‑–.")


def fold(text: str) -> str:
    """Lower case without accents: "Øvergaard" -> "overgaard", "Müller" -> "muller"."""
    out = []
    for c in unicodedata.normalize("NFKD", text.casefold()):
        if unicodedata.combining(c):
            continue
        out.append(LETTERS.get(c, c))
    return "".join(out)


def name_key(text: str) -> str:
    """A name reduced for searching: folded, apostrophes and hyphens dropped, any
    other punctuation a space. "O'Brien, Seán" -> "obrien sean"."""
    folded = fold(text)
    kept = "".join("" if c in JOINERS else (c if c.isalnum() else " ") for c in folded)
    return " ".join(kept.split())


def name_sort_key(text: str) -> tuple[str, str, str]:
    """Sort names by base letters, then accents, then case."""
    primary = name_key(text)
    secondary = " ".join(
        "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if c not in JOINERS)
        .replace(",", " ")
        .split()
    )
    return primary, secondary, text
