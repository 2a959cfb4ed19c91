"""OpenGotha XML: every real file round-trips, bad files give clear errors."""

import pytest

from pairing.engine.mcmahon import McMahonConfig
from pairing.formats.opengotha import (
    OpenGothaError,
    dumps_opengotha,
    loads_opengotha,
    parse_xml,
    read_opengotha,
)
from pairing.gorecord import GoGame, GoPlayer, GoSettings, GoTournament, mcmahon_config
from tests.shared_data import OPENGOTHA

DATA = OPENGOTHA
FILES = sorted(DATA.glob("*.xml"))


def test_the_real_files_are_there():
    assert len(FILES) >= 7


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_import_export_import_gives_the_same_tournament(path):
    first = read_opengotha(path)
    text = dumps_opengotha(first)
    second = loads_opengotha(text)
    assert second == first
    assert dumps_opengotha(second) == text  # and the export is stable


def _key(attrs, name):
    return "".join(attrs.get(name, "").split()).upper()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_export_keeps_every_attribute_of_the_file(path):
    original = parse_xml(path.read_bytes())
    exported = parse_xml(dumps_opengotha(read_opengotha(path)))

    def section(root, tag):
        return next((c for c in root.children if c.tag == tag), None)

    players = section(original, "Players").children
    again = section(exported, "Players").children
    assert len(players) == len(again)
    for a, b in zip(players, again, strict=True):
        want = dict(a.attributes)  # every attribute as the file spells it
        assert b.attributes == want
    games = section(original, "Games")
    if games is not None:
        for a, b in zip(games.children, section(exported, "Games").children, strict=True):
            want = dict(a.attributes)
            for side in ("whitePlayer", "blackPlayer"):
                want[side] = _key(want, side)
            assert b.attributes == want
    for tag in ("TournamentParameterSet", "TeamTournamentParameterSet"):
        assert section(exported, tag) == section(original, tag)
    assert exported.attributes == original.attributes


def test_what_the_files_say():
    t = read_opengotha(DATA / "bosp2024.xml")
    assert len(t.players) == 71 and len(t.games) == 38
    # byes wrapped in a <ByePlayer> element are found; keys match case-insensitively
    assert [(b.round, t.players[b.player].key) for b in t.byes] == [
        (1, "GUNEYMETE"),
        (2, "RUZGAREGE_TUNA"),
    ]
    # the PIN attribute held a line break: it is trimmed
    assert t.players[0].egf_pin == "14825052"
    assert t.players[1].registration == "PRE" and not t.players[1].participates(1)
    assert t.settings.mm_bar == "1D" and t.settings.komi == 6.5
    config = mcmahon_config(t.settings)
    assert config.bar == 0 and config.floor == -20 and config.handicap_reduction == 0
    assert config.no_handicap_rank == -30  # everyone plays even
    toulouse = read_opengotha(DATA / "Toulouse2024.xml")
    absent = [p for p in toulouse.players if p.participating.startswith("1000001")]
    assert absent and not absent[0].participates(2) and absent[0].participates(7)
    stage = read_opengotha(DATA / "stage-ete-2021.xml")
    assert stage.games == [] and stage.settings.handicap_on_mms is True  # hdBase="MMS"


