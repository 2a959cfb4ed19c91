from django.contrib import admin

from tournaments.models import (
    Bye,
    ByeRequest,
    Event,
    EventRole,
    Game,
    Player,
    ProhibitedPair,
    ResultChange,
    Round,
    Section,
)


class SectionInline(admin.TabularInline):
    model = Section
    fields = ("name", "slug", "game", "pairing_system", "total_rounds")
    extra = 0
    show_change_link = True


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0
    autocomplete_fields = ("user",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "start_date", "end_date", "venue", "is_public")
    list_filter = ("is_public",)
    search_fields = ("name", "slug", "venue")
    prepopulated_fields = {"slug": ("name",)}
    inlines = (SectionInline, EventRoleInline)


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):
    list_display = ("name", "event", "game", "pairing_system", "total_rounds")
    list_filter = ("game", "pairing_system")
    search_fields = ("name", "event__name")
    list_select_related = ("event",)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = (
        "pairing_number",
        "name",
        "rating",
        "go_rank",
        "title",
        "federation",
        "club",
        "section",
        "withdrawn_from_round",
    )
    list_filter = ("section__event", "section")
    search_fields = ("name", "fide_id", "egf_pin", "club")
    list_select_related = ("section", "section__event")


@admin.register(ProhibitedPair)
class ProhibitedPairAdmin(admin.ModelAdmin):
    list_display = ("section", "player_a", "player_b", "first_round", "last_round", "reason")
    raw_id_fields = ("player_a", "player_b")


@admin.register(ByeRequest)
class ByeRequestAdmin(admin.ModelAdmin):
    list_display = ("player", "round_number", "kind")
    raw_id_fields = ("player",)


class GameInline(admin.TabularInline):
    model = Game
    fields = ("board", "white", "black", "result", "handicap", "komi", "version")
    readonly_fields = ("version",)
    raw_id_fields = ("white", "black")
    extra = 0


class ByeInline(admin.TabularInline):
    model = Bye
    fields = ("player", "kind", "points")
    raw_id_fields = ("player",)
    extra = 0


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("section", "number", "status", "published_at")
    list_filter = ("status", "section__event")
    inlines = (GameInline, ByeInline)
    list_select_related = ("section", "section__event")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("round", "board", "white", "black", "result", "version")
    list_filter = ("round__section__event",)
    raw_id_fields = ("white", "black", "round")
    readonly_fields = ("version",)
    list_select_related = ("round", "round__section", "round__section__event", "white", "black")


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ("round", "player", "kind", "points")
    raw_id_fields = ("player", "round")


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    """The audit log can be read, never edited."""

    list_display = ("created_at", "game", "before", "after", "version", "user", "source")
    list_filter = ("source",)
    list_select_related = ("game", "game__round", "user")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):
    list_display = ("event", "user", "role")
    list_filter = ("role",)
    autocomplete_fields = ("user", "event")
    search_fields = ("event__name", "user__username")
