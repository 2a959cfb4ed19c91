"""The TournamentParameterSet of an OpenGotha file <-> GoSettings.

Reading takes the attributes the record models; writing puts them back into
a copy of the element as read, leaving every other attribute and element as
it was. A value that did not change keeps its original spelling.
"""

from __future__ import annotations

from dataclasses import replace

from pairing.gorecord import GoSettings, XmlNode

# (element, attribute, field, kind)
_MAP: tuple[tuple[str, str, str, str], ...] = (
    ("GeneralParameterSet", "name", "name", "str"),
    ("GeneralParameterSet", "shortName", "short_name", "str"),
    ("GeneralParameterSet", "location", "location", "str"),
    ("GeneralParameterSet", "director", "director", "str"),
    ("GeneralParameterSet", "beginDate", "begin_date", "str"),
    ("GeneralParameterSet", "endDate", "end_date", "str"),
    ("GeneralParameterSet", "bInternet", "internet", "bool"),
    ("GeneralParameterSet", "numberOfRounds", "number_of_rounds", "int"),
    ("GeneralParameterSet", "size", "board_size", "int"),
    ("GeneralParameterSet", "komi", "komi", "float"),
    ("GeneralParameterSet", "basicTime", "basic_time", "int"),
    ("GeneralParameterSet", "complementaryTimeSystem", "byoyomi_system", "str"),
    ("GeneralParameterSet", "stdByoYomiTime", "std_byoyomi_time", "int"),
    ("GeneralParameterSet", "canByoYomiTime", "can_byoyomi_time", "int"),
    ("GeneralParameterSet", "nbMovesCanTime", "can_byoyomi_moves", "int"),
    ("GeneralParameterSet", "fischerTime", "fischer_time", "int"),
    ("GeneralParameterSet", "genMMBar", "mm_bar", "str"),
    ("GeneralParameterSet", "genMMFloor", "mm_floor", "str"),
    ("GeneralParameterSet", "genMMZero", "mm_zero", "str"),
    ("GeneralParameterSet", "genMMS2ValueBye", "bye_points", "half"),
    ("GeneralParameterSet", "genMMS2ValueAbsent", "absent_points", "half"),
    ("GeneralParameterSet", "genRoundDownNBWMMS", "round_down", "bool"),
    ("HandicapParameterSet", "hdCeiling", "handicap_ceiling", "int"),
    ("HandicapParameterSet", "hdCorrection", "handicap_correction", "int"),
    ("HandicapParameterSet", "hdNoHdRankThreshold", "no_handicap_rank", "str"),
    ("PairingParameterSet", "paiMaSeedSystem1", "seed_system_1", "str"),
    ("PairingParameterSet", "paiMaSeedSystem2", "seed_system_2", "str"),
    ("PairingParameterSet", "paiMaLastRoundForSeedSystem1", "last_round_seed_system_1", "int"),
    ("PairingParameterSet", "paiMaDUDDUpperMode", "dudd_upper", "str"),
    ("PairingParameterSet", "paiMaDUDDLowerMode", "dudd_lower", "str"),
    ("PairingParameterSet", "paiSeAvoidSameGeo", "avoid_same_geo", "int"),
    ("PairingParameterSet", "paiSePreferMMSDiffRatherThanSameClub", "mms_gap_rather_than_club",
     "int"),
    ("PairingParameterSet", "paiSePreferMMSDiffRatherThanSameCountry",
     "mms_gap_rather_than_country", "int"),
    ("PairingParameterSet", "paiMaAdditionalPlacementCritSystem1", "seed_criterion", "str"),
)  # fmt: skip


def _parse(kind: str, raw: str) -> object:
    raw = raw.strip()
    if kind == "int":
        return int(raw)
    if kind == "float":
        return float(raw)
    if kind == "half":
        return int(raw) / 2
    if kind == "bool":
        if raw.lower() not in ("true", "false"):
            raise ValueError(raw)
        return raw.lower() == "true"
    return raw