def test_a_new_tournament_exports_and_reads_back():
    t = GoTournament(
        players=[
            GoPlayer("Kim", "Ann", "2d", rating=2200, club="Par", country="FR"),
            GoPlayer("van Dijk", "Jan", "5k", rating=1600, club="Ams", country="NL"),
        ],
        games=[GoGame(1, 0, 1, "RESULT_WHITEWINS", handicap=0, table=1)],
        settings=GoSettings(name="Open", number_of_rounds=3),
    )
    again = loads_opengotha(dumps_opengotha(t))
    assert again.players[1].key == "VANDIJKJAN"
    assert again.games == t.games and again.settings == t.settings
    text = dumps_opengotha(t)
    assert 'genMMBar="1D"' in text and 'hdBasedOnMMS="true"' in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY a "aaaa">]>\n<Tournament/>',
            "<input>:2:.*ENTITY declarations are not accepted",
        ),
        (
            "<Tournament>\n<Players>\n</Tournament>",
            r"<input>:3:3: malformed XML \(mismatched tag\)",
        ),
        ("", "malformed XML"),
        ("<Tourney/>", "the root element is <Tourney>"),
        (
            '<Tournament><Players>\n<Player name="A" firstName="B" rank="strong"/></Players>'
            "</Tournament>",
            "<input>:2: player A B: 'strong' is not a Go rank",
        ),
        (
            '<Tournament><Players>\n<Player name="A" firstName="B"/></Players></Tournament>',
            "<input>:2: player A B: no rank and no rating",
        ),
        (
            '<Tournament><Players><Player name="A" firstName="B" rank="1k"/></Players>\n<Games>\n'
            '<Game whitePlayer="AB" blackPlayer="CD" roundNumber="1" result="RESULT_WHITEWINS"/>'
            "</Games></Tournament>",
            "<input>:3: <Game> blackPlayer='CD' is not a registered player",
        ),
        (
            '<Tournament><Players><Player name="A" firstName="B" rank="1k" rating="x"/>'
            "</Players></Tournament>",
            "rating='x' is not a whole number",
        ),
    ],
)
def test_bad_files_name_the_line(text, message):
    with pytest.raises(OpenGothaError, match=message):
        loads_opengotha(text)


def test_billion_laughs_is_refused_before_expansion():
    laughs = '<!DOCTYPE l [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    with pytest.raises(OpenGothaError, match="ENTITY declarations are not accepted"):
        loads_opengotha(laughs + "<Tournament>&b;</Tournament>")


def with_doctype(text: bytes, doctype: bytes) -> bytes:
    head, _, rest = text.partition(b"?>")
    return head + b"?>\n" + doctype + rest


def test_a_doctype_naming_the_dtd_is_accepted_and_never_read(tmp_path, monkeypatch):
    original = (DATA / "Toulouse2024.xml").read_bytes()
    monkeypatch.chdir(tmp_path)  # a tournament.dtd here would be found if it were read
    (tmp_path / "tournament.dtd").write_text('<!ENTITY % x SYSTEM "http://127.0.0.1:9/">%x;')
    text = with_doctype(original, b'<!DOCTYPE Tournament SYSTEM "tournament.dtd">')
    t = loads_opengotha(text)
    plain = loads_opengotha(original)
    assert t.players == plain.players and t.games == plain.games
    assert t.settings == plain.settings


@pytest.mark.parametrize(
    "doctype",
    [
        b'<!DOCTYPE Tournament [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
        b'<!DOCTYPE Tournament [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p">%p;]>',
        b'<!DOCTYPE Tournament [<!ENTITY a "aaaaaaaaaa">]>',
    ],
)
def test_entities_stay_refused_with_a_doctype(doctype):
    text = with_doctype((DATA / "simplemm.xml").read_bytes(), doctype)
    with pytest.raises(OpenGothaError, match=r"<input>:2:\d+: ENTITY declarations"):
        loads_opengotha(text)


def test_an_out_of_range_rank_is_clamped_with_a_warning():
    text = (
        '<Tournament><Players>\n<Player name="A" firstName="B" rank="99K"/>\n'
        '<Player name="C" firstName="D" rank="12d"/>\n'
        '<Player name="E" firstName="F" rating="1550"/></Players></Tournament>'
    )
    t = loads_opengotha(text)
    assert [p.rank for p in t.players] == ["30K", "9d", "5K"]
    assert [p.rank_value for p in t.players] == [-30, 8, -5]
    assert t.warnings == [
        "line 2: player A B: rank '99K' is out of range, read as 30k",
        "line 3: player C D: rank '12d' is out of range, read as 9d",
        "line 4: player E F has no rank: 5k from the rating 1550",
    ]
    again = loads_opengotha(dumps_opengotha(t))
    assert [p.rank for p in again.players] == ["30K", "9d", "5K"] and not again.warnings


