/* Public pages: the live check (#live, every few seconds) pauses while the page is
   hidden, so a phone in a pocket does not keep asking. */
document.addEventListener("htmx:beforeRequest", function (event) {
  if (document.visibilityState !== "visible" && event.target && event.target.id === "live") {
    event.preventDefault();
  }
});