def _format(kind: str, value: object) -> str:
    if kind == "half":
        return str(round(float(value) * 2))  # type: ignore[arg-type]
    if kind == "float":
        return f"{float(value):g}"  # type: ignore[arg-type]
    if kind == "bool":
        return "true" if value else "false"
    return str(value)


def read_settings(node: XmlNode) -> GoSettings:
    """GoSettings from a TournamentParameterSet element; unreadable or
    missing values keep the defaults."""
    values: dict[str, object] = {}
    for element, attr, name, kind in _MAP:
        child = node.find(element)
        if child is None or attr not in child.attributes:
            continue
        try:
            values[name] = _parse(kind, child.attributes[attr])
        except ValueError:
            continue
    general = node.find("GeneralParameterSet") or XmlNode("GeneralParameterSet")
    if "bInternet" not in general.attributes and "bInternetGame" in general.attributes:
        # the name other OpenGotha versions write
        values["internet"] = general.attributes["bInternetGame"].strip().lower() == "true"
    handicap = node.find("HandicapParameterSet")
    if handicap is not None:
        if "hdBasedOnMMS" in handicap.attributes:
            values["handicap_on_mms"] = handicap.attributes["hdBasedOnMMS"].lower() == "true"
        elif "hdBase" in handicap.attributes:  # other OpenGotha versions
            values["handicap_on_mms"] = handicap.attributes["hdBase"].upper() == "MMS"
    return replace(GoSettings(), **values)


def _copy(node: XmlNode) -> XmlNode:
    return XmlNode(
        node.tag, dict(node.attributes), [_copy(c) for c in node.children], node.text, node.line
    )


def write_settings(node: XmlNode, settings: GoSettings) -> XmlNode:
    """A copy of `node` carrying `settings`. An empty node (a tournament
    not read from a file) gets every modelled attribute."""
    out = _copy(node)
    complete = not node.children

    def child(tag: str) -> XmlNode:
        found = out.find(tag)
        if found is None:
            found = XmlNode(tag)
            out.children.append(found)
        return found

    defaults = GoSettings()

    def put(element: str, attr: str, name: str, kind: str) -> None:
        value = getattr(settings, name)
        found = out.find(element)
        missing = found is None or attr not in found.attributes
        if missing and not complete and value == getattr(defaults, name):
            return  # missing in the file and read as the default: leave it out
        target = child(element)
        old = target.attributes.get(attr)
        if old is not None:
            try:
                if _parse(kind, old) == value:
                    return
            except ValueError:
                pass
        target.attributes[attr] = _format(kind, value)

    general = out.find("GeneralParameterSet") or XmlNode("GeneralParameterSet")
    other_name = "bInternetGame" in general.attributes and "bInternet" not in general.attributes
    for element, attr, name, kind in _MAP:
        if attr == "bInternet" and other_name:  # keep the name the file uses
            if _parse("bool", general.attributes["bInternetGame"]) != settings.internet:
                general.attributes["bInternetGame"] = _format("bool", settings.internet)
            continue
        put(element, attr, name, kind)
    handicap = out.find("HandicapParameterSet") or XmlNode("HandicapParameterSet")
    if "hdBase" in handicap.attributes and "hdBasedOnMMS" not in handicap.attributes:
        current = handicap.attributes["hdBase"].upper() == "MMS"
        if current != settings.handicap_on_mms:
            handicap.attributes["hdBase"] = "MMS" if settings.handicap_on_mms else "RANK"
    else:
        old = handicap.attributes.get("hdBasedOnMMS")
        current = defaults.handicap_on_mms if old is None else old.lower() == "true"
        if current != settings.handicap_on_mms or (complete and old is None):
            handicap.attributes["hdBasedOnMMS"] = "true" if settings.handicap_on_mms else "false"
            if out.find("HandicapParameterSet") is None:
                out.children.append(handicap)
    return out
