from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.health import healthz
from tournaments.views.public.event import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("arbiter/", include("tournaments.urls_arbiter")),
    path("e/", include("tournaments.urls_public")),
    path("lab/", include("tournaments.urls_lab")),
    path("api/", include("tournaments.api.urls")),
]
