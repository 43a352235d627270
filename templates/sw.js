// Kalooki Ledger's service worker: pages and static files network-first, the copy kept on the
// phone when there is no signal. Writes are never cached here: the page's outbox keeps them.
// Rendered by games/offline.py; docs/offline.md says what is kept and why.
{% load i18n %}{% get_current_language as language %}{% translate "Offline" as offline_title %}{% translate "No signal" as no_signal %}{% translate "Home" as home %}{% translate "This page was not opened on this phone while it had signal, so there is no copy of it here. Your games’ tables are kept: open them from the home page." as not_kept %}"use strict";
var STATIC = "kalooki-static-{{ version }}";
var PAGES = "kalooki-pages";
var KEPT = [{% for url in urls %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
// A page kept for offline use: the home page, a game's table, score sheet and rules card, the
// edit page of each hand on a scoring sheet, and a night's page (docs/nights.md).
var PAGE = /^\/((g|w)\/[A-Za-z0-9_-]+\/((sheet|rules|hands\/[0-9]+\/edit)\/)?|nights\/(n|w)\/[A-Za-z0-9_-]+\/)?$/;
// The plain forms the outbox keeps when their post fails: the score sheet's own (the date, an
// edit or delete of a hand) and the hand-over.
var SHEET_FORMS = /^\/g\/[A-Za-z0-9_-]+\/(date|handover|hands\/[0-9]+\/(edit|delete))\/$/;
var EDITS = /href="(\/g\/[A-Za-z0-9_-]+\/hands\/[0-9]+\/edit\/)"/g;
var PATIENCE = 4000; // ms to wait for the network before showing the kept copy
var GAME = /^\/(?:g|api\/v1\/games)\/([A-Za-z0-9_-]+)\//;
// Per game, the round of edit pages being kept: a newer sheet, or any change sent for the game
// (a delete renumbers the hands), ends the round before it, so no removed hand's page is asked for.
var rounds = {};
function gameOf(url) {
  var found = new URL(url, self.location.origin).pathname.match(GAME);
  return found ? found[1] : "";
}
function nextRound(game) {
  rounds[game] = (rounds[game] || 0) + 1;
  return rounds[game];
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(KEPT); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name !== STATIC && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(keepOpenPages).then(function () { return self.clients.claim(); }));
});

// The pages open when this worker takes over (the first table a phone opens came before it):
// kept before it claims them, so a page it controls is one it can show without signal.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (open) {
    return Promise.all(open.map(function (client) {
      var url = new URL(client.url);
      if (url.origin !== self.location.origin || !PAGE.test(url.pathname) || url.search) { return null; }
      return keepPath(url.pathname);
    }));
  });
}

function keepPath(path) {
  // Marked, so the server leaves this phone's messages for the page it is showing.
  var request = new Request(new URL(path, self.location.origin).href, {
    credentials: "same-origin", headers: { "X-Kept-Copy": "1" },
  });
  return fetch(request).then(function (response) {
    return keep(request, response).then(function () { return response; });
  }).catch(function () { return null; });
}

// A page is kept with the time it was fetched, so the offline page can say how old it is.
function keep(request, response) {
  if (!response.ok || response.type !== "basic") { return Promise.resolve(); }
  return response.clone().text().then(function (text) {
    // A page cut off by a lost signal is no copy to show: the last whole one stays.
    if (!/<\/html>\s*$/i.test(text)) { return; }
    var headers = new Headers(response.headers);
    headers.set("X-Kept-At", new Date().toISOString());
    return caches.open(PAGES).then(function (cache) {
      return cache.put(request.url, new Response(text, { status: 200, headers: headers }));
    }).then(function () { return keepEdits(text, request.url); });
  });
}

