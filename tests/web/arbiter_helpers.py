"""Building blocks for the arbiter page tests: an event with an arbiter, players,
and rounds made directly through the services."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.factories import EventRoleFactory, PlayerFactory, SectionFactory
from tournaments.engines import ByeSpec, GameSpec
from tournaments.models import EventRole, Round, Section
from tournaments.services.rounds import round_create, round_publish

PASSWORD = "correct horse battery"


@dataclass
class Setup:
    section: Section
    chief: object
    arbiter: object

    @property
    def event(self):
        return self.section.event

    def url(self, name: str, **kwargs) -> str:
        return reverse(
            f"arbiter:{name}",
            kwargs={"event": self.event.slug, "section": self.section.slug, **kwargs},
        )


def quick_user(username: str):
    """A user with an unusable password: page tests log in with force_login, and
    hashing a real password takes half a second."""
    return get_user_model().objects.create(username=username, password="!")


def make_setup(*, players: int = 0, go: bool = False, **section_fields) -> Setup:
    if go:
        from tests.factories import GoSectionFactory

        section = GoSectionFactory(**section_fields)
    else:
        section = SectionFactory(**section_fields)
    chief = quick_user(f"chief-{section.event.slug}")
    arbiter = quick_user(f"arb-{section.event.slug}")
    EventRoleFactory(user=chief, event=section.event, role=EventRole.Role.CHIEF_ARBITER)
    EventRoleFactory(user=arbiter, event=section.event, role=EventRole.Role.ARBITER)
    for i in range(players):
        if go:
            PlayerFactory(section=section, pairing_number=i + 1, go_rank=f"{i + 1}k", rating=None)
        else:
            PlayerFactory(section=section, pairing_number=i + 1)
    return Setup(section, chief, arbiter)


def make_round(section: Section, *, publish: bool = True) -> Round:
    """Pair the next round by hand: 1-2, 3-4, ... in pairing-number order; an odd
    player out gets the pairing-allocated bye."""
    players = [p for p in section.players.order_by("pairing_number")]
    games = [
        GameSpec(board=i // 2 + 1, white=players[i], black=players[i + 1])
        for i in range(0, len(players) - 1, 2)
    ]
    byes = [ByeSpec(player=players[-1], kind="pab")] if len(players) % 2 else []
    rnd = round_create(section=section, games=games, byes=byes)
    if publish:
        rnd = round_publish(round=rnd, confirm=True)  # hand-made rounds may break rules
    return rnd


UNLABELLED_JS = """() => Array.from(document.querySelectorAll(
    'input:not([type=hidden]), select, textarea, button')).filter(el => {
  if (el.labels && el.labels.length) return false;
  if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return false;
  if (el.tagName === 'BUTTON' && el.textContent.trim()) return false;
  return true;
}).map(el => el.name || el.id || el.outerHTML.slice(0, 60))"""


def unlabelled_controls(page) -> list[str]:
    """Form controls on the page that have no label a screen reader could announce."""
    return page.evaluate(UNLABELLED_JS)


@contextmanager
def pairing_workers():
    """Run pairing jobs the way the server at hand does. With REDIS_URL set the jobs go
    through Redis to a real Celery worker (a thread here, sharing the test database),
    and the page polls until it is done; without it they run in-process."""
    from django.conf import settings

    if not settings.REDIS_URL:
        yield
        return
    from tests.conftest import real_worker

    with real_worker(settings.REDIS_URL):
        yield
