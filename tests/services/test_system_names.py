"""The paper's systems under explicit names: existing sections keep pairing as they did
(a data migration and old backups map "dutch"/"burstein" to the paper's names)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import PlayerFactory, SectionFactory
from tournaments.backup import event_export, event_import
from tournaments.engines import swiss_request
from tournaments.snapshot import SectionSnapshot

BEFORE = [("tournaments", "0006_go_handicap_settings")]
AFTER = [("tournaments", "0007_paper_system_names")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_old_sections_the_papers_names():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    event = old.get_model("tournaments", "Event").objects.create(name="Old", slug="old")
    Section = old.get_model("tournaments", "Section")
    for slug, system in (("a", "dutch"), ("b", "burstein"), ("c", "monrad")):
        Section.objects.create(
            event=event, name=slug, slug=slug, pairing_system=system, total_rounds=5
        )
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("tournaments", "Section")
    systems = dict(new.objects.filter(event_id=event.pk).values_list("slug", "pairing_system"))
    assert systems == {"a": "mwm-dutch", "b": "mwm-burstein", "c": "monrad"}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_a_backup_written_before_the_rename_imports_with_the_papers_name():
    section = SectionFactory(pairing_system="mwm-burstein")
    document = event_export(event=section.event)
    document["sections"][0]["pairing_system"] = "burstein"  # as older backups wrote it
    copy = event_import(document=document, slug="copy").event
    assert copy.sections.get().pairing_system == "mwm-burstein"


@pytest.mark.django_db
@pytest.mark.parametrize(("stored", "engine"), [("mwm-dutch", "dutch"), ("monrad", "monrad")])
def test_a_paper_system_reaches_the_engine_under_the_engines_name(stored, engine):
    section = SectionFactory(pairing_system=stored, total_rounds=5)
    for i in range(4):
        PlayerFactory(section=section, pairing_number=i + 1)
    assert swiss_request(SectionSnapshot.load(section), 1).system == engine
