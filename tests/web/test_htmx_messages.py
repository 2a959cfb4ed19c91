from __future__ import annotations

import pytest
from django.contrib import messages
from django.http import HttpResponse
from django.test import RequestFactory

from config.htmx_messages import HtmxMessagesMiddleware


def _request(*, htmx: bool, session: bool):
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    rf = RequestFactory()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    request = rf.post("/arbiter/x/", **headers)
    if session:
        request.COOKIES["sessionid"] = "abc"
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    request.htmx = htmx
    return request


@pytest.mark.parametrize(
    "htmx,session,appended", [(True, True, True), (False, True, False), (True, False, False)]
)
def test_messages_ride_along_out_of_band(htmx, session, appended):
    request = _request(htmx=htmx, session=session)
    messages.success(request, "Result saved <for board 3>")

    def view(req):
        return HttpResponse("<tr>row</tr>", content_type="text/html; charset=utf-8")

    body = HtmxMessagesMiddleware(view)(request).content.decode()
    assert body.startswith("<tr>row</tr>")
    if appended:
        assert 'id="messages"' in body and 'hx-swap-oob="true"' in body
        assert "Result saved &lt;for board 3&gt;" in body  # escaped
    else:
        assert "messages" not in body
