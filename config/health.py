"""/healthz: answers 200 when the database answers (for load balancers and compose)."""

from django.db import connection
from django.http import HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def healthz(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # any database failure means "not healthy"
        return HttpResponse(
            f"database unavailable: {type(exc).__name__}", status=503, content_type="text/plain"
        )
    return HttpResponse("ok", content_type="text/plain")
