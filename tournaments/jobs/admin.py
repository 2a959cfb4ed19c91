from django.contrib import admin

from tournaments.jobs.models import PairingJob, SimulationJob


@admin.register(PairingJob)
class PairingJobAdmin(admin.ModelAdmin):
    list_display = ("section", "round_number", "status", "progress", "created_at", "finished_at")
    list_filter = ("status",)
    readonly_fields = ("task_id", "started_at", "finished_at", "created_at")


@admin.register(SimulationJob)
class SimulationJobAdmin(admin.ModelAdmin):
    list_display = ("key", "status", "progress", "created_at")
    list_filter = ("status",)
    readonly_fields = ("key", "created_at")
