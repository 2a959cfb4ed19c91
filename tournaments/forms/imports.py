"""Importing players and rounds from files: CSV (with a preview), FIDE TRF, OpenGotha XML."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

MAX_BYTES = 2 * 1024 * 1024


class ImportForm(forms.Form):
    """A file or pasted text; the file wins when both are given."""

    file = forms.FileField(label=_("File"), required=False)
    text = forms.CharField(
        label=_("…or paste the text"),
        required=False,
        # Fixed-width files (TRF columns): shown as they are, one line per line.
        widget=forms.Textarea(
            attrs={"rows": 8, "spellcheck": "false", "wrap": "off", "class": "filetext"}
        ),
    )

    def __init__(self, *args, accept: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if accept:
            self.fields["file"].widget.attrs["accept"] = accept

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_BYTES:
                raise forms.ValidationError(gettext("The file is larger than 2 MB."))
            raw = upload.read()
            for encoding in ("utf-8-sig", "cp1252", "latin-1"):
                try:
                    data["content"] = raw.decode(encoding)
                    break
                except UnicodeDecodeError:
                    continue
            else:  # latin-1 decodes any byte; kept for clarity
                raise forms.ValidationError(
                    gettext("The file is not text (UTF-8 or Windows-1252).")
                )
        else:
            data["content"] = data.get("text") or ""
            if len(data["content"].encode("utf-8")) > MAX_BYTES:
                raise forms.ValidationError(gettext("The pasted text is larger than 2 MB."))
        if not data["content"].strip():
            raise forms.ValidationError(gettext("Choose a file or paste its text."))
        return data


class CsvConfirmForm(forms.Form):
    content = forms.CharField(widget=forms.HiddenInput, strip=False)
