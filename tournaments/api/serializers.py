"""The API's shapes. Read serializers turn the public selectors' dataclasses into JSON
(and describe it in the OpenAPI schema); write serializers check input only."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import ByeKind, GameKind, PairingSystem, Result, RoundStatus

# Small pieces -------------------------------------------------------------------------


class PlayerRefSerializer(serializers.Serializer):
    pairing_number = serializers.IntegerField()
    name = serializers.CharField()
    title = serializers.CharField(allow_blank=True)
    rating = serializers.IntegerField(allow_null=True)
    go_rank = serializers.CharField(allow_blank=True)
    federation = serializers.CharField(allow_blank=True)


class PlayerSerializer(PlayerRefSerializer):
    club = serializers.CharField(allow_blank=True)
    fide_id = serializers.CharField(allow_blank=True)
    egf_pin = serializers.CharField(allow_blank=True)
    joined_round = serializers.IntegerField()
    withdrawn_from_round = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(help_text="Points from published rounds.")


class ColumnSerializer(serializers.Serializer):
    acronym = serializers.CharField()
    description = serializers.CharField()


# Events and sections -------------------------------------------------------------------


class SectionSummarySerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    game = serializers.ChoiceField(choices=GameKind.choices)
    pairing_system = serializers.ChoiceField(choices=PairingSystem.choices)
    total_rounds = serializers.IntegerField()
    players = serializers.IntegerField()
    current_round = serializers.IntegerField(
        allow_null=True, help_text="The latest published round (null before round 1)."
    )


class SectionSerializer(SectionSummarySerializer):
    rounds_published = serializers.ListField(child=serializers.IntegerField())
    tiebreaks = serializers.ListField(
        child=serializers.CharField(), help_text="The configured tiebreak order (acronyms)."
    )
    tiebreak_preset = serializers.CharField(allow_blank=True)
    points = serializers.DictField(
        child=serializers.FloatField(), help_text="Points for a win, draw, loss, byes."
    )


class EventSerializer(serializers.Serializer):
    slug = serializers.SlugField()
    name = serializers.CharField()
    start_date = serializers.DateField(allow_null=True)
    end_date = serializers.DateField(allow_null=True)
    venue = serializers.CharField(allow_blank=True)
    language = serializers.CharField(
        help_text="The language of the event's public pages (en, fr, de, es)."
    )


class EventDetailSerializer(EventSerializer):
    sections = SectionSummarySerializer(many=True)


# Rounds and pairings ---------------------------------------------------------------------


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=RoundStatus.choices)
    published_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    boards = serializers.IntegerField()
    results_pending = serializers.IntegerField()


class BoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    white = PlayerRefSerializer()
    black = PlayerRefSerializer()
    result = serializers.ChoiceField(
        choices=Result.choices, allow_blank=True, help_text='"" while the game is played.'
    )
    handicap = serializers.IntegerField()
    komi = serializers.FloatField(allow_null=True)
    version = serializers.IntegerField(
        help_text="The board's version: send it with a result (or as If-Match), so that a "
        "result entered meanwhile is not overwritten."
    )


class ByeSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    kind = serializers.ChoiceField(choices=ByeKind.choices)
    points = serializers.FloatField()


# Standings and crosstable ------------------------------------------------------------------


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="The first place of the row (3 for 3-5).")
    place = serializers.CharField(help_text='The place as shown, "3-5" when shared.')
    player = PlayerRefSerializer()
    score = serializers.FloatField()
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(allow_null=True),
        help_text="Every tiebreak of the section: {acronym: value}.",
    )


class CellSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    opponent = serializers.IntegerField(allow_null=True, help_text="Opponent's pairing number.")
    colour = serializers.ChoiceField(choices=[("w", "white"), ("b", "black"), ("-", "none")])
    code = serializers.CharField(
        help_text='"1" "=" "0" won, drew, lost; "+" "-" forfeits; "*" playing; '
        '"U" "F" "H" "Z" byes; " " not paired.'
    )
    points = serializers.FloatField()


class CrossRowSerializer(serializers.Serializer):
    player = PlayerRefSerializer()
    score = serializers.FloatField()
    cells = CellSerializer(many=True)


# Paginated envelopes ---------------------------------------------------------------------------


def _page(name: str, item: serializers.Serializer, **extra: serializers.Field) -> type:
    fields = {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        **extra,
        "results": item,
    }
    return type(name, (serializers.Serializer,), fields)


EventPageSerializer = _page("EventPage", EventSerializer(many=True))
PlayerPageSerializer = _page("PlayerPage", PlayerSerializer(many=True))
RoundPageSerializer = _page("RoundPage", RoundSerializer(many=True))
PairingsPageSerializer = _page(
    "PairingsPage",
    BoardSerializer(many=True),
    round=serializers.IntegerField(),
    status=serializers.ChoiceField(choices=RoundStatus.choices),
    byes=ByeSerializer(many=True),
)
StandingsPageSerializer = _page(
    "StandingsPage",
    StandingSerializer(many=True),
    after_round=serializers.IntegerField(allow_null=True),
    columns=ColumnSerializer(many=True),
    warnings=serializers.ListField(child=serializers.CharField()),
)
CrosstablePageSerializer = _page(
    "CrosstablePage",
    CrossRowSerializer(many=True),
    rounds=serializers.ListField(child=serializers.IntegerField()),
)


# Writes and jobs ------------------------------------------------------------------------------


class ResultInSerializer(serializers.Serializer):
    result = serializers.ChoiceField(
        choices=Result.choices,
        allow_blank=True,
        help_text='"1-0", "1/2-1/2", "0-1", forfeits "+/-", "-/+", "-/-", or "" to clear.',
    )
    version = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="The game version you saw (required here or as If-Match); a newer one "
        "is refused with 409.",
    )


class ResultWriteSerializer(ResultInSerializer):
    """The request as documented: the version is required (an If-Match header may
    carry it instead, which the schema cannot say; without either: 428)."""

    version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        help_text="The game version you saw (or send it as If-Match); a newer one is "
        "refused with 409.",
    )


class PublishInSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Publish even though the rule checker reports broken rules (without it: "
        "409 with the list of broken rules).",
    )


class BrokenRuleSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text='The rule\'s code, e.g. "rematch", "colour-limit".')
    message = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    board = serializers.IntegerField(allow_null=True)


class RulesBrokenSerializer(serializers.Serializer):
    detail = serializers.CharField()
    broken_rules = BrokenRuleSerializer(
        many=True,
        required=False,
        help_text="When the rule checker refused the publish: what it found.",
    )


class GameSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    board = serializers.IntegerField()
    white = PlayerRefSerializer()
    black = PlayerRefSerializer()
    result = serializers.ChoiceField(choices=Result.choices, allow_blank=True)
    version = serializers.IntegerField()


class JobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    event = serializers.SlugField()
    section = serializers.SlugField()
    round_number = serializers.IntegerField()
    status = serializers.CharField(help_text='"queued", "running", "done" or "failed".')
    progress = serializers.IntegerField()
    message = serializers.CharField(allow_blank=True)
    finished = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class ConflictSerializer(ErrorSerializer):
    current_result = serializers.CharField(allow_blank=True, required=False)
    current_version = serializers.IntegerField(required=False)


class VersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
