from __future__ import annotations

import pytest
from django.core.management import call_command

from tournaments.demo import DEMO_SLUG, demo_create
from tournaments.gorank import rank_to_grade
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_demo_creates_a_chess_and_a_go_section():
    event = demo_create()
    chess, go = event.sections.order_by("id")
    assert (chess.game, chess.players.count()) == ("chess", 40)
    ratings = list(chess.players.values_list("rating", flat=True))
    assert min(ratings) >= 1400 and max(ratings) <= 2400
    assert chess.players.exclude(club="").count() == 40
    assert len(set(chess.players.values_list("federation", flat=True))) > 3
    assert (go.game, go.pairing_system, go.players.count()) == ("go", "mcmahon", 30)
    grades = [rank_to_grade(r) for r in go.players.values_list("go_rank", flat=True)]
    assert min(grades) >= -15 and max(grades) <= 3  # 15k .. 4d
    assert demo_create() == event  # idempotent


def test_demo_command_and_home_page(client, capsys, tmp_path, settings):
    call_command("demo", "--no-admin")
    assert Event.objects.filter(slug=DEMO_SLUG).exists()
    page = client.get("/")
    assert page.status_code == 200
    assert b"Blossom Open" in page.content and b"Go McMahon" in page.content
    assert client.get("/admin/login/").status_code == 200
    assert client.get("/healthz").content == b"ok"
