"""A section: game and pairing system, rounds, scoring, tiebreaks, McMahon settings."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from pairing.engine.mcmahon.config import EVEN_STRATEGIES, SEED_STRATEGIES
from pairing.limits import MAX_ROUNDS
from tiebreaks.methods.presets import PRESETS
from tiebreaks.methods.registry import UnknownTiebreak, canonical
from tournaments.forms.common import RESERVED_SECTION_SLUGS, check_slug, free_slug, slug_field
from tournaments.gorank import GO_RANK_RE, rank_to_grade
from tournaments.models import (
    CHESS_SYSTEMS,
    CheckIn,
    FirstColour,
    GameKind,
    PairingSystem,
    RatingType,
    Section,
    UnplayedRule,
)

OWN_ORDER = "__own__"
GAME_DEFAULT = "__game__"
GAME_DEFAULT_LABEL = _(
    "The usual rules of the system (Swiss: FIDE Swiss 2026; round-robin: FIDE Round-robin; "
    "Go: EGF McMahon)"
)

SCORING_FIELDS = (
    ("points_win", pgettext_lazy("points for a", "Win")),
    ("points_draw", pgettext_lazy("points for a", "Draw")),
    ("points_loss", pgettext_lazy("points for a", "Loss")),
    ("points_forfeit_win", _("Forfeit win")),
    ("points_forfeit_loss", _("Forfeit loss")),
    ("points_pairing_bye", _("Pairing-allocated bye")),
    ("points_full_bye", _("Requested full-point bye")),
    ("points_half_bye", _("Requested half-point bye")),
    ("points_zero_bye", _("Requested zero-point bye")),
    ("points_absent", _("Absent")),
)
CHESS_FIELDS = ("pairing_system", "beta", "first_colour", "rating_type", "acceleration")
GO_FIELDS = (
    "mcmahon_bar",
    "mcmahon_floor",
    "mcmahon_no_handicap_above",
    "handicap_reduction",
    "handicap_cap",
    "komi_even",
    "komi_handicap",
    "even_strategy",
    "seed_strategy",
    "forbid_same_club",
    "round_down_free_points",
)
# Stored in Section.mcmahon_options rather than in columns of their own.
MCMAHON_OPTION_FIELDS = (
    "even_strategy",
    "seed_strategy",
    "forbid_same_club",
    "round_down_free_points",
)
# Rank settings that may be left empty (no bar, no floor, no "no handicap above").
OPTIONAL_RANKS = ("mcmahon_bar", "mcmahon_floor", "mcmahon_no_handicap_above")

_STRATEGY_LABELS = {
    "split-fold": _("Split and fold (1 v n/2+1, …)"),
    "split-match": _("Split and match (top half v bottom half, in order)"),
    "split-mix": _("Split and mix"),
    "fine-grain": _("Fine grain (nearest in rank)"),
    "random": _("Random"),
    "fold": _("Fold (top v bottom)"),
    "match": pgettext_lazy("McMahon strategy", "Match"),
    "nearest": _("Nearest"),
}


def _points_field(label: str) -> forms.DecimalField:
    return forms.DecimalField(
        label=label, max_digits=4, decimal_places=1, min_value=Decimal(0), max_value=Decimal(99)
    )


def _rank_field(label: str, help_text: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=4,
        required=False,
        help_text=help_text,
        validators=[RegexValidator(GO_RANK_RE, _("Write a Go rank such as 3d, 1k or 20k."))],
    )


class SectionForm(forms.Form):
    name = forms.CharField(
        label=_("Section name"), max_length=120, help_text=_("e.g. Open, U1600.")
    )
    slug = slug_field(_("Used in links. Left empty, it is made from the name."))
    game = forms.ChoiceField(
        label=_("Game"),
        choices=GameKind.choices,
        help_text=_("Chess sections are paired by a Swiss system, Go sections by McMahon."),
    )
    total_rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=5
    )
    check_in = forms.ChoiceField(
        label=_("Check-in"),
        choices=CheckIn.choices,
        required=False,
        help_text=_("Pairing a round then offers to mark those who have not checked in as absent."),
    )
    # Chess
    pairing_system = forms.ChoiceField(
        label=_("Pairing system"),
        choices=[(v, label) for v, label in PairingSystem.choices if v in CHESS_SYSTEMS],
        initial=PairingSystem.MWM_DUTCH,
        required=False,
    )
    beta = forms.IntegerField(
        label=_("Colour limit (beta)"),
        min_value=1,
        max_value=5,
        initial=2,
        required=False,
        help_text=_("The largest colour difference a player may reach (FIDE: 2)."),
    )
    first_colour = forms.ChoiceField(
        label=_("Round 1, board 1: higher-rated player has"),
        choices=FirstColour.choices,
        required=False,
    )
    acceleration = forms.ChoiceField(
        label=_("Accelerated pairings"),
        choices=[
            ("", pgettext_lazy("no acceleration", "None")),
            ("baku", _("Baku (FIDE C.04.5.1): top half +1 point, then +½")),
        ],
        required=False,
        help_text=_("Written to the TRF as XXA lines, so other engines pair the same."),
    )
    rating_type = forms.ChoiceField(
        label=_("Ratings from FIDE's list"),
        choices=RatingType.choices,
        initial=RatingType.STANDARD,
        required=False,
        help_text=_("Which rating a player registered from the list gets."),
    )
    # Go
    mcmahon_bar = _rank_field(
        _("McMahon bar"), _("Players at or above this rank start equal, e.g. 3d.")
    )
    mcmahon_floor = _rank_field(
        _("McMahon floor"), _("Players below this rank start equal, e.g. 20k.")
    )
    mcmahon_no_handicap_above = _rank_field(
        _("No handicap above"),
        _(
            "Handicap counts a stronger player as this rank: two players at or above it play "
            "even (OpenGotha's setting of the same name; 1d by default). Empty: no such rank."
        ),
    )
    handicap_reduction = forms.IntegerField(
        label=_("Handicap reduction"),
        min_value=-1,
        max_value=9,
        initial=1,
        required=False,
        help_text=_(
            "Stones taken off the McMahon score difference (0: full handicap; -1: one stone more)."
        ),
    )
    handicap_cap = forms.IntegerField(
        label=_("Most handicap stones"), min_value=0, max_value=9, initial=9, required=False
    )
    komi_even = forms.DecimalField(
        label=_("Komi in even games"),
        max_digits=4,
        decimal_places=1,
        initial=Decimal("6.5"),
        required=False,
    )
    komi_handicap = forms.DecimalField(
        label=_("Komi in handicap games"),
        max_digits=4,
        decimal_places=1,
        initial=Decimal("0.5"),
        required=False,
    )
    even_strategy = forms.ChoiceField(
        label=_("Pairing inside a McMahon group"),
        choices=[(s, _STRATEGY_LABELS.get(s, s)) for s in EVEN_STRATEGIES],
        initial="split-fold",
        required=False,
    )
    seed_strategy = forms.ChoiceField(
        label=_("Players drawn up or down are paired"),
        choices=[(s, _STRATEGY_LABELS.get(s, s)) for s in SEED_STRATEGIES],
        initial="nearest",
        required=False,
    )
    forbid_same_club = forms.BooleanField(
        label=_("Never pair players of the same club"),
        required=False,
        help_text=_("An absolute rule for the pairing and the checker (an empty club is no club)."),
    )
    round_down_free_points = forms.BooleanField(
        label=_("Count bye and absence points in whole points"),
        required=False,
        help_text=_("OpenGotha's 'round down': two half-point absences make one point."),
    )
    # Tiebreaks
    tiebreak_preset = forms.ChoiceField(label=_("Rule set"), required=False)
    tiebreaks = forms.CharField(
        label=_("Own tiebreak order"),
        required=False,
        max_length=200,
        help_text=_("Acronyms separated by commas, e.g. BH-C1, BH, SB, DE."),
    )
    unplayed_rule = forms.ChoiceField(
        label=_("Unplayed rounds in tiebreaks"),
        choices=UnplayedRule.choices,
        initial=UnplayedRule.FIDE_2026,
    )

    def __init__(self, *args, event, section: Section | None = None, **kwargs):
        self.event = event
        self.section = section
        if section is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(section)
        super().__init__(*args, **kwargs)
        self.fields["tiebreak_preset"].choices = (
            ([] if section is not None else [(GAME_DEFAULT, GAME_DEFAULT_LABEL)])
            + [(p.name, f"{p.name}: {', '.join(p.tiebreaks)}") for p in PRESETS]
            + [(OWN_ORDER, gettext("My own order (below)"))]
        )
        if section is None:
            self.fields["tiebreak_preset"].initial = GAME_DEFAULT
        self.fields["mcmahon_no_handicap_above"].initial = "1d"
        for name, label in SCORING_FIELDS:
            self.fields[name] = _points_field(label)
            self.fields[name].initial = Section._meta.get_field(name).default
        if section is not None and section.rounds.exists():
            self.fields["game"].disabled = True
            self.fields["game"].help_text = gettext(
                "The game cannot change once round 1 is paired."
            )
        self.fields["name"].widget.attrs.update({"autofocus": True, "autocomplete": "off"})

    @staticmethod
    def initial_from(section: Section) -> dict:
        columns = [f for f in GO_FIELDS if f not in MCMAHON_OPTION_FIELDS]
        names = [
            "name", "slug", "game", "total_rounds", "check_in", "unplayed_rule",
            *CHESS_FIELDS, *columns,
        ]  # fmt: skip
        data = {f: getattr(section, f) for f in names}
        data.update({name: getattr(section, name) for name, _label in SCORING_FIELDS})
        options = section.mcmahon_options or {}
        for key in MCMAHON_OPTION_FIELDS:
            if key in options:
                data[key] = options[key]
        if section.tiebreaks:
            data["tiebreak_preset"] = OWN_ORDER
            data["tiebreaks"] = ", ".join(section.tiebreaks)
        else:
            data["tiebreak_preset"] = section.tiebreak_preset
        return data

    @property
    def scoring_fields(self):
        return [self[name] for name, _label in SCORING_FIELDS]

    @property
    def chess_fields(self):
        return [self[name] for name in CHESS_FIELDS]

    @property
    def go_fields(self):
        return [self[name] for name in GO_FIELDS]

    def _taken(self) -> set[str]:
        slugs = self.event.sections.values_list("slug", flat=True)
        if self.section is not None:
            slugs = slugs.exclude(pk=self.section.pk)
        return set(slugs)

    def clean_slug(self) -> str:
        value = self.cleaned_data.get("slug") or ""
        if not value:
            return ""
        return check_slug(
            value, reserved=RESERVED_SECTION_SLUGS, taken=self._taken(), what="section"
        )

    def clean_mcmahon_bar(self) -> str:
        return (self.cleaned_data.get("mcmahon_bar") or "").strip().lower()

    def clean_mcmahon_floor(self) -> str:
        return (self.cleaned_data.get("mcmahon_floor") or "").strip().lower()

    def clean_mcmahon_no_handicap_above(self) -> str:
        return (self.cleaned_data.get("mcmahon_no_handicap_above") or "").strip().lower()

    def clean_tiebreaks(self) -> list[str]:
        raw = self.cleaned_data.get("tiebreaks") or ""
        names = [t for t in (part.strip() for part in raw.replace(";", ",").split(",")) if t]
        out = []
        for name in names:
            try:
                out.append(canonical(name))
            except UnknownTiebreak:
                raise forms.ValidationError(
                    gettext(
                        "“%(name)s” is not a tiebreak Blossom knows (e.g. BH-C1, BH, SB, DE, WIN)."
                    )
                    % {"name": name}
                ) from None
        return out

    def clean(self):
        data = super().clean()
        game = data.get("game") or (self.section.game if self.section else GameKind.CHESS)
        if game == GameKind.GO:
            data["pairing_system"] = PairingSystem.MCMAHON
            bar, floor = data.get("mcmahon_bar"), data.get("mcmahon_floor")
            if bar and floor and rank_to_grade(floor) > rank_to_grade(bar):
                self.add_error(
                    "mcmahon_floor",
                    gettext("The floor (%(floor)s) must not be above the bar (%(bar)s).")
                    % {"floor": floor, "bar": bar},
                )
        elif not data.get("pairing_system"):
            self.add_error("pairing_system", gettext("Choose a pairing system."))
        if data.get("tiebreak_preset") == OWN_ORDER and not data.get("tiebreaks"):
            self.add_error("tiebreaks", gettext("List the tiebreaks in order, or choose a preset."))
        if not data.get("slug") and data.get("name"):
            data["slug"] = (
                self.section.slug
                if self.section is not None
                else free_slug(
                    data["name"],
                    reserved=RESERVED_SECTION_SLUGS,
                    taken=self._taken(),
                    fallback="section",
                )
            )
        return data

    def service_fields(self) -> dict:
        """The cleaned data as keyword arguments of section_create / section_update."""
        data = dict(self.cleaned_data)
        out: dict = {
            "name": data["name"],
            "slug": data["slug"],
            "total_rounds": data["total_rounds"],
            "check_in": data.get("check_in") or CheckIn.OFF,
            "unplayed_rule": data["unplayed_rule"],
            "pairing_system": data["pairing_system"],
        }
        if not self.fields["game"].disabled:
            out["game"] = data["game"]
        game = out.get("game") or self.section.game
        for name, _label in SCORING_FIELDS:
            # A new Go section keeps Go's own scoring where the arbiter changed nothing.
            if self.section is None and game == GameKind.GO and name not in self.changed_data:
                continue
            out[name] = data[name]
        if data["tiebreak_preset"] == GAME_DEFAULT:
            pass  # the game's own preset (section_create: FIDE for chess, EGF for Go)
        elif data["tiebreak_preset"] == OWN_ORDER:
            out["tiebreak_preset"], out["tiebreaks"] = "", data["tiebreaks"]
        else:
            out["tiebreak_preset"], out["tiebreaks"] = data["tiebreak_preset"], []
        if game == GameKind.GO:
            for name in GO_FIELDS:
                if name in MCMAHON_OPTION_FIELDS:
                    continue
                if data.get(name) not in (None, ""):
                    out[name] = data[name]
                elif name in OPTIONAL_RANKS:
                    out[name] = ""
            options = dict(self.section.mcmahon_options or {}) if self.section else {}
            for key in MCMAHON_OPTION_FIELDS:
                if data.get(key) not in (None, ""):
                    options[key] = data[key]
            out["mcmahon_options"] = options
        else:
            out["beta"] = data.get("beta") or 2
            out["first_colour"] = data.get("first_colour") or ""
            out["rating_type"] = data.get("rating_type") or RatingType.STANDARD
            out["acceleration"] = data.get("acceleration") or ""
        return out
