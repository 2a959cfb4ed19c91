"""/api/: version 1 of the REST API, its OpenAPI schema and the browsable docs."""

from django.http import JsonResponse
from django.urls import path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from tournaments.api import views_files, views_read, views_write

app_name = "api"


@csrf_exempt  # nothing is written here; a POST to a wrong address is a plain 404
def unknown(request, rest: str = ""):
    """Any other address under /api/ answers a JSON 404 like the rest of the API."""
    return JsonResponse({"detail": f"There is no API resource at {request.path}."}, status=404)


# Swagger UI from drf-spectacular-sidecar, its start-up script as a file of its own; the
# page has an inline <style> block and Swagger draws some images as data: URLs, so it
# gets a policy of its own instead of the site's.
SWAGGER_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
_swagger = SpectacularSwaggerSplitView.as_view(url_name="api:schema")


def swagger_ui(request, *args, **kwargs):
    response = _swagger(request, *args, **kwargs)
    response["Content-Security-Policy"] = SWAGGER_CSP
    return response


section = "v1/events/<slug:event>/sections/<slug:section>/"
rnd = section + "rounds/<int:number>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", swagger_ui, name="docs"),
    path("v1/events/", views_read.EventListView.as_view(), name="events"),
    path("v1/events/<slug:event>/", views_read.EventDetailView.as_view(), name="event"),
    path(section, views_read.SectionDetailView.as_view(), name="section"),
    path(section + "players/", views_read.PlayerListView.as_view(), name="players"),
    path(section + "rounds/", views_read.RoundListView.as_view(), name="rounds"),
    path(rnd + "pairings/", views_read.PairingsView.as_view(), name="pairings"),
    path(section + "standings/", views_read.StandingsView.as_view(), name="standings"),
    path(section + "crosstable/", views_read.CrosstableView.as_view(), name="crosstable"),
    path(section + "export.trf", views_files.TrfExportView.as_view(), name="export_trf"),
    path(section + "export.xml", views_files.OpenGothaExportView.as_view(), name="export_xml"),
    path(section + "export.h9", views_files.H9ExportView.as_view(), name="export_h9"),
    path(section + "export.tou", views_files.TouExportView.as_view(), name="export_tou"),
    path(rnd + "boards/<int:board>/result/", views_write.ResultView.as_view(), name="result"),
    path(rnd + "publish/", views_write.PublishView.as_view(), name="publish"),
    path(section + "pair/", views_write.PairView.as_view(), name="pair"),
    path("v1/jobs/<int:job>/", views_write.JobView.as_view(), name="job"),
    re_path(r"^(?P<rest>[\s\S]*)\Z", unknown),  # any path, even one holding a line break
]
