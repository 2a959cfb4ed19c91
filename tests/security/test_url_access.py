"""Every URL pattern of the project, from the root resolver, is classified here: who may
read it and whether a POST writes. Anonymous users and arbiters of another event
get 302 (to a login page), 401 or 403 on every private page and every write, and
nothing stored changes; public pages and the public API show only public events and
published rounds. A new URL pattern that is not in the table fails the test.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.api.isolation import isolated_public_cache
from tests.security.world import Route, all_routes, build_world, fingerprint, token_of

pytestmark = pytest.mark.django_db

# Access levels
PUBLIC = "public"  # anyone; public events and published rounds only
AUTH = "auth"  # the login and logout pages themselves
LOGIN = "login"  # any logged-in user, about their own events (the event list, a new event)
ARBITER = "arbiter"  # arbiters of the URL's event (session)
API_ARBITER = "api-arbiter"  # arbiters of the event, by token or session
STAFF = "staff"  # the Django admin: staff only
LAB = "lab"  # anyone may read; starting a run needs a login
CODE = "code"  # anyone may read; a write needs the event's check-in code (self check-in)

# What a POST does: "r" reads only, "w" writes only (GET is refused), "rw" both.
TABLE: dict[str, tuple[str, str]] = {
    ":home": (PUBLIC, "r"),
    ":healthz": (PUBLIC, "r"),
    ":login": (AUTH, "rw"),
    ":logout": (AUTH, "w"),
    # The language switcher: a cookie for this browser only, then back (302), like logout.
    ":set_language": (AUTH, "w"),
    ":javascript-catalog": (PUBLIC, "r"),
    # Arbiter pages (tournaments/urls_arbiter.py)
    "arbiter:event_list": (LOGIN, "r"),
    "arbiter:event_create": (LOGIN, "rw"),
    "arbiter:event": (ARBITER, "r"),
    "arbiter:event_edit": (ARBITER, "rw"),
    "arbiter:event_delete": (ARBITER, "rw"),  # the chief arbiter only
    "arbiter:arbiter_add": (ARBITER, "w"),
    "arbiter:arbiter_remove": (ARBITER, "w"),
    "arbiter:section_create": (ARBITER, "rw"),
    "arbiter:section": (ARBITER, "r"),
    "arbiter:section_edit": (ARBITER, "rw"),
    "arbiter:section_delete": (ARBITER, "rw"),  # the chief arbiter only
    "arbiter:players": (ARBITER, "rw"),
    "arbiter:players_renumber": (ARBITER, "w"),
    "arbiter:players_lookup": (ARBITER, "r"),
    "arbiter:check_in": (ARBITER, "rw"),
    "arbiter:players_update_ratings": (ARBITER, "w"),
    "arbiter:player_edit": (ARBITER, "rw"),
    "arbiter:player_withdraw": (ARBITER, "w"),
    "arbiter:player_reinstate": (ARBITER, "w"),
    "arbiter:player_delete": (ARBITER, "w"),
    "arbiter:bye_request_add": (ARBITER, "w"),
    "arbiter:bye_request_cancel": (ARBITER, "w"),
    "arbiter:prohibited": (ARBITER, "rw"),
    "arbiter:prohibited_remove": (ARBITER, "w"),
    "arbiter:import": (ARBITER, "r"),
    "arbiter:import_csv": (ARBITER, "rw"),
    "arbiter:import_csv_confirm": (ARBITER, "w"),
    "arbiter:import_file": (ARBITER, "w"),
    "arbiter:export": (ARBITER, "r"),
    "arbiter:pair": (ARBITER, "w"),
    "arbiter:job": (ARBITER, "r"),
    "arbiter:standings": (ARBITER, "r"),
    "arbiter:print_standings": (ARBITER, "r"),
    "arbiter:crosstable": (ARBITER, "r"),
    "arbiter:rounds": (ARBITER, "r"),
    "arbiter:round": (ARBITER, "r"),
    "arbiter:round_publish": (ARBITER, "w"),
    "arbiter:round_unpublish": (ARBITER, "w"),
    "arbiter:round_discard": (ARBITER, "w"),
    "arbiter:round_close": (ARBITER, "w"),
    "arbiter:round_reopen": (ARBITER, "w"),
    "arbiter:draft_swap": (ARBITER, "w"),
    "arbiter:draft_move": (ARBITER, "w"),
    "arbiter:draft_board": (ARBITER, "w"),
    "arbiter:draft_bye": (ARBITER, "w"),
    "arbiter:draft_start": (ARBITER, "w"),
    "arbiter:draft_repair": (ARBITER, "w"),
    "arbiter:result": (ARBITER, "w"),
    "arbiter:undo": (ARBITER, "w"),
    "arbiter:audit": (ARBITER, "r"),
    "arbiter:print_pairings": (ARBITER, "r"),
    "arbiter:print_slips": (ARBITER, "r"),
    # Public pages (tournaments/urls_public.py)
    "public:event": (PUBLIC, "r"),
    "public:poster": (PUBLIC, "r"),
    "public:event_find": (PUBLIC, "r"),
    "public:event_live": (PUBLIC, "r"),
    "public:event_check_in": (CODE, "rw"),
    "public:section": (PUBLIC, "r"),
    "public:round": (PUBLIC, "r"),
    "public:standings": (PUBLIC, "r"),
    "public:crosstable": (PUBLIC, "r"),
    "public:player": (PUBLIC, "r"),
    "public:find": (PUBLIC, "r"),
    "public:live": (PUBLIC, "r"),
    # The simulation lab (pairing/lab_urls.py)
    "lab:home": (LAB, "rw"),
    "lab:result": (PUBLIC, "r"),
    "lab:plot": (PUBLIC, "r"),
    "lab:report_json": (PUBLIC, "r"),
    # The API (tournaments/api/urls.py)
    "api:schema": (PUBLIC, "r"),
    "api:docs": (PUBLIC, "r"),
    "api:events": (PUBLIC, "r"),
    "api:event": (PUBLIC, "r"),
    "api:section": (PUBLIC, "r"),
    "api:players": (PUBLIC, "r"),
    "api:rounds": (PUBLIC, "r"),
    "api:pairings": (PUBLIC, "r"),
    "api:standings": (PUBLIC, "r"),
    "api:crosstable": (PUBLIC, "r"),
    "api:export_trf": (PUBLIC, "r"),
    "api:export_xml": (PUBLIC, "r"),
    "api:export_h9": (PUBLIC, "r"),
    "api:export_tou": (PUBLIC, "r"),
    "api:result": (API_ARBITER, "w"),
    "api:publish": (API_ARBITER, "w"),
    "api:pair": (API_ARBITER, "w"),
    "api:job": (API_ARBITER, "r"),
    "api:<api/^(?P<rest>[\\s\\S]*)\\Z>": (PUBLIC, "r"),  # any other address: a JSON 404
}
# The admin's patterns follow its models; all of them are staff-only but these two.
ADMIN_OPEN = {"admin:login": (AUTH, "rw"), "admin:logout": (AUTH, "w")}


def classify(route: Route) -> tuple[str, str] | None:
    if route.namespace == "admin":
        return ADMIN_OPEN.get(route.key, (STAFF, "rw"))
    return TABLE.get(route.key)


def fill(route: str, values: dict[str, str]) -> str:
    """The route with its parameters filled in: <conv:name> and (?P<name>...) groups."""
    url = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route)
    url = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], url)
    return "/" + url.replace("^", "").replace("$", "").replace("\\.", ".")


def values_for(
    world, *, event: str | None = None, section: str | None = None, number: int = 1
) -> dict[str, str]:
    return {
        "event": event or world.event.slug,
        "section": section or world.section.slug,
        "number": str(number),
        "pn": "1",
        "board": "1",
        "job": str(world.job.pk),
        "fmt": "trf",
        "key": "0" * 64,
        "object_id": "1",
        "content_type_id": "1",
        "id": str(world.chief.pk),
        "app_label": "tournaments",
        "url": "nothing-here/",
        "rest": "v1/nothing-here/",
    }


@pytest.fixture
def world(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with isolated_public_cache(settings):
        yield build_world()


def test_every_url_pattern_is_classified():
    routes = all_routes()
    unclassified = sorted(r.key for r in routes if classify(r) is None)
    assert not unclassified, f"classify these URL patterns in TABLE: {unclassified}"
    keys = {r.key for r in routes}
    stale = sorted(set(TABLE) - keys)
    assert not stale, f"TABLE names URL patterns that no longer exist: {stale}"
    assert len(routes) > 150  # the admin's patterns are walked too


def _expect_login_redirect(response, login_path: str, what: str) -> None:
    assert response.status_code == 302, (what, response.status_code)
    assert response["Location"].startswith(login_path + "?next="), (what, response["Location"])


def test_anonymous_users_get_a_login_page_401_or_nothing_on_every_private_url(client, world):
    before = fingerprint()
    api = APIClient()
    checked = 0
    for route in all_routes():
        level, _ = classify(route)
        url = fill(route.route, values_for(world))
        for method in ("get", "post"):
            c = api if route.namespace == "api" else client
            response = getattr(c, method)(url)
            what = f"{method.upper()} {url} ({route.key})"
            if level in (ARBITER, LOGIN):
                _expect_login_redirect(response, "/login/", what)
            elif level == STAFF:
                _expect_login_redirect(response, "/admin/login/", what)
            elif level == API_ARBITER:
                assert response.status_code == 401, (what, response.status_code)
            elif level == LAB and method == "post":
                _expect_login_redirect(response, "/login/", what)
            elif level in (PUBLIC, LAB, CODE):
                if method == "get":
                    assert response.status_code in (200, 404), (what, response.status_code)
                else:  # refused, or read like a GET: either way nothing is stored
                    assert response.status_code in (200, 403, 404, 405), (
                        what,
                        response.status_code,
                    )
            else:  # AUTH: the login form answers, logout logs nobody out
                assert response.status_code in (200, 302, 405), (what, response.status_code)
            checked += 1
    assert checked == 2 * len(all_routes())
    assert fingerprint() == before, "an anonymous request changed stored data"


def test_arbiters_of_another_event_are_refused_everywhere(world):
    before = fingerprint()
    client = Client()
    client.force_login(world.outsider)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_of(world.outsider)}")
    for route in all_routes():
        level, kind = classify(route)
        if level not in (ARBITER, API_ARBITER, STAFF):
            continue
        url = fill(route.route, values_for(world))
        for method in ("get", "post"):
            what = f"{method.upper()} {url} ({route.key})"
            if level == API_ARBITER:
                response = getattr(api, method)(url)
                if (method == "get") != ("r" in kind):  # not a method of this address
                    assert response.status_code == 405, (what, response.status_code)
                    continue
                assert response.status_code == 403, (what, response.status_code)
                assert world.event.name in response.json()["detail"]
            elif level == STAFF:
                _expect_login_redirect(getattr(client, method)(url), "/admin/login/", what)
            else:
                response = getattr(client, method)(url)
                assert response.status_code == 403, (what, response.status_code)
    # The private event's pages and writes look missing to the API, forbidden to pages.
    private = values_for(world, event="secret-ev", section="b")
    for route in all_routes():
        level, _ = classify(route)
        if level in (ARBITER, API_ARBITER) and "event" in route.route:
            url = fill(route.route, private)
            response = (api if level == API_ARBITER else client).post(url)
            assert response.status_code in (403, 404), (url, response.status_code)
    assert fingerprint() == before, "a request by an arbiter of another event changed data"


def test_the_event_arbiter_reaches_every_page_and_writes_only_by_post(world):
    """The positive control: the URLs above lead to real pages, so the refusals count."""
    client = Client()
    client.force_login(world.chief)
    for route in all_routes():
        level, kind = classify(route)
        if level != ARBITER:
            continue
        url = fill(route.route, values_for(world))
        response = client.get(url)
        if kind == "w":
            assert response.status_code == 405, (url, response.status_code)
        else:
            assert response.status_code in (200, 302), (url, response.status_code)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_of(world.chief)}")
    assert api.get(fill("api/v1/jobs/<int:job>/", values_for(world))).status_code == 200


def test_read_only_pages_write_nothing_when_posted_to(world):
    client = Client()
    client.force_login(world.chief)
    before = fingerprint()
    for route in all_routes():
        level, kind = classify(route)
        if kind == "r" and level in (ARBITER, LOGIN, PUBLIC):
            client.post(fill(route.route, values_for(world)))
    assert fingerprint() == before


def _public_read_routes() -> list[Route]:
    return [
        r
        for r in all_routes()
        if classify(r) == (PUBLIC, "r")
        and r.namespace in ("public", "api")
        and "<slug:event>" in r.route
    ]


def test_public_pages_and_api_never_show_a_private_event(client, world):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_of(world.outsider)}")
    private = values_for(world, event="secret-ev", section="b")
    routes = _public_read_routes()
    assert len(routes) >= 20
    for route in routes:
        url = fill(route.route, private)
        for c in (client, api):
            response = c.get(url)
            assert response.status_code == 404, (url, response.status_code)
    for url in ("/", "/api/v1/events/", "/e/open-ev/"):
        body = client.get(url).content.decode()
        assert "Secret Invitational" not in body and "secret-ev" not in body, url


def test_public_pages_and_api_never_show_a_draft_round(client, world):
    draft = values_for(world, number=world.draft.number)
    for route in _public_read_routes():
        if "<int:number>" not in route.route or route.key == "public:player":
            continue
        url = fill(route.route, draft)
        assert client.get(url).status_code == 404, url
    rounds = client.get("/api/v1/events/open-ev/sections/a/rounds/").json()["results"]
    assert [r["number"] for r in rounds] == [1, 2]
    crosstable = client.get("/api/v1/events/open-ev/sections/a/crosstable/").json()
    assert crosstable["rounds"] == [1, 2]
    page = client.get("/e/open-ev/a/").content.decode()
    assert "Round 3" not in page and "round/3/" not in page
