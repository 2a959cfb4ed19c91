"""The importers against damaged and random files, seeded and quick (bench/fuzz.py runs
the same checks for minutes): no crash, no hang, refusals that say where, and nothing
stored from a refused file. See tests/reliability/fuzz_importers.py."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings

from tests.reliability import fuzz_importers as fuzz
from tests.shared_data import SHARED_DATA

pytestmark = pytest.mark.django_db

EXAMPLES = {"trf": 80, "csv": 80, "opengotha": 50}


class _Rollback(Exception):
    pass


def run_isolated(fmt: str, text: str, tally: fuzz.Tally) -> str:
    """One import inside a savepoint that is rolled back afterwards."""
    outcome = ""
    try:
        with transaction.atomic():
            outcome = fuzz.import_once(fmt, text, tally)
            raise _Rollback
    except _Rollback:
        pass
    return outcome


@pytest.fixture(scope="module")
def seeds(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        texts = fuzz.seed_texts(SHARED_DATA)
        transaction.set_rollback(True)
    return texts


@pytest.mark.parametrize("fmt", fuzz.FORMATS)
def test_damaged_files_are_imported_or_refused_with_where_and_nothing_stored(fmt, seeds):
    tally = fuzz.Tally()

    @settings(
        max_examples=EXAMPLES[fmt],
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(text=fuzz.damaged(seeds[fmt]))
    def check(text):
        run_isolated(fmt, text, tally)

    check()
    assert tally.examples[fmt] >= EXAMPLES[fmt]
    assert tally.refused[fmt] > 0  # the damage does reach the checks
    for seed in seeds[fmt]:  # and undamaged files still import
        assert run_isolated(fmt, seed, tally) == "imported", seed[:200]


# What the fuzzing found, kept as plain examples ---------------------------------------------


def refusal(fmt: str, text: str) -> str:
    from tournaments.errors import ServiceError

    tally = fuzz.Tally()
    with pytest.raises(ServiceError) as err, transaction.atomic():
        fuzz.importer(fmt)(section=fuzz.empty_section(fmt), text=text)
    assert fuzz.WHERE[fmt].search(err.value.message), err.value.message
    assert run_isolated(fmt, text, tally) == "refused"  # and nothing was stored
    return err.value.message


def test_a_carriage_return_inside_a_csv_line_is_read_not_a_crash():
    tally = fuzz.Tally()
    assert run_isolated("csv", "name,club\nAna Petrova,Sofia\rBen Okafor,Lagos\n", tally) in (
        "imported",
        "refused",
    )


def test_an_unknown_csv_column_is_named_by_its_number():
    message = refusal("csv", "name,:\nAna,1\n")
    assert message.startswith("CSV line 1, column 2: unknown column ':'")


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('genMMBar="3D"', 'genMMBar="0K"', "the file's settings: genMMBar: "),
        ('handicap="0"', 'handicap="-1"', "handicap -1 is not a number of stones"),
        ('handicap="0"', 'handicap="99999999999999999999"', "is not a number of stones"),
        ('numberOfRounds="5"', 'numberOfRounds="500"', "the file's settings: total rounds: "),
    ],
)
def test_opengotha_values_the_database_would_refuse_are_refused_with_where(seeds, old, new, says):
    text = seeds["opengotha"][-1]  # a file this project wrote: six players, one round
    assert old in text
    assert says in refusal("opengotha", text.replace(old, new, 1))
