// The outbox of a night's page: a payment ticked (or recorded) with no signal, or whose request
// failed, is kept in IndexedDB with the form's idempotency key and the night's state, shown
// at once as not sent yet, and sent through the JSON API when the signal returns: the same key,
// so a payment the server did store is stored once. The store and the send loop are
// outbox_core.js's; docs/nights.md and docs/offline.md explain it.
(function () {
  "use strict";
  var core = window.kalookiOutbox;
  var path = location.pathname.match(/^\/nights\/n\/([A-Za-z0-9_-]+)\/$/);
  if (!path || !core || !window.indexedDB || !window.fetch) { return; }
  var gettext = core.gettext, interpolate = core.interpolate;
  var token = path[1];
  var API = "/api/v1/nights/" + token;
  var shelf = core.shelf("kalooki-night-outbox", "payments", "night");
  var sent = 0;

  function kept() { return shelf.all(token); }

  // A tick kept on this phone: its form is done (not tapped again), its note shown once.
  function ticked(form, entries) {
    var data = new FormData(form);
    return entries.some(function (e) {
      return e.body.transfer && e.body.from === data.get("payer") && e.body.to === data.get("payee") &&
        e.body.amount === canonical(data.get("amount"), form);
    });
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
        drop.addEventListener("click", function () { shelf.remove(entry).then(refresh); });
        row.appendChild(document.createTextNode(" "));
        row.appendChild(drop);
      }
      box.appendChild(row);
    });
    var waiting = entries.filter(function (e) { return !e.refused; });
    document.querySelectorAll("form.tick[data-payment]").forEach(function (form) {
      var done = ticked(form, waiting);
      form.querySelectorAll("button").forEach(function (button) { button.disabled = done; });
      form.closest("li").classList.toggle("kept", done);
    });
  }
  function refresh() { return kept().then(show); }

  // The amount as the API takes it (a canonical decimal, "2.50"), read from what was typed in
  // the page's language: the marks the server formats with (the input's data-decimal and
  // data-grouping), as its typed_numbers reads a form. Null when it is not a number.
  function canonical(text, form) {
    var input = form && form.querySelector("input[name=amount][data-decimal]");
    var parts = new Intl.NumberFormat(document.documentElement.lang || "en").formatToParts(1000.5);
    var mark = function (type) { return (parts.filter(function (p) { return p.type === type; })[0] || {}).value || ""; };
    var decimal = (input && input.getAttribute("data-decimal")) || mark("decimal") || ".";
    var group = input ? input.getAttribute("data-grouping") || "" : mark("group");
    var groups = /\s/.test(group) ? " \u00a0\u202f" : group;
    var decimals = decimal + (groups.indexOf(".") < 0 ? "." : "");
    var escape = function (chars) { return chars.replace(/[\\\]^-]/g, "\\$&"); };
    var found = new RegExp("^(-?)([0-9]{1,3}(?:[" + escape(groups) + "][0-9]{3})+|[0-9]*)(?:[" + escape(decimals) + "]([0-9]+))?$")
      .exec(String(text || "").trim());
    if (!found || !(found[2] || found[3])) { return null; }
    return found[1] + (found[2].replace(/[^0-9]/g, "") || "0") + (found[3] ? "." + found[3] : "");
  }
  function entryOf(form) {
    var data = new FormData(form);
    var item = form.closest("li");
    var said = item && item.querySelector("span");
    return {
      night: token,
      key: data.get("key"),
      version: String(data.get("version") || "0"), // the state the form names, sent back whole
      body: {
        from: data.get("payer"), to: data.get("payee"), amount: canonical(data.get("amount"), form),
        transfer: data.get("ticked") === "1"
      },
      text: said ? said.textContent : data.get("payer") + " → " + data.get("payee") + " " + data.get("amount"),
      made: Date.now()
    };
  }
  function keep(form, entry) {
    return kept().then(function (entries) {
      // Tapped again before the page moved on: the same key is the same payment, kept once.
      if (entries.some(function (e) { return e.key === entry.key; })) { return null; }
      return shelf.put(entry);
    }).then(function () {
      // A tick stays the one payment (its key kept); the typed form's next one is another.
      if (!form.classList.contains("tick")) {
        form.reset();
        form.querySelector("input[name=key]").value = core.newKey();
      }
      return refresh();
    });
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
      if (!navigator.onLine || entries.length) {
        if (entry.body.amount === null) { return refused(form); }
        return keep(form, entry).then(function () { loop.flush(); });
      }
      return fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
        .then(function (response) {
          if (response.ok && response.redirected) { location.href = response.url; return null; }
          return response.text().then(swap);
        }, function () { return entry.body.amount === null ? refused(form) : keep(form, entry).then(loop.watch); });
    });
  }
  // Not a number: said at once, and nothing kept (the server's own words when it answers).
  function refused(form) {
    var note = form.querySelector(".notice.error") || document.createElement("p");
    note.className = "notice error";
    note.setAttribute("role", "alert");
    note.textContent = gettext("An amount is a number, such as 5 or 2.50.");
    form.insertBefore(note, form.firstChild);
  }

  function bind() {
    document.querySelectorAll("form[data-payment]").forEach(function (form) {
      form.addEventListener("submit", submitted);
    });
  }

  function send(entry, controller) {
    return core.call(API + "/payments", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": entry.key, "If-Match": '"' + entry.version + '"' },
      body: JSON.stringify(entry.body)
    }, controller);
  }
  function answered(entry, answer) {
    if (answer.status >= 200 && answer.status < 300) {
      sent += 1;
      return shelf.remove(entry).then(function () { return "next"; });
    }
    if (answer.status === 0 || answer.status >= 500) { return refresh().then(function () { return "wait"; }); }
    entry.refused = answer.body.error || String(answer.status);
    return shelf.put(entry).then(function () { return "next"; });
  }
  var loop = core.outbox({
    load: kept,
    first: function (entries) { return entries.filter(function (e) { return !e.refused; })[0] || null; },
    send: send,
    answered: answered,
    idle: function () { if (sent) { location.reload(); } else { refresh(); } },
    probe: API,
  });

  bind();
  refresh().then(function () { loop.flush(); });
})();
