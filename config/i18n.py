"""The interface's languages at request time: the API's one language and the scripts'
strings. The catalogues themselves: tournaments/catalogues.py."""

from __future__ import annotations

from django.utils import translation


class ApiInEnglishMiddleware:
    """The REST API answers in English whatever the caller's language: its error texts
    go with stable codes that programs read. Placed after LocaleMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info.startswith("/api/"):
            translation.activate("en")
            request.LANGUAGE_CODE = "en"
        return self.get_response(request)


def javascript_catalogue(request):
    """The scripts' strings (Django's JavaScriptCatalog) in the language `?l=` names (the
    page's: public pages speak the event's language, not the reader's), else the
    request's. Cacheable by the browser for an hour: each language has its own URL."""
    from django.conf import settings
    from django.utils.cache import patch_cache_control
    from django.views.i18n import JavaScriptCatalog

    wanted = request.GET.get("l", "")
    language = wanted if wanted in dict(settings.LANGUAGES) else translation.get_language()
    with translation.override(language):
        response = JavaScriptCatalog.as_view()(request)
    patch_cache_control(response, max_age=3600)
    return response