// A scoring sheet's edit pages, kept afresh with it (one after another: a delete renumbers
// them), so an earlier hand can be corrected or deleted without signal.
function keepEdits(text, url) {
  var paths = [], found;
  EDITS.lastIndex = 0;
  while ((found = EDITS.exec(text))) { paths.push(found[1]); }
  if (!paths.length) { return Promise.resolve(); }
  var game = gameOf(url);
  var round = nextRound(game);
  return paths.reduce(function (done, path) {
    return done.then(function (going) {
      if (going === false || rounds[game] !== round) { return false; }
      return keepPath(path).then(function (response) {
        if (!response || response.status !== 404) { return true; }
        // The hand is gone (deleted meanwhile): its copy goes too, and so do the ones after it.
        return caches.open(PAGES).then(function (cache) {
          return cache["delete"](new URL(path, self.location.origin).href);
        }).then(function () { return false; });
      });
    });
  }, Promise.resolve());
}

function keepStatic(request, response) {
  if (!response.ok) { return Promise.resolve(); }
  var copy = response.clone();
  return caches.open(STATIC).then(function (cache) { return cache.put(request, copy); });
}

// The kept copy says it is one: <html data-kept-at="…"> tells offline.js to mark it offline.
function keptPage(url) {
  return caches.open(PAGES).then(function (cache) { return cache.match(url); }).then(function (kept) {
    if (!kept) { return null; }
    return kept.text().then(function (text) {
      var at = kept.headers.get("X-Kept-At") || "";
      return new Response(text.replace("<html ", '<html data-kept-at="' + at + '" '), {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    });
  });
}

// In the language of the page that installed this worker (games/offline.py renders it).
function notKept() {
  return new Response(
    '<!doctype html><html lang="{{ language|escapejs }}"><meta charset="utf-8"><meta name="viewport" ' +
    'content="width=device-width, initial-scale=1"><title>{{ offline_title|force_escape|escapejs }} · Kalooki Ledger</title>' +
    '<link rel="stylesheet" href="{{ stylesheet|escapejs }}">' +
    '<main><h1>{{ no_signal|force_escape|escapejs }}</h1><p>{{ not_kept|force_escape|escapejs }}</p>' +
    '<p><a href="/">{{ home|force_escape|escapejs }}</a></p></main></html>',
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } }
  );
}

// The network's answer if it comes in time; else the kept copy (the network may still refresh
// it in the background); else whatever the network says in the end.
function networkFirst(event, kept, keepIt) {
  var network = fetch(event.request).then(function (response) {
    if (keepIt) { event.waitUntil(keepIt(event.request, response)); }
    return response;
  });
  var late = new Promise(function (resolve) { setTimeout(resolve, PATIENCE); });
  return Promise.race([network, late]).then(function (response) {
    return response || kept().then(function (copy) { return copy || network; });
  }).catch(function () {
    return kept().then(function (copy) { return copy || Promise.reject(new Error("offline")); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" && url.origin === self.location.origin && gameOf(request.url)) {
    nextRound(gameOf(request.url)); // a change to the game: the edit pages being kept may be stale
  }
  if (request.method === "POST" && request.mode === "navigate" && SHEET_FORMS.test(url.pathname)) {
    // No signal: back to the page the form was on (its kept copy), whose outbox keeps it.
    event.respondWith(fetch(request).catch(function () {
      return Response.redirect(request.referrer || "/", 303);
    }));
    return;
  }
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate" && PAGE.test(url.pathname) && !url.search) {
    event.respondWith(networkFirst(event, function () { return keptPage(request.url); }, keep)
      .catch(notKept));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(function () {
      return keptPage(request.url).then(function (copy) { return copy || notKept(); });
    }));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(networkFirst(event, function () { return caches.match(request); }, keepStatic));
  }
  // Anything else (the API, htmx's partial answers, the watchers' polls) goes to the network.
});

// The page asks for its score sheet and rules card to be kept too, and for its own table
// again after each saved hand, so that the copy on the phone is the table as last seen.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.filter(function (path) { return PAGE.test(path); }).map(keepPath)));
});
