// At a table without signal: the service worker, the "offline" mark on a kept page, the
// watchers' freshness line and the one-time Add to Home Screen tip. docs/offline.md explains.
// The pages work without this file; the hands' outbox is outbox.js.
(function () {
  "use strict";
  // Words in the page's language: Django's catalogue (js/i18n/<language>.js, loaded first by
  // base.html) where the page has one, else English as written here.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, key) { return values[key]; });
  }
  var TIMEOUT = 10000; // ms before a request counts as failed (htmx waits for ever by default)
  var seen = Date.now(); // when this page last heard from the server

  function clock(date) {
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return two(date.getHours()) + ":" + two(date.getMinutes());
  }

  function line(id, className, before) {
    var p = document.getElementById(id);
    if (!p) {
      p = document.createElement("p");
      p.id = id;
      p.className = className;
      before.parentNode.insertBefore(p, before);
    }
    return p;
  }

  // Asks the worker to keep these pages (it refetches and stores them), for a reload offline.
  function keep(paths) {
    if (!navigator.serviceWorker) { return; }
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) { registration.active.postMessage({ keep: paths }); }
    });
  }

  // The table as last seen: marked offline with the time it was fetched. A kept copy is shown
  // only when the network failed, whatever navigator.onLine says (it stays true when only the
  // network is lost), so it says "offline" until the browser tells of a return.
  var back = false;
  function markOffline(event) {
    if (event && event.type) { back = event.type === "online"; }
    var kept = document.documentElement.dataset.keptAt;
    var main = document.querySelector("main");
    if (!main || (!kept && navigator.onLine)) {
      var old = document.getElementById("offline");
      if (old) { old.remove(); }
      return;
    }
    var note = line("offline", "notice warning offline", main.firstChild);
    note.setAttribute("role", "status");
    var when = clock(kept ? new Date(kept) : new Date(seen));
    note.textContent = interpolate(navigator.onLine && (back || !kept)
      ? gettext("Back online — this is the table as of %(time)s: reload for the latest.")
      : gettext("offline — showing the table as of %(time)s"), { time: when });
  }

  // The watch page: how fresh the scores are, by the server's clock. A poll may be answered by
  // the browser's cache (the watch link is cacheable for every watcher), so the time is the
  // server's: the Date of each answer, which a cache keeps as it came. The page asks once at
  // once for it; until then (a few ms) it counts from its own arrival, or from its kept time.
  var STALE = 10; // s: older than this, the page says it is offline
  function watchFreshness(live) {
    var status = line("freshness", "freshness muted", live);
    var failing = false;
    var kept = document.documentElement.dataset.keptAt;
    var state = kept ? Date.parse(kept) : seen; // the time of the newest state shown (ms)
    var provisional = true; // no server time heard yet
    var skew = 0; // phone minus server when the server's clock is ahead (never positive)
    function heard(at) {
      if (!at) { return; }
      skew = Math.min(skew, Date.now() - at);
      state = provisional ? at : Math.max(state, at);
      provisional = false;
    }
    if (window.fetch && !kept) {
      fetch(live.getAttribute("hx-get"), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
        .then(function (answer) { heard(Date.parse(answer.headers.get("Date") || "") || 0); show(); })
        .catch(function () { failing = true; show(); });
    }
    function show() {
      var at = state + skew;
      var ago = Math.max(0, Math.floor((Date.now() - at) / 1000));
      var offline = failing || ago >= STALE;
      status.textContent = offline
        ? interpolate(gettext("offline, last update %(time)s"), { time: clock(new Date(at)) })
        : interpolate(ago < 60 ? gettext("updated %(n)s s ago") : gettext("updated %(n)s min ago"),
          { n: ago < 60 ? ago : Math.floor(ago / 60) });
      status.classList.toggle("stale", offline);
    }
    document.addEventListener("htmx:afterRequest", function (event) {
      if (event.detail.requestConfig.verb !== "get") { return; }
      var xhr = event.detail.xhr;
      failing = !event.detail.successful;
      if (!failing && xhr) { heard(Date.parse(xhr.getResponseHeader("Date") || "") || 0); }
      show();
    });
    setInterval(show, 1000);
    show();
  }

  function installTip() {
    var standalone = matchMedia("(display-mode: standalone)").matches || navigator.standalone;
    var phone = matchMedia("(pointer: coarse)").matches;
    var nav = document.querySelector("nav.more");
    try {
      if (standalone || !phone || !nav || localStorage.getItem("install-tip")) { return; }
      localStorage.setItem("install-tip", "shown"); // once, whatever the scorer does with it
    } catch (e) {
      return; // no storage (a private tab): better no tip than one on every page
    }
    var tip = document.createElement("aside");
    tip.className = "install-tip";
    tip.setAttribute("aria-label", gettext("Tip"));
    var text = document.createElement("p");
    text.textContent = gettext(
      "Tip: add this page to your Home Screen (Share, then “Add to Home Screen”). It then opens without signal, and an iPhone keeps its saved hands."
    );
    var ok = document.createElement("button");
    ok.type = "button";
    ok.className = "secondary";
    ok.textContent = gettext("Got it");
    ok.addEventListener("click", function () { tip.remove(); });
    tip.appendChild(text);
    tip.appendChild(ok);
    nav.parentNode.insertBefore(tip, nav.nextSibling);
    // Chrome on Android offers its own prompt: use it in place of the instructions.
    window.addEventListener("beforeinstallprompt", function (event) {
      event.preventDefault();
      text.textContent = gettext("Tip: install Kalooki Ledger on this phone: it then opens without signal.");
      ok.textContent = gettext("Install");
      ok.addEventListener("click", function () { event.prompt(); });
    });
  }

  if (window.htmx) { window.htmx.config.timeout = TIMEOUT; }
  if (navigator.serviceWorker && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }
  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (!live) { return; }
    document.addEventListener("htmx:afterRequest", function (event) {
      if (event.detail.successful) { seen = Date.now(); }
    });
    // The outbox brought the table up to date: it is no longer the kept copy.
    document.addEventListener("kalooki:refreshed", function () {
      seen = Date.now();
      delete document.documentElement.dataset.keptAt;
      markOffline();
    });
    var watching = live.hasAttribute("hx-get");
    if (watching) { watchFreshness(live); }
    window.addEventListener("offline", markOffline);
    window.addEventListener("online", markOffline);
    markOffline();
    if (!document.documentElement.dataset.keptAt) {
      var links = document.querySelectorAll("nav.more a");
      // The worker keeps the pages it serves; the first visit came before it was there.
      var controlled = navigator.serviceWorker && navigator.serviceWorker.controller;
      keep((controlled ? [] : [location.pathname]).concat(Array.prototype.map.call(links, function (a) {
        return a.getAttribute("href");
      })));
    }
    if (!watching) { installTip(); }
  });
  // After each saved change, the copy kept on the phone is the table as it now is.
  document.addEventListener("kalooki:saved", function () {
    var sheet = document.querySelector("nav.more a");
    keep([location.pathname].concat(sheet ? [sheet.getAttribute("href")] : []));
  });
})();
