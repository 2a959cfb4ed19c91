"""An arbiter at a live server, over HTTP: logged in through the login form (a session
and its CSRF token, as a browser has them) and holding an API token. Result writes go
through the API (JSON) or the round page's form (the htmx POST a button makes), each
with the version of the board this arbiter last saw."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import requests

RESULTS = ("1-0", "0-1", "1/2-1/2")
CONFLICT = "was changed meanwhile"


@dataclass(frozen=True)
class Outcome:
    """What one result write came to."""

    writer: str
    channel: str  # "api" or "form"
    board: int
    sent_version: int
    result: str
    status: int
    accepted: bool
    refused: bool  # a version conflict, said as such
    version: int | None  # the board's version the answer gives (after the write if accepted)
    current: str | None  # the board's result the answer gives
    message: str = ""


_ROW = re.compile(r'<li id="board-(\d+)"')
_VERSION = re.compile(r'name="version" value="(\d+)"')
_CURRENT = re.compile(r'value="([^"]*)" class="rb current"')
_ERROR = re.compile(r'<p class="conflict-msg" role="alert">(.*?)</p>', re.S)
_TOKEN = re.compile(r"<body hx-headers='([^']+)'")


class Arbiter:
    def __init__(self, base: str, username: str, password: str, token: str) -> None:
        self.base, self.username = base, username
        self.http = requests.Session()
        self.token = token
        self.csrf = ""
        self._login(password)

    def _login(self, password: str) -> None:
        page = self.http.get(self.base + "/login/", timeout=30)
        form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
        answer = self.http.post(
            self.base + "/login/",
            data={
                "username": self.username,
                "password": password,
                "csrfmiddlewaretoken": form_token,
            },
            allow_redirects=False,
            timeout=30,
        )
        assert answer.status_code == 302, (answer.status_code, answer.text[:300])

    def open_page(self, path: str) -> str:
        """GET an arbiter page and keep the CSRF token it carries for htmx posts."""
        page = self.http.get(self.base + path, timeout=30)
        assert page.status_code == 200, (path, page.status_code)
        self.csrf = json.loads(_TOKEN.search(page.text).group(1))["X-CSRFToken"]
        return page.text

    def htmx_post(self, path: str, data: dict, timeout: float = 30) -> requests.Response:
        return self.http.post(
            self.base + path,
            data=data,
            timeout=timeout,
            headers={"HX-Request": "true", "X-CSRFToken": self.csrf},
        )

    def api(
        self, method: str, path: str, body: dict | None = None, timeout: float = 30
    ) -> requests.Response:
        return requests.request(
            method,
            self.base + path,
            json=body,
            timeout=timeout,
            headers={"Authorization": f"Token {self.token}"},
        )

    # Results -------------------------------------------------------------------------

    def result_by_api(
        self, section_path: str, number: int, board: int, result: str, version: int, *, writer: str
    ) -> Outcome:
        answer = self.api(
            "POST",
            f"/api/v1/events/{section_path}/rounds/{number}/boards/{board}/result/",
            {"result": result, "version": version},
        )
        body = (
            answer.json()
            if answer.headers.get("Content-Type", "").startswith("application/json")
            else {}
        )
        if answer.status_code == 200:
            return Outcome(
                writer,
                "api",
                board,
                version,
                result,
                200,
                True,
                False,
                body["version"],
                body["result"],
            )
        if answer.status_code == 409 and "current_version" in body:
            return Outcome(
                writer,
                "api",
                board,
                version,
                result,
                409,
                False,
                CONFLICT in body["detail"],
                body["current_version"],
                body["current_result"],
                body["detail"],
            )
        return Outcome(
            writer,
            "api",
            board,
            version,
            result,
            answer.status_code,
            False,
            False,
            None,
            None,
            str(body.get("detail", answer.text[:200])),
        )

    def result_by_form(
        self, arbiter_round_path: str, board: int, result: str, version: int, *, writer: str
    ) -> Outcome:
        answer = self.htmx_post(
            f"{arbiter_round_path}boards/{board}/result/",
            {"result": result, "version": str(version)},
        )
        if answer.status_code != 200:
            return Outcome(
                writer,
                "form",
                board,
                version,
                result,
                answer.status_code,
                False,
                False,
                None,
                None,
                answer.text[:200],
            )
        row = board_row(answer.text, board)
        error = _ERROR.search(row)
        current = _CURRENT.search(row)
        seen_version = int(_VERSION.search(row).group(1))
        seen_result = current.group(1) if current else ""
        if error:
            message = error.group(1).strip()
            return Outcome(
                writer,
                "form",
                board,
                version,
                result,
                200,
                False,
                CONFLICT in message,
                seen_version,
                seen_result,
                message,
            )
        return Outcome(
            writer, "form", board, version, result, 200, True, False, seen_version, seen_result
        )


def board_row(html: str, board: int) -> str:
    """The <li> of `board` in an htmx answer (which may hold the next board's row too)."""
    starts = [(m.start(), int(m.group(1))) for m in _ROW.finditer(html)]
    for i, (start, number) in enumerate(starts):
        if number == board:
            end = starts[i + 1][0] if i + 1 < len(starts) else len(html)
            return html[start:end]
    raise AssertionError(f"no row for board {board} in the answer: {html[:300]}")
