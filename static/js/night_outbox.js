// The outbox of a night's page: a payment ticked (or recorded) with no signal, or whose request
// failed, is kept in IndexedDB with the form's idempotency key and the night's version, shown
// at once as not sent yet, and sent through the JSON API when the signal returns: the same key,
// so a payment the server did store is stored once. docs/nights.md explains it.
(function () {
  "use strict";
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, key) { return values[key]; });
  }
  var path = location.pathname.match(/^\/nights\/n\/([A-Za-z0-9_-]+)\/$/);
  if (!path || !window.indexedDB || !window.fetch) { return; }
  var token = path[1];
  var API = "/api/v1/nights/" + token + "/payments";
  var flushing = false;

  var opened = null;
  function store(mode, work) {
    opened = opened || new Promise(function (resolve, reject) {
      var request = indexedDB.open("kalooki-night-outbox", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("payments", { keyPath: "id", autoIncrement: true })
          .createIndex("night", "night");
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
    return opened.then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction("payments", mode);
        var request = work(tx.objectStore("payments"));
        tx.oncomplete = function () { resolve(request && request.result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function kept() {
    return store("readonly", function (s) { return s.index("night").getAll(token); })
      .then(function (all) { return (all || []).sort(function (a, b) { return a.id - b.id; }); });
  }

  function show(entries) {
    var box = document.querySelector("[data-night-outbox]");
    if (!box) { return; }
    box.textContent = "";
    box.hidden = !entries.length;
    entries.forEach(function (entry) {
      var row = document.createElement("p");
      row.className = "notice" + (entry.refused ? " error" : " warning");
      row.setAttribute("role", "status");
      row.textContent = entry.refused
        ? interpolate(gettext("Not saved: %(what)s (%(why)s)"), { what: entry.text, why: entry.refused })
        : interpolate(gettext("Not sent yet: %(what)s"), { what: entry.text });
      if (entry.refused) {
        var drop = document.createElement("button");
        drop.type = "button";
        drop.className = "secondary";
        drop.textContent = gettext("Drop it");
        drop.addEventListener("click", function () {
          store("readwrite", function (s) { return s.delete(entry.id); }).then(refresh);
        });
        row.appendChild(document.createTextNode(" "));
        row.appendChild(drop);
      }
      box.appendChild(row);
    });
  }
  function refresh() { return kept().then(show); }

  // A typed amount ("2,50", "1 000" in Swedish) in the API's canonical form ("2.50", "1000"):
  // only the page language's marks are turned, anything else is left for the server to refuse.
  function canonical(input) {
    var text = input.value.trim();
    var decimal = input.getAttribute("data-decimal");
    var grouping = input.getAttribute("data-grouping") || "";
    if (!decimal) { return text; }
    var groups = /^\s$/.test(grouping) ? [" ", "\u00a0", "\u202f"] : [grouping];
    if (groups.indexOf(".") < 0 && decimal !== ".") { text = text.replace(".", decimal); }
    groups.forEach(function (mark) { if (mark) { text = text.split(mark).join(""); } });
    return text.split(decimal).join(".");
  }

  function entryOf(form) {
    var data = new FormData(form);
    var typed = form.querySelector("input[name=amount][data-decimal]");
    if (typed) { data.set("amount", canonical(typed)); }
    var item = form.closest("li");
    var said = item && item.querySelector("span");
    return {
      night: token,
      key: data.get("key"),
      version: Number(data.get("version")),
      body: {
        from: data.get("payer"), to: data.get("payee"), amount: data.get("amount"),
        transfer: data.get("ticked") === "1"
      },
      text: said ? said.textContent : data.get("payer") + " → " + data.get("payee") + " " + data.get("amount"),
      made: Date.now()
    };
  }
  function keep(entry) {
    return store("readwrite", function (s) { return s.add(entry); }).then(refresh);
  }

  function swap(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var main = page.querySelector("main");
    if (main) { document.querySelector("main").replaceWith(main); bind(); refresh(); }
  }

  function submitted(event) {
    var form = event.target;
    event.preventDefault();
    var entry = entryOf(form);
    kept().then(function (entries) {
      if (!navigator.onLine || entries.length) { return keep(entry).then(flush); }
      return fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
        .then(function (response) {
          if (response.ok && response.redirected) { location.href = response.url; return null; }
          return response.text().then(swap);
        }, function () { return keep(entry); });
    });
  }

  function bind() {
    Array.prototype.forEach.call(document.querySelectorAll("form[data-payment]"), function (form) {
      form.addEventListener("submit", submitted);
    });
  }

  function flush() {
    if (flushing || !navigator.onLine) { return Promise.resolve(); }
    flushing = true;
    var sent = 0;
    function next(entries) {
      var entry = entries.filter(function (e) { return !e.refused; })[0];
      if (!entry) { return null; }
      return fetch(API, {
        method: "POST",
        credentials: "same-origin",
        headers: {
          "Content-Type": "application/json",
          "Idempotency-Key": entry.key,
          "If-Match": '"' + entry.version + '"'
        },
        body: JSON.stringify(entry.body)
      }).then(function (response) {
        if (response.ok) {
          sent += 1;
          return store("readwrite", function (s) { return s.delete(entry.id); }).then(kept).then(next);
        }
        return response.json().then(function (answer) {
          entry.refused = answer.error || String(response.status);
          return store("readwrite", function (s) { return s.put(entry); }).then(kept).then(next);
        });
      });
    }
    return kept().then(next).then(function () {
      flushing = false;
      if (sent) { location.reload(); } else { refresh(); }
    }, function () { flushing = false; refresh(); });
  }

  bind();
  refresh().then(flush);
  window.addEventListener("online", flush);
  setInterval(flush, 15000);
})();
