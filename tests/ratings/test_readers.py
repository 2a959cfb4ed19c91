"""The rating list readers (pure): FIDE XML (plain and zipped) and TXT, the EGD list,
and their refusals naming where."""

from __future__ import annotations

import zipfile

import pytest

from pairing.formats.ratinglists import RatingListError, normalise_name, read_egd, read_fide
from tests.ratings.lists import EGD, EGD_TODAY, XML

TXT_HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


WORDS = (
    "ID Number",
    "Name",
    "Fed",
    "Sex",
    "Tit",
    "WTit",
    "SRtng",
    "RRtng",
    "BRtng",
    "B-day",
    "Flag",
)


def _txt_line(*values) -> str:
    """A player line with each value under its header word (the TXT list's layout)."""
    line = [" "] * (len(TXT_HEADER) + 10)
    for word, value in zip(WORDS, values, strict=True):
        start = TXT_HEADER.find(word) if word != "Tit" else TXT_HEADER.find(" Tit ") + 1
        for k, ch in enumerate(str(value)):
            line[start + k] = ch
    return "".join(line).rstrip()


def test_fide_xml_plain_and_zipped(tmp_path):
    plain = tmp_path / "players_list_xml_foa.xml"
    plain.write_text(XML, encoding="utf-8")
    zipped = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.write(plain, "players_list_xml_foa.xml")
    for path in (plain, zipped):
        carlsen, ase = list(read_fide(path))
        assert (carlsen.ident, carlsen.title, carlsen.standard, carlsen.rapid, carlsen.blitz) == (
            "1503014",
            "GM",
            2833,
            2819,
            2886,
        )
        assert (carlsen.birth_year, carlsen.inactive, carlsen.federation) == (1990, False, "NOR")
        assert (ase.title, ase.rapid, ase.inactive, ase.sex) == ("WFM", None, True, "F")


def test_fide_txt_columns_come_from_the_header(tmp_path):
    path = tmp_path / "players_list_foa.txt"
    lines = [
        TXT_HEADER,
        _txt_line(1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", 2833, 2819, 2886, 1990, ""),
        _txt_line(4100018, "Øvergaard, Åse", "DEN", "F", "", "WFM", 1950, "", "", 2001, "wi"),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    carlsen, ase = list(read_fide(path))
    assert (carlsen.ident, carlsen.name, carlsen.title, carlsen.standard) == (
        "1503014",
        "Carlsen, Magnus",
        "GM",
        2833,
    )
    assert (ase.name, ase.title, ase.inactive, ase.birth_year) == (
        "Øvergaard, Åse",
        "WFM",
        True,
        2001,
    )


def test_a_broken_fide_file_is_refused_with_where(tmp_path):
    broken = tmp_path / "broken.xml"
    broken.write_text(XML.replace("</player>\n<player>", "</player>\n<player", 1), encoding="utf-8")
    with pytest.raises(RatingListError, match=r"line \d+, column \d+: not well-formed XML"):
        list(read_fide(broken))
    no_id = tmp_path / "noid.xml"
    no_id.write_text(
        XML.replace("<fideid>4100018</fideid>", "<fideid>x</fideid>"), encoding="utf-8"
    )
    with pytest.raises(RatingListError, match="player element 2: the FIDE id 'x'"):
        list(read_fide(no_id))
    other = tmp_path / "other.txt"
    other.write_text("hello\n", encoding="utf-8")
    with pytest.raises(RatingListError, match="not a FIDE list"):
        list(read_fide(other))


def test_egd_list(tmp_path):
    path = tmp_path / "allworld_lp.html"
    path.write_text(EGD, encoding="utf-8")
    aaen, berg, nobody = list(read_egd(path))
    assert (aaen.ident, aaen.name, aaen.federation, aaen.club, aaen.grade, aaen.standard) == (
        "10726007",
        "Aaen Morten",
        "DK",
        "Cope",
        "6k",
        1515,
    )
    assert berg.name == "van der Berg Jan" and berg.grade == "2d"
    assert nobody.club == ""
    path.write_text(EGD.replace("  2d   2230", "  2x   2230"), encoding="utf-8")
    with pytest.raises(RatingListError, match="line 4: a player line must read"):
        list(read_egd(path))


def test_egd_list_as_published_today(tmp_path):
    """The P&D column, `_` inside name parts, unknown country and club; a damaged player
    line (as the real list has) is left out and reported when the caller asks, and is
    an error naming its line otherwise."""
    path = tmp_path / "allworld_lp.html"
    path.write_text(EGD_TODAY, encoding="utf-8")
    skipped: list = []
    aabel, berg, cotte, dufour = list(read_egd(path, skipped=skipped))
    assert (aabel.ident, aabel.name, aabel.federation, aabel.club, aabel.grade) == (
        "17000001",
        "Aabel Kari",
        "NO",
        "Osl",
        "6k",
    )
    assert aabel.standard == 1484 and berg.standard == 356 and dufour.standard == 1786
    assert berg.name == "Berg Jan Willem van den" and berg.grade == "17k"
    assert (cotte.name, cotte.federation, cotte.club) == ("Cotte", "", "")
    assert [number for number, _ in skipped] == [12] and "Erdmann" in skipped[0][1]
    with pytest.raises(RatingListError, match="line 12: a player line must read"):
        list(read_egd(path))


@pytest.mark.parametrize(
    ("text", "normal"),
    [("Ørnsø, Jürgen", "ornso jurgen"), ("O'Brien, Pat", "obrien pat"), ("Straße", "strasse")],
)
def test_names_are_searched_without_accents_or_punctuation(text, normal):
    assert normalise_name(text) == normal
