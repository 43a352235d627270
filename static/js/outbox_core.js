// What the scoring page's outbox (outbox.js) and a night's (night_outbox.js) share: the words,
// a key, the IndexedDB shelf, one request with its time limit, and the send loop with its watch
// on the signal. Each outbox is an adapter: what it keeps, how it sends one, what an answer
// means. docs/offline.md explains.
(function () {
  "use strict";
  var TIMEOUT = 10000; // ms a send may take before it counts as failed
  // While something waits and the server doesn't answer: a cheap request this often, and the
  // outbox sent at once on the first answer (the browser's "online" event never comes when
  // only the network was lost, or the signal is weak).
  var PROBE = 2500;

  // Words in the page's language: Django's catalogue (js/i18n/<language>.js, loaded first by
  // base.html) where the page has one, else English as written in the scripts.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function ngettext(one, many, n) {
    return window.ngettext ? window.ngettext(one, many, n) : n === 1 ? one : many;
  }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, key) { return values[key]; });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  // One IndexedDB object store of entries, in the order they were kept, by their owner (`index`).
  function shelf(database, name, index) {
    var opened = null;
    function store(mode, work) {
      opened = opened || new Promise(function (resolve, reject) {
        var request = indexedDB.open(database, 1);
        request.onupgradeneeded = function () {
          request.result.createObjectStore(name, { keyPath: "id", autoIncrement: true }).createIndex(index, index);
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
      return opened.then(function (db) {
        return new Promise(function (resolve, reject) {
          var tx = db.transaction(name, mode);
          var request = work(tx.objectStore(name));
          tx.oncomplete = function () { resolve(request && request.result); };
          tx.onerror = tx.onabort = function () { reject(tx.error); };
        });
      });
    }
    return {
      all: function (owner) {
        return store("readonly", function (s) { return s.index(index).getAll(owner); })
          .then(function (found) { return (found || []).sort(function (a, b) { return a.id - b.id; }); });
      },
      put: function (entry) {
        return store("readwrite", function (s) { return s.put(entry); }).then(function (id) { entry.id = id; return entry; });
      },
      remove: function (entry) { return store("readwrite", function (s) { return s["delete"](entry.id); }); },
    };
  }

  // One request: its answer as {status, body, version, text}; status 0 when none came (the
  // network failed, TIMEOUT passed, or `controller` gave it up). `read` is "json" or "text".
  // `version` is the state the answer names, its ETag whole without the quotes ("12.<revision>"
  // for a game): sent back as it is, never read as a number.
  function call(url, init, controller, read) {
    var timer = setTimeout(function () { controller.abort(); }, TIMEOUT);
    init.signal = controller.signal;
    init.credentials = "same-origin";
    return fetch(url, init).then(function (response) {
      clearTimeout(timer);
      var version = (response.headers.get("ETag") || "").replace(/"/g, "");
      if (read === "text") {
        return response.text().then(function (text) { return { status: response.status, body: {}, text: text, version: version }; });
      }
      return response.json().catch(function () { return {}; }).then(function (body) {
        return { status: response.status, body: body, version: version };
      });
    }, function () {
      clearTimeout(timer);
      return { status: 0, body: {} };
    });
  }

  // The send loop. `o.load()` gives the entries; `o.first(entries, retry)` the one to send now
  // (none: the loop ends, "empty" or "blocked" as it says); `o.send(entry, controller)` sends
  // it; `o.answered(entry, answer)` says what comes next: "next" (go on), "wait" (no answer:
  // watch the signal) or any other word, which ends the loop. `o.idle(reason)` hears every end.
  // `o.probe` is the cheap address asked while something waits.
  function outbox(o) {
    var flushing = false;
    var again = false; // asked to flush while flushing: go round once more
    var inflight = null; // the send on its way (its AbortController)
    var woken = false; // the signal came back while a send hung on the lost one
    var timer = null; // the next cheap request, while the server doesn't answer
    var probing = null; // the cheap request on its way
    var tag = null; // the last ETag the probe heard: a 304 is the cheapest answer

    function stop(reason) {
      flushing = false;
      inflight = null;
      o.idle(reason);
      if (again) { flush(); }
    }
    function flush(retry) {
      if (!navigator.onLine) { return; }
      if (flushing) { again = true; return; }
      flushing = true;
      again = false;
      function next(entries) {
        var entry = o.first(entries, retry);
        retry = false;
        if (!entry) {
          if (entries.length) { again = false; }
          return stop(entries.length ? "blocked" : "empty");
        }
        woken = false;
        inflight = new AbortController();
        return o.send(entry, inflight).then(function (answer) {
          var hung = woken && answer.status === 0;
          woken = false;
          return o.answered(entry, answer).then(function (what) {
            // Asked again meanwhile: only the signal's return (during the send or while its
            // failure was being told) goes round at once, never a send failing again at once.
            if (what === "wait") {
              again = hung || woken;
              if (!again) { watch(); }
            } else {
              quiet();
              if (what !== "next") { again = false; }
            }
            return what === "next" ? o.load().then(next) : stop(what);
          });
        });
      }
      o.load().then(next).catch(function () { stop("failed"); });
    }
    function quiet() {
      clearTimeout(timer);
      timer = null;
    }
    // Something waits: a cheap request every PROBE ms until the server answers, then send at
    // once (a send still hanging on the lost network is given up and made again). A tick that
    // finds the last one still on its way skips: each has the whole TIMEOUT to be answered.
    function watch() {
      if (timer) { return; }
      timer = setTimeout(function () {
        timer = null;
        watch(); // the next in PROBE ms, whatever becomes of this one
        // One still on its way (a slow server): let it answer, or TIMEOUT end it; never cut it short.
        if (probing) { return; }
        probing = new AbortController();
        call(o.probe, { cache: "no-store", headers: tag ? { "If-None-Match": tag } : {} }, probing, "text").then(function (answer) {
          probing = null;
          if (answer.status === 0 || answer.status >= 500 || !timer) { return; }
          if (answer.version) { tag = '"' + answer.version + '"'; }
          quiet();
          wake(false);
        });
      }, PROBE);
    }
    // The signal is back (the browser says so, a page looked at again, the probe answered):
    // send now. A send left hanging on the lost network is given up and made again at once,
    // with its key, so it is stored once whatever became of it.
    function wake(retry) {
      if (flushing && inflight) {
        woken = true;
        inflight.abort();
        return;
      }
      flush(retry);
    }
    window.addEventListener("online", function () { wake(true); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { wake(false); }
    });
    return { flush: flush, watch: watch };
  }

  window.kalookiOutbox = {
    gettext: gettext, ngettext: ngettext, interpolate: interpolate, newKey: newKey,
    shelf: shelf, call: call, outbox: outbox, TIMEOUT: TIMEOUT, PROBE: PROBE,
  };
})();
