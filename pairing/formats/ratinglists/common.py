"""What every rating list holds of a player, and the name form searches use."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


class RatingListError(ValueError):
    """A list that cannot be read, with where (line or element number)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    ident: str  # FIDE id or EGD PIN
    name: str  # "Family, Given" as the list writes it (EGD: "Family Given")
    federation: str = ""
    sex: str = ""
    title: str = ""  # GM, IM, WGM...
    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None
    birth_year: int | None = None
    inactive: bool = False
    club: str = ""  # EGD
    grade: str = ""  # EGD: rank as the list gives it ("5k", "2d")


def normalise_name(text: str) -> str:
    """Lower case, accents and punctuation dropped, single spaces: what a search
    compares ("Ørnsø, Jürgen" -> "ornso jurgen"; "O'Brien" -> "obrien")."""
    decomposed = unicodedata.normalize("NFKD", text.replace("ø", "o").replace("Ø", "O"))
    letters = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        if ch.isalnum():
            letters.append(ch.lower())
        elif ch in " ,-\t":
            letters.append(" ")
    return " ".join("".join(letters).replace("ß", "ss").split())
