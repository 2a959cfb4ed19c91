/* Result entry on a published round: keys 1 = 0 + - (or the buttons) on a board row.

   Arbiters type from a stack of slips, faster than the network answers. So every
   key is queued here and the cursor moves to the next board at once; the queue
   sends one result at a time, in the order typed, each with the version of its
   board as the page knows it when it is sent (the previous answer for that board
   has replaced its row by then). Each row shows its state: pending (queued or on
   its way), saved, or not saved. Nothing is dropped: a save that fails stays on its
   row with a Retry button until it is saved or replaced by a later key; a board
   another arbiter changed meanwhile comes back with the current result and the
   server's explanation, and any later keys typed for it are listed, not sent. */
(function () {
  "use strict";

  var queue = []; // {board, result, label}, in the order typed
  var busy = false;
  var failed = {}; // board -> {result, label, message, retry}
  var saved = {}; // board -> true once a result typed here is stored

  function rowOf(board) { return document.getElementById("board-" + board); }

  function waiting(board) {
    return queue.filter(function (item) { return item.board === board; });
  }

  function labelOf(button) { return (button.textContent || button.value).trim(); }

  function stateLine(row) {
    var line = row.querySelector(".save-state");
    if (!line) {
      line = document.createElement("p");
      line.className = "save-state";
      row.appendChild(line);
    }
    return line;
  }

  function showRow(board) {
    var row = rowOf(board);
    if (!row) { return; }
    var pending = waiting(board);
    var problem = failed[board];
    row.classList.remove("is-pending", "is-failed", "is-saved");
    var line = stateLine(row);
    line.textContent = "";
    if (pending.length) {
      row.classList.add("is-pending");
      line.textContent = interpolate(gettext("Saving %(results)s…"), {results: pending.map(function (i) { return i.label; }).join(gettext(", then "))}, true);
    } else if (problem) {
      row.classList.add("is-failed");
      line.textContent = interpolate(gettext("Not saved: %(result)s."), {result: problem.label}, true) + " " + problem.message + " ";
      if (problem.retry) {
        var retry = document.createElement("button");
        retry.type = "button";
        retry.className = "btn small retry";
        retry.setAttribute("data-retry", board);
        retry.textContent = interpolate(gettext("Retry %(result)s"), {result: problem.label}, true);
        line.appendChild(retry);
      }
    } else if (saved[board]) {
      row.classList.add("is-saved");
      line.textContent = gettext("Saved");
    }
    line.hidden = !line.textContent;
  }

  function showSummary() {
    var el = document.getElementById("entry-status");
    if (!el) { return; }
    var notSaved = Object.keys(failed).length;
    var parts = [];
    if (queue.length) { parts.push(interpolate(ngettext("Saving %(n)s result…", "Saving %(n)s results…", queue.length), {n: queue.length}, true)); }
    if (notSaved) { parts.push(interpolate(ngettext("%(n)s board not saved", "%(n)s boards not saved", notSaved), {n: notSaved}, true)); }
    el.textContent = parts.join(" · ");
    el.classList.toggle("bad", notSaved > 0);
  }

  function plainMessage(response, text) {
    var type = response.headers.get("Content-Type") || "";
    if (type.indexOf("text/plain") === 0 && text && text.length < 400) { return text; }
    return interpolate(gettext("The server refused it (%(status)s)."), {status: response.status}, true);
  }

  function fail(item, message, retry) {
    failed[item.board] = { result: item.result, label: item.label, message: message, retry: retry };
  }

  /* A board came back refusing the result (changed meanwhile, or not open for results):
     its row now shows why and the current result; later keys for it are not sent. */
  function refuse(item) {
    var later = waiting(item.board).filter(function (i) { return i !== item; });
    queue = queue.filter(function (i) { return i.board !== item.board || i === item; });
    var note = later.length ? interpolate(gettext("Also not sent: %(results)s."), {results: later.map(function (i) { return i.label; }).join(", ")}, true) : "";
    fail(item, note || gettext("See the message above."), false);
  }

  function send(item) {
    var row = rowOf(item.board);
    var form = row && row.querySelector("form.rbuttons");
    if (!form) {
      fail(item, gettext("This board is no longer on the page: reload it and check."), false);
      return Promise.resolve();
    }
    var data = new FormData(form);
    data.set("result", item.result);
    return fetch(form.action, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href }
    }).then(function (response) {
      if (response.headers.get("HX-Redirect")) {
        fail(item, gettext("You are no longer logged in: log in again in another tab, then retry."), true);
        return null;
      }
      return response.text().then(function (text) {
        if (!response.ok) {
          fail(item, plainMessage(response, text), true);
          return;
        }
        var current = rowOf(item.board);
        var keepFocus = current && current.contains(document.activeElement);
        window.htmx.swap("#board-" + item.board, text, { swapStyle: "outerHTML" });
        var fresh = rowOf(item.board);
        if (keepFocus && fresh) { fresh.focus({ preventScroll: true }); }
        if (fresh && fresh.classList.contains("has-conflict")) {
          refuse(item);
        } else {
          delete failed[item.board];
          saved[item.board] = true;
        }
      });
    }, function () {
      fail(item, gettext("No connection."), true);
    });
  }

  function pump() {
    if (busy) { return; }
    if (!queue.length) { showSummary(); return; }
    busy = true;
    var item = queue[0];
    showSummary();
    send(item).catch(function () {
      fail(item, gettext("The answer could not be read: reload the page to check this board."), true);
    }).then(function () {
      if (queue[0] === item) { queue.shift(); }
      busy = false;
      showRow(item.board);
      pump();
    });
  }

  function enqueue(board, result, label) {
    queue.push({ board: board, result: result, label: label });
    showRow(board);
    showSummary();
    pump();
  }

  function nextRow(row) {
    var next = row.nextElementSibling;
    while (next && !(next.matches && next.matches("li.board-row"))) { next = next.nextElementSibling; }
    return next;
  }

  /* Keys: on a focused board row, 1 = 0 + - stand for the buttons that name them in
     aria-keyshortcuts. (Done here rather than in an hx-trigger filter, which would need
     eval, refused by the Content-Security-Policy.) */
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) { return; }
    var target = event.target;
    if (!target || !target.closest || target.closest("input, textarea, select")) { return; }
    var row = target.closest("li.board-row");
    if (!row || !row.querySelector("form.rbuttons")) { return; }
    var buttons = row.querySelectorAll("button[aria-keyshortcuts]");
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].getAttribute("aria-keyshortcuts") === event.key) {
        event.preventDefault();
        if (event.repeat) { return; } // a key held down enters one result, not many
        var next = nextRow(row);
        enqueue(row.getAttribute("data-board"), buttons[i].value, labelOf(buttons[i]));
        if (next) { next.focus(); }
        return;
      }
    }
  });

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) { return; }
    var retry = target.closest("button[data-retry]");
    if (retry) {
      var board = retry.getAttribute("data-retry");
      var problem = failed[board];
      if (problem) {
        delete failed[board];
        rowOf(board).focus({ preventScroll: true });
        enqueue(board, problem.result, problem.label);
      }
      return;
    }
    var button = target.closest("li.board-row form.rbuttons button[name=result]");
    if (!button) { return; }
    event.preventDefault();
    var row = button.closest("li.board-row");
    row.focus({ preventScroll: true }); // the row's answer keeps the focus where it was
    enqueue(row.getAttribute("data-board"), button.value, labelOf(button));
  });

  /* Undo replaces the whole round: not while results are on their way or unsaved. */
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.target;
    if (!elt || elt.id !== "undo-form") { return; }
    if (queue.length || Object.keys(failed).length) {
      event.preventDefault();
      var el = document.getElementById("entry-status");
      if (el) {
        el.textContent = gettext("Undo waits until every result typed is saved (or retried).");
        el.classList.add("bad");
      }
    }
  });

  window.addEventListener("beforeunload", function (event) {
    if (queue.length || Object.keys(failed).length) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
