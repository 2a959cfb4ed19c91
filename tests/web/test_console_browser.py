"""The main arbiter and public pages leave nothing in the browser's console: no
error (a missing /favicon.ico, an htmx swap without a target, a failed request),
no Content-Security-Policy violation (inline styles included), no uncaught
exception. Players are added through the quick form on the way, as an arbiter
does, since that is where a stray out-of-band swap would complain."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.api.isolation import fresh_public_cache  # noqa: F401 - fixture
from tests.factories import EventRoleFactory
from tests.web.arbiter_helpers import PASSWORD, make_round, make_setup
from tournaments.engines import GameSpec
from tournaments.models import EventRole
from tournaments.services.results import result_record
from tournaments.services.rounds import round_create

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fresh_public_cache"),
]

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' +
    (e.sourceFile || '') + ':' + (e.lineNumber || ''));
});
"""


class Console:
    """Everything the page complains about, with the page it happened on."""

    def __init__(self, page) -> None:
        self.page = page
        self.found: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.found.append(f"{page.url}: uncaught {exc}"))
        page.on(
            "response",
            lambda r: (
                self.found.append(f"{page.url}: {r.status} for {r.url}")
                if r.status >= 400
                else None
            ),
        )

    def _console(self, message) -> None:
        if message.type in ("error", "warning"):
            self.found.append(f"{self.page.url}: console {message.type}: {message.text}")

    def visit(self, url: str) -> None:
        response = self.page.goto(url)
        assert response is not None and response.status == 200, url
        self.page.wait_for_load_state("load")
        self.collect()

    def collect(self) -> None:
        for v in self.page.evaluate("window.__csp || []"):
            self.found.append(f"{self.page.url}: policy violation: {v}")
        self.page.evaluate("window.__csp = []")


@pytest.fixture
def world():
    setup = make_setup(players=0)
    section = setup.section
    from tournaments.services.players import player_create

    for i, (name, rating) in enumerate(
        [
            ("Adams, Ann", 2210),
            ("Berg, Bo", 2105),
            ("Cruz, Cy", 0),
            ("Dahl, Di", None),
            ("Eng, Ed", 1850),
            ("Fox, Fay", 1700),
        ]
    ):
        player_create(section=section, name=name, rating=rating, federation="NOR", club=f"C{i}")
    r1 = make_round(section)  # 1-2, 3-4, 5-6
    for game, result in zip(r1.games.order_by("board"), ("1/2-1/2", "1-0", "0-1"), strict=True):
        result_record(game=game, result=result, by=None)
    players = {p.pairing_number: p for p in section.players.all()}
    round_create(  # round 2 as a draft with a rematch (1-2 again)
        section=section,
        games=[
            GameSpec(1, players[2], players[1]),
            GameSpec(2, players[3], players[5]),
            GameSpec(3, players[4], players[6]),
        ],
    )
    user = get_user_model().objects.create_user("console", password=PASSWORD)
    EventRoleFactory(user=user, event=setup.event, role=EventRole.Role.CHIEF_ARBITER)
    return setup


def _login(page, base: str) -> None:
    page.goto(base + "/login/")
    page.get_by_label("Username").fill("console")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(re.compile(r"/arbiter/$"))


def test_main_pages_leave_the_console_clean(live_server, page, world):
    console = Console(page)
    base = live_server.url
    setup = world
    event, section = setup.event.slug, setup.section.slug
    _login(page, base)
    arbiter = f"{base}/arbiter/{event}/{section}/"
    for url in (
        f"{base}/arbiter/",
        f"{base}/arbiter/{event}/",
        f"{base}/arbiter/{event}/edit/",
        arbiter,
        arbiter + "players/",
        arbiter + "players/1/",
        arbiter + "prohibited/",
        arbiter + "rounds/1/",
        arbiter + "rounds/1/audit/",
        arbiter + "rounds/2/",
        arbiter + "standings/",
        arbiter + "crosstable/",
        arbiter + "import/",
        arbiter + "edit/",
        arbiter + "rounds/1/print/pairings/",
        arbiter + "rounds/1/print/pairings/?order=name",
        arbiter + "rounds/1/print/slips/",
        arbiter + "standings/print/",
    ):
        console.visit(url)
    # An edit of the draft, swapped in by htmx.
    console.visit(arbiter + "rounds/2/")
    page.get_by_label("Swap", exact=True).select_option("2")
    page.get_by_label("with", exact=True).first.select_option("3")
    page.get_by_role("button", name="Swap", exact=True).click()
    page.get_by_text("swapped places").wait_for()
    console.collect()
    console.visit(f"{base}/lab/")
    # The quick add form, twice (the second add is where a stale swap target shows).
    console.visit(arbiter + "players/")
    name = page.locator("#id_add-name")
    for number, player in ((7, "Gray, Gus"), (8, "Holm, Hal")):
        name.fill(player)
        name.press("Enter")
        page.locator(f"#player-{number}").wait_for()
    console.collect()
    public = f"{base}/e/{event}/"
    for url in (
        f"{base}/",
        public,
        public + "poster/",
        public + f"{section}/",
        public + f"{section}/round/1/",
        public + f"{section}/standings/",
        public + f"{section}/crosstable/",
        public + f"{section}/player/1/",
        public + f"{section}/find/?q=adams",
    ):
        console.visit(url)
    assert console.found == [], "\n".join(console.found)


TRF_LINE = (
    "001    1 m  GM Adams, Ann                       2210 NOR    12345678 1990/01/01  2.0"
    "    1     4 b 1     6 w 1"
)


def test_the_paste_box_keeps_fixed_width_lines(live_server, page, world):
    """A TRF line pasted into the import box stays one line, in fixed-width type."""
    setup = world
    _login(page, live_server.url)
    page.goto(live_server.url + setup.url("import"))
    box = page.get_by_label("…or paste the text").last
    box.fill(TRF_LINE + "\n" + TRF_LINE)
    shape = box.evaluate(
        """el => ({
          wraps: el.scrollWidth <= el.clientWidth,
          whiteSpace: getComputedStyle(el).whiteSpace,
          font: getComputedStyle(el).fontFamily,
        })"""
    )
    assert not shape["wraps"], shape  # the long line runs on, to be scrolled to
    assert shape["whiteSpace"] == "pre", shape
    assert "monospace" in shape["font"], shape
