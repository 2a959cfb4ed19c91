"""Public pages under /e/: an event's home, its poster and find me, and each section's
pairings, standings, crosstable, player cards and live version."""

from django.urls import path

from tournaments.views import public

app_name = "public"

section = "<slug:event>/<slug:section>/"

urlpatterns = [
    path("<slug:event>/", public.event_home, name="event"),
    path("<slug:event>/poster/", public.poster, name="poster"),
    path("<slug:event>/find/", public.event_find, name="event_find"),
    path("<slug:event>/live/", public.event_live, name="event_live"),
    path(section, public.section_home, name="section"),
    path(section + "round/<int:number>/", public.round_detail, name="round"),
    path(section + "standings/", public.standings, name="standings"),
    path(section + "crosstable/", public.crosstable, name="crosstable"),
    path(section + "player/<int:number>/", public.player_detail, name="player"),
    path(section + "find/", public.find, name="find"),
    path(section + "live/", public.live, name="live"),
]
