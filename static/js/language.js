/* The language switcher: choosing a language sends its form (without a script, its
   button does). */
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (select && select.matches && select.matches("select[data-submit-on-change]")) {
      select.form.submit();
    }
  });
})();
