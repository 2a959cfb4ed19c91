/* Tell the arbiter when an htmx action did not reach the server, or was refused:
   on a bad venue network a silent failure looks like a saved result. */
(function () {
  "use strict";
  function banner() { return document.getElementById("net-status"); }
  function show(text) {
    var el = banner();
    if (!el) { return; }
    el.textContent = text;
    el.hidden = false;
  }
  document.addEventListener("htmx:sendError", function () {
    show(gettext("No connection: your last action was not saved. Check the network, then try again."));
  });
  document.addEventListener("htmx:timeout", function () {
    show(gettext("The server did not answer in time: your last action may not be saved. Reload to check."));
  });
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail && event.detail.xhr;
    var status = xhr ? xhr.status : "";
    var type = xhr ? (xhr.getResponseHeader("Content-Type") || "") : "";
    // Refusals in plain text (database down, upload too large, too many attempts)
    // say what happened in one sentence: show it as it is.
    if (type.indexOf("text/plain") === 0 && xhr.responseText && xhr.responseText.length < 400) {
      show(xhr.responseText);
      return;
    }
    show(interpolate(gettext("The server refused the last action (%(status)s). Reload the page and try again."), {status: status}, true));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var el = banner();
    if (el && !el.hidden && event.detail && event.detail.successful) { el.hidden = true; }
  });

  /* Forms that throw work away ask first: <form data-confirm="Question?">. Caught on
     the way down (capture), before htmx or another script sends the form. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form && form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
