"""Pairing explanations on the arbiter's draft page speak the reader's language.

The engines store each board's and bye's explanation in English with its parts; the
page says the parts in the active language (tournaments/explanations.py). In English
that must be word for word the stored sentence, for every board and bye of several
real rounds, Swiss and McMahon.
"""

from __future__ import annotations

import pytest
from django.utils import translation

import tournaments.explanations as explanations
from tests.factories import GoSectionFactory, PlayerFactory, SectionFactory
from tournaments.explanations import EXPLANATION_TEXTS, known_text, render_parts
from tournaments.models import Bye, Round
from tournaments.presentation import explanation_view
from tournaments.services.players import bye_request, player_withdraw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_pair, round_publish

pytestmark = pytest.mark.django_db


def _play(rnd: Round, results=("1-0", "1/2-1/2", "0-1", "0-1")) -> None:
    round_publish(round=rnd, confirm=True)
    for i, game in enumerate(rnd.games.order_by("board")):
        result_record(game=game, result=results[i % len(results)], by=None)


def _stored(rnd: Round) -> list[dict]:
    return [g.explanation for g in rnd.games.order_by("board")] + [
        b.explanation for b in Bye.objects.filter(round=rnd).order_by("player__pairing_number")
    ]


def _swiss_rounds(rounds=4) -> list[list[dict]]:
    section = SectionFactory(total_rounds=6, pairing_system="mwm-dutch", first_colour="w")
    players = [
        PlayerFactory(
            section=section,
            pairing_number=i + 1,
            rating=2400 - 40 * i,
            name=f"Player {i + 1:02d}" if i % 4 else "",
        )
        for i in range(13)
    ]
    bye_request(player=players[3], round_number=2, kind="half")
    stored = []
    for r in range(1, rounds + 1):
        if r == 3:
            player_withdraw(player=players[5])
        rnd = round_pair(section=section)
        stored.append(_stored(rnd))
        _play(rnd, ("1-0", "1/2-1/2", "0-1", "0-1", "1-0")[r % 2 :])
    return stored


def _go_rounds(rounds=3) -> list[list[dict]]:
    section = GoSectionFactory(total_rounds=5, mcmahon_bar="3d", handicap_reduction=1)
    ranks = ("4d", "2d", "1d", "1k", "3k", "5k", "8k", "10k", "15k", "12k", "2k")
    clubs = ("Lyon", "Paris", "Lyon", "", "Paris", "Lyon", "Nice", "", "Paris", "Nice", "Lyon")
    for i, (rank, club) in enumerate(zip(ranks, clubs, strict=True), start=1):
        PlayerFactory(section=section, pairing_number=i, go_rank=rank, club=club, rating=None)
    stored = []
    for _ in range(rounds):
        rnd = round_pair(section=section)
        stored.append(_stored(rnd))
        _play(rnd, ("1-0", "0-1"))
    return stored


def _round_robin_rounds() -> list[list[dict]]:
    """A double round-robin of five (a round off each round); one withdraws."""
    section = SectionFactory(total_rounds=10, pairing_system="double-round-robin")
    players = [PlayerFactory(section=section, pairing_number=i) for i in range(1, 6)]
    stored = []
    for r in range(1, 8):
        if r == 6:
            player_withdraw(player=players[2])
        rnd = round_pair(section=section)
        stored.append(_stored(rnd))
        _play(rnd, ("1-0", "0-1"))
    return stored


def _english(data: dict) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    text = str(data.get("summary") or data.get("text") or data.get("reason") or "")
    return text, tuple(data.get("sentences") or ()), tuple(data.get("badges") or ())


