"""OpenGotha tournament files (.xml): read into a GoTournament and write back.

Reading is safe for untrusted files: DOCTYPE and ENTITY declarations are
rejected (no entity expansion), and a malformed file gives an error naming
the line and column. Everything the record does not model is kept, so
reading, writing and reading again gives the same tournament.
"""

from __future__ import annotations

from pathlib import Path
from xml.parsers import expat

from pairing.formats.opengotha_settings import read_settings, write_settings
from pairing.gorecord import (
    RESULT_POINTS,
    GoBye,
    GoGame,
    GoPlayer,
    GoSettings,
    GoTournament,
    XmlNode,
    player_key,
)


class OpenGothaError(ValueError):
    """A file that is not a readable OpenGotha tournament."""


class _Rejected(Exception):
    pass


def parse_xml(data: bytes | str, source: str = "<input>") -> XmlNode:
    """Parse XML into XmlNodes with expat, refusing DTDs and entities."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    stack: list[XmlNode] = []
    root: list[XmlNode] = []

    def refuse(*_args: object) -> None:
        raise _Rejected("DOCTYPE and ENTITY declarations are not accepted")

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = XmlNode(tag, dict(attrs), line=parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack and data.strip():
            stack[-1].text += data.strip()

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except _Rejected as exc:
        raise OpenGothaError(
            f"{source}:{parser.CurrentLineNumber}:{parser.CurrentColumnNumber + 1}: {exc}"
        ) from None
    except expat.ExpatError as exc:
        reason = expat.errors.messages[exc.code]
        raise OpenGothaError(
            f"{source}:{exc.lineno}:{exc.offset + 1}: malformed XML ({reason})"
        ) from None
    if not root:
        raise OpenGothaError(f"{source}: no XML element found")
    return root[0]


def read_opengotha(path: str | Path) -> GoTournament:
    """Read an OpenGotha file. Raises OSError for a file that cannot be read
    and OpenGothaError for one that is not a valid tournament."""
    path = Path(path)
    return loads_opengotha(path.read_bytes(), source=str(path))


def loads_opengotha(data: bytes | str, source: str = "<input>") -> GoTournament:
    return _tournament(parse_xml(data, source), source)


def _error(source: str, node: XmlNode, message: str) -> OpenGothaError:
    return OpenGothaError(f"{source}:{node.line}: {message}")


def _int(source: str, node: XmlNode, attr: str, default: int | None = None) -> int:
    raw = node.attributes.get(attr)
    if raw is None or raw.strip() == "":
        if default is None:
            raise _error(source, node, f"<{node.tag}> lacks {attr}")
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise _error(source, node, f"<{node.tag}> {attr}={raw!r} is not a whole number") from None


_PLAYER_FIELDS = {
    "name", "firstName", "rank", "rating", "club", "country", "egfPin",
    "registeringStatus", "participating", "smmsCorrection",
}  # fmt: skip
_GAME_FIELDS = {
    "roundNumber", "whitePlayer", "blackPlayer", "result", "handicap", "tableNumber", "knownColor",
}  # fmt: skip


def _player(source: str, node: XmlNode) -> GoPlayer:
    a = node.attributes
    for required in ("name", "firstName", "rank"):
        if required not in a:
            raise _error(source, node, f"<Player> lacks {required}")
    who = f"player {a['name']} {a['firstName']}".strip()
    player = GoPlayer(
        name=a["name"],
        first_name=a["firstName"],
        rank=a["rank"].strip(),
        rating=_int(source, node, "rating", 0),
        club=a.get("club", ""),
        country=a.get("country", ""),
        egf_pin=a.get("egfPin", "").strip(),
        registration=a.get("registeringStatus", "FIN"),
        participating=a.get("participating", "1" * 20),
        mms_correction=_int(source, node, "smmsCorrection", 0),
        attributes={k: v for k, v in a.items() if k not in _PLAYER_FIELDS},
    )
    try:
        player.rank_value  # noqa: B018 - validates the rank
    except ValueError as exc:
        raise _error(source, node, f"{who}: {exc}") from None
    if set(player.participating) - {"0", "1"}:
        raise _error(source, node, f"{who}: participating must be 0s and 1s")
    return player


def _game(source: str, node: XmlNode, index: dict[str, int]) -> GoGame:
    a = node.attributes
    sides = []
    for attr in ("whitePlayer", "blackPlayer"):
        key = "".join(a.get(attr, "").split()).upper()
        if key not in index:
            raise _error(source, node, f"<Game> {attr}={a.get(attr)!r} is not a registered player")
        sides.append(index[key])
    if sides[0] == sides[1]:
        raise _error(source, node, "<Game> has the same player on both sides")
    result = a.get("result", "RESULT_UNKNOWN")
    if result not in RESULT_POINTS:
        raise _error(source, node, f"<Game> result {result!r} is unknown")
    round_number = _int(source, node, "roundNumber")
    if round_number < 1:
        raise _error(source, node, f"<Game> roundNumber {round_number} is below 1")
    return GoGame(
        round=round_number,
        white=sides[0],
        black=sides[1],
        result=result,
        handicap=_int(source, node, "handicap", 0),
        table=_int(source, node, "tableNumber", 0),
        known_colour=a.get("knownColor", "true").lower() != "false",
        attributes={k: v for k, v in a.items() if k not in _GAME_FIELDS},
    )


def _bye_nodes(node: XmlNode) -> list[XmlNode]:
    """ByePlayer elements, also when a file wraps them in <ByePlayer>."""
    found: list[XmlNode] = []
    for child in node.children:
        if child.tag == "ByePlayer" and "player" in child.attributes:
            found.append(child)
        elif child.tag in ("ByePlayer", "ByePlayers"):
            found.extend(_bye_nodes(child))
    return found


def _tournament(root: XmlNode, source: str) -> GoTournament:
    if root.tag != "Tournament":
        raise _error(source, root, f"the root element is <{root.tag}>, not <Tournament>")
    t = GoTournament(attributes=dict(root.attributes))
    index: dict[str, int] = {}
    settings_nodes: list[XmlNode] = []
    for section in root.children:
        tag = "ByePlayers" if section.tag == "ByePlayer" else section.tag
        if tag in t.section_order and tag in ("Players", "Games", "ByePlayers"):
            raise _error(source, section, f"<{section.tag}> appears twice")
        t.section_order.append(tag)
        if tag == "Players":
            for node in section.children:
                if node.tag != "Player":
                    continue
                player = _player(source, node)
                if player.key in index:
                    raise _error(source, node, f"two players share the key {player.key}")
                index[player.key] = len(t.players)
                t.players.append(player)
        elif tag in ("Games", "ByePlayers"):
            continue  # after all players are known
        else:
            t.preserved.append(section)
            if tag == "TournamentParameterSet":
                settings_nodes.append(section)
    for section in root.children:
        if section.tag == "Games":
            t.games.extend(_game(source, n, index) for n in section.children if n.tag == "Game")
    for node in _bye_nodes(root):
        key = "".join(node.attributes["player"].split()).upper()
        if key not in index:
            raise _error(source, node, f"<ByePlayer> {node.attributes['player']!r} is unknown")
        t.byes.append(GoBye(_int(source, node, "roundNumber"), index[key]))
    t.settings = read_settings(settings_nodes[0]) if settings_nodes else GoSettings()
    _check_rounds(t, source)
    return t


def _check_rounds(t: GoTournament, source: str) -> None:
    seen: dict[tuple[int, int], str] = {}
    for g in t.games:
        for p in (g.white, g.black):
            if (g.round, p) in seen:
                name = t.players[p].full_name
                raise OpenGothaError(f"{source}: {name} has two games in round {g.round}")
            seen[(g.round, p)] = "game"
    for b in t.byes:
        if (b.round, b.player) in seen:
            name = t.players[b.player].full_name
            raise OpenGothaError(f"{source}: {name} has a bye and a game in round {b.round}")
        seen[(b.round, b.player)] = "bye"


# -- writing --------------------------------------------------------------------


def _escape(value: str) -> str:
    return (
        value.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
        .replace("\t", "&#9;")
    )


def _element(tag: str, attrs: dict[str, str], indent: str, children: list[str] | None = None):
    body = " ".join(f'{k}="{_escape(v)}"' for k, v in sorted(attrs.items()))
    head = f"{indent}<{tag}{' ' + body if body else ''}"
    if not children:
        return [head + "/>"]
    return [head + ">", *children, f"{indent}</{tag}>"]


def _node_lines(node: XmlNode, indent: str) -> list[str]:
    children = [line for c in node.children for line in _node_lines(c, indent + "    ")]
    if node.text:
        body = " ".join(f'{k}="{_escape(v)}"' for k, v in sorted(node.attributes.items()))
        head = f"{indent}<{node.tag}{' ' + body if body else ''}>"
        text = node.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return (
            [head + text, *children, f"{indent}</{node.tag}>"]
            if children
            else [f"{head}{text}</{node.tag}>"]
        )
    return _element(node.tag, node.attributes, indent, children)


def _player_attrs(p: GoPlayer) -> dict[str, str]:
    attrs = dict(p.attributes)
    attrs.update(
        name=p.name,
        firstName=p.first_name,
        rank=p.rank,
        rating=str(p.rating),
        club=p.club,
        country=p.country,
        egfPin=p.egf_pin,
        registeringStatus=p.registration,
        participating=p.participating,
        smmsCorrection=str(p.mms_correction),
    )
    return attrs


def _game_attrs(t: GoTournament, g: GoGame) -> dict[str, str]:
    attrs = dict(g.attributes)
    attrs.update(
        roundNumber=str(g.round),
        whitePlayer=t.players[g.white].key,
        blackPlayer=t.players[g.black].key,
        result=g.result,
        handicap=str(g.handicap),
        tableNumber=str(g.table),
        knownColor="true" if g.known_colour else "false",
    )
    return attrs


def dumps_opengotha(t: GoTournament) -> str:
    """The tournament as OpenGotha XML text."""
    keys = [p.key for p in t.players]
    if len(set(keys)) != len(keys):
        raise OpenGothaError("two players share a name: OpenGotha could not tell them apart")
    sections = list(t.section_order) or ["Players", "Games", "TournamentParameterSet"]
    for tag in ("Players", "Games"):
        if tag not in sections:
            sections.insert(0 if tag == "Players" else 1, tag)
    if t.byes and "ByePlayers" not in sections:
        sections.insert(sections.index("Games") + 1, "ByePlayers")
    preserved = list(t.preserved)
    if not any(n.tag == "TournamentParameterSet" for n in preserved):
        preserved.append(XmlNode("TournamentParameterSet"))
        if "TournamentParameterSet" not in sections:
            sections.append("TournamentParameterSet")
    ind = "    "
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>']
    body: list[str] = []
    for tag in sections:
        if tag == "Players":
            rows = [x for p in t.players for x in _element("Player", _player_attrs(p), ind * 2)]
            body += _element("Players", {}, ind, rows) if rows else [f"{ind}<Players/>"]
        elif tag == "Games":
            rows = [x for g in t.games for x in _element("Game", _game_attrs(t, g), ind * 2)]
            body += _element("Games", {}, ind, rows) if rows else [f"{ind}<Games/>"]
        elif tag == "ByePlayers":
            rows = [
                x
                for b in t.byes
                for x in _element(
                    "ByePlayer",
                    {"player": t.players[b.player].key, "roundNumber": str(b.round)},
                    ind * 2,
                )
            ]
            body += _element("ByePlayers", {}, ind, rows) if rows else []
        else:
            node = next((n for n in preserved if n.tag == tag), None)
            if node is None:
                continue
            preserved.remove(node)
            if tag == "TournamentParameterSet":
                node = write_settings(node, t.settings)
            body += _node_lines(node, ind)
    lines += _element("Tournament", t.attributes, "", body)
    return "\n".join(lines) + "\n"


def write_opengotha(t: GoTournament, path: str | Path) -> None:
    Path(path).write_text(dumps_opengotha(t), encoding="utf-8")


__all__ = [
    "OpenGothaError",
    "dumps_opengotha",
    "loads_opengotha",
    "parse_xml",
    "player_key",
    "read_opengotha",
    "write_opengotha",
]
