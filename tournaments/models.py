"""The tournament data model: events, sections, players, rounds, games, byes, audit.

Business rules live in `services.py` (writes) and `selectors.py` (reads); the
models hold data and the invariants the database itself can guard.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from pairing.limits import MAX_NAME, MAX_RATING, MAX_ROUNDS, MIN_RATING
from tournaments.gorank import GO_RANK_RE


class Event(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    venue = models.CharField(max_length=200, blank=True)
    is_public = models.BooleanField(default=True, help_text=_("Shown on the public pages and API."))
    check_in_code = models.CharField(
        max_length=8, blank=True, help_text=_("Players give it to check themselves in.")
    )
    # The language of the event's public pages and print sheets (one page for every
    # reader, so it can be cached); arbiters' own pages follow each arbiter's choice.
    language = models.CharField(
        max_length=8,
        choices=settings.LANGUAGES,
        default="en",
        help_text=_("Public pages and prints."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=F("start_date")),
                name="event_dates_in_order",
                violation_error_message=_("The end date cannot be before the start date."),
            )
        ]

    def __str__(self) -> str:
        return self.name


class GameKind(models.TextChoices):
    CHESS = "chess", _("Chess")
    GO = "go", pgettext_lazy("board game", "Go")


class PairingSystem(models.TextChoices):
    """Stored values; the labels are what the arbiter reads in the section form."""

    FIDE_DUTCH = (
        "fide-dutch",
        _(
            "FIDE Dutch (C.04.3): for rated events, paired exactly as the FIDE-endorsed "
            "engines do (slower above about 300 players)"
        ),
    )
    MWM_DUTCH = "mwm-dutch", _("Dutch (MWM paper): top half against bottom half, one matching")
    MWM_BURSTEIN = "mwm-burstein", _("Burstein (MWM paper): top against bottom of each score group")
    MONRAD = "monrad", _("Monrad: each player against the next one down (1-2, 3-4)")
    RANDOM = "random", _("Random: random partners inside each score group")
    RANDOM2 = "random2", _("Random2: upper half against a random player of the lower half")
    ADJACENT = "adjacent", _("Adjacent (WinTD): natural 1-2, 3-4 inside each score group")
    ROUND_ROBIN = "round-robin", _("Round-robin: everyone meets everyone (FIDE Berger tables)")
    DOUBLE_ROUND_ROBIN = (
        "double-round-robin",
        _("Double round-robin: everyone meets everyone twice, colours reversed"),
    )
    MCMAHON = "mcmahon", _("McMahon")


# The paper's systems under the names the Swiss engine knows them by.
ENGINE_SYSTEM = {PairingSystem.MWM_DUTCH: "dutch", PairingSystem.MWM_BURSTEIN: "burstein"}
# Values stored before the paper's systems got explicit names (old backups, API clients).
LEGACY_SYSTEM = {"dutch": PairingSystem.MWM_DUTCH, "burstein": PairingSystem.MWM_BURSTEIN}

SWISS_SYSTEMS = frozenset(
    {
        PairingSystem.FIDE_DUTCH,
        PairingSystem.MWM_DUTCH,
        PairingSystem.MWM_BURSTEIN,
        PairingSystem.MONRAD,
        PairingSystem.RANDOM,
        PairingSystem.RANDOM2,
        PairingSystem.ADJACENT,
    }
)
# Chess systems that follow a fixed table rather than pairing round by round.
ROUND_ROBIN_CYCLES = {PairingSystem.ROUND_ROBIN: 1, PairingSystem.DOUBLE_ROUND_ROBIN: 2}
CHESS_SYSTEMS = SWISS_SYSTEMS | frozenset(ROUND_ROBIN_CYCLES)


class CheckIn(models.TextChoices):
    OFF = "", _("No check-in")
    FIRST_ROUND = "first", _("Before round 1")
    EVERY_ROUND = "every", _("Before every round")


class RatingType(models.TextChoices):
    STANDARD = "standard", pgettext_lazy("rating type", "Standard")
    RAPID = "rapid", pgettext_lazy("rating type", "Rapid")
    BLITZ = "blitz", pgettext_lazy("rating type", "Blitz")


class UnplayedRule(models.TextChoices):
    FIDE_2026 = "2026", _("FIDE C.07, March 2026 caps")
    FIDE_2024 = "2024", _("FIDE C.07, 2024 text")
    LEGACY = "legacy", _("Legacy C.02 (2020) virtual opponent")


class FirstColour(models.TextChoices):
    WHITE = "w", pgettext_lazy("colour", "White")
    BLACK = "b", pgettext_lazy("colour", "Black")
    DRAW = "", _("Drawn from the seed")


def _points(default: str) -> models.DecimalField:
    return models.DecimalField(
        max_digits=4,
        decimal_places=1,
        default=Decimal(default),
        validators=[MinValueValidator(Decimal("0"))],
    )


class Section(models.Model):
    """One pairing pool of an event, with its system, scoring and tiebreaks."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80)
    game = models.CharField(max_length=5, choices=GameKind.choices, default=GameKind.CHESS)
    pairing_system = models.CharField(
        max_length=20, choices=PairingSystem.choices, default=PairingSystem.MWM_DUTCH
    )
    beta = models.PositiveSmallIntegerField(
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(5)],
        help_text=_("Largest allowed colour difference (Swiss)."),
    )
    first_colour = models.CharField(
        max_length=1,
        choices=FirstColour.choices,
        blank=True,
        default=FirstColour.DRAW,
        help_text=_("Colour of the top board's higher-ranked player in round 1."),
    )
    total_rounds = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    # Scoring
    points_win = _points("1")
    points_draw = _points("0.5")
    points_loss = _points("0")
    points_forfeit_win = _points("1")
    points_forfeit_loss = _points("0")
    points_pairing_bye = _points("1")
    points_full_bye = _points("1")
    points_half_bye = _points("0.5")
    points_zero_bye = _points("0")
    points_absent = _points("0")
    # Tiebreaks: an ordered list of registry acronyms, e.g. ["BH-C1", "BH", "SB"].
    tiebreak_preset = models.CharField(max_length=40, blank=True)
    tiebreaks = models.JSONField(default=list, blank=True)
    unplayed_rule = models.CharField(
        max_length=6, choices=UnplayedRule.choices, default=UnplayedRule.FIDE_2026
    )
    acceleration = models.CharField(
        max_length=8,
        blank=True,
        choices=[
            ("", pgettext_lazy("no acceleration", "None")),
            ("baku", _("Baku (FIDE C.04.5.1)")),
        ],
        help_text=_("Virtual points for pairing the first rounds of a large field (chess)."),
    )
    check_in = models.CharField(
        max_length=6,
        blank=True,
        choices=CheckIn.choices,
        default=CheckIn.OFF,
        help_text=_(
            "Players check in; pairing the round offers to mark those who have not as absent."
        ),
    )
    rating_type = models.CharField(
        max_length=8,
        choices=RatingType.choices,
        default=RatingType.STANDARD,
        help_text=_("Which rating of FIDE's list a player registered from it gets."),
    )
    # McMahon (Go)
    mcmahon_bar = models.CharField(
        max_length=4,
        blank=True,
        validators=[RegexValidator(GO_RANK_RE)],
        help_text=_("Rank at and above which everyone starts equal, e.g. 3d."),
    )
    mcmahon_floor = models.CharField(
        max_length=4,
        blank=True,
        validators=[RegexValidator(GO_RANK_RE)],
        help_text=_("Rank below which everyone starts at the floor, e.g. 20k."),
    )
    handicap_reduction = models.SmallIntegerField(
        default=1,
        validators=[MinValueValidator(-1), MaxValueValidator(9)],
        help_text=_("Stones taken off the rank difference (-1 gives one stone more)."),
    )
    mcmahon_no_handicap_above = models.CharField(
        max_length=4,
        blank=True,
        default="1d",
        validators=[RegexValidator(GO_RANK_RE)],
        help_text=_(
            "Handicap counts a stronger player as this rank: two players at or above it "
            "play even (OpenGotha's 'no handicap above'). Empty: no such rank."
        ),
    )
    handicap_cap = models.PositiveSmallIntegerField(default=9, validators=[MaxValueValidator(9)])
    komi_even = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("6.5"))
    komi_handicap = models.DecimalField(max_digits=4, decimal_places=1, default=Decimal("0.5"))
    mcmahon_options = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Further McMahon weights and strategies (validated by the engine's config)."),
    )
    seed = models.BigIntegerField(
        default=0, help_text=_("Seed for random systems and drawn colours; set when created.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "slug"], name="section_slug_unique"),
            models.CheckConstraint(
                condition=Q(game="go", pairing_system="mcmahon")
                | (Q(game="chess") & ~Q(pairing_system="mcmahon")),
                name="section_system_fits_game",
                violation_error_message=_(
                    "Go sections are paired by McMahon, chess by a Swiss system."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} - {self.name}"

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.game == GameKind.GO and self.pairing_system != PairingSystem.MCMAHON:
            errors["pairing_system"] = gettext("A Go section is paired by McMahon.")
        if self.game == GameKind.CHESS and self.pairing_system == PairingSystem.MCMAHON:
            errors["pairing_system"] = gettext("McMahon pairing is for Go sections.")
        if not isinstance(self.tiebreaks, list) or not all(
            isinstance(t, str) and t for t in self.tiebreaks
        ):
            errors["tiebreaks"] = gettext(
                'Tiebreaks must be a list of acronyms, e.g. ["BH-C1", "SB"].'
            )
        if not isinstance(self.mcmahon_options, dict):
            errors["mcmahon_options"] = gettext("McMahon options must be an object of name: value.")
        if errors:
            raise ValidationError(errors)

    @property
    def is_go(self) -> bool:
        return self.game == GameKind.GO


class Player(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="players")
    pairing_number = models.PositiveIntegerField()
    name = models.CharField(max_length=MAX_NAME)
    # Chess Elo, or an EGF Go rating (which is negative for double-figure kyu players).
    rating = models.IntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(MIN_RATING), MaxValueValidator(MAX_RATING)],
    )
    go_rank = models.CharField(
        max_length=4,
        blank=True,
        validators=[RegexValidator(GO_RANK_RE)],
        help_text=_("Go rank such as 15k, 1d or 2p."),
    )
    title = models.CharField(max_length=4, blank=True)
    federation = models.CharField(
        max_length=3, blank=True, help_text=_("FIDE federation or country code.")
    )
    club = models.CharField(max_length=120, blank=True)
    fide_id = models.CharField(max_length=12, blank=True)
    egf_pin = models.CharField(max_length=12, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    birth = models.CharField(max_length=10, blank=True)
    # First round in which the player is paired (late entries join later).
    joined_round = models.PositiveSmallIntegerField(default=1)
    # Withdrawn: not paired from this round on (null: active).
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    avoid_group = models.CharField(
        max_length=60,
        blank=True,
        help_text=_("Players sharing this label (family, team) are never paired together."),
    )
    mms_correction = models.SmallIntegerField(default=0, help_text=_("McMahon start correction."))
    checked_in_for = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The round the player has checked in for.")
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "pairing_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "pairing_number"], name="player_pairing_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(pairing_number__gte=1), name="player_pairing_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(joined_round__gte=1), name="player_joined_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def is_active_in(self, round_number: int) -> bool:
        if round_number < self.joined_round:
            return False
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


class ProhibitedPair(models.Model):
    """Two players who must not be paired (family, team mates), optionally for some rounds."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="prohibited")
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(default=1)
    last_round = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=120, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(player_a__lt=F("player_b")), name="prohibited_pair_ordered"
            ),
            models.UniqueConstraint(
                fields=["player_a", "player_b", "first_round"], name="prohibited_pair_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} must not meet {self.player_b}"


class ByeKind(models.TextChoices):
    PAIRING = "pab", _("Pairing-allocated bye")
    HALF = "half", _("Half-point bye")
    ZERO = "zero", _("Zero-point bye")
    FULL = "full", _("Full-point bye")


REQUESTABLE_BYES = (ByeKind.HALF, ByeKind.ZERO, ByeKind.FULL)


class ByeRequest(models.Model):
    """A bye a player asked for before the round was paired."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    kind = models.CharField(
        max_length=4,
        choices=[(k.value, k.label) for k in REQUESTABLE_BYES],
        default=ByeKind.HALF,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="bye_request_one_per_round"
            ),
            models.CheckConstraint(
                condition=~Q(kind="pab"), name="bye_request_not_pairing_allocated"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()} in round {self.round_number}"


class RoundStatus(models.TextChoices):
    DRAFT = "draft", pgettext_lazy("round status", "Draft")
    PUBLISHED = "published", pgettext_lazy("round status", "Published")
    CLOSED = "closed", pgettext_lazy("round status", "Closed")


class Round(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    seed = models.BigIntegerField(default=0)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    status_note = models.CharField(
        max_length=300, blank=True, help_text=_("Why the round was last unpublished.")
    )
    diagnostics = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.section} - round {self.number}"

    @property
    def is_published(self) -> bool:
        return self.status in (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


class Result(models.TextChoices):
    PENDING = "", pgettext_lazy("result", "Pending")
    WHITE_WINS = "1-0", "1-0"
    DRAW = "1/2-1/2", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_FORFEIT_WIN = "+/-", _("+/- (forfeit)")
    BLACK_FORFEIT_WIN = "-/+", _("-/+ (forfeit)")
    DOUBLE_FORFEIT = "-/-", _("-/- (double forfeit)")


PLAYED_RESULTS = frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})
FORFEIT_RESULTS = frozenset(
    {Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT}
)


