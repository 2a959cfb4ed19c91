/* The quick "Add a player" form. Arbiters type the next player while the last one is
   still being saved, so the form is never replaced: Enter takes what is in it, clears
   the typed fields at once (choices such as the late-entry byes stay) and puts the
   cursor back in the first field; the entries are sent one at a time, in order.
   Each shows in the list under the form: being added, added, or not added with the
   reason and a button to put it back in the form (so nothing typed is lost, and a
   refusal never touches what is being typed now). */
(function () {
  "use strict";

  var queue = [];
  var busy = false;
  var TYPED = "input:not([type]), input[type=text], input[type=number], input[type=search], textarea";

  function log() { return document.getElementById("add-log"); }

  function typedFields(form) { return form.querySelectorAll(TYPED); }

  function snapshot(form) {
    var values = {};
    typedFields(form).forEach(function (el) { values[el.name] = el.value; });
    return values;
  }

  function nameOf(values) {
    for (var key in values) {
      if (/(^|-)name$/.test(key) && values[key].trim()) { return values[key].trim(); }
    }
    return gettext("(no name)");
  }

  function item(entry, cls, text) {
    var li = entry.li;
    if (!li) {
      li = entry.li = document.createElement("li");
      var list = log();
      if (list) { list.appendChild(li); }
    }
    li.className = cls;
    li.textContent = text;
    return li;
  }

  function button(li, label, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "btn secondary small";
    b.textContent = label;
    b.addEventListener("click", action);
    li.appendChild(document.createTextNode(" "));
    li.appendChild(b);
  }

  function putBack(entry) {
    var form = document.getElementById("add-player");
    if (!form) { return; }
    var busyForm = Array.prototype.some.call(typedFields(form), function (el) { return el.value.trim(); });
    if (busyForm && !window.confirm(interpolate(gettext("Replace what is in the form with %(name)s?"), {name: entry.name}, true))) { return; }
    typedFields(form).forEach(function (el) {
      if (Object.prototype.hasOwnProperty.call(entry.values, el.name)) { el.value = entry.values[el.name]; }
    });
    if (entry.li) { entry.li.remove(); }
    var first = typedFields(form)[0];
    if (first) { first.focus(); }
  }

  function refused(entry, reasons, retry) {
    var li = item(entry, "refused", interpolate(gettext("Not added: %(name)s."), {name: entry.name}, true) + " " + reasons.join(" "));
    if (retry) {
      button(li, gettext("Retry"), function () { queue.push(entry); item(entry, "pending", interpolate(gettext("Adding %(name)s…"), {name: entry.name}, true)); pump(); });
    }
    button(li, gettext("Put back in the form"), function () { putBack(entry); });
    button(li, gettext("Dismiss"), function () { li.remove(); });
  }

  function added(entry, answer) {
    var rows = document.getElementById("player-rows");
    if (rows && answer.row) { rows.insertAdjacentHTML("beforeend", answer.row); }
    var count = document.getElementById("player-count");
    if (count && answer.count !== undefined) { count.textContent = answer.count; }
    var none = document.getElementById("no-players");
    if (none) { none.remove(); }
    item(entry, "ok-text", answer.message);
    var done = log() ? log().querySelectorAll("li.ok-text") : [];
    for (var i = 0; i < done.length - 3; i++) { done[i].remove(); } // the last few are enough
  }

  function send(entry) {
    return fetch(entry.action, {
      method: "POST",
      body: entry.data,
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (response.redirected && response.url.indexOf("/login/") !== -1) {
        refused(entry, [gettext("You are no longer logged in: log in again in another tab, then retry.")], true);
        return null;
      }
      if (type.indexOf("application/json") !== 0) {
        return response.text().then(function (text) {
          var said = type.indexOf("text/plain") === 0 && text.length < 400 ? text : interpolate(gettext("The server refused it (%(status)s)."), {status: response.status}, true);
          refused(entry, [said], true);
        });
      }
      return response.json().then(function (answer) {
        if (response.ok) { added(entry, answer); } else { refused(entry, answer.errors || [], false); }
      });
    }, function () {
      refused(entry, [gettext("No connection.")], true);
    });
  }

  function pump() {
    if (busy || !queue.length) { return; }
    busy = true;
    var entry = queue.shift();
    send(entry).catch(function () {
      refused(entry, [gettext("The answer could not be read: reload the page to check the list.")], true);
    }).then(function () {
      busy = false;
      pump();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.id !== "add-player" || !window.fetch) { return; }
    event.preventDefault();
    var values = snapshot(form);
    var entry = { action: form.action, data: new FormData(form), values: values, name: nameOf(values) };
    typedFields(form).forEach(function (el) { el.value = ""; });
    var stale = form.querySelector(".form-errors");
    if (stale) { stale.remove(); }
    var first = typedFields(form)[0];
    if (first) { first.focus(); }
    item(entry, "pending", interpolate(gettext("Adding %(name)s…"), {name: entry.name}, true));
    queue.push(entry);
    pump();
  });

  window.addEventListener("beforeunload", function (event) {
    if (queue.length || busy) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
