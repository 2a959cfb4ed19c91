/* Registration from a rating list: the search box lists players as you type (htmx);
   Down/Up move through them, Enter (or a click) fills the "Add a player" form with the
   picked player and puts the cursor there, where Enter adds them. */
(function () {
  "use strict";

  function items() { return document.querySelectorAll("#lookup-results .lookup-item"); }

  function current() { return document.querySelector("#lookup-results .lookup-item.active"); }

  function select(item) {
    items().forEach(function (el) { el.classList.remove("active"); el.setAttribute("aria-selected", "false"); });
    if (!item) { return; }
    item.classList.add("active");
    item.setAttribute("aria-selected", "true");
    var box = document.getElementById("lookup-q");
    if (box) { box.setAttribute("aria-activedescendant", item.id); }
    item.scrollIntoView({ block: "nearest" });
  }

  function fill(item) {
    var form = document.getElementById("add-player");
    if (!form || !item) { return; }
    var values = JSON.parse(item.getAttribute("data-fill") || "{}");
    Object.keys(values).forEach(function (name) {
      var field = form.querySelector('[name="' + name + '"], [name$="-' + name + '"]');
      if (field) { field.value = values[name] === null ? "" : values[name]; }
    });
    var box = document.getElementById("lookup-q");
    if (box) { box.value = ""; }
    document.getElementById("lookup-results").innerHTML = "";
    var submit = form.querySelector('button[type="submit"]');
    var name = form.querySelector('[name="name"], [name$="-name"]');
    (name || submit).focus();
  }

  document.addEventListener("keydown", function (event) {
    if (!event.target || event.target.id !== "lookup-q") { return; }
    var list = Array.prototype.slice.call(items());
    if (!list.length) { return; }
    var at = list.indexOf(current());
    if (event.key === "ArrowDown") {
      event.preventDefault();
      select(list[Math.min(at + 1, list.length - 1)]);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      select(list[Math.max(at - 1, 0)]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      fill(current() || list[0]);
    }
  });

  document.addEventListener("click", function (event) {
    var item = event.target && event.target.closest ? event.target.closest(".lookup-item") : null;
    if (item) { fill(item); }
  });

  /* A new list of results: the first one is selected, ready for Enter. */
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "lookup-results") { select(items()[0] || null); }
  });

  /* The add form clears what came from the list (hidden fields) with the typed ones. */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.id !== "add-player") { return; }
    setTimeout(function () {
      form.querySelectorAll("input.from-list").forEach(function (el) { el.value = ""; });
    }, 0);
  }, true);
})();
