"""Every setting an OpenGotha file carries, and what Blossom does with it.

One table, `PARAMETERS`, says for each attribute of an OpenGotha
TournamentParameterSet (and the few other elements that change results)
whether Blossom honours it (reads it and applies it as OpenGotha does), maps
it onto its own model (Kaniuk's weight components and the engine's
parameters), keeps it (reads it and writes it back unchanged; it changes no
pairing and no result) or ignores it (it would change OpenGotha's pairing or
standings, and Blossom does not follow it). `settings_warnings` turns the
ignored and loosely mapped settings whose value differs from OpenGotha's
default for a McMahon tournament into sentences for an import preview;
`markdown_table` writes the table for docs/opengotha-settings.md.

    .venv/bin/python -m pairing.formats.opengotha_params   # prints the table
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.gorecord import XmlNode

HONOURED, MAPPED, KEPT, IGNORED = "honoured", "mapped", "kept", "ignored"
SUPPORTED_CRITERIA = ("MMS", "SOSM", "SOSOSM", "SODOSM", "CUSSM", "NBW")
# OpenGotha's uneven modes (upper group drawn down, lower group drawn up) that
# name one of Kaniuk's uneven seeding strategies
DUDD_MODES = {("BOT", "TOP"): "nearest", ("TOP", "BOT"): "fold", ("TOP", "TOP"): "match"}


@dataclass(frozen=True, slots=True)
class Param:
    element: str
    attribute: str
    status: str
    blossom: str  # what Blossom does with it
    default: str | None = None  # OpenGotha's McMahon default; None: never warned about


G, H, PL, PA = (
    "GeneralParameterSet",
    "HandicapParameterSet",
    "PlacementParameterSet",
    ("PairingParameterSet"),
)
DP, PU = "DPParameterSet", "PublishParameterSet"

PARAMETERS: tuple[Param, ...] = (
    Param(G, "shortName", KEPT, "kept and written back"),
    Param(G, "name", HONOURED, "tournament name (h9 EV)"),
    Param(G, "location", HONOURED, "place (h9 PC)"),
    Param(G, "director", KEPT, "kept and written back"),
    Param(G, "beginDate", HONOURED, "first day (h9 DT)"),
    Param(G, "endDate", HONOURED, "last day (h9 DT)"),
    Param(G, "bInternet", HONOURED, "an internet tournament: EGF class D in the h9 export"),
    Param(G, "bInternetGame", HONOURED, "as bInternet (the name some versions write)"),
    Param(G, "basicTime", HONOURED, "EGF class and adjusted time (h9 CL, TM)"),
    Param(G, "complementaryTimeSystem", HONOURED, "EGF adjusted time (h9 TM)"),
    Param(G, "stdByoYomiTime", HONOURED, "EGF adjusted time: 45 moves of byo-yomi"),
    Param(G, "nbMovesCanTime", HONOURED, "EGF adjusted time: Canadian byo-yomi"),
    Param(G, "canByoYomiTime", HONOURED, "EGF adjusted time: Canadian byo-yomi"),
    Param(G, "fischerTime", HONOURED, "EGF adjusted time: 120 moves of Fischer increment"),
    Param(G, "size", KEPT, "board size, kept and written back"),
    Param(G, "komi", HONOURED, "komi of games without stones (engine komi_even, komi_uneven)"),
    Param(G, "numberOfRounds", HONOURED, "number of rounds"),
    Param(G, "numberOfCategories", IGNORED, "one category: the field is paired as a whole", "1"),
    Param(G, "genMMFloor", HONOURED, "McMahon floor (engine floor)"),
    Param(G, "genMMBar", HONOURED, "McMahon bar (engine bar)"),
    Param(G, "genMMZero", HONOURED, "rank of MMS 0 (engine zero)"),
    Param(G, "genNBW2ValueAbsent", IGNORED, "NBW counts an absence as no win", "0"),
    Param(G, "genNBW2ValueBye", IGNORED, "NBW counts a bye as its MMS points", "2"),
    Param(G, "genMMS2ValueAbsent", HONOURED, "MMS of an absence (engine absent_points)"),
    Param(G, "genMMS2ValueBye", HONOURED, "MMS of a bye (engine bye_points)"),
    Param(G, "genRoundDownNBWMMS", HONOURED, "bye and absence points in whole points "
          "(engine round_down_free_points)"),
    Param(G, "genCountNotPlayedGamesAsHalfPoint", IGNORED,
          "SOS counts an opponent's unplayed rounds at their points", "false"),
    Param("Category", "lowerLimit", IGNORED, "no categories"),
    Param(G, "numberOfBZHGroups", KEPT, "a setting of another OpenGotha version, kept"),
    Param(H, "hdBasedOnMMS", HONOURED, "stones from MMS or from ranks (engine handicap_basis)"),
    Param(H, "hdBase", HONOURED, "as hdBasedOnMMS (MMS or RANK; the name some versions write)"),
    Param(H, "hdNoHdRankThreshold", HONOURED,
          "no handicap above this rank: a higher rank counts as it (engine no_handicap_rank)"),
    Param(H, "hdCorrection", HONOURED, "handicap reduction (engine handicap_reduction)"),
    Param(H, "hdCeiling", HONOURED, "most stones (engine handicap_cap)"),
    Param("PlacementCriterion", "name", HONOURED,
          "placement criteria MMS, SOSM, SOSOSM, SODOSM, CUSSM, NBW (standings, h9); "
          "others are not computed", "MMS,SOSM,SOSOSM"),
    Param("PlacementCriterion", "number", HONOURED, "order of the placement criteria"),
    Param(PA, "paiStandardNX1Factor", MAPPED,
          "concavity of the costs: Kaniuk's sech shapes play this part", "0.5"),
    Param(PA, "paiBaAvoidDuplGame", HONOURED, "never a rematch (an absolute rule)",
          "500000000000000"),
    Param(PA, "paiBaRandom", IGNORED, "no random term: deterministic for a seed", "0"),
    Param(PA, "paiBaDeterministic", IGNORED, "always deterministic for a seed", "true"),
    Param(PA, "paiBaBalanceWB", MAPPED, "colour component", "1000000"),
    Param(PA, "paiMaAvoidMixingCategories", IGNORED, "no categories (no effect with one)"),
    Param(PA, "paiMaMinimizeScoreDifference", MAPPED, "mms component", "100000000000"),
    Param(PA, "paiMaDUDDWeight", MAPPED, "uneven component", "100000000"),
    Param(PA, "paiMaCompensateDUDD", MAPPED,
          "uneven component, full balance rule: earlier draw-ups and downs are compensated",
          "true"),
    Param(PA, "paiMaDUDDUpperMode", MAPPED,
          "uneven seeding with the lower mode: BOT/TOP nearest, TOP/BOT fold, TOP/TOP match; "
          "MID keeps Kaniuk's default (nearest)", "MID"),
    Param(PA, "paiMaDUDDLowerMode", MAPPED, "see paiMaDUDDUpperMode", "MID"),
    Param(PA, "paiMaMaximizeSeeding", MAPPED, "even component", "5000000"),
    Param(PA, "paiMaLastRoundForSeedSystem1", HONOURED,
          "last round of the first in-group strategy (engine even_strategy_switch_round)"),
    Param(PA, "paiMaSeedSystem1", HONOURED,
          "in-group strategy: split and slip = split and match, split and fold, "
          "split and random = split and mix (engine even_strategy)"),
    Param(PA, "paiMaSeedSystem2", HONOURED, "in-group strategy after that round "
          "(engine even_strategy_late)"),
    Param(PA, "paiMaAdditionalPlacementCritSystem1", HONOURED,
          "order inside an MMS group: rating, else rank (engine seed_order)", "Rating"),
    Param(PA, "paiMaAdditionalPlacementCritSystem2", IGNORED,
          "the order of the first system is kept", "NULL"),
    Param(PA, "paiSeBarThresholdActive", KEPT,
          "no effect in McMahon (limits handicap minimisation, which McMahon sets to 0)"),
    Param(PA, "paiSeRankThreshold", KEPT, "no effect in McMahon (as above)"),
    Param(PA, "paiSeNbWinsThresholdActive", KEPT, "no effect in McMahon (as above)"),
    Param(PA, "paiSeDefSecCrit", KEPT, "an internal default of OpenGotha"),
    Param(PA, "paiSeMinimizeHandicap", IGNORED, "handicap is not minimised beyond MMS", "0"),
    Param(PA, "paiSeAvoidSameGeo", MAPPED, "area component; 0 turns clubs and countries off",
          "100000000000"),
    Param(PA, "paiSePreferMMSDiffRatherThanSameCountry", MAPPED,
          "share of countries in the area component (engine area_country; 0: off)"),
    Param(PA, "paiSePreferMMSDiffRatherThanSameClub", MAPPED,
          "share of clubs in the area component (engine area_club; 0: off)"),
    Param(PA, "paiSePreferMMSDiffRatherThanSameClubsGroup", KEPT,
          "no effect without groups of clubs (see ClubsGroups)"),
    Param(DP, "*", KEPT, "display settings of OpenGotha's pages, kept"),
    Param(PU, "*", KEPT, "publishing settings of OpenGotha, kept"),
    Param("TeamTournamentParameterSet", "*", KEPT, "team settings, kept"),
    Param("Teams", "*", IGNORED, "team tournaments are not paired or scored"),
    Param("ClubsGroups", "*", IGNORED, "groups of clubs are not kept apart"),
)  # fmt: skip


def _same(value: str, default: str) -> bool:
    a, b = value.strip(), default.strip()
    try:
        return float(a) == float(b)
    except ValueError:
        return a.casefold() == b.casefold()


def _criteria(params: XmlNode) -> list[str]:
    crit = params.find("PlacementCriteria")
    if crit is None:
        return []
    ordered = sorted(crit.children, key=lambda c: int(c.attributes.get("number", "0") or 0))
    return [c.attributes.get("name", "NULL").strip().upper() for c in ordered]


# judged by `_special_warnings`, not by comparing with the default
SPECIAL = {
    "paiMaDUDDUpperMode", "paiMaDUDDLowerMode", "paiMaAdditionalPlacementCritSystem1",
    "paiMaAdditionalPlacementCritSystem2", "paiSeAvoidSameGeo",
}  # fmt: skip


def _attribute_warnings(node: XmlNode) -> list[str]:
    warnings = []
    for p in PARAMETERS:
        if p.default is None or p.attribute in SPECIAL or p.element == "PlacementCriterion":
            continue
        child = node.find(p.element)
        if child is None or p.attribute not in child.attributes:
            continue
        value = child.attributes[p.attribute]
        if not _same(value, p.default):
            kind = "is approximated" if p.status == MAPPED else "is not followed"
            warnings.append(
                f"{p.attribute}={value!r} (OpenGotha's default {p.default}) {kind}: {p.blossom}"
            )
    return warnings


def _special_warnings(pairing: XmlNode) -> list[str]:
    warnings = []
    a = pairing.attributes
    upper = a.get("paiMaDUDDUpperMode", "MID").strip().upper()
    lower = a.get("paiMaDUDDLowerMode", "MID").strip().upper()
    if (upper, lower) != ("MID", "MID") and (upper, lower) not in DUDD_MODES:
        warnings.append(
            f"paiMaDUDDUpperMode/LowerMode={upper}/{lower} has no equivalent in Kaniuk's "
            "uneven seeding: it stays nearest"
        )
    crit1 = a.get("paiMaAdditionalPlacementCritSystem1", "Rating").strip()
    crit2 = a.get("paiMaAdditionalPlacementCritSystem2", "NULL").strip()
    if crit1.upper() not in ("RATING", "RANK"):
        warnings.append(
            f"paiMaAdditionalPlacementCritSystem1={crit1!r} is not followed: "
            "players are ordered inside an MMS group by rank, then rating"
        )
    if crit2.upper() not in ("NULL", "NONE", crit1.upper()):
        warnings.append(
            f"paiMaAdditionalPlacementCritSystem2={crit2!r} is not followed: "
            f"the order of the first system ({crit1}) is kept in every round"
        )
    geo = a.get("paiSeAvoidSameGeo")
    if geo is not None and not _same(geo, "0") and not _same(geo, "100000000000"):
        warnings.append(
            f"paiSeAvoidSameGeo={geo!r} (OpenGotha's default 100000000000) is approximated: "
            "the area component keeps its weight"
        )
    return warnings


def settings_warnings(root: XmlNode) -> list[str]:
    """Sentences about the settings of an OpenGotha Tournament element that
    Blossom does not follow, or follows only approximately, and whose value
    is not OpenGotha's default for a McMahon tournament."""
    warnings: list[str] = []
    node = root.find("TournamentParameterSet")
    if node is not None:
        warnings += _attribute_warnings(node)
        pairing = node.find(PA)
        if pairing is not None:
            warnings += _special_warnings(pairing)
        placement = node.find(PL)
        if placement is not None:
            unknown = [c for c in _criteria(placement) if c not in (*SUPPORTED_CRITERIA, "NULL")]
            if unknown:
                warnings.append(
                    "placement criteria " + ", ".join(unknown) + " are not computed: "
                    "standings and the h9 export use "
                    + ", ".join(SUPPORTED_CRITERIA[:3])
                    + " and the other criteria Blossom computes"
                )
    for tag, sentence in (
        ("Teams", "the file holds teams: Blossom pairs and scores the players only"),
        ("ClubsGroups", "the file groups clubs: Blossom keeps each club apart on its own"),
    ):
        found = root.find(tag)
        if found is not None and found.children:
            warnings.append(sentence)
    return warnings


def markdown_table() -> str:
    lines = [
        "| Element | Attribute | Blossom | What Blossom does | Warned when not |",
        "|---|---|---|---|---|",
    ]
    for p in PARAMETERS:
        warned = p.default if p.default is not None and p.status in (IGNORED, MAPPED) else ""
        lines.append(f"| {p.element} | {p.attribute} | {p.status} | {p.blossom} | {warned} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown_table(), end="")
