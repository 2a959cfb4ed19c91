"""htmx answers replace part of a page, so messages shown at the top would go stale.

For every successful htmx answer in HTML, this middleware appends the messages
list as an out-of-band swap: new messages appear, old ones are cleared."""

from __future__ import annotations

from django.conf import settings
from django.contrib.messages import get_messages
from django.template.loader import render_to_string


class HtmxMessagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # Only visitors with a session can have messages; the public pages' anonymous
        # readers never pay for a session lookup here.
        if (
            getattr(request, "htmx", False)
            and settings.SESSION_COOKIE_NAME in request.COOKIES
            # 286 is htmx's "stop polling", which still swaps its content (a finished
            # pairing job swaps in the round): its messages replace the old ones too.
            and response.status_code in (200, 286)
            and response.get("Content-Type", "").startswith("text/html")
            and not response.streaming
            and "HX-Redirect" not in response
            and "HX-Refresh" not in response
        ):
            fragment = render_to_string(
                "partials/messages.html", {"messages": get_messages(request), "oob": True}
            )
            response.content += fragment.encode()
        return response
