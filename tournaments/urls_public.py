"""Public pages under /e/: an event's home, its poster and find me, and each section's
pairings, standings, crosstable, player cards and live version."""

from django.urls import path

from tournaments.views.public import checkin, event, section

app_name = "public"

SECTION = "<slug:event>/<slug:section>/"

urlpatterns = [
    path("<slug:event>/", event.event_home, name="event"),
    path("<slug:event>/poster/", event.poster, name="poster"),
    path("<slug:event>/find/", event.event_find, name="event_find"),
    path("<slug:event>/live/", event.event_live, name="event_live"),
    path("<slug:event>/check-in/", checkin.event_check_in, name="event_check_in"),
    path(SECTION, section.section_home, name="section"),
    path(SECTION + "round/<int:number>/", section.round_detail, name="round"),
    path(SECTION + "standings/", section.standings, name="standings"),
    path(SECTION + "crosstable/", section.crosstable, name="crosstable"),
    path(SECTION + "player/<int:number>/", section.player_detail, name="player"),
    path(SECTION + "find/", section.find, name="find"),
    path(SECTION + "live/", section.live, name="live"),
]