class Game(models.Model):
    """One board of a round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    white = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="games_white")
    black = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="games_black")
    result = models.CharField(max_length=7, choices=Result.choices, blank=True, default="")
    handicap = models.PositiveSmallIntegerField(default=0)
    komi = models.DecimalField(max_digits=4, decimal_places=1, null=True, blank=True)
    explanation = models.JSONField(default=dict, blank=True)
    # Incremented on every result change: a write naming an older version is refused.
    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="game_board_unique"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="game_two_players"),
            models.CheckConstraint(condition=Q(board__gte=1), name="game_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}: {self.white} - {self.black} {self.result or '*'}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="byes")
    kind = models.CharField(max_length=4, choices=ByeKind.choices)
    points = models.DecimalField(max_digits=4, decimal_places=1)
    explanation = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["round", "player__pairing_number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: {self.player} {self.get_kind_display()}"


class ResultChange(models.Model):
    """Append-only audit of every result change. Rows are never updated or deleted."""

    # Audit rows go only with their game, and a game with results is never deleted
    # except with its whole event or section.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    before = models.CharField(max_length=7, blank=True)
    after = models.CharField(max_length=7, blank=True)
    version = models.PositiveIntegerField(help_text=_("The game's version after this change."))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    by_name = models.CharField(
        max_length=150, blank=True, help_text=_("Who made the change (kept if the user goes).")
    )
    source = models.CharField(max_length=20, default="web")
    undoes = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="undone_by"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="result_change_version"),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.before or '*'} -> {self.after or '*'}"

    def save(self, *args, **kwargs) -> None:
        if self.pk is not None:
            raise ValidationError("Result changes are append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValidationError("Result changes are append-only.")


class EventRole(models.Model):
    class Role(models.TextChoices):
        CHIEF_ARBITER = "chief", _("Chief arbiter")
        ARBITER = "arbiter", _("Arbiter")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles"
    )
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(max_length=7, choices=Role.choices, default=Role.ARBITER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "event"], name="event_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} - {self.get_role_display()} of {self.event}"


class SectionVersion(models.Model):
    """The version of what players can see of a section: public pages and API answers
    are cached under it, and every change they show bumps it in the same
    transaction (tournaments/caching/versions.py). Kept in the database, not in the
    cache, so no cache outage or restart can make an old answer current again; a row
    of its own, so bumping it never waits on the section's lock (held while a round
    is paired)."""

    section = models.OneToOneField(
        Section, on_delete=models.CASCADE, primary_key=True, related_name="cache_version"
    )
    value = models.BigIntegerField(default=1)

    def __str__(self) -> str:
        return f"{self.section_id}: v{self.value}"


class RatingList(models.Model):
    """An official rating list imported from its file (FIDE or the EGD). Importing a
    newer list of the same source replaces the older one in one transaction."""

    class Source(models.TextChoices):
        FIDE = "fide", "FIDE"
        EGD = "egd", _("European Go Database")

    source = models.CharField(max_length=4, choices=Source.choices)
    file_name = models.CharField(max_length=255, blank=True)
    list_date = models.DateField(null=True, blank=True, help_text=_("The date the list is of."))
    players = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(auto_now_add=True)
    active = models.BooleanField(default=False)

    class Meta:
        ordering = ["-imported_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["source"], condition=Q(active=True), name="rating_list_one_active"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_source_display()} list of {self.list_date or self.imported_at:%Y-%m-%d}"


class RatedPlayer(models.Model):
    """One player of an imported rating list, searched by name or id at registration."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="entries")
    ident = models.CharField(max_length=12)  # FIDE id or EGD PIN
    name = models.CharField(max_length=120)
    search_name = models.CharField(max_length=120)  # normalise_name(name)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=4, blank=True)
    standard = models.SmallIntegerField(null=True, blank=True)
    rapid = models.SmallIntegerField(null=True, blank=True)
    blitz = models.SmallIntegerField(null=True, blank=True)
    birth_year = models.SmallIntegerField(null=True, blank=True)
    inactive = models.BooleanField(default=False)
    club = models.CharField(max_length=120, blank=True)
    grade = models.CharField(max_length=4, blank=True)  # EGD rank ("5k")

    class Meta:
        indexes = [
            models.Index(fields=["rating_list", "search_name"], name="rated_player_name"),
            models.Index(fields=["rating_list", "ident"], name="rated_player_ident"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.ident})"
