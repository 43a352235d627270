// The room's board (clubs/board.html): turns the pages of tables when they don't fit one
// screen, sizes the cards' type to fill them with nothing cut, and says when the polls lost the
// signal and since when (the server's clock).
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

  function overflows(card) {
    if (card.scrollHeight > card.clientHeight + 1 || card.scrollWidth > card.clientWidth + 1) {
      return true;
    }
    var table = card.querySelector("table");  // wider than its box, it runs into the padding
    if (table && table.offsetWidth > table.parentElement.clientWidth + 1) { return true; }
    return Array.prototype.some.call(card.querySelectorAll("h2, .status, th, td"), function (el) {
      return el.scrollWidth > el.clientWidth + 1;
    });
  }

  function size(card) {
    var table = card.querySelector("table");
    return table ? parseFloat(window.getComputedStyle(table).fontSize) : 0;
  }

  // Each card's type is sized by CSS for its rows; then as large as the card takes without
  // anything cut, found by halving (--fit, set through the CSSOM, which the CSP allows), up to
  // MOST px; then every card takes the smallest size, so that the board reads as one. A card's
  // largest size is kept until its standings change (best), so a poll measures one card only.
  var MOST = 130;
  var best = new WeakMap();

  function measure(card) {
    card.style.removeProperty("--fit");
    var base = size(card);
    if (!base) { return null; }
    var low = 0.2;
    // A phone's cards grow with their rows, so nothing overflows: there the type only shrinks.
    var sized = window.getComputedStyle(card).containerType === "size";
    var high = sized ? MOST / base : 1;
    for (var step = 0; step < 9; step += 1) {
      var mid = (low + high) / 2;
      card.style.setProperty("--fit", mid.toFixed(4));
      if (overflows(card)) { high = mid; } else { low = mid; }
    }
    return { base: base, px: base * low };
  }

  function fitAll(changed) {
    var cards = Array.prototype.slice.call(
      document.querySelectorAll(".board-page:not([hidden]) .room-table"));
    var smallest = Infinity;
    cards.forEach(function (card) {
      if (!best.has(card) || !changed || changed === card) { best.set(card, measure(card)); }
      var found = best.get(card);
      if (found) { smallest = Math.min(smallest, found.px); }
    });
    cards.forEach(function (card) {
      var found = best.get(card);
      if (found) { card.style.setProperty("--fit", (smallest / found.base).toFixed(4)); }
    });
  }

  function showPage() {
    var root = board();
    if (!root) { return; }
    var pages = root.querySelectorAll(".board-page");
    if (!pages.length) { return; }
    shown = shown % pages.length;
    pages.forEach(function (page, i) { page.hidden = pages.length > 1 && i !== shown; });
    fitAll(null);
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
  document.addEventListener("htmx:load", function (event) {  // a table's new standings, swapped in
    var card = event.detail.elt.closest ? event.detail.elt.closest(".room-table") : null;
    if (card) { fitAll(card); }
  });
  window.addEventListener("resize", function () { fitAll(null); });
  document.addEventListener("DOMContentLoaded", function () {
    var root = board();
    lastGood = root && root.dataset.at ? new Date(root.dataset.at) : new Date();
    showPage();
    var seconds = root ? Number(root.dataset.rotate) || 12 : 12;
    window.setInterval(function () { shown += 1; showPage(); }, seconds * 1000);
  });
})();