@pytest.fixture(scope="module")
def stored(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            rounds = {
                "swiss": _swiss_rounds(),
                "go": _go_rounds(),
                "round-robin": _round_robin_rounds(),
            }
            transaction.set_rollback(True)
    return rounds


def _all(stored) -> list[dict]:
    return [data for rounds in stored.values() for r in rounds for data in r]


def test_the_rounds_carry_parts(stored):
    for kind, rounds in stored.items():
        assert len(rounds) >= 3
        for data in (d for r in rounds for d in r):
            assert data.get("parts") or data.get("summary_parts"), (kind, data)


def test_english_is_word_for_word_the_stored_text(stored):
    with translation.override("en"):
        for data in _all(stored):
            view = explanation_view(data)
            text, sentences, badges = _english(data)
            assert view.text == text
            assert view.notes[: len(sentences)] == sentences
            if badges:
                assert view.badges == tuple(dict.fromkeys(badges))
            # and from the parts themselves, not from the fallback
            if data.get("summary_parts"):
                assert render_parts(data["summary_parts"]) == text
                assert [render_parts(p) for p in data["sentence_parts"]] == list(sentences)
                assert [render_parts(p) for p in data["badge_parts"]] == list(badges)
            else:
                assert render_parts(data["parts"]) == text


def test_french_says_the_parts_without_placeholders(stored):
    with translation.override("fr"):
        for data in _all(stored):
            view = explanation_view(data)
            for said in (view.text, *view.notes, *view.badges):
                assert said and "%(" not in said and ")s" not in said, said
        # Swiss boards name their colours, which the catalogue already says in French.
        for data in (d for r in stored["swiss"] for d in r if "colour_rule" in d):
            assert explanation_view(data).text != data["text"]
            french = explanation_view(data).text
            assert "blancs" in french or "noirs" in french


class _Pseudo:
    """A stand-in language: each template's own words, between brackets."""

    def __init__(self, template):
        self.template = template

    def __mod__(self, values):
        return "⟦" + str(self.template % values) + "⟧"


def test_every_text_note_and_badge_is_said_from_the_table(stored, monkeypatch):
    pseudo = {key: _Pseudo(t) for key, t in EXPLANATION_TEXTS.items()}
    monkeypatch.setattr(explanations, "EXPLANATION_TEXTS", pseudo)
    with translation.override("en"):
        for data in _all(stored):
            view = explanation_view(data)
            text, sentences, badges = _english(data)
            assert view.text != text and view.text.startswith("⟦"), view.text
            for note in view.notes[: len(sentences)]:
                assert note.startswith("⟦") and note.endswith("⟧")
            for badge in view.badges[: len(badges)]:
                assert badge.startswith("⟦") and badge.endswith("⟧")
            # with the brackets taken away, the English again
            assert view.text.replace("⟦", "").replace("⟧", "") == text


def test_old_explanations_and_unknown_keys_keep_their_english():
    old = {"kind": "float", "flags": ["float"], "text": "Board 1: A on 2 points floats down."}
    with translation.override("fr"):
        assert explanation_view(old).text == old["text"]
        unknown = {**old, "parts": [["no-such-key", {}]]}
        assert explanation_view(unknown).text == old["text"]
        broken = {**old, "parts": [["board", {"wrong": 1}]]}
        assert explanation_view(broken).text == old["text"]
        mcmahon = {
            "summary": "1 v 2: even",
            "sentences": ["Even game, komi 7.5."],
            "badges": ["same MMS"],
            "sentence_parts": [["even-game", {"komi": "7.5"}], ["extra", {}]],  # misaligned
        }
        view = explanation_view(mcmahon)
        assert view.text == "1 v 2: even" and view.notes == ("Even game, komi 7.5.",)


def test_points_stones_and_colours_are_said_in_the_language():
    board = [
        ["board", {"board": 3}],
        ["in-group", {"points": ["points-fraction", {"points": "2.5"}]}],
        ["colours-due", {
            "white": ["got-colour-due", {"name": "A (1)", "colour": ["colour", {"colour": "w"}]}],
            "black": ["no-colour-due", {"name": ["player-number", {"id": 2}],
                                        "colour": ["colour", {"colour": "b"}]}],
        }],
    ]  # fmt: skip
    english = (
        "Board 3: Both players are on 2.5 points: an in-group pairing. "
        "A (1) gets white as due; player 2 had no colour due and has black."
    )
    with translation.override("en"):
        assert render_parts(board) == english
        assert render_parts(["points", {"n": 1}]) == "1 point"
        assert render_parts(["points", {"n": 0}]) == "0 points"
        assert render_parts(["stones", {"n": 2}]) == "2 stones"
    with translation.override("fr"):
        french = render_parts(board)
        assert "blancs" in french and "2,5" in french and "%(" not in french


def test_fide_dutch_criteria_are_said_in_each_language():
    from pairing.engine.explanation_parts import render_english
    from pairing.engine.fide_dutch.criteria import criteria_part

    board = criteria_part(("C.7", "C.12", "C.14"), ["D.1"])
    met = criteria_part((), ["B.3"])
    with translation.override("en"):
        assert render_parts(board) == render_english(board)
        assert render_parts(met) == render_english(met)
    expected = {
        "fr": ("Critères : C.7 le score", " ; C.12 une préférence de couleur", "choisi par D.1"),
        "de": ("Kriterien: C.7 die Punktzahl", "; C.12 eine Farbpräferenz", "gewählt nach D.1"),
        "es": ("Criterios: C.7 la puntuación", "; C.12 no se cumple", "elegido por D.1"),
    }
    for language, (start, middle, step) in expected.items():
        with translation.override(language):
            said = render_parts(board)
            assert said.startswith(start) and middle in said and step in said, said
            assert "C.14" in said and said.endswith(".")
            assert render_parts(met) != render_english(met)


def test_the_application_s_own_english_is_recognised():
    with translation.override("en"):
        for text in (
            "late entry",
            "Berger table, round 3",
            "Berger table, round 9 (cycle 2)",
            "Berger table, round 4: the round off (odd field)",
            "Berger table, round 4 (cycle 1): the opponent, Doe, Jane, has withdrawn",
            "given by hand",
        ):
            assert known_text(text) == text
        assert known_text("something else") == "something else"
    pseudo = {key: _Pseudo(t) for key, t in EXPLANATION_TEXTS.items()}
    with translation.override("en"):
        explanations.EXPLANATION_TEXTS, saved = pseudo, explanations.EXPLANATION_TEXTS
        try:
            assert known_text("Berger table, round 3") == "⟦Berger table, round 3⟧"
        finally:
            explanations.EXPLANATION_TEXTS = saved


class _Any(dict):
    def __missing__(self, key):
        return f"<{key}>"


def test_the_table_says_every_engine_key_as_the_engine_does():
    from pairing.engine.explanation_parts import ENGLISH

    assert set(ENGLISH) - set(EXPLANATION_TEXTS) == set()
    with translation.override("en"):
        for key, english in ENGLISH.items():
            for n in (1, 2):
                values = _Any(n=n)
                expected = english if isinstance(english, str) else english[n != 1]
                assert str(EXPLANATION_TEXTS[key] % values) == expected % values, key
