from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import JsonResponse
from django.urls import include, path
from django.views.defaults import page_not_found

from config.health import healthz
from config.i18n import javascript_catalogue
from tournaments.views.public.event import home


def not_found(request, exception=None):
    """404 as JSON for the API (even a path that matched none of its patterns), the
    usual page elsewhere."""
    if request.path.startswith("/api"):
        return JsonResponse({"detail": f"There is no API resource at {request.path}."}, status=404)
    return page_not_found(request, exception)


handler404 = not_found

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    # The language switcher posts here (Django's set_language: a cookie, then back).
    path("i18n/", include("django.conf.urls.i18n")),
    # The scripts' strings in the page's language (gettext() in static/js); pages ask
    # for it with ?l=<language>, so a browser's cached copy is one language's.
    path("jsi18n/", javascript_catalogue, name="javascript-catalog"),
    path("arbiter/", include("tournaments.urls_arbiter")),
    path("e/", include("tournaments.urls_public")),
    path("lab/", include("tournaments.urls_lab")),
    path("api/", include("tournaments.api.urls")),
]
