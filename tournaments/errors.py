"""Errors the services raise for people: each names the event, round, board or player."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that breaks a rule of the tournament. Shown to the user as is."""

    code = "invalid"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StateError(ServiceError):
    """The object is not in a state that allows the action (e.g. publishing a closed round)."""

    code = "state"


class WrongCode(ServiceError):
    """A code given by someone without a login (the event's check-in code) is wrong."""

    code = "wrong-code"


class ResultConflict(ServiceError):
    """A result was written against an older version of the game: someone else changed it."""

    code = "conflict"

    def __init__(self, message: str, *, current_result: str, current_version: int) -> None:
        super().__init__(message)
        self.current_result = current_result
        self.current_version = current_version


class InvariantError(ServiceError):
    """A write would break an invariant (a player twice in one round, a duplicate round)."""

    code = "invariant"


class RulesBroken(StateError):
    """Publishing a round that breaks absolute rules, without the confirmation.
    `violations` are the rule checker's findings (each with `message` and `to_dict`)."""

    code = "rules-broken"

    def __init__(self, message: str, *, violations: list) -> None:
        super().__init__(message)
        self.violations = list(violations)


class QueueUnreachable(ServiceError):
    """The task queue (Redis) did not accept a job: the background workers cannot be
    reached. The job is marked failed; pressing again later sends a new one."""

    code = "queue-unreachable"
    job = None  # the job that could not be sent, once marked failed
