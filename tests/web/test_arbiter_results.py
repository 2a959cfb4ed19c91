"""Result entry: per-board htmx posts, keys, the moving cursor, conflicts between two
arbiters, the "not yet entered" filter, undo and the audit log."""

from __future__ import annotations

import re

import pytest

from tests.web.arbiter_helpers import make_round, make_setup
from tournaments.models import ResultChange
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def published():
    setup = make_setup(players=6)
    rnd = make_round(setup.section)  # boards 1-3
    return setup, rnd


def _post(client, setup, board, result, version=0, **extra):
    return client.post(
        setup.url("result", number=1, board=board),
        {"result": result, "version": version, **extra},
        headers=HX,
    )


def test_the_round_page_has_a_row_with_six_buttons_per_board(client, published):
    setup, _ = published
    client.force_login(setup.arbiter)
    page = client.get(setup.url("round", number=1)).content.decode()
    assert page.count('class="board-row') == 3
    assert page.count('name="result"') == 18
    # Keys 1 = 0 + - press the buttons that name them (static/js/blossom.js).
    assert page.count('aria-keyshortcuts="1"') == 3 and page.count('aria-keyshortcuts="-"') == 3
    assert '<span id="result-counter"' in page and "<strong>0</strong> of 3 entered" in page
    # The first board without a result has the focus when the page opens.
    assert re.search(r'<li id="board-1"[^>]*autofocus', page)


def test_a_result_swaps_its_row_and_updates_the_counter(client, published):
    setup, rnd = published
    client.force_login(setup.arbiter)
    response = _post(client, setup, 1, "1-0")
    page = response.content.decode()
    assert rnd.games.get(board=1).result == "1-0"
    assert page.lstrip().startswith('<li id="board-1"')
    assert 'name="version" value="1"' in page  # the next key for this board sends it
    # The page's script moves the cursor when the key is typed: no answer takes the
    # focus, and no other board comes back (it may have a key of its own on the way).
    assert "autofocus" not in page and 'id="board-2"' not in page
    assert "<strong>1</strong> of 3 entered" in page
    assert (
        'id="undo-form"' in page
        and 'Undo<span class="sr-only"> the last change</span></button>' in page
    )


def test_keys_stand_for_results(client, published):
    setup, rnd = published
    client.force_login(setup.arbiter)
    _post(client, setup, 1, "=")
    _post(client, setup, 2, "+")
    _post(client, setup, 3, "-")
    assert list(rnd.games.order_by("board").values_list("result", flat=True)) == [
        "1/2-1/2",
        "+/-",
        "-/+",
    ]


def test_the_last_result_offers_the_next_round(client, published):
    setup, _ = published
    client.force_login(setup.arbiter)
    for board in (1, 2):
        _post(client, setup, board, "0-1")
    page = _post(client, setup, 3, "1-0").content.decode()
    assert "All results of round 1 are in" in page and ">Pair round 2</button>" in page


def test_a_stale_version_shows_the_conflict_and_keeps_the_other_result(client, published):
    setup, rnd = published
    game = rnd.games.get(board=2)
    result_record(game=game, result="0-1", by=setup.chief, expected_version=0)
    client.force_login(setup.arbiter)
    page = _post(client, setup, 2, "1-0", version=0).content.decode()
    game.refresh_from_db()
    assert game.result == "0-1" and game.version == 1
    assert "was changed meanwhile (now 0-1)" in page and 'role="alert"' in page
    assert 'name="version" value="1"' in page  # the row now carries the current version
    assert 'class="board-row done has-conflict"' in page
    # Typing the result again now, knowingly, overwrites it.
    _post(client, setup, 2, "1-0", version=1)
    game.refresh_from_db()
    assert game.result == "1-0"


def test_an_invalid_result_is_refused_with_a_message(client, published):
    setup, rnd = published
    client.force_login(setup.arbiter)
    page = _post(client, setup, 1, "2-0").content.decode()
    assert "That is not a result" in page
    assert rnd.games.get(board=1).result == ""


def test_results_without_javascript_redirect_back_to_the_board(client, published):
    setup, rnd = published
    client.force_login(setup.arbiter)
    response = client.post(
        setup.url("result", number=1, board=2), {"result": "0-1", "version": 0, "pending": "1"}
    )
    assert response.status_code == 302
    assert response["Location"] == setup.url("round", number=1) + "?pending=1#board-2"
    assert rnd.games.get(board=2).result == "0-1"


def test_no_results_in_a_draft(client):
    setup = make_setup(players=4)
    make_round(setup.section, publish=False)
    client.force_login(setup.arbiter)
    page = _post(client, setup, 1, "1-0").content.decode()
    assert "results can be entered once it is published" in page


def test_the_not_yet_entered_filter(client, published):
    setup, rnd = published
    result_record(game=rnd.games.get(board=2), result="1-0", by=None)
    client.force_login(setup.arbiter)
    page = client.get(setup.url("round", number=1) + "?pending=1").content.decode()
    assert 'id="board-1"' in page and 'id="board-3"' in page and 'id="board-2"' not in page
    assert 'name="pending" value="1"' in page
    response = _post(client, setup, 1, "1-0", pending="1")
    assert 'name="pending" value="1"' in response.content.decode()  # the filter stays on


def test_undo_restores_the_previous_result_and_the_audit_log_says_so(client, published):
    setup, rnd = published
    client.force_login(setup.arbiter)
    _post(client, setup, 1, "1-0")
    _post(client, setup, 1, "0-1", version=1)
    response = client.post(setup.url("undo", number=1), headers=HX)
    assert "Undone: board 1 is 1-0 again" in response.content.decode()
    assert rnd.games.get(board=1).result == "1-0"
    assert ResultChange.objects.count() == 3
    page = client.get(setup.url("audit", number=1)).content.decode()
    assert page.count("<tr") == 4  # header + three changes
    assert "undo</span>" in page and ">undone</span>" in page
    assert setup.arbiter.username in page
    assert "pending → <strong>1–0</strong>" in page


def test_undo_with_nothing_to_undo_says_so(client, published):
    setup, _ = published
    client.force_login(setup.arbiter)
    response = client.post(setup.url("undo", number=1), follow=True)
    assert "nothing to undo" in response.content.decode()


def test_a_closed_round_shows_results_without_buttons(client, published):
    setup, rnd = published
    for game in rnd.games.all():
        result_record(game=game, result="1-0", by=None)
    client.force_login(setup.arbiter)
    client.post(setup.url("round_close", number=1))
    page = client.get(setup.url("round", number=1)).content.decode()
    assert "Closed:" in page and 'name="result"' not in page
    client.post(setup.url("round_reopen", number=1))
    page = client.get(setup.url("round", number=1)).content.decode()
    assert 'name="result"' in page
