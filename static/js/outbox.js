// The outbox of the scoring page: a hand (or void, undo, buy-in decision) made with no signal, or
// whose request failed or timed out, is kept in IndexedDB as a command with its idempotency key
// and the hand number it was made against, shown at once as pending, and sent through the JSON
// API in order when the signal returns. A refused one stops the queue until the scorer decides;
// nothing here is ever dropped unless the scorer says so. docs/offline.md explains the states.
(function () {
  "use strict";
  var core = window.kalookiOutbox; // outbox_core.js: the store, the send loop, the signal
  // The table, and the score sheet's own pages (the date, an edit or delete of an earlier hand).
  var path = location.pathname.match(/^\/g\/([A-Za-z0-9_-]+)\/(sheet\/|hands\/[0-9]+\/edit\/)?$/);
  if (!path || !core || !window.indexedDB || !window.fetch) { return; }
  var gettext = core.gettext, ngettext = core.ngettext, interpolate = core.interpolate, newKey = core.newKey;
  var token = path[1];
  var onTable = !path[2];
  var API = "/api/v1/games/" + token;
  var ROUTES = { hands: "hand", undo: "undo", "buy-in": "buy-in", stop: "stop", paid: "paid" };
  // Commands sent with If-Match: the game's state as last heard, or as kept (below).
  var GUARDED = { stop: true, date: true, "delete": true, edit: true, hand: true, undo: true, "buy-in": true };
  // Of those, the ones that name the version this phone knew when it kept them (or, kept behind
  // others, the version the command before them gave the game): another phone's change meanwhile
  // makes the server refuse them (409), shown as a conflict, never applied over it unseen.
  var EXPECTS = { date: true, "delete": true, edit: true };
  // The commands that move the next hand's number. Each names the whole state its page showed
  // when kept (or the state the command before it gave): a restore that discarded it, or another
  // phone's hand, makes the server refuse it (409); a payment or a date since does not.
  var NUMBERED = { hand: true, undo: true, "buy-in": true };
  var entries = []; // this game's commands, oldest first, as stored
  var saved = []; // what this page sent from the outbox, shown as saved until the next change
  var sending = null; // the id of the command on its way

  var shelf = core.shelf("kalooki-outbox", "commands", "game");
  function load() {
    return shelf.all(token).then(function (found) { entries = found; return found; });
  }
  var save = shelf.put, remove = shelf.remove;

  // A state of the game as the API names it (its ETag, "12.<revision>", or a bare "12" kept
  // before revisions): kept whole, its version read only to tell which is newer.
  function count(state) {
    return Number(String(state || "").split(".")[0]) || 0;
  }
  // The newer of two states; of one version, the one that names its revision.
  function newer(a, b) {
    var diff = count(b) - count(a);
    return diff > 0 || (diff === 0 && String(b).indexOf(".") > 0 && String(a).indexOf(".") < 0) ? b : a;
  }
  // The state a form names: its version, whole, or with the revision beside it (a page's).
  function shown(input) {
    var revision = input.form && input.form.querySelector("input[name=revision]");
    var whole = input.value.indexOf(".") < 0 && revision && /^[0-9a-f]{32}$/.test(revision.value);
    return whole ? input.value + "." + revision.value : input.value;
  }
  // The newest state of the game this phone has heard of: its pages and the outbox's answers.
  var HEARD = "kalooki-version-" + token;
  function known() {
    var best = localStorage.getItem(HEARD) || "0";
    document.querySelectorAll("input[name=version]").forEach(function (v) { best = newer(best, shown(v)); });
    return best;
  }
  function heard(state) {
    try { localStorage.setItem(HEARD, String(newer(known(), state || "0"))); } catch (e) { /* private tab */ }
  }

  // ---- A command from a form: the record format of a hand, or the API's body for the others.
  function players(form) {
    var seats = {};
    form.querySelectorAll(".value[data-player]:not([hidden]) input[type=text]").forEach(function (input) {
      seats[input.id.split("-").pop()] = input.closest(".value").dataset.player;
    });
    return seats;
  }
  function whole(text) {
    return /^-?[0-9]+$/.test(text.trim()) ? Number(text) : null;
  }
  function describe(hand) {
    if (hand["void"]) { return gettext("void"); }
    var values = hand.penalties || {};
    var counts = hand.counts || {};
    var parts = Object.keys(values).map(function (name) { return name + " " + values[name]; })
      .concat(Object.keys(counts).map(function (name) {
        var count = counts[name];
        return interpolate(count.jokers ? gettext("%(name)s %(cards)s cards (%(jokers)s jokers)")
          : gettext("%(name)s %(cards)s cards"), { name: name, cards: count.cards, jokers: count.jokers });
      }));
    // The family's own word for going out at once, as the page's check box names it.
    var box = document.querySelector('input[name="kalookie"]');
    var word = (box && box.dataset.word) || gettext("Kalookie");
    var won = interpolate(hand.kalookie ? gettext("%(name)s won (%(word)s)") : gettext("%(name)s won"),
      { name: hand.winner, word: word });
    return won + (parts.length ? " — " + parts.join(", ") : "");
  }
  function readHand(form, data, number) {
    number = number || Number(data.get("number"));
    if (data.get("action") === "void" || data.get("action") === "void-anyway") { return { number: number, "void": true }; }
    var winner = data.get("winner");
    if (!winner) { return gettext("Choose who won the hand first."); }
    var hand = { number: number, winner: winner };
    if (data.get("kalookie")) { hand.kalookie = true; }
    var seats = players(form);
    var problem = null;
    Object.keys(seats).forEach(function (seat) {
      var name = seats[seat];
      var cards = form.querySelector("#cards-" + seat);
      var field = cards || form.querySelector("#value-" + seat);
      var adjust = form.querySelector("#adjust-" + seat);
      var challenge = form.querySelector('[name="challenge-' + seat + '"]:checked');
      var points = adjust ? adjust.value.trim() || (challenge ? challenge.dataset.points : "") : "";
      if (points) {
        // As the server reads the form: "− take off" makes the points negative.
        var sign = form.querySelector('[name="sign-' + seat + '"]');
        if (sign && sign.value === "-" && points.charAt(0) !== "-") { points = "-" + points; }
        hand.adjustments = hand.adjustments || {};
        hand.adjustments[name] = whole(points);
        var reason = form.querySelector("#reason-" + seat).value.trim() || (challenge ? challenge.dataset.text : "");
        if (reason) { hand.reason = hand.reason || {}; hand.reason[name] = reason; }
        if (hand.adjustments[name] === null) { problem = gettext("Penalty points are a whole number."); }
      }
      if (name === winner || !field) { return; }
      var value = whole(field.value);
      if (value === null) { problem = interpolate(gettext("Fill in what %(name)s held."), { name: name }); return; }
      if (cards) {
        hand.counts = hand.counts || {};
        hand.counts[name] = { cards: value, jokers: whole(form.querySelector("#jokers-" + seat).value || "0") || 0 };
      } else {
        hand.penalties = hand.penalties || {};
        hand.penalties[name] = value;
      }
    });
    // The edit page's buy-in decisions after the hand (the record's buy_ins).
    form.querySelectorAll('select[name^="decision-"]').forEach(function (box) {
      if (!box.value) { return; }
      var who = form.querySelector('label[for="' + box.id + '"]').textContent.trim();
      hand.buy_ins = hand.buy_ins || {};
      hand.buy_ins[who] = box.value === "in";
    });
    return problem || hand;
  }
  // A command from the score sheet's own pages: the date, an edit or a delete of hand `number`.
  function pageCommand(form, kind, data) {
    var body;
    if (kind === "date") {
      body = { played_on: (data.get("played_on") || "").trim() };
      if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(body.played_on)) { return gettext("Give the date the game was played."); }
    } else {
      var number = Number(form.getAttribute("action").match(/\/hands\/([0-9]+)\//)[1]);
      body = kind === "edit" ? readHand(form, data, number) : { number: number };
      if (typeof body === "string") { return body; }
    }
    var entry = queued(kind, body, data.get("key") || newKey(), data.get("version"));
    entry.expect = entries.length ? null : known();
    return entry;
  }
  function command(form, route, data) {
    var kind = ROUTES[route];
    var body;
    if (kind === "hand") {
      body = readHand(form, data);
      if (typeof body === "string") { return body; }
    } else if (kind === "undo") {
      body = { number: Number(data.get("hand")) };
    } else if (kind === "stop") {
      body = { settle: data.get("settle") || null };
    } else if (kind === "paid") {
      // Only what the scorer changed on this page is named: another phone's ticks stay.
      var was = data.getAll("was"), ticked = data.getAll("paid");
      body = { transfers: [] };
      form.querySelectorAll("input[name=paid]").forEach(function (box) {
        var key = box.value, paid = ticked.indexOf(key) >= 0;
        if (paid === (was.indexOf(key) >= 0)) { return; }
        var parts = key.split(">");
        body.transfers.push({ from: parts[0], to: parts[1], amount: parts[2], paid: paid,
          text: box.parentNode.textContent.trim() });
      });
      if (!body.transfers.length) { return gettext("Nothing was changed."); }
    } else {
      body = { number: Number(data.get("hand")), player: data.get("player"), bought_in: data.get("choice") === "in" };
    }
    var entry = queued(kind, body, data.get("key") || newKey(), data.get("version"));
    var state = form && form.querySelector("input[name=version]");
    entry.expect = entries.length ? null : (state ? shown(state) : known());
    return entry;
  }
  // A command kept to send: made against `version` of the game, sent once under `key`.
  function queued(kind, body, key, version) {
    return { game: token, kind: kind, body: body, key: key, version: String(version || "0"), made: Date.now(), state: "queued" };
  }
  var SETTLES = {
    refund: gettext("Stop and refund"),
    split: gettext("Stop and split"),
    leader: gettext("Stop: the leader takes it"),
  };
  function label(entry) {
    var body = entry.body;
    if (entry.kind === "date") { return interpolate(gettext("Played on %(day)s"), { day: body.played_on }); }
    if (entry.kind === "delete") { return interpolate(gettext("Delete hand %(n)s"), { n: body.number }); }
    if (entry.kind === "handover") { return gettext("Hand over the scoring"); }
    if (entry.kind === "undo") { return interpolate(gettext("Undo hand %(n)s"), { n: body.number }); }
    if (entry.kind === "stop") { return body.settle ? SETTLES[body.settle] : gettext("Take back the stop"); }
    if (entry.kind === "paid") {
      return body.transfers.map(function (t) {
        return interpolate(t.paid ? gettext("%(what)s: paid") : gettext("%(what)s: not paid"), { what: t.text });
      }).join("; ");
    }
    if (entry.kind === "buy-in") {
      return interpolate(body.bought_in ? gettext("Hand %(n)s: %(name)s buys in") : gettext("Hand %(n)s: %(name)s drops out"),
        { n: body.number, name: body.player });
    }
    var hand = {};
    Object.keys(body).forEach(function (k) { if (k !== "number") { hand[k] = body[k]; } });
    return interpolate(entry.kind === "edit" ? gettext("Edit hand %(n)s: %(hand)s") : gettext("Hand %(n)s: %(hand)s"),
      { n: body.number, hand: describe(hand) });
  }
  // The next hand's number once this command is applied.
  function after(entry) {
    if (entry.kind === "hand") { return entry.body.number + 1; }
    return entry.kind === "undo" ? entry.body.number : entry.body.number + 1;
  }
  // The next hand's number after the kept commands (null: none of them moves it); each kept
  // delete takes one off.
  function nextNumber(server) {
    var deleted = 0;
    for (var i = entries.length - 1; i >= 0; i--) {
      if (entries[i].kind === "delete") { deleted += 1; }
      if (NUMBERED[entries[i].kind]) { return after(entries[i]) - deleted; }
    }
    return deleted ? server - deleted : null;
  }

  // ---- What the page shows: the pending list above the table, the hand form's next number.
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) { el.className = className; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }
  // The outbox's own elements sit just above the table, each made the first time it is needed.
  function above(tag, id, className, attributes) {
    var el = document.getElementById(id);
    if (!el) {
      el = element(tag, className);
      el.id = id;
      Object.keys(attributes).forEach(function (name) { el.setAttribute(name, attributes[name]); });
      // The table's live part, or on the sheet's pages the sheet or the form.
      var live = document.getElementById("live") || document.getElementById("sheet") || document.querySelector("main form");
      live.parentNode.insertBefore(el, live);
    }
    return el;
  }
  function panel() {
    return above("section", "outbox", "card outbox", { "aria-live": "polite" });
  }
  function say(text) {
    above("p", "signal", "signal", { role: "status" }).textContent = text;
  }
  var STATES = {
    queued: gettext("not sent — will retry"),
    sending: gettext("sending…"),
    conflict: gettext("not sent: the game changed on another phone"),
    refused: gettext("not sent: refused"),
  };
  // What a refusal says: what really changed, where the server's record tells it.
  function stateText(entry, state) {
    var held = entry.server && (entry.server.hands || []).length;
    if (state === "conflict" && entry.kind === "hand" && held >= entry.body.number) {
      return interpolate(gettext("not sent: the server already has a hand %(n)s"), { n: entry.body.number });
    }
    return STATES[state];
  }
  // Whether a 409 is about the hand number (another phone moved the game on), or the number still
  // holds and the server refused for another reason (such as a buy-in question to answer first).
  function moved(entry) {
    if (!entry.server || EXPECTS[entry.kind]) { return true; }
    var held = (entry.server.hands || []).length;
    return entry.kind === "hand" ? held + 1 !== entry.body.number : held !== entry.body.number;
  }
  // A hand the server already holds, as typed here: two phones scored the same deal.
  function sameHand(hand, body) {
    var keys = ["winner", "kalookie", "void", "penalties", "counts", "adjustments"];
    return keys.every(function (key) {
      return JSON.stringify(sorted(hand[key])) === JSON.stringify(sorted(body[key]));
    });
  }
  function sorted(value) {
    if (!value || typeof value !== "object") { return value || null; }
    var copy = {};
    Object.keys(value).sort().forEach(function (key) { copy[key] = sorted(value[key]); });
    return copy;
  }
  function render() {
    var box = panel();
    box.textContent = "";
    box.hidden = !entries.length && !saved.length;
    if (box.hidden) { return; }
    var hands = entries.filter(function (e) { return e.kind === "hand"; }).length;
    var others = entries.length - hands;
    var what = [
      hands && interpolate(ngettext("%(n)s hand", "%(n)s hands", hands), { n: hands }),
      others && interpolate(ngettext("%(n)s change", "%(n)s changes", others), { n: others }),
    ].filter(Boolean).join(gettext(" and "));
    var title = entries.length
      ? interpolate(gettext("%(what)s not sent yet"), { what: what })
      : gettext("Every hand is saved");
    box.appendChild(element("h2", "", title));
    var list = element("ol", "pending");
    saved.forEach(function (text) {
      var row = element("li", "saved", text + " ");
      row.appendChild(element("strong", "", gettext("saved")));
      list.appendChild(row);
    });
    entries.forEach(function (entry) {
      var state = entry.id === sending ? "sending" : entry.state;
      var row = element("li", state, label(entry) + " ");
      row.appendChild(element("strong", "", stateText(entry, state)));
      if (entry.state === "conflict" || entry.state === "refused") { row.appendChild(decide(entry)); }
      list.appendChild(row);
    });
    box.appendChild(list);
    if (entries.length) {
      var counted = onTable && document.getElementById("reckoned");
      box.appendChild(element("p", "muted", !onTable ? gettext("The sheet below doesn't count these yet.")
        : counted ? gettext("The table below counts them, worked out on this phone: they are sent when the signal returns.")
          : navigator.onLine ? gettext("The table below doesn't count these yet.")
            : gettext("No signal: they are kept on this phone and sent when it returns. The table below doesn't count them yet.")));
    }
  }
  // A refused command: both versions, and the scorer's choice.
  function decide(entry) {
    var box = element("div", "decide");
    box.appendChild(element("p", "error", entry.error));
    if (entry.state === "conflict" && entry.server && typeof entry.body.number === "number") {
      var hands = entry.server.hands || [];
      var from = Math.max(0, Math.min(entry.body.number, hands.length + 1) - 1);
      box.appendChild(element("p", "", interpolate(gettext("On this phone: %(what)s."), { what: label(entry) })));
      var theirs = hands.slice(from).map(function (hand, i) {
        return interpolate(gettext("Hand %(n)s: %(hand)s"), { n: from + i + 1, hand: describe(hand) });
      });
      var there = theirs.length ? theirs.join("; ")
        : interpolate(ngettext("%(n)s hand", "%(n)s hands", hands.length), { n: hands.length });
      box.appendChild(element("p", "", interpolate(gettext("On the server now: %(what)s."), { what: there })));
    }
    var buttons = element("div", "buttons");
    var held = entry.server ? entry.server.hands || [] : [];
    var next = held.length + 1;
    var twin = entry.state === "conflict" && entry.kind === "hand" && held[entry.body.number - 1] &&
      sameHand(held[entry.body.number - 1], entry.body);
    if (twin) {
      box.appendChild(element("p", "", interpolate(gettext("The server already has this very hand as hand %(n)s (the same winner and values): it was scored twice. Drop this copy, unless the table really played it twice."), { n: entry.body.number })));
    }
    var drop = element("button", twin ? "primary" : "secondary", gettext("Drop it"));
    drop.type = "button";
    drop.addEventListener("click", function () {
      if (!twin && !confirm(interpolate(gettext("Drop “%(what)s” from this phone? It will never be sent."), { what: label(entry) }))) { return; }
      say("");
      remove(entry).then(load).then(function () { render(); numberForms(); flush(); });
    });
    if (twin) { buttons.appendChild(drop); }
    if (entry.state === "conflict" && entry.kind === "hand" && entry.server && next !== entry.body.number) {
      var send = element("button", twin ? "secondary" : "primary", interpolate(gettext("Send it as hand %(n)s"), { n: next }));
      send.type = "button";
      send.addEventListener("click", function () { renumber(entry, next); });
      buttons.appendChild(send);
    } else {
      var again = element("button", "primary", gettext("Try again"));
      again.type = "button";
      again.addEventListener("click", function () {
        entry.state = "queued";
        if (EXPECTS[entry.kind] || NUMBERED[entry.kind]) { entry.expect = entry.seen || null; } // the game as the scorer has now seen it
        save(entry).then(flush);
      });
      buttons.appendChild(again);
    }
    if (!twin) { buttons.appendChild(drop); }
    box.appendChild(buttons);
    return box;
  }
  // Send anyway as the next hand: this hand and the ones queued after it move up together.
  function renumber(entry, next) {
    var shift = next - entry.body.number;
    var later = entries.filter(function (e) { return e.id >= entry.id; });
    later[0].key = newKey(); // a new command: the refused one stored nothing
    later.forEach(function (e) { e.body.number += shift; e.state = "queued"; e.expect = null; });
    later[0].expect = entry.seen || null; // sent on the game the scorer has now seen
    Promise.all(later.map(save)).then(function () { render(); numberForms(); flush(); });
  }

  // ---- Elimination games: who the kept hands put over the limit, worked out on the phone from
  // the engine's figures on the hand form (data-offline-kit, an attribute, which survives every
  // htmx swap), so the scorer answers the buy-in question without signal. The server replays
  // everything it is sent: a wrong guess comes back refused.
  var KIT = "kalooki-kit-" + token;
  function kit() {
    var form = document.querySelector("form.hand[data-offline-kit]");
    return form ? JSON.parse(form.dataset.offlineKit) : null;
  }
  // The table's kit, kept for the score sheet's pages (which have none): used there only while
  // it is the game as this phone last heard of it.
  function keepKit() {
    var form = document.querySelector("form.hand[data-offline-kit]");
    var live = document.getElementById("live");
    if (!form || !live || document.documentElement.dataset.keptAt) { return; }
    try {
      localStorage.setItem(KIT, JSON.stringify({ version: count(live.dataset.version), kit: form.dataset.offlineKit }));
    } catch (e) { /* private tab */ }
  }
  function sheetKit() {
    try {
      var held = JSON.parse(localStorage.getItem(KIT) || "null");
      return held && held.version === count(known()) ? JSON.parse(held.kit) : null;
    } catch (e) { return null; }
  }
  // Whether the kept commands leave hands that don't fit (a buy-in nobody is asked for, a hand
  // after the game was won, a question never answered): the engine would then report problems.
  function breaks(k, kept) {
    if (!k || !k.record) { return false; }
    var fits = reckon(k, kept);
    if (fits === null) { return true; }
    var hands = replayed(k.record, kept).filter(function (c) { return c.kind === "hand"; }).length;
    return Boolean(fits.winner) && fits.hands < hands;
  }
  function corrected(kept) {
    return kept.some(function (e) { return e.kind === "edit" || e.kind === "delete"; });
  }
  // The engine's elimination rules (rules/elimination.py) over the kept commands, from the
  // kit: totals, buy-ins left, who is out, the next dealer, the question to ask, or the winner.
  // Null when it can't follow (an undo past what the kit knows). A browser test replays random
  // kept sequences here and in the engine and compares them.
  function reckon(k, kept) {
    if (!k) { return null; }
    if (kept.some(function (e) { return e.kind === "edit" || e.kind === "delete"; })) {
      if (!k.start || !k.record) { return null; }
      var from = {};
      Object.keys(k).forEach(function (key) { from[key] = k[key]; });
      Object.keys(k.start).forEach(function (key) { from[key] = k.start[key]; });
      from.before = from.start = from.record = null;
      return reckon(from, replayed(k.record, kept));
    }
    function copy(standing) {
      return {
        hands: standing.hands,
        dealer: standing.dealer,
        seats: standing.seats.map(function (s) { return { name: s.name, total: s.total, left: s.left, out: s.out }; }),
      };
    }
    var state = copy(k);
    var names = state.seats.map(function (s) { return s.name; });
    var kept_before = []; // the state before each kept hand, for an undo
    var asked = [];
    var reset = null;
    var before = k.before || null;
    function seat(name) { return state.seats[names.indexOf(name)]; }
    function passDeal() {
      var from = names.indexOf(state.dealer);
      for (var step = 1; step <= names.length; step++) {
        var next = state.seats[(from + step) % names.length];
        if (!next.out) { state.dealer = next.name; return; }
      }
    }
    var stopped = false;
    for (var i = 0; i < kept.length; i++) {
      var entry = kept[i], body = entry.body;
      if (entry.kind === "paid" || entry.kind === "date" || entry.kind === "handover") { continue; }
      if (entry.kind === "stop") { stopped = Boolean(body.settle); continue; }
      if (entry.kind === "undo") {
        if (body.number !== state.hands) { return null; }
        if (kept_before.length) { state = kept_before.pop(); }
        else if (before) { state = copy(before); before = null; }
        else { return null; }
        asked = [];
        continue;
      }
      if (entry.kind === "buy-in") {
        // Kept answers come in the order asked; an edited hand's, in any order.
        var at = entry.any ? asked.map(function (o) { return o.name; }).indexOf(body.player) : 0;
        var offer = at >= 0 ? asked.splice(at, 1)[0] : null;
        if (!offer || offer.name !== body.player || body.number !== state.hands) { return null; }
        var player = seat(body.player);
        if (body.bought_in) {
          player.total = reset;
          if (player.left !== null) { player.left -= 1; }
        } else { player.out = true; }
        if (!asked.length) { passDeal(); }
        continue;
      }
      if (asked.length || body.number !== state.hands + 1) { return null; }
      kept_before.push(copy(state));
      state.hands += 1;
      if (body["void"]) { continue; }
      var playing = state.seats.filter(function (s) { return !s.out; });
      playing.forEach(function (s) {
        s.total += s.name === body.winner ? -k.bonus[body.kalookie ? 1 : 0]
          : ((body.penalties || {})[s.name] || 0) * (body.kalookie ? k.factor : 1);
      });
      var within = playing.filter(function (s) { return s.total <= k.within; });
      if (within.length === playing.length) { passDeal(); continue; }
      var from = names.indexOf(body.winner);
      var over = [];
      for (var step = 1; step <= names.length; step++) {
        var next = state.seats[(from + step) % names.length];
        if (!next.out && next.total > k.within) { over.push(next); }
      }
      if (within.length === 1) {
        over.forEach(function (s) { s.out = true; });
        return { winner: within[0].name, seats: state.seats, dealer: null, hands: state.hands, asked: null, price: k.price };
      }
      reset = Math.max.apply(null, within.map(function (s) { return s.total; }));
      over.forEach(function (s) {
        if (within.length >= k.needs && (s.left === null || s.left > 0)) {
          asked.push({ name: s.name, total: s.total, reset: reset, number: state.hands });
        } else { s.out = true; }
      });
      if (!asked.length) { passDeal(); }
    }
    // While a question waits, nobody deals yet (the deal passes once it is answered).
    return { asked: asked[0] || null, seats: state.seats, dealer: asked.length ? null : state.dealer,
      hands: state.hands, winner: null, price: k.price, stopped: stopped };
  }
  // An edit or delete of an earlier hand: the game from its start, as the engine replays it, the
  // server's hands (the kit's record) with the kept commands applied to them, in order.
  function replayed(record, kept) {
    function answers(map) {
      return Object.keys(map || {}).map(function (name) { return [name, map[name]]; });
    }
    var deals = record.map(function (hand) { return { hand: hand, answers: hand.buy_ins }; });
    var rest = [];
    kept.forEach(function (entry) {
      var body = entry.body;
      if (entry.kind === "hand") { deals.push({ hand: body, answers: [] }); }
      else if (entry.kind === "buy-in" && deals.length) { deals[deals.length - 1].answers.push([body.player, body.bought_in]); }
      else if (entry.kind === "undo") { deals.pop(); }
      else if (entry.kind === "edit") { deals[body.number - 1] = { hand: body, answers: answers(body.buy_ins) }; }
      else if (entry.kind === "delete") { deals.splice(body.number - 1, 1); }
      else { rest.push(entry); }
    });
    var commands = [];
    deals.forEach(function (deal, i) {
      var hand = { number: i + 1 };
      ["winner", "kalookie", "penalties", "void"].forEach(function (key) { if (deal.hand[key]) { hand[key] = deal.hand[key]; } });
      commands.push({ kind: "hand", body: hand });
      deal.answers.forEach(function (answer) {
        commands.push({ kind: "buy-in", body: { number: i + 1, player: answer[0], bought_in: answer[1] }, any: true });
      });
    });
    return commands.concat(rest);
  }
  window.kalookiReckon = reckon;
  function projected() {
    return reckon(kit(), entries);
  }
  // A stop kept on this phone (any family: no reckoning needed to know the form is done).
  function stoppedHere() {
    var stops = entries.filter(function (e) { return e.kind === "stop"; });
    return Boolean(stops.length && stops[stops.length - 1].body.settle);
  }
  function ask(form) {
    var old = document.getElementById("offline-ask");
    if (old) { old.remove(); }
    var table = projected() || (stoppedHere() ? { stopped: true, seats: [] } : null);
    if (!table) { return; }
    table.seats.forEach(function (s) {
      form.querySelectorAll('.value[data-player="' + s.name + '"], label.pick').forEach(function (el) {
        var input = el.querySelector("input");
        if (el.classList.contains("pick") && input.value !== s.name) { return; }
        el.hidden = s.out;
        el.querySelectorAll("input").forEach(function (i) { i.disabled = s.out; });
      });
    });
    var card = element("section", "card buy-in");
    card.id = "offline-ask";
    if (table.stopped) {
      card.appendChild(element("p", "ask", gettext("Stopped on this phone: the game ends when this reaches the server.")));
    } else if (table.winner) {
      card.appendChild(element("p", "ask", interpolate(gettext("%(name)s wins: the game ends when these hands reach the server."), { name: table.winner })));
    } else if (table.asked) {
      var offer = table.asked;
      card.appendChild(element("h2", "", gettext("Buy in?")));
      card.appendChild(element("p", "ask", interpolate(gettext("%(name)s is on %(total)s — buy in for %(stake)s and go back to %(reset_to)s?"),
        { name: offer.name, total: offer.total, stake: table.price, reset_to: offer.reset })));
      card.appendChild(element("p", "muted", gettext("Worked out on this phone: the server checks it when the signal returns.")));
      var buttons = element("div", "buttons");
      [[true, gettext("Buy in"), "primary"], [false, gettext("Drop out"), "secondary"]].forEach(function (choice) {
        var button = element("button", choice[2], choice[1]);
        button.type = "button";
        button.addEventListener("click", function () {
          keep(queued("buy-in", { number: offer.number, player: offer.name, bought_in: choice[0] },
            newKey(), form.querySelector("input[name=version]").value), null);
        });
        buttons.appendChild(button);
      });
      card.appendChild(buttons);
    }
    form.hidden = Boolean(table.winner || table.asked || table.stopped);
    if (form.hidden) { form.parentNode.insertBefore(card, form); }
  }

  // The forms count on from the last command kept, so the scorer can go on recording.
  function numberForms() {
    if (!onTable) { return; }
    keepKit();
    var form = document.querySelector("form.hand");
    if (form) { ask(form); }
    unfit();
    var hand = document.querySelector("form.hand input[name=number]");
    // The number the server gave the form, kept through the outbox's renumbering.
    if (hand && !hand.dataset.server) { hand.dataset.server = hand.value; }
    var next = nextNumber(hand ? Number(hand.dataset.server) : 1);
    if (next === null) { return; }
    var table = form && projected();
    if (hand) {
      hand.value = next;
      var title = interpolate(gettext("Hand %(n)s"), { n: next });
      if (table && table.dealer) { title += " · " + interpolate(gettext("%(dealer)s deals"), { dealer: table.dealer }); }
      document.getElementById("hand-title").textContent = title;
    }
    if (table) { standing(form, table); board(table); }
    var undoForm = document.querySelector('#live form[action$="/undo/"]');
    if (undoForm) {
      var undo = undoForm.querySelector("input[name=hand]");
      undoForm.hidden = next < 2;
      undo.value = next - 1;
      undoForm.setAttribute("hx-confirm", interpolate(gettext("Undo hand %(n)s?"), { n: next - 1 }));
      undoForm.querySelector("button").textContent = interpolate(gettext("Undo last hand (%(n)s)"), { n: next - 1 });
    }
  }
  // The strip above the hand form counts the kept hands too.
  function standing(form, table) {
    var list = form.querySelector(".strip ul.compact");
    var k = kit();
    if (!list || !k) { return; }
    list.textContent = "";
    table.seats.forEach(function (s) {
      if (s.out) { return; }
      var row = element("li", "", s.name + " ");
      row.appendChild(element("strong", "", String(s.total)));
      row.appendChild(document.createTextNode(" "));
      row.appendChild(element("small", "", "(" + interpolate(gettext("%(room)s to go"), { room: k.within - s.total }) + ")"));
      list.appendChild(row);
    });
  }
  // The kept corrections leave hands that don't fit: no stop until the scorer resolves them.
  function unfit() {
    var broken = corrected(entries) && breaks(kit(), entries);
    document.querySelectorAll("#live details.stop").forEach(function (d) { d.hidden = broken; });
    var note = document.getElementById("unfit");
    if (!broken) { if (note) { note.remove(); } return; }
    if (!note) {
      note = element("p", "notice warning", gettext("The hands kept on this phone don't fit together: correct them on the score sheet. The game can't be stopped and nothing is settled until they do."));
      note.id = "unfit";
      var live = document.getElementById("live");
      if (live) { live.insertBefore(note, live.firstChild); }
    }
  }
  // The standings show the phone's own reckoning too (one set of figures), marked as not sent.
  function board(table) {
    var k = kit();
    var rows = document.querySelectorAll("#live table.standings tbody tr");
    if (!k || !rows.length) { return; }
    var mine = entries.some(function (e) { return NUMBERED[e.kind] || e.kind === "edit" || e.kind === "delete"; });
    var by = {};
    table.seats.forEach(function (s) { by[s.name] = s; });
    rows.forEach(function (row) {
      var head = row.querySelector("th");
      var name = head && head.firstChild && head.firstChild.textContent.trim();
      var seat = by[name];
      var cells = row.querySelectorAll("td");
      if (!seat || cells.length < 3) { return; }
      // The money is the server's, worked out from the hands it holds: while hands wait it would
      // be a second set of figures beside the phone's, so it waits for them too.
      var money = cells[3];
      if (money) {
        if (money.dataset.server === undefined) { money.dataset.server = money.textContent; }
        money.textContent = mine ? "…" : money.dataset.server;
        money.classList.toggle("waiting", mine);
      }
      if (!mine) { return; }
      cells[0].textContent = String(seat.total);
      cells[1].textContent = seat.out ? "–" : String(k.within - seat.total);
      var allowed = cells[2].textContent.split("/")[1];
      if (seat.left !== null && allowed && /^[0-9]+$/.test(allowed)) { cells[2].textContent = (Number(allowed) - seat.left) + "/" + allowed; }
      row.classList.toggle("out", seat.out);
      row.classList.add("reckoned");
    });
    // The server's lines as last seen (its hand, dealer, pool and last hand) would be a second set.
    document.querySelectorAll("#live p.status, #live p.last").forEach(function (p) { p.hidden = mine; });
    if (mine) {
      rows.forEach(function (row) {
        var head = row.querySelector("th");
        var deals = head.firstChild.textContent.trim() === table.dealer;
        var tag = Array.prototype.filter.call(head.querySelectorAll(".tag"), function (t) { return t.dataset.deals || t.textContent === gettext("deals"); })[0];
        if (!tag && deals) {
          tag = element("span", "tag", gettext("deals"));
          head.appendChild(document.createTextNode(" "));
          head.appendChild(tag);
        }
        if (tag) { tag.dataset.deals = "1"; tag.hidden = !deals; }
      });
    }
    var standings = document.querySelector("#live table.standings");
    var mark = document.getElementById("reckoned");
    if (mine && !mark) {
      mark = element("p", "muted reckoned", gettext("Counted on this phone with the hands not sent yet; the money once they reach the server."));
      mark.id = "reckoned";
      standings.parentNode.insertBefore(mark, standings);
      render(); // the outbox's note above now says the table counts them, as the mark does
    } else if (!mine && mark) { mark.remove(); render(); }
  }
  function clear(form) {
    form.querySelectorAll(".notice.restored").forEach(function (note) { note.remove(); });
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (box) { box.checked = false; });
    form.querySelectorAll("input[type=text]").forEach(function (input) { input.value = ""; input.disabled = false; });
    form.querySelectorAll(".won").forEach(function (box) { box.classList.remove("won"); });
    form.querySelectorAll(".counter").forEach(function (counter) { counter.remove(); });
  }
  function pristine() {
    var form = document.querySelector("form.hand");
    return !form || (!form.querySelector("input:checked") &&
      !Array.prototype.some.call(form.querySelectorAll("input[type=text]"), function (i) { return i.value; }));
  }
  // What the scorer has typed into the hand form (and the note of an undo's values), carried
  // into the form the server sends next.
  function typed(form) {
    if (!form || pristine()) { return null; }
    var values = [];
    form.querySelectorAll("input[type=text], input[type=radio]:checked, input[type=checkbox]:checked, select").forEach(function (input) {
      values.push({ name: input.name, id: input.id, value: input.value, check: input.type === "radio" || input.type === "checkbox" });
    });
    return { values: values, notes: Array.prototype.slice.call(form.querySelectorAll(".notice.restored")) };
  }
  function retype(form, was) {
    if (!form || !was) { return; }
    was.values.forEach(function (v) {
      var input = v.check ? Array.prototype.filter.call(form.querySelectorAll("input"), function (i) {
        return i.name === v.name && i.value === v.value;
      })[0] : v.id && form.querySelector("#" + CSS.escape(v.id));
      if (!input) { return; }
      if (v.check) { input.checked = true; } else { input.value = v.value; }
      if (input.name === "winner") { input.dispatchEvent(new Event("change", { bubbles: true })); } // app.js marks the winner
    });
    var strip = form.querySelector(".strip");
    was.notes.forEach(function (note) { form.insertBefore(note, strip ? strip.nextSibling : form.firstChild); });
  }
  // The table as the server now has it (its figures and its money), what the scorer is typing
  // kept. A kept copy (shown without signal) is fetched again until the server answers.
  function refresh() {
    if (!onTable || !window.htmx) { return; }
    var before = document.getElementById("live");
    var was = null;
    function swapping(event) {
      if (event.detail.target === document.getElementById("live")) { was = typed(document.querySelector("form.hand")); }
    }
    document.addEventListener("htmx:beforeSwap", swapping);
    function done() {
      document.removeEventListener("htmx:beforeSwap", swapping);
      if (document.getElementById("live") === before) { // no answer: nothing was swapped in
        if (document.documentElement.dataset.keptAt) { loop.watch(); }
        return;
      }
      retype(document.querySelector("form.hand"), was);
      numberForms();
      document.dispatchEvent(new CustomEvent("kalooki:refreshed"));
    }
    window.htmx.ajax("GET", location.pathname, { target: "#live", swap: "outerHTML", select: "#live" })
      .then(done, done);
  }
  // ---- Keeping a command, and sending the outbox in order.
  // The hand an undo takes back, as this phone last had it: a kept hand (or its kept edit), else
  // the server's (the kit's record of an elimination game).
  function undoneHand(number) {
    for (var i = entries.length - 1; i >= 0; i--) {
      var e = entries[i];
      if ((e.kind === "hand" || e.kind === "edit") && e.body.number === number) { return e.body; }
    }
    var k = kit();
    return k && k.record && !corrected(entries) ? k.record[number - 1] || null : null;
  }
  // As online: the undone hand's values back in the form, to mend what was wrong.
  function fillHand(hand, number) {
    var form = document.querySelector("form.hand");
    if (!form || form.hidden || !hand || hand["void"] || !hand.winner) { return; }
    clear(form);
    var pick = Array.prototype.filter.call(form.querySelectorAll("input[name=winner]"), function (r) { return r.value === hand.winner; })[0];
    if (!pick) { return; }
    pick.checked = true;
    var box = form.querySelector("input[name=kalookie]");
    if (box) { box.checked = Boolean(hand.kalookie); }
    var seats = players(form);
    Object.keys(seats).forEach(function (seat) {
      var name = seats[seat];
      var value = form.querySelector("#value-" + seat);
      var cards = form.querySelector("#cards-" + seat);
      if (value && hand.penalties && hand.penalties[name] !== undefined) { value.value = hand.penalties[name]; }
      if (cards && hand.counts && hand.counts[name]) {
        cards.value = hand.counts[name].cards;
        var jokers = form.querySelector("#jokers-" + seat);
        if (jokers && hand.counts[name].jokers) { jokers.value = hand.counts[name].jokers; }
      }
      var adjust = form.querySelector("#adjust-" + seat);
      if (adjust && hand.adjustments && hand.adjustments[name] !== undefined) {
        var points = hand.adjustments[name];
        var sign = form.querySelector('[name="sign-' + seat + '"]');
        if (sign) { sign.value = points < 0 ? "-" : ""; points = Math.abs(points); }
        adjust.value = points;
        var reason = form.querySelector("#reason-" + seat);
        if (reason && hand.reason && hand.reason[name]) { reason.value = hand.reason[name]; }
      }
    });
    pick.dispatchEvent(new Event("change", { bubbles: true })); // app.js marks the winner
    var note = element("p", "notice restored", interpolate(gettext("Hand %(number)s undone — its values are back in the form."), { number: number }));
    note.setAttribute("role", "status");
    var strip = form.querySelector(".strip");
    form.insertBefore(note, strip ? strip.nextSibling : form.firstChild);
  }
  function keep(entry, form, then) {
    saved = [];
    var undone = entry.kind === "undo" ? undoneHand(entry.body.number) : null;
    return save(entry).then(load).then(function () {
      say(interpolate(gettext("%(what)s: not sent — will retry"), { what: label(entry) }));
      if (form) {
        form.querySelector("input[name=key]").value = newKey();
        if (entry.kind === "hand") { clear(form); }
        if (entry.kind === "buy-in") { form.hidden = true; }
      }
      render();
      numberForms();
      if (undone) { fillHand(undone, entry.body.number); }
      if (form) { document.dispatchEvent(new CustomEvent("kalooki:kept")); }
      flush();
      if (then) { then(); }
    }).catch(function () {
      say(interpolate(gettext("%(what)s: not sent, and this phone can't keep it (no storage): try again with signal."), { what: label(entry) }));
    });
  }
  function send(entry, controller) {
    if (entry.kind === "handover") { return sendHandOver(entry, controller); }
    var one = "/hands/" + entry.body.number;
    var url = API + { hand: "/hands", undo: "/undo", "buy-in": "/buy-ins", stop: "/stop", paid: "/paid",
      date: "/date", "delete": one, edit: one }[entry.kind];
    var method = { "delete": "DELETE", edit: "PUT" }[entry.kind] || "POST";
    var headers = { "Content-Type": "application/json", "Idempotency-Key": entry.key };
    if (GUARDED[entry.kind]) {
      // The version this page last heard of (each answer's ETag moves it on), else the one it was kept at.
      var last = document.querySelector("input[name=version]");
      var expected = EXPECTS[entry.kind] ? (entry.expect === null || entry.expect === undefined ? known() : entry.expect)
        : NUMBERED[entry.kind] ? (entry.expect === null ? known() : entry.expect)
        : (last ? shown(last) : entry.version);
      // A hand kept before states were (no `expect`): its number alone guards it, as then.
      if (expected !== undefined) { headers["If-Match"] = '"' + expected + '"'; }
      entry.named = expected;
    }
    var body = entry.kind === "paid" ? { transfers: entry.body.transfers.map(function (t) {
      return { from: t.from, to: t.to, amount: t.amount, paid: t.paid };
    }) } : entry.body;
    if (entry.kind === "edit" || entry.kind === "delete") {
      body = {};
      Object.keys(entry.body).forEach(function (k) { if (k !== "number") { body[k] = entry.body[k]; } });
    }
    return core.call(url, { method: method, headers: headers, body: JSON.stringify(body) }, controller);
  }
  // The hand-over is the table's own form (the server answers with the page of the new link).
  function sendHandOver(entry, controller) {
    var csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
    // The whole state last heard ("12.<revision>"): the server reads both from `version`.
    var data = new URLSearchParams({ csrfmiddlewaretoken: csrf ? csrf.value : "", version: String(known()), key: entry.key });
    return core.call("/g/" + token + "/handover/", { method: "POST", body: data }, controller, "text").then(function (answer) {
      if (!answer.status) { return answer; }
      var done = answer.status < 300 && answer.text.indexOf("handed-over") >= 0;
      return { status: done ? 200 : answer.status >= 500 ? answer.status : 409, body: {}, page: answer.text };
    });
  }
  // Sending the outbox, oldest first, through the shared loop (outbox_core.js): a conflict or a
  // refusal stops it until the scorer decides; no answer leaves the command queued.
  var handed = null; // the page a hand-over answered with
  function first(found, retryRefused) {
    var entry = found[0];
    if (!entry || entry.state === "conflict" || (entry.state === "refused" && !retryRefused)) { return null; }
    // Refused on the very state it named (a buy-in asked first): sent again on the state the
    // scorer has since seen here (the question answered on this page).
    if (entry.state === "refused" && NUMBERED[entry.kind] && entry.expect !== undefined) { entry.expect = null; }
    sending = entry.id;
    say(interpolate(gettext("%(what)s: sending…"), { what: label(entry) }));
    render();
    return entry;
  }
  function answered(entry, answer) {
    if (answer.status >= 200 && answer.status < 300) {
      saved.push(label(entry));
      say(interpolate(gettext("%(what)s: saved"), { what: label(entry) }));
      var following = entries[1];
      var chained = null;
      if (answer.version) {
        heard(answer.version);
        document.querySelectorAll("input[name=version]").forEach(function (v) { v.value = answer.version; });
        // The command kept behind this one was made on top of it: it names the state it gave.
        var chains = following && (EXPECTS[following.kind] || NUMBERED[following.kind]);
        if (chains && (following.expect === null || following.expect === undefined)) {
          following.expect = answer.version;
          chained = following;
        }
      }
      if (entry.kind === "handover") {
        handed = answer.page;
        return remove(entry).then(function () { return "handed"; });
      }
      document.dispatchEvent(new CustomEvent("kalooki:saved"));
      return remove(entry).then(function () { return chained && save(chained); }).then(function () { return "next"; });
    }
    if (answer.status === 0 || answer.status >= 500) {
      entry.state = "queued";
      // The newest kept command: the one the scorer just made, not the oldest waiting.
      var newest = entries[entries.length - 1] || entry;
      say(interpolate(gettext("%(what)s: not sent — will retry"), { what: label(newest) }));
    } else {
      entry.server = answer.body.game || null;
      if (answer.version) { entry.seen = answer.version; heard(answer.version); }
      // A state other than the one it named (a restore discarded it): the scorer decides.
      var away = NUMBERED[entry.kind] && entry.named && answer.version && answer.version !== entry.named;
      entry.state = answer.status === 409 && (moved(entry) || away) ? "conflict" : "refused";
      entry.error = answer.body.error ||
        interpolate(gettext("The server refused it (%(status)s)."), { status: answer.status });
      (answer.body.problems || []).forEach(function (p) { entry.error += " " + p.message; });
      say(interpolate(gettext("%(what)s: not sent — see above"), { what: label(entry) }));
    }
    // Read back what was saved: a load() racing this flush may have put older copies in `entries`.
    return save(entry).then(load).then(function () { return entry.state === "queued" ? "wait" : "blocked"; });
  }
  function idle(reason) {
    sending = null;
    render();
    if (reason === "handed") { handedOver(handed); return; }
    if (reason === "blocked" || (reason === "empty" && (saved.length || document.documentElement.dataset.keptAt))) { refresh(); }
  }
  var loop = core.outbox({ load: load, first: first, send: send, answered: answered, idle: idle, probe: API });
  var flush = loop.flush;

  // ---- The page's own requests: kept when they can't go now, or fail, or time out.
  function route(detail) {
    var match = detail.path && detail.path.match(/\/(hands|undo|buy-in|stop|paid)\/$/);
    return match && detail.verb === "post" ? match[1] : null;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var name = route(detail);
    if (!name) { return; }
    var form = detail.elt.closest("form");
    var entry = command(form, name, detail.formData);
    if (entry.kind === "stop" && entry.body.settle && corrected(entries) && breaks(kit(), entries)) {
      entry = gettext("The hands kept on this phone don't fit together: correct them on the score sheet before stopping the game.");
      event.preventDefault();
      say(entry + " " + gettext("Nothing was kept."));
      return;
    }
    if (typeof entry === "string") {
      if (!navigator.onLine) { event.preventDefault(); say(entry + " " + gettext("Nothing was kept.")); }
      return;
    }
    var blocked = entries[0] && (entries[0].state === "conflict" || entries[0].state === "refused");
    // A buy-in the server asks for goes first: the hands kept behind it may wait for it.
    if (!navigator.onLine || (entries.length && !(entry.kind === "buy-in" && blocked))) {
      event.preventDefault();
      keep(entry, form);
      return;
    }
    form.outboxEntry = entry;
    say(interpolate(gettext("%(what)s: sending…"), { what: label(entry) }));
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    // The answer replaced the form: htmx then tells a parent, so the form is the request's own.
    var sent = (detail.requestConfig && detail.requestConfig.elt) || detail.elt;
    var form = sent.closest && sent.closest("form");
    var entry = form && form.outboxEntry;
    if (!entry) {
      if (detail.successful && route(detail)) { flush(true); }
      return;
    }
    form.outboxEntry = null;
    var status = detail.xhr ? detail.xhr.status : 0;
    if (status === 0) {
      // No answer: kept with the key it was sent with, so it is stored once whatever happened.
      keep(entry, form);
    } else if (status < 300) {
      saved = [];
      say(interpolate(gettext("%(what)s: saved"), { what: label(entry) }));
      render();
      document.dispatchEvent(new CustomEvent("kalooki:saved"));
      flush(true);
    } else if (status === 409 || status === 422) {
      say(interpolate(gettext("%(what)s: not saved — see below"), { what: label(entry) }));
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!document.documentElement.dataset.keptAt) { heard(0); }
    numberForms();
  });

  // The score sheet's own forms (the date, an edit, a delete): plain forms, sent as they are
  // while there is signal; kept like the table's commands when there is none, or when the
  // outbox already holds something (so that order is kept). A kept edit or delete goes back to
  // the score sheet, where the kept commands are listed.
  var PAGE_FORMS = [["date", /\/date\/$/], ["delete", /\/hands\/[0-9]+\/delete\/$/], ["edit", /\/hands\/[0-9]+\/edit\/$/]];
  function pageKind(form) {
    var action = form.getAttribute("action") || "";
    var found = PAGE_FORMS.filter(function (pair) { return pair[1].test(action); })[0];
    return found ? found[0] : null;
  }
  var sheetPath = "/g/" + token + "/sheet/";
  var PENDING = "kalooki-sending";
  function away() { return path[2] === "sheet/" ? null : function () { location.assign(sheetPath); }; }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var kind = !onTable && pageKind(form);
    if (!kind) { return; }
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) { data.append(event.submitter.name, event.submitter.value); }
    var entry = pageCommand(form, kind, data);
    var hold = entries.length || !navigator.onLine || document.documentElement.dataset.keptAt;
    if (typeof entry === "string") {
      // With signal the server's page says what is wrong, as without JavaScript.
      if (hold) { event.preventDefault(); say(entry + " " + gettext("Nothing was kept.")); }
      return;
    }
    if (hold) {
      event.preventDefault();
      var k = sheetKit();
      if ((kind === "edit" || kind === "delete") && !breaks(k, entries) && breaks(k, entries.concat([entry])) &&
          !confirm(interpolate(gettext("This leaves later hands that no longer fit (worked out on this phone): the game can't be stopped or settled until they are corrected. Keep “%(what)s” anyway?"), { what: label(entry) }))) {
        return;
      }
      keep(entry, form, away());
      return;
    }
    // With signal: the plain form, noted first. If the signal is gone, the worker brings the
    // phone back to this page's kept copy, where the note is kept (with its key: stored once).
    try { sessionStorage.setItem(PENDING, JSON.stringify(entry)); } catch (e) { /* no storage */ }
  });
  // The page after a plain form: the server's (it arrived: nothing to keep) or the kept copy.
  function pending() {
    var noted = null;
    try {
      noted = JSON.parse(sessionStorage.getItem(PENDING) || "null");
      sessionStorage.removeItem(PENDING);
    } catch (e) { return; }
    if (!noted || noted.game !== token || !document.documentElement.dataset.keptAt) { return; }
    if (entries.length) { noted.expect = null; }
    keep(noted, null, onTable ? null : away());
  }

  // Handing the scoring over: kept behind the commands kept here (they go first, or they could
  // never be sent once the link has changed), and sent when they are saved.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form.hand-over")) { return; }
    var entry = queued("handover", {}, form.querySelector("input[name=key]").value,
      form.querySelector("input[name=version]").value);
    if (entries.length || !navigator.onLine || document.documentElement.dataset.keptAt) {
      event.preventDefault();
      keep(entry, form);
      return;
    }
    try { sessionStorage.setItem(PENDING, JSON.stringify(entry)); } catch (e) { /* no storage */ }
  });
  // The hand-over's answer: the new link as a QR code, shown in place of the table.
  function handedOver(page) {
    var theirs = new DOMParser().parseFromString(page, "text/html").querySelector("main");
    var main = document.querySelector("main");
    if (theirs && main) { main.replaceWith(document.importNode(theirs, true)); }
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (!document.documentElement.dataset.keptAt) { heard(0); }
    load().then(function () {
      pending();
      render();
      numberForms();
      flush();
    });
  });
})();
