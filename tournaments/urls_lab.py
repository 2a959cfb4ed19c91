"""The simulation lab's pages, included under /lab/ (namespace "lab")."""

from django.urls import path, re_path

from tournaments.views import lab as lab_views

app_name = "lab"
KEY = r"(?P<key>[0-9a-f]{64})"

urlpatterns = [
    path("", lab_views.home, name="home"),
    re_path(rf"^r/{KEY}/$", lab_views.result, name="result"),
    re_path(rf"^r/{KEY}/plot\.svg$", lab_views.plot, name="plot"),
    re_path(rf"^r/{KEY}/report\.json$", lab_views.report_json, name="report_json"),
]
