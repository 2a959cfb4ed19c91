"""OpenGotha tournament files (.xml): read into a GoTournament and write back.

Reading is safe for untrusted files (defusedxml): a DOCTYPE is accepted but
nothing it points to is read, ENTITY declarations are refused (no entity
expansion, no external entity), and a malformed file gives an error naming
the line and column. Everything the record does not model is kept, so
reading, writing and reading again gives the same tournament.
"""

from __future__ import annotations

import io
from pathlib import Path
from xml.sax import InputSource, SAXParseException
from xml.sax.handler import (
    ContentHandler,
    EntityResolver,
    feature_external_ges,
    feature_external_pes,
)
from xml.sax.xmlreader import Locator

from defusedxml import DefusedXmlException, EntitiesForbidden
from defusedxml.expatreader import create_parser

from pairing.engine.mcmahon.ranks import (
    RankError,
    format_rank,
    nearest_rank,
    parse_rank,
    rank_from_rating,
)
from pairing.formats.opengotha_params import settings_warnings
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


class _Handler(ContentHandler):
    """Builds XmlNodes, remembering the line of each element."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[XmlNode] = []
        self.root: list[XmlNode] = []
        self.texts: list[list[str]] = []
        self.locator: Locator | None = None

    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def position(self) -> tuple[int, int]:
        if self.locator is None:
            return 0, 0
        return self.locator.getLineNumber(), (self.locator.getColumnNumber() or 0) + 1

    def startElement(self, name: str, attrs) -> None:
        node = XmlNode(name, dict(attrs.items()), line=self.position()[0])
        (self.stack[-1].children if self.stack else self.root).append(node)
        self.stack.append(node)
        self.texts.append([])

    def endElement(self, name: str) -> None:
        node = self.stack.pop()
        node.text = "".join(piece.strip() for piece in self.texts.pop())

    def characters(self, content: str) -> None:
        if self.texts:
            self.texts[-1].append(content)


class _NoFetch(EntityResolver):
    """Refuses to read anything a file points to (a DTD, an entity)."""

    def resolveEntity(self, publicId, systemId):
        raise _Refused(f"the file points to {systemId!r}, which is not read")


class _Refused(Exception):
    pass


def parse_xml(data: bytes | str, source: str = "<input>") -> XmlNode:
    """Parse XML into XmlNodes with defusedxml. A DOCTYPE is accepted (as
    OpenGotha writes one in some versions) but never read from anywhere;
    entity declarations, and so entity expansion and external entities, are
    refused."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    handler = _Handler()
    parser = create_parser(forbid_dtd=False, forbid_entities=True, forbid_external=False)
    parser.setFeature(feature_external_ges, False)
    parser.setFeature(feature_external_pes, False)
    parser.setContentHandler(handler)
    parser.setEntityResolver(_NoFetch())
    stream = InputSource(source)
    stream.setByteStream(io.BytesIO(data))
    try:
        parser.parse(stream)
    except SAXParseException as exc:
        line, column = exc.getLineNumber(), (exc.getColumnNumber() or 0) + 1
        raise OpenGothaError(
            f"{source}:{line}:{column}: malformed XML ({exc.getMessage()})"
        ) from None
    except EntitiesForbidden as exc:
        line, column = handler.position()
        raise OpenGothaError(
            f"{source}:{line}:{column}: ENTITY declarations are not accepted ({exc.name})"
        ) from None
    except (DefusedXmlException, _Refused) as exc:
        line, column = handler.position()
        raise OpenGothaError(f"{source}:{line}:{column}: {exc}") from None
    if not handler.root:
        raise OpenGothaError(f"{source}: no XML element found")
    return handler.root[0]


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


def _rank(source: str, node: XmlNode, who: str, warnings: list[str]) -> str:
    """The player's rank as the file writes it; an out-of-range rank is
    clamped and a missing one taken from the EGF rating (both with a warning)."""
    a = node.attributes
    raw = a.get("rank", "").strip()
    if not raw:
        rating = a.get("rating", "").strip()
        if not rating:
            raise _error(source, node, f"{who}: no rank and no rating")
        rank = rank_from_rating(_int(source, node, "rating"))
        warnings.append(
            f"line {node.line}: {who} has no rank: {format_rank(rank)} from the rating {rating}"
        )
        return format_rank(rank, upper=True)
    try:
        parse_rank(raw)
        return raw
    except RankError:
        pass
    try:
        value, _ = nearest_rank(raw)
    except RankError as exc:
        raise _error(source, node, f"{who}: {exc}") from None
    warnings.append(
        f"line {node.line}: {who}: rank {raw!r} is out of range, read as {format_rank(value)}"
    )
    return format_rank(value, upper=raw[-1:].isupper())


def _player(source: str, node: XmlNode, warnings: list[str]) -> GoPlayer:
    a = node.attributes
    for required in ("name", "firstName"):
        if required not in a:
            raise _error(source, node, f"<Player> lacks {required}")
    who = f"player {a['name']} {a['firstName']}".strip()
    player = GoPlayer(
        name=a["name"],
        first_name=a["firstName"],
        rank=_rank(source, node, who, warnings),
        rating=_int(source, node, "rating", 0),
        club=a.get("club", ""),
        country=a.get("country", ""),
        egf_pin=a.get("egfPin", "").strip(),
        registration=a.get("registeringStatus", "FIN"),
        participating=a.get("participating", "1" * 20),
        mms_correction=_int(source, node, "smmsCorrection", 0),
        attributes={k: v for k, v in a.items() if k not in _PLAYER_FIELDS},
        spelling={k: v for k, v in a.items() if k in _PLAYER_FIELDS},
    )
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
                player = _player(source, node, t.warnings)
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
        t.byes.append(
            GoBye(_int(source, node, "roundNumber"), index[key], node.attributes["player"])
        )
    t.settings = read_settings(settings_nodes[0]) if settings_nodes else GoSettings()
    t.warnings += settings_warnings(root)
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
    for key, raw in p.spelling.items():
        if key in attrs and raw.strip() == attrs[key]:
            attrs[key] = raw
    return attrs


def _bye_key(t: GoTournament, bye: GoBye) -> str:
    key = t.players[bye.player].key
    return bye.spelling if player_key(bye.spelling, "") == key else key


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
                    {"player": _bye_key(t, b), "roundNumber": str(b.round)},
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
