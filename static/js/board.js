// The room's board (clubs/board.html): turns the pages of tables when they don't fit one
// screen, and says when the polls lost the signal and since when (the server's clock).
(function () {
  "use strict";
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_all, name) { return values[name]; });
  }
  var shown = 0;
  var lastGood = null;  // the server's time of the last answer that reached us
  var lost = false;

  function board() { return document.getElementById("board"); }

  function showPage() {
    var root = board();
    if (!root) { return; }
    var pages = root.querySelectorAll(".board-page");
    if (!pages.length) { return; }
    shown = shown % pages.length;
    pages.forEach(function (page, i) { page.hidden = pages.length > 1 && i !== shown; });
    var count = root.querySelector(".board-page-count");
    if (count) {
      count.hidden = pages.length < 2;
      count.textContent = pages.length < 2 ? "" : " · " + interpolate(gettext("page %(n)s of %(of)s"), { n: shown + 1, of: pages.length });
    }
    showSignal();
  }

  function clock(date) {
    var hours = String(date.getHours()).padStart(2, "0");
    return hours + ":" + String(date.getMinutes()).padStart(2, "0");
  }

  function showSignal() {
    var line = board() && board().querySelector(".board-signal");
    if (!line) { return; }
    line.hidden = !lost;
    if (lost) {
      line.textContent = interpolate(
        gettext("No signal since %(time)s: the board shows the games as they were then."),
        { time: clock(lastGood || new Date()) });
    }
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (event.detail.successful || (xhr && xhr.status === 204)) {
      var said = xhr && xhr.getResponseHeader("Date");
      lastGood = said ? new Date(said) : new Date();
      if (lost) { lost = false; showSignal(); }
    }
  });
  ["htmx:sendError", "htmx:timeout", "htmx:responseError"].forEach(function (name) {
    document.addEventListener(name, function () { lost = true; showSignal(); });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "board") { showPage(); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    var root = board();
    lastGood = root && root.dataset.at ? new Date(root.dataset.at) : new Date();
    showPage();
    var seconds = root ? Number(root.dataset.rotate) || 12 : 12;
    window.setInterval(function () { shown += 1; showPage(); }, seconds * 1000);
  });
})();
