"""Sections: finding one, its rounds at a glance, and the one thing it needs next."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from tournaments.jobs.models import PairingJob
from tournaments.models import Game, Round, RoundStatus, Section
from tournaments.snapshot import PUBLISHED


def public_section_get(*, event_slug: str, section_slug: str) -> Section | None:
    """A section of a public event, or None."""
    return (
        Section.objects.select_related("event")
        .filter(slug=section_slug, event__slug=event_slug, event__is_public=True)
        .first()
    )


def section_get_by_slugs(*, event_slug: str, section_slug: str) -> Section | None:
    """The section named by the slugs, public or private: for callers that check
    who may read it (an arbiter of a private event may)."""
    return (
        Section.objects.select_related("event")
        .filter(slug=section_slug, event__slug=event_slug)
        .first()
    )


def section_last_modified(*, section: Section) -> datetime:
    """The time of the latest change players can see in the section."""
    stamps = [section.updated_at, section.event.updated_at]
    rounds = section.rounds.filter(status__in=PUBLISHED)
    stamps.append(rounds.aggregate(t=Max("updated_at"))["t"])
    stamps.append(section.players.aggregate(t=Max("updated_at"))["t"])
    stamps.append(Game.objects.filter(round__in=rounds).aggregate(t=Max("updated_at"))["t"])
    return max(s for s in stamps if s is not None)


# Rounds at a glance --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundSummary:
    round: Round
    boards: int
    entered: int
    byes: int

    @property
    def complete(self) -> bool:
        return self.entered == self.boards


def section_rounds(*, section: Section) -> list[RoundSummary]:
    rounds = section.rounds.order_by("number").annotate(
        n_boards=Count("games", distinct=True),
        n_entered=Count("games", filter=~Q(games__result=""), distinct=True),
        n_byes=Count("byes", distinct=True),
    )
    return [RoundSummary(r, r.n_boards, r.n_entered, r.n_byes) for r in rounds]


def section_unpaired_rounds(*, section: Section) -> list[int]:
    """Round numbers not yet paired (where byes may still be requested)."""
    start = (section.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    return list(range(start, section.total_rounds + 1))


# Pairing jobs ------------------------------------------------------------------------------


def job_active(*, section: Section) -> PairingJob | None:
    return (
        PairingJob.objects.filter(
            section=section, status__in=[PairingJob.Status.QUEUED, PairingJob.Status.RUNNING]
        )
        .order_by("-created_at")
        .first()
    )


def job_failed_last(*, section: Section) -> PairingJob | None:
    """The latest job if it failed and the round it was for is still unpaired."""
    job = PairingJob.objects.filter(section=section).order_by("-created_at", "-id").first()
    if job is None or job.status != PairingJob.Status.FAILED:
        return None
    if section.rounds.filter(number=job.round_number).exists():
        return None
    return job


# Why the engine found no pairing ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairingBlocker:
    """A setting of the section that the engine's "no pairing" message points to."""

    text: str  # the setting, named as its page names it, and what it forbids
    page: str  # the arbiter page where it is changed: "section_edit" or "prohibited"
    anchor: str = ""  # the part of that page


def pairing_blockers(*, section: Section, message: str) -> list[PairingBlocker]:
    """The settings an engine's "no legal pairing" message names as the obstacle (the
    rules themselves, such as no rematch, are no setting and are not listed)."""
    said = message.lower()
    found = []
    if "prohibited" in said or "family or team" in said:
        found.append(
            PairingBlocker(
                _("Prohibited pairings (and family or team labels) keep these players apart."),
                "prohibited",
            )
        )
    if "colour limit" in said or "beta" in said:
        found.append(
            PairingBlocker(
                _("Colour limit (beta = %(beta)s): the largest colour difference allowed.")
                % {"beta": section.beta},
                "section_edit",
                "swiss-settings",
            )
        )
    if "club" in said:
        found.append(
            PairingBlocker(
                _("Never pair players of the same club."), "section_edit", "mcmahon-settings"
            )
        )
    return found


# What to do next -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NextAction:
    """The one thing the section needs now. `step` is one of: add-players, pairing,
    pair, publish, results, done."""

    step: str
    label: str
    hint: str = ""
    round_number: int | None = None


def section_next_action(
    *, section: Section, rounds: list[RoundSummary] | None = None
) -> NextAction:
    rounds = section_rounds(section=section) if rounds is None else rounds
    job = job_active(section=section)
    if job is not None:
        return NextAction(
            "pairing",
            _("Pairing round %(n)s…") % {"n": job.round_number},
            "",
            job.round_number,
        )
    last = rounds[-1] if rounds else None
    if last is None and sum(1 for p in section.players.all() if p.is_active_in(1)) < 2:
        count = section.players.count()
        hint = (
            _("Add at least two players.") if count < 2 else _("Fewer than two players are active.")
        )
        return NextAction("add-players", _("Add players"), hint)
    if last is not None and last.round.status == RoundStatus.DRAFT:
        n = last.round.number
        return NextAction(
            "publish",
            _("Publish round %(n)s") % {"n": n},
            _("Check the draft pairings, then publish."),
            n,
        )
    if last is not None and not last.complete:
        n = last.round.number
        return NextAction(
            "results",
            _("Enter results of round %(n)s") % {"n": n},
            _("%(entered)s of %(boards)s entered.")
            % {"entered": last.entered, "boards": last.boards},
            n,
        )
    number = (last.round.number + 1) if last else 1
    if number > section.total_rounds:
        return NextAction("done", _("Final standings"), _("Every round is paired and complete."))
    hint = ""
    failed = job_failed_last(section=section)
    if failed is not None:
        hint = _("The last attempt failed: %(message)s") % {"message": failed.message}
    return NextAction("pair", _("Pair round %(n)s") % {"n": number}, hint, number)
