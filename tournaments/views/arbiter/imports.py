"""Files: import players from CSV (preview, then confirm), a whole event from FIDE TRF
or OpenGotha XML; export TRF, OpenGotha XML and EGF .h9."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.errors import ServiceError
from tournaments.forms.imports import CsvConfirmForm, ImportForm
from tournaments.selectors.exports import h9_export, opengotha_export, tou_export, trf_export
from tournaments.services.imports import csv_import, csv_preview, opengotha_import, trf_import
from tournaments.views.arbiter.access import arbiter_view
from tournaments.views.arbiter.common import section_url

# format in the URL: (writer, file extension, content type, name for people)
FORMATS = {
    "trf": (trf_export, "trf", "text/plain; charset=utf-8", "FIDE TRF"),
    "opengotha": (opengotha_export, "xml", "application/xml; charset=utf-8", "OpenGotha XML"),
    "h9": (h9_export, "h9", "text/plain; charset=utf-8", gettext_lazy("EGF results (.h9)")),
    "tou": (tou_export, "tou", "text/plain; charset=utf-8", gettext_lazy("FFG results (.tou)")),
}


def _context(section, **extra) -> dict:
    return {"event": section.event, "section": section, "tab": "import", **extra}


@arbiter_view
def import_home(request, event, section):
    return render(
        request,
        "arbiter/import.html",
        _context(
            section,
            csv_form=ImportForm(accept=".csv,.txt,text/csv", prefix="csv"),
            file_form=ImportForm(accept=".xml" if section.is_go else ".trf,.txt", prefix="file"),
            empty=not section.players.exists(),
        ),
    )


@arbiter_view
@require_http_methods(["GET", "POST"])
def import_csv(request, event, section):
    """Show what the file holds, line by line with its errors; store nothing yet."""
    if request.method == "GET":
        return redirect(section_url(section, "import"))
    form = ImportForm(request.POST, request.FILES, prefix="csv")
    if not form.is_valid():
        return render(
            request,
            "arbiter/import.html",
            _context(
                section,
                csv_form=form,
                file_form=ImportForm(prefix="file"),
                empty=not section.players.exists(),
            ),
        )
    content = form.cleaned_data["content"]
    preview = csv_preview(section=section, text=content)
    errors_by_line: dict[int, list[tuple[str, str]]] = {}
    for line, field, message in preview.errors:
        errors_by_line.setdefault(line, []).append((field, message))
    rows = [(row, errors_by_line.get(row.get("line"), [])) for row in preview.rows]
    row_lines = {row.get("line") for row in preview.rows}
    other_errors = [
        (line, field, message) for line, field, message in preview.errors if line not in row_lines
    ]
    return render(
        request,
        "arbiter/import_preview.html",
        _context(
            section,
            preview=preview,
            rows=rows,
            other_errors=other_errors,
            columns=preview.columns,
            confirm_form=CsvConfirmForm(initial={"content": content}),
            fix_form=ImportForm(initial={"text": content}, prefix="csv"),
        ),
    )


@arbiter_view
@require_POST
def import_csv_confirm(request, event, section):
    form = CsvConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The file's text was lost; upload it again."))
        return redirect(section_url(section, "import"))
    try:
        count = csv_import(section=section, text=form.cleaned_data["content"])
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect(section_url(section, "import"))
    messages.success(
        request,
        ngettext("%(n)s player imported.", "%(n)s players imported.", count) % {"n": count},
    )
    return redirect(section_url(section, "players"))


@arbiter_view
@require_POST
def import_file(request, event, section):
    """A whole tournament into an empty section: TRF for chess, OpenGotha XML for Go."""
    form = ImportForm(request.POST, request.FILES, prefix="file")
    if not form.is_valid():
        return render(
            request,
            "arbiter/import.html",
            _context(
                section,
                csv_form=ImportForm(prefix="csv"),
                file_form=form,
                empty=not section.players.exists(),
            ),
        )
    text = form.cleaned_data["content"]
    try:
        if section.is_go:
            report = opengotha_import(section=section, text=text)
        else:
            report = trf_import(section=section, text=text)
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return render(
            request,
            "arbiter/import.html",
            _context(
                section,
                csv_form=ImportForm(prefix="csv"),
                file_form=form,
                empty=not section.players.exists(),
            ),
        )
    players = ngettext("%(n)s player", "%(n)s players", report.players) % {"n": report.players}
    rounds = ngettext("%(n)s round", "%(n)s rounds", report.rounds) % {"n": report.rounds}
    messages.success(
        request,
        _("Imported %(players)s and %(rounds)s.") % {"players": players, "rounds": rounds},
    )
    for warning in report.warnings[:10]:
        messages.warning(request, warning)
    return redirect(section_url(section))


@arbiter_view
def export(request, event, section, fmt):
    if fmt not in FORMATS or (fmt == "trf") == section.is_go:
        raise Http404("No such file for this section")
    writer, extension, content_type, label = FORMATS[fmt]
    try:
        exported = writer(section=section)
    except ServiceError as exc:
        messages.error(request, f"{label}: {exc.message}")
        return redirect(section_url(section, "import"))
    for note in exported.notes:  # shown on the next page the arbiter opens
        messages.warning(request, f"{label}: {note}")
    response = HttpResponse(exported.text, content_type=content_type)
    name = f"{event.slug}-{section.slug}.{extension}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
