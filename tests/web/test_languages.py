"""The interface in English, French, German and Spanish.

- The catalogues (locale/*/LC_MESSAGES/*.po) parse, compile, translate every entry
  (none empty, none fuzzy, the same placeholders) and hold every string marked in the
  code (checked with Django's makemessages when GNU gettext is installed).
- The main arbiter pages, the public pages and the print sheets, rendered in French,
  show no English phrase of the catalogue: a string left unmarked, or marked but
  untranslated, fails here.
- The switcher, the browser's language, the event's language for public pages and
  prints, and the API's English.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.api.isolation import isolated_public_cache
from tests.factories import PlayerFactory
from tests.web.arbiter_helpers import make_round, make_setup
from tiebreaks.methods.registry import all_methods
from tournaments.catalogues import LOCALE_DIR, compile_one, read, sources
from tournaments.models import Game
from tournaments.presentation import (
    TIEBREAK_TITLES,
    VIOLATION_TEXTS,
    format_tiebreak,
    tiebreak_title,
    violation_text,
)
from tournaments.services.results import result_record

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "de", "es")
PLACEHOLDER = re.compile(r"%(?:\([a-zA-Z0-9_]+\))?[sdif]|%%")


# The catalogues ---------------------------------------------------------------------


def test_every_language_has_its_catalogues():
    found = {(p.parent.parent.name, p.stem) for p in sources()}
    for language in LANGUAGES:
        assert (language, "django") in found, f"locale/{language}/LC_MESSAGES/django.po"
        assert (language, "djangojs") in found, f"locale/{language}/LC_MESSAGES/djangojs.po"


@pytest.mark.parametrize("path", sources(), ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_a_catalogue_is_complete_and_compiles(path, tmp_path):
    catalogue = read(path)
    problems = []
    for message in catalogue:
        if not message.id:
            continue  # the header
        where = f"{path.name}: {message.id!r}"
        if message.fuzzy:
            problems.append(f"{where} is fuzzy")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"{where} has no translation")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for text in strings:
            got = sorted(set(PLACEHOLDER.findall(text)))
            if got != wanted and not (len(strings) > 1 and set(got) <= set(wanted)):
                problems.append(f"{where}: placeholders {got} instead of {wanted}")
    assert not problems, "\n".join(problems[:40])
    compiled = compile_one(path, tmp_path / "out.mo")
    assert compiled.stat().st_size > 100


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext (xgettext) is not installed")
def test_the_catalogues_hold_every_marked_string(tmp_path):
    """makemessages on a copy of the code finds no string the catalogues lack and the
    catalogues keep no string the code dropped (run `make messages` to refresh them)."""
    for part in ("config", "tournaments", "templates", "static", "locale", "manage.py"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, tmp_path / part, ignore=shutil.ignore_patterns("*.mo"))
        else:
            shutil.copy(source, tmp_path / part)
    for domain in ("django", "djangojs"):
        subprocess.run(
            [
                str(Path(__import__("sys").executable)),
                "manage.py",
                "makemessages",
                "-d",
                domain,
                *[f"-l{language}" for language in LANGUAGES],
                "--no-obsolete",
                "-v0",
            ],
            cwd=tmp_path,
            check=True,
            capture_output=True,
        )
    for language in LANGUAGES:
        for domain in ("django", "djangojs"):
            name = f"{language}/LC_MESSAGES/{domain}.po"
            fresh = {(m.context, _key(m.id)) for m in read(tmp_path / "locale" / name) if m.id}
            ours = {(m.context, _key(m.id)) for m in read(LOCALE_DIR / name) if m.id}
            assert not fresh - ours, (
                f"{name} lacks {sorted(fresh - ours, key=str)[:20]} (make messages)"
            )
            assert not ours - fresh, f"{name} keeps dropped {sorted(ours - fresh, key=str)[:20]}"


def _key(message_id):
    return message_id if isinstance(message_id, str) else message_id[0]


# Pages in French --------------------------------------------------------------------


class _Visible(HTMLParser):
    """The text a reader sees or hears: text outside scripts and styles, and the
    attributes read out or shown (title, placeholder, aria-label, alt, button values)."""

    SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._hidden += 1
        values = dict(attrs)
        for name in self.SHOWN_ATTRIBUTES:
            if values.get(name):
                self.parts.append(values[name])
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(values["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def english_phrases(language: str = "fr") -> list[str]:
    """The catalogue's English phrases whose translation differs, without placeholders
    or markup (those are checked through their translated neighbours)."""
    catalogue = [m for m in read(LOCALE_DIR / language / "LC_MESSAGES" / "django.po") if m.id]
    translations = " | ".join(
        " | ".join(m.string) if isinstance(m.string, tuple) else m.string for m in catalogue
    )
    phrases = []
    for message in catalogue:
        if not isinstance(message.id, str) or not message.string:
            continue
        text = message.id
        if message.string == text or "%" in text or "<" in text or len(text) < 3:
            continue
        if _word(text).search(translations):
            continue  # the language itself uses the word ("Bye" in "Bye d'un point")
        phrases.append(text)
    return phrases


def _word(phrase: str) -> re.Pattern:
    return re.compile(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])")


def untranslated_on(html: str, phrases: list[str]) -> list[str]:
    text = visible_text(html)
    return [p for p in phrases if _word(p).search(text)]


@pytest.fixture
def french_world(db, settings):
    """An event in French with a paired round with results and a draft of the next.
    Public pages are cached by section; each test gets caches of its own."""
    with isolated_public_cache(settings):
        yield _french_world()


def _french_world():
    setup = make_setup(name="Groupe A", slug="groupe-a")
    event = setup.event
    event.name, event.slug, event.language = "Open de Lyon", "open-de-lyon", "fr"
    event.save()
    names = ["Dupont Jean", "Martin Luc", "Bernard Zoé", "Petit Léa", "Durand Hugo"]
    for number, name in enumerate(names, start=1):
        PlayerFactory(section=setup.section, pairing_number=number, name=name)
    first = make_round(setup.section)
    games = Game.objects.filter(round=first).order_by("board")[:2]
    for game, result in zip(games, ("1-0", "½-½"), strict=True):
        result_record(game=game, result=result)
    make_round(setup.section, publish=False)
    return setup


def _arbiter_pages(setup) -> list[str]:
    e, s = setup.event.slug, setup.section.slug
    here = {"event": e, "section": s}
    return [
        reverse("home"),
        reverse("lab:home"),
        reverse("arbiter:event_list"),
        reverse("arbiter:event_create"),
        reverse("arbiter:event", kwargs={"event": e}),
        reverse("arbiter:event_edit", kwargs={"event": e}),
        reverse("arbiter:section_create", kwargs={"event": e}),
        reverse("arbiter:section", kwargs=here),
        reverse("arbiter:section_edit", kwargs=here),
        reverse("arbiter:players", kwargs=here),
        reverse("arbiter:player_edit", kwargs={**here, "pn": 1}),
        reverse("arbiter:check_in", kwargs=here),
        reverse("arbiter:prohibited", kwargs=here),
        reverse("arbiter:import", kwargs=here),
        reverse("arbiter:round", kwargs={**here, "number": 1}),
        reverse("arbiter:round", kwargs={**here, "number": 2}),
        reverse("arbiter:standings", kwargs=here),
        reverse("arbiter:crosstable", kwargs=here),
        reverse("arbiter:audit", kwargs={**here, "number": 1}),
        reverse("arbiter:print_standings", kwargs=here),
        reverse("arbiter:print_pairings", kwargs={**here, "number": 1}),
        reverse("arbiter:print_slips", kwargs={**here, "number": 1}),
    ]


def _public_pages(setup) -> list[str]:
    e, s = setup.event.slug, setup.section.slug
    here = {"event": e, "section": s}
    return [
        reverse("public:event", kwargs={"event": e}),
        reverse("public:poster", kwargs={"event": e}),
        reverse("public:event_find", kwargs={"event": e}),
        reverse("public:event_check_in", kwargs={"event": e}),
        reverse("public:section", kwargs=here),
        reverse("public:round", kwargs={**here, "number": 1}),
        reverse("public:standings", kwargs=here),
        reverse("public:crosstable", kwargs=here),
        reverse("public:player", kwargs={**here, "number": 1}),
        reverse("public:find", kwargs=here) + "?q=Dupont",
    ]


def test_the_arbiter_pages_in_french_show_no_english_phrase_of_the_catalogue(french_world):
    phrases = english_phrases("fr")
    assert len(phrases) > 200  # the catalogue is the whole interface's
    client = Client(HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")
    client.force_login(french_world.chief)
    found = {}
    for url in _arbiter_pages(french_world):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert response["Content-Language"] == "fr", url
        left = untranslated_on(response.content.decode(), phrases)
        if left:
            found[url] = left
    assert not found, found


def test_the_public_pages_speak_the_events_language_whatever_the_reader_asks(french_world):
    phrases = english_phrases("fr")
    client = Client(HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    found = {}
    for url in _public_pages(french_world):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        html = response.content.decode()
        assert '<html lang="fr"' in html, url
        left = untranslated_on(html, phrases)
        if left:
            found[url] = left
    assert not found, found
    standings = client.get(_public_pages(french_world)[6]).content.decode()
    assert "Classement" in standings


def test_an_english_event_stays_english_for_a_french_reader(french_world):
    event = french_world.event
    event.language = "en"
    event.save()
    from tournaments.caching.versions import section_changed

    section_changed(french_world.section.pk)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    html = client.get(_public_pages(french_world)[6]).content.decode()
    assert '<html lang="en"' in html and "Standings after round 1" in html


def test_the_switcher_keeps_the_arbiters_choice(french_world):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(french_world.chief)
    section = reverse(
        "arbiter:section",
        kwargs={"event": french_world.event.slug, "section": french_world.section.slug},
    )
    assert client.get(section)["Content-Language"] == "fr"
    response = client.post(reverse("set_language"), {"language": "de", "next": section})
    assert response.status_code == 302 and response["Location"] == section
    page = client.get(section)
    assert page["Content-Language"] == "de"
    assert 'lang="de"' in page.content.decode()
    assert 'value="de" lang="de" selected' in page.content.decode()


@pytest.mark.parametrize("language", ["de", "es"])
def test_german_and_spanish_pages_are_translated_too(french_world, language):
    phrases = english_phrases(language)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(french_world.chief)
    found = {}
    for url in _arbiter_pages(french_world)[2:12]:
        left = untranslated_on(client.get(url).content.decode(), phrases)
        if left:
            found[url] = left
    assert not found, found


def test_the_api_answers_in_english_whatever_the_language(french_world):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    response = client.get("/api/v1/events/no-such-event/")
    assert response.status_code == 404
    assert response["Content-Language"] == "en"
    assert "Pas" not in response.content.decode()


def test_the_scripts_strings_come_in_the_pages_language():
    client = Client()
    french = client.get(reverse("javascript-catalog") + "?l=fr").content.decode()
    english = client.get(reverse("javascript-catalog") + "?l=en").content.decode()
    assert "Enregistr" in french  # "Saved" in French
    assert "Enregistr" not in english
    assert "max-age=3600" in client.get(reverse("javascript-catalog") + "?l=fr")["Cache-Control"]


def test_dates_and_numbers_read_the_french_way(french_world):
    import datetime

    event = french_world.event
    event.start_date = datetime.date(2026, 11, 28)
    event.save()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    html = client.get(reverse("public:event", kwargs={"event": event.slug})).content.decode()
    assert "28 novembre 2026" in html  # the event's language, not the reader's
    with translation.override("fr"):
        assert format_tiebreak(32.5, 2) == "32,5" and format_tiebreak(31.0, 2) == "31"
    with translation.override("en"):
        assert format_tiebreak(32.5, 2) == "32.5"


def test_every_tiebreak_and_broken_rule_has_its_words():
    """The pure core names tiebreaks and broken rules in English; the pages translate
    them from tables that must know every one."""
    for method in all_methods().values():
        assert tiebreak_title(method.title) != "" and (
            method.title in TIEBREAK_TITLES
            or ", Cut-" in method.title
            or ", Median-" in method.title
        ), method.title
    with translation.override("fr"):
        assert tiebreak_title("Buchholz, Cut-1").startswith("Buchholz, ")
        assert tiebreak_title("Sonneborn-Berger") == "Sonneborn-Berger"
        assert tiebreak_title("Games won over the board") != "Games won over the board"
    source = (ROOT / "pairing" / "engine" / "rules.py").read_text()
    rules = set(re.findall(r'Violation\(\s*"([a-z-]+)"', source))
    known = {key.removesuffix("-w").removesuffix("-b") for key in VIOLATION_TEXTS}
    assert rules and rules <= known | {"unknown-player"}, rules - known
    from pairing.engine.rules import Violation

    broken = Violation(
        "rematch",
        "Board 2: A and B have already played.",
        (1, 2),
        2,
        (("board", 2), ("white", "A"), ("black", "B")),
    )
    with translation.override("fr"):
        assert violation_text(broken) == "Échiquier 2 : A et B se sont déjà rencontrés."
    assert violation_text(broken) == "Board 2: A and B have already played."
