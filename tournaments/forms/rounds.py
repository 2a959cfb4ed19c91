"""Rounds: results, draft edits, publishing and unpublishing."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.forms.players import player_choices
from tournaments.models import Result, Round

# Keys typed on a focused board, and the result each stands for.
RESULT_KEYS = {
    "1": Result.WHITE_WINS,
    "=": Result.DRAW,
    "0": Result.BLACK_WINS,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
    # Go: black wins, white wins, jigo.
    "b": Result.BLACK_WINS,
    "w": Result.WHITE_WINS,
    "j": Result.DRAW,
}


class ResultForm(forms.Form):
    result = forms.CharField(max_length=7, required=False)
    version = forms.IntegerField(min_value=0)
    pending = forms.BooleanField(required=False)  # the "not yet entered" filter is on

    def clean_result(self) -> str:
        value = (self.cleaned_data.get("result") or "").strip()
        value = RESULT_KEYS.get(value, value)
        if value not in Result.values:
            raise forms.ValidationError(
                gettext("%(value)s is not a result.") % {"value": repr(value)}
            )
        return value


class _RoundPlayersForm(forms.Form):
    def __init__(self, *args, round: Round, players: list | None = None, **kwargs):
        """`players`: the section's players in pairing-number order, when the caller
        has them loaded (else they are read)."""
        super().__init__(*args, **kwargs)
        self.round = round
        choices = player_choices(round.section, players=players)
        for name, field in self.fields.items():
            if isinstance(field, forms.TypedChoiceField) and name != "colour":
                field.choices = choices


class SwapForm(_RoundPlayersForm):
    player_a = forms.TypedChoiceField(
        label=pgettext_lazy("verb: swap two players", "Swap"), coerce=int
    )
    player_b = forms.TypedChoiceField(
        label=pgettext_lazy("swap a player with another", "with"), coerce=int
    )

    def clean(self):
        data = super().clean()
        if data.get("player_a") is not None and data.get("player_a") == data.get("player_b"):
            self.add_error("player_b", gettext("Choose two different players."))
        return data


class MoveForm(_RoundPlayersForm):
    player = forms.TypedChoiceField(label=pgettext_lazy("verb: move a player", "Move"), coerce=int)
    board = forms.IntegerField(label=_("to board"), min_value=1)
    colour = forms.TypedChoiceField(
        label=pgettext_lazy("move a player with a colour", "with"),
        choices=[("w", pgettext_lazy("colour", "White")), ("b", pgettext_lazy("colour", "Black"))],
        coerce=str,
    )


class BoardForm(_RoundPlayersForm):
    white = forms.TypedChoiceField(label=pgettext_lazy("colour", "White"), coerce=int)
    black = forms.TypedChoiceField(label=pgettext_lazy("colour", "Black"), coerce=int)

    def clean(self):
        data = super().clean()
        if data.get("white") is not None and data.get("white") == data.get("black"):
            self.add_error("black", gettext("A board needs two different players."))
        return data


class GiveByeForm(_RoundPlayersForm):
    player = forms.TypedChoiceField(label=_("Bye for"), coerce=int)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("prefix", "bye")  # the move form has a "player" field too
        super().__init__(*args, **kwargs)


class PublishForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("I have checked the problems listed above; publish anyway."), required=False
    )


class UnpublishForm(forms.Form):
    reason = forms.CharField(
        label=_("Why is the round taken back?"),
        max_length=300,
        help_text=_("Players see this on the public pages."),
    )
