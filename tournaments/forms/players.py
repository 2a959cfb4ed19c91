"""Players: the quick add form, editing, withdrawal, requested byes, prohibited pairings."""

from __future__ import annotations

from django import forms
from django.core.validators import RegexValidator
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.gorank import GO_RANK_RE
from tournaments.models import ByeKind, Player, Section

CHESS_ADD = ("name", "rating", "title", "federation", "club", "fide_id")
GO_ADD = ("name", "go_rank", "rating", "club", "federation", "egf_pin")
EDIT_EXTRA = ("avoid_group", "sex", "birth")
GO_EDIT_EXTRA = ("mms_correction",)


def _field(name: str, *, go: bool) -> forms.Field:
    if name == "name":
        return forms.CharField(
            label=_("Name"),
            max_length=120,
            help_text=_("Family name, given name."),
            widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
        )
    if name == "rating":
        return forms.IntegerField(
            label=_("Rating") if not go else _("Rating (EGF GoR)"),
            min_value=0,
            max_value=4000,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
    if name == "go_rank":
        return forms.CharField(
            label=pgettext_lazy("go rank", "Rank"),
            max_length=4,
            required=False,
            help_text=_("e.g. 15k, 1d; empty: the rank the EGF rating stands for."),
            validators=[RegexValidator(GO_RANK_RE, _("Write a Go rank such as 15k, 1d or 2p."))],
            widget=forms.TextInput(attrs={"autocomplete": "off", "size": 4}),
        )
    if name == "title":
        return forms.CharField(
            label=pgettext_lazy("chess title", "Title"),
            max_length=4,
            required=False,
            help_text=_("GM, IM, WFM…"),
            widget=forms.TextInput(attrs={"autocomplete": "off", "size": 4}),
        )
    if name == "federation":
        return forms.CharField(
            label=_("Country") if go else _("Federation"),
            max_length=3,
            required=False,
            help_text=_("Two or three letters, e.g. FR") if go else _("e.g. NOR"),
            widget=forms.TextInput(attrs={"autocomplete": "off", "size": 3}),
        )
    if name == "club":
        return forms.CharField(
            label=_("Club"),
            max_length=120,
            required=False,
            widget=forms.TextInput(attrs={"autocomplete": "off"}),
        )
    if name == "fide_id":
        return forms.CharField(
            label=_("FIDE ID"),
            max_length=12,
            required=False,
            widget=forms.TextInput(attrs={"inputmode": "numeric"}),
        )
    if name == "egf_pin":
        return forms.CharField(
            label=_("EGF PIN"),
            max_length=12,
            required=False,
            widget=forms.TextInput(attrs={"inputmode": "numeric"}),
        )
    if name == "avoid_group":
        return forms.CharField(
            label=_("Family or team"),
            max_length=60,
            required=False,
            help_text=_("Players with the same label are never paired together."),
            widget=forms.TextInput(attrs={"autocomplete": "off"}),
        )
    if name == "sex":
        return forms.ChoiceField(
            label=_("Sex"),
            required=False,
            choices=[("", "—"), ("m", _("Male")), ("w", _("Female"))],
        )
    if name == "birth":
        return forms.CharField(label=_("Birth (year or date)"), max_length=10, required=False)
    if name == "mms_correction":
        return forms.IntegerField(
            label=_("McMahon start correction"),
            min_value=-20,
            max_value=20,
            initial=0,
            help_text=_("Added to the McMahon start score (e.g. +1 for a player entered too low)."),
        )
    raise KeyError(name)


class PlayerForm(forms.Form):
    """Add (the quick form) or edit a player; the fields follow the section's game."""

    def __init__(
        self,
        *args,
        section: Section,
        player: Player | None = None,
        late_entry: bool = False,
        **kwargs,
    ):
        self.section = section
        go = section.is_go
        names = list(GO_ADD if go else CHESS_ADD)
        if player is not None:
            names += list(EDIT_EXTRA) + (list(GO_EDIT_EXTRA) if go else [])
            if "initial" not in kwargs:
                kwargs["initial"] = {n: getattr(player, n) for n in names}
        super().__init__(*args, **kwargs)
        for name in names:
            self.fields[name] = _field(name, go=go)
        if player is None:
            self.fields["name"].widget.attrs["autofocus"] = True
            if not go:  # filled when the player is picked from FIDE's list
                for hidden in ("sex", "birth"):
                    field = _field(hidden, go=go)
                    field.widget = forms.HiddenInput(attrs={"class": "from-list"})
                    self.fields[hidden] = field
        if late_entry and player is None:
            self.fields["missed_rounds_bye"] = forms.ChoiceField(
                label=_("Rounds already paired count as"),
                choices=[
                    (ByeKind.ZERO, _("Zero-point byes")),
                    (ByeKind.HALF, _("Half-point byes")),
                ],
                initial=ByeKind.ZERO,
            )

    def clean_go_rank(self) -> str:
        return (self.cleaned_data.get("go_rank") or "").strip().lower()

    def clean_title(self) -> str:
        return (self.cleaned_data.get("title") or "").strip().upper()

    def clean_federation(self) -> str:
        return (self.cleaned_data.get("federation") or "").strip().upper()

    def service_fields(self) -> dict:
        data = dict(self.cleaned_data)
        data.pop("missed_rounds_bye", None)
        return {k: ("" if v is None and k != "rating" else v) for k, v in data.items()}


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(label=_("Not paired from round"), min_value=1)

    def __init__(self, *args, section: Section, first_free: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["from_round"].max_value = section.total_rounds + 1
        self.fields["from_round"].initial = first_free


class ByeRequestForm(forms.Form):
    rounds = forms.TypedMultipleChoiceField(
        label=_("Rounds"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Tick at least one round.")},
    )
    kind = forms.ChoiceField(
        label=pgettext_lazy("pairing bye", "Bye"),
        choices=[
            (ByeKind.HALF, _("Half-point bye")),
            (ByeKind.ZERO, _("Zero-point bye")),
            (ByeKind.FULL, _("Full-point bye")),
        ],
        initial=ByeKind.HALF,
    )

    def __init__(self, *args, rounds: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rounds"].choices = [(n, gettext("Round %(n)s") % {"n": n}) for n in rounds]


def player_choices(
    section: Section, *, blank: str = _("Choose a player"), players: list | None = None
) -> list[tuple]:
    if players is None:
        pairs = section.players.order_by("pairing_number").values_list("pairing_number", "name")
    else:
        pairs = [(p.pairing_number, p.name) for p in players]
    return [("", blank)] + [(n, f"{n}. {name}") for n, name in pairs]


class ProhibitedPairForm(forms.Form):
    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("Must not meet"), coerce=int)
    reason = forms.CharField(
        label=_("Why"), max_length=120, required=False, help_text=_("e.g. brothers, same team.")
    )
    first_round = forms.IntegerField(label=_("From round"), min_value=1, initial=1)
    last_round = forms.IntegerField(
        label=_("Until round"), min_value=1, required=False, help_text=_("Empty: until the end.")
    )

    def __init__(self, *args, section: Section, **kwargs):
        super().__init__(*args, **kwargs)
        self.section = section
        self.fields["player_a"].choices = player_choices(section)
        self.fields["player_b"].choices = player_choices(section)

    def clean(self):
        data = super().clean()
        a, b = data.get("player_a"), data.get("player_b")
        if a is not None and a == b:
            self.add_error("player_b", gettext("Choose two different players."))
        first, last = data.get("first_round"), data.get("last_round")
        if first and last and last < first:
            self.add_error("last_round", gettext("The last round cannot be before the first."))
        return data