def test_two_games_in_a_round_are_refused():
    text = (
        '<Tournament><Players><Player name="A" firstName="a" rank="1k"/>'
        '<Player name="B" firstName="b" rank="1k"/><Player name="C" firstName="c" rank="1k"/>'
        "</Players><Games>"
        '<Game whitePlayer="AA" blackPlayer="BB" roundNumber="1" result="RESULT_WHITEWINS"/>'
        '<Game whitePlayer="AA" blackPlayer="CC" roundNumber="1" result="RESULT_WHITEWINS"/>'
        "</Games></Tournament>"
    )
    with pytest.raises(OpenGothaError, match="A a has two games in round 1"):
        loads_opengotha(text)


def test_settings_blossom_does_not_follow_are_warned_about():
    text = (DATA / "Toulouse2024.xml").read_text(encoding="utf-8")
    assert loads_opengotha(text).warnings == []  # every setting at OpenGotha's default
    changed = (
        text.replace('paiBaRandom="0"', 'paiBaRandom="1000"')
        .replace('numberOfCategories="1"', 'numberOfCategories="3"')
        .replace('paiMaDUDDLowerMode="TOP"', 'paiMaDUDDLowerMode="MID"')
        .replace('name="NULL" number="4"', 'name="SOSM-1" number="4"')
        .replace('genMMBar="2K"', 'genMMBar="3D"')  # honoured: no warning
    )
    warnings = loads_opengotha(changed).warnings
    assert len(warnings) == 4
    assert any(w.startswith("paiBaRandom='1000'") for w in warnings)
    assert any(w.startswith("numberOfCategories='3'") for w in warnings)
    assert any("BOT/MID has no equivalent" in w for w in warnings)
    assert any("placement criteria SOSM-1 are not computed" in w for w in warnings)


def test_the_settings_table_in_the_docs_is_the_one_the_reader_uses():
    from pairing.formats.opengotha_params import PARAMETERS, markdown_table
    from tests.shared_data import ROOT

    doc = (ROOT / "docs" / "opengotha-settings.md").read_text(encoding="utf-8")
    assert markdown_table() in doc
    written = {attr for node in _all_nodes(DATA) for attr in node}
    listed = {(p.element, p.attribute) for p in PARAMETERS}
    elements = {p.element for p in PARAMETERS if p.attribute == "*"}
    missing = {(e, a) for e, a in written if (e, a) not in listed and e not in elements}
    assert not missing, f"settings in real files missing from the table: {sorted(missing)}"


def _all_nodes(folder):
    """(element, attribute) of every setting in the TournamentParameterSet of the real files."""
    from pairing.formats.opengotha import parse_xml

    for path in sorted(folder.glob("*.xml")):
        root = parse_xml(path.read_bytes())
        params = root.find("TournamentParameterSet")
        stack = list(params.children)
        while stack:
            node = stack.pop()
            stack += node.children
            yield {(node.tag, a) for a in node.attributes} or set()


@pytest.mark.parametrize(
    "config",
    [
        McMahonConfig(),
        McMahonConfig(
            bar=2, floor=-25, no_handicap_rank=None, round_down_free_points=True,
            handicap_reduction=-1, handicap_cap=5, handicap_basis="rank", komi_even=6.5,
            komi_uneven=6.5, even_strategy="split-match", even_strategy_late="split-mix",
            even_strategy_switch_round=3, seed_strategy="fold", area_country=0.0,
            area_club=2.0, seed_order="rating", bye_points=0.5, absent_points=0.0,
        ),
        McMahonConfig(bar=None, floor=None, area_country=0.0, area_club=0.0),
    ],
)  # fmt: skip
def test_a_config_written_into_a_file_is_read_back_the_same(config):
    from pairing.gorecord import mcmahon_config, settings_from_config

    settings = settings_from_config(config)
    t = GoTournament(settings=settings)
    again = loads_opengotha(dumps_opengotha(t)).settings
    assert again == settings
    expected = config.with_changes(
        bar=config.bar if config.bar is not None else 8,
        floor=config.floor if config.floor is not None else -30,
        no_handicap_rank=config.no_handicap_rank if config.no_handicap_rank is not None else 8,
    )
    assert mcmahon_config(again, base=config) == expected
