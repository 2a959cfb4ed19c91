"""Arbiter pages under /arbiter/. Every view is wrapped by `arbiter_view` (or
`login_view` outside an event); tests/web/test_arbiter_access.py walks this list."""

from django.urls import path

from tournaments.views.arbiter import (
    drafts,
    events,
    imports,
    jobs,
    players,
    results,
    rounds,
    sections,
    standings,
)

app_name = "arbiter"

S = "<slug:event>/<slug:section>/"
R = S + "rounds/<int:number>/"

urlpatterns = [
    path("", events.event_list, name="event_list"),
    path("new/", events.event_create, name="event_create"),
    path("<slug:event>/", events.event_detail, name="event"),
    path("<slug:event>/edit/", events.event_edit, name="event_edit"),
    path("<slug:event>/delete/", events.event_delete, name="event_delete"),
    path("<slug:event>/arbiters/", events.arbiter_add, name="arbiter_add"),
    path("<slug:event>/arbiters/remove/", events.arbiter_remove, name="arbiter_remove"),
    path("<slug:event>/new-section/", events.section_create, name="section_create"),
    # A section
    path(S, sections.section_detail, name="section"),
    path(S + "edit/", sections.section_edit, name="section_edit"),
    path(S + "delete/", sections.section_delete, name="section_delete"),
    path(S + "players/", players.players, name="players"),
    path(S + "players/renumber/", players.players_renumber, name="players_renumber"),
    path(S + "players/lookup/", players.players_lookup, name="players_lookup"),
    path(S + "check-in/", players.check_in, name="check_in"),
    path(
        S + "players/update-ratings/", players.players_update_ratings, name="players_update_ratings"
    ),
    path(S + "players/<int:pn>/", players.player_edit, name="player_edit"),
    path(S + "players/<int:pn>/withdraw/", players.player_withdraw, name="player_withdraw"),
    path(S + "players/<int:pn>/reinstate/", players.player_reinstate, name="player_reinstate"),
    path(S + "players/<int:pn>/delete/", players.player_delete, name="player_delete"),
    path(S + "players/<int:pn>/byes/", players.bye_request_add, name="bye_request_add"),
    path(
        S + "players/<int:pn>/byes/cancel/",
        players.bye_request_cancel,
        name="bye_request_cancel",
    ),
    path(S + "prohibited/", players.prohibited, name="prohibited"),
    path(S + "prohibited/remove/", players.prohibited_remove, name="prohibited_remove"),
    path(S + "import/", imports.import_home, name="import"),
    path(S + "import/csv/", imports.import_csv, name="import_csv"),
    path(S + "import/csv/confirm/", imports.import_csv_confirm, name="import_csv_confirm"),
    path(S + "import/file/", imports.import_file, name="import_file"),
    path(S + "export/<slug:fmt>/", imports.export, name="export"),
    path(S + "pair/", jobs.pair, name="pair"),
    path(S + "jobs/<int:job>/", jobs.job, name="job"),
    path(S + "standings/", standings.standings, name="standings"),
    path(S + "standings/print/", standings.print_standings, name="print_standings"),
    path(S + "crosstable/", standings.crosstable, name="crosstable"),
    # A round
    path(S + "rounds/", rounds.rounds_list, name="rounds"),
    path(S + "rounds/by-hand/", drafts.draft_start, name="draft_start"),
    path(R, rounds.round_detail, name="round"),
    path(R + "publish/", rounds.round_publish, name="round_publish"),
    path(R + "unpublish/", rounds.round_unpublish, name="round_unpublish"),
    path(R + "discard/", rounds.round_discard, name="round_discard"),
    path(R + "close/", rounds.round_close, name="round_close"),
    path(R + "reopen/", rounds.round_reopen, name="round_reopen"),
    path(R + "swap/", drafts.draft_swap, name="draft_swap"),
    path(R + "move/", drafts.draft_move, name="draft_move"),
    path(R + "board/", drafts.draft_board, name="draft_board"),
    path(R + "bye/", drafts.draft_bye, name="draft_bye"),
    path(R + "repair/", drafts.draft_repair, name="draft_repair"),
    path(R + "boards/<int:board>/result/", results.result, name="result"),
    path(R + "undo/", results.undo, name="undo"),
    path(R + "audit/", results.audit, name="audit"),
    path(R + "print/pairings/", standings.print_pairings, name="print_pairings"),
    path(R + "print/slips/", standings.print_slips, name="print_slips"),
]
