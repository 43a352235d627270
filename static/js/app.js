// Progressive enhancement for the hand form: hide the winner's field, move focus on,
// and count a loser's cards into their value. Everything works without this file.
(function () {
  "use strict";
  // Words in the page's language: Django's catalogue (js/i18n/<language>.js, loaded first by
  // base.html) where the page has one, else English as written here.
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (whole, key) { return values[key]; });
  }
  document.documentElement.classList.add("js");

  function values(form) {
    return Array.prototype.filter.call(
      form.querySelectorAll(".value input[type=text]"),
      function (input) { return !input.disabled && !input.closest(".value").hidden; }
    );
  }

  function markWinner(form) {
    var picked = form.querySelector("input[name=winner]:checked");
    form.querySelectorAll(".value").forEach(function (box) {
      var won = picked !== null && box.dataset.player === picked.value;
      box.classList.toggle("won", won);
      // A player out of the game (dropped out on this phone, offline) stays out of the form.
      box.querySelectorAll("input[type=text]").forEach(function (input) { input.disabled = won || box.hidden; });
    });
    // Enter says "Go" (records) on the last value shown, "Next" before it.
    var list = values(form);
    form.querySelectorAll(".value input[type=text]").forEach(function (input) {
      input.setAttribute("enterkeyhint", "next");
    });
    list.forEach(function (input, i) {
      input.setAttribute("enterkeyhint", i === list.length - 1 ? "go" : "next");
    });
  }

  function firstEmpty(form) {
    var list = values(form);
    return list.filter(function (input) { return !input.value; })[0] || list[0];
  }

  function setUp(root) {
    root.querySelectorAll("form.hand").forEach(function (form) {
      if (form.dataset.ready) { return; }
      form.dataset.ready = "1";
      markWinner(form);
      form.addEventListener("change", function (event) {
        var name = event.target.name;
        if (name !== "winner" && name !== "kalookie") { return; }
        if (name === "winner") { markWinner(form); }
        var next = name === "winner" ? values(form)[0] : firstEmpty(form);
        if (next) { next.focus(); }
      });
      form.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || !event.target.matches(".value input")) { return; }
        var list = values(form);
        var next = list[list.indexOf(event.target) + 1];
        if (next) {
          event.preventDefault();
          next.focus();
        }
      });
      // The lost-challenge box fills in the points and the reason, which stay editable.
      form.querySelectorAll("input[data-adjust]").forEach(function (box) {
        box.addEventListener("change", function () {
          var points = document.getElementById(box.dataset.adjust);
          var reason = document.getElementById(box.dataset.reason);
          var text = box.dataset.text;
          var fill = box.dataset.points;
          if (box.checked) {
            if (!points.value) { points.value = fill; }
            if (!reason.value) { reason.value = text; }
          } else {
            if (points.value === fill) { points.value = ""; }
            if (reason.value === text) { reason.value = ""; }
          }
        });
      });
      form.querySelectorAll("button.count").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () { toggleCounter(form, button); });
      });
    });
    var asked = root.querySelector("[data-focus]");
    var invalid = root.querySelector("[aria-invalid=true]");
    var restored = root.querySelector(".notice.restored");
    if (asked) {
      asked.focus();
    } else if (invalid) {
      invalid.focus();
    } else if (restored) {
      restored.setAttribute("tabindex", "-1");
      restored.scrollIntoView({ block: "center" });
      restored.focus({ preventScroll: true });
    } else if (root !== document) {
      nextHand(root);
    }
  }

  // After a hand (saved, or kept on the phone), start the next one (or the question) from its
  // title, and bring its first control on screen: the title sits in the sticky strip, so
  // focusing it alone leaves the page scrolled down where the last value was typed.
  function nextHand(root) {
    var title = root.querySelector("#live h2");
    if (!title) { return; }
    title.setAttribute("tabindex", "-1");
    title.focus({ preventScroll: true });
    var first = root.querySelector("#live form.hand:not([hidden]) fieldset.winner, #offline-ask, #live form.buy-in");
    (first || title).scrollIntoView({ block: "center" });
  }
  document.addEventListener("kalooki:kept", function () { nextHand(document); });

  // "Void hand" sits under "Record hand": an empty form asks first (with values typed, the
  // server asks, naming them).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest('form.hand button[name=action][value=void]');
    if (!button) { return; }
    var form = button.form;
    var typed = form.querySelector("input[name=winner]:checked") ||
      values(form).some(function (input) { return input.value; });
    var number = form.querySelector("input[name=number]").value;
    if (!typed && !confirm(interpolate(gettext("Void hand %(n)s? It counts for no one (the stock ran out twice)."), { n: number }))) {
      event.preventDefault();
    }
  });

  function toggleCounter(form, button) {
    var box = button.closest(".value");
    var open = box.querySelector(".counter");
    if (open) {
      open.remove();
      button.setAttribute("aria-expanded", "false");
      return;
    }
    var template = document.getElementById("counter-keys");
    var counter = template.content.firstElementChild.cloneNode(true);
    var input = document.getElementById(button.dataset.for);
    var tally = counter.querySelector(".tally");
    var cards = [];
    function show() {
      var sum = cards.reduce(function (total, card) { return total + card.value; }, 0);
      input.value = cards.length ? String(sum) : "";
      tally.textContent = cards.length
        ? cards.map(function (card) { return card.rank; }).join(" + ") + " = " + sum
        : gettext("Tap each card left in the hand.");
    }
    counter.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      if (!key) { return; }
      if (key.hasAttribute("data-undo")) {
        cards.pop();
      } else {
        cards.push({ rank: key.dataset.rank, value: Number(key.dataset.value) });
      }
      show();
    });
    box.appendChild(counter);
    button.setAttribute("aria-expanded", "true");
    show();
  }

  // The new-game form: show what "As the preset" means for the preset picked.
  function showPreset(form) {
    var picked = form.querySelector("input[name=preset]:checked");
    var values = picked && document.querySelector('#preset-values [data-preset="' + picked.value + '"]');
    if (!values) { return; }
    // Only the settings of the picked preset's family are shown (and stored).
    form.querySelectorAll("[data-families]").forEach(function (box) {
      box.hidden = box.dataset.families.split(" ").indexOf(values.dataset.family) < 0;
    });
    Object.keys(values.dataset).forEach(function (name) {
      var field = form.querySelector('[name="' + name + '"]');
      // The preset's own key names its radios, not a setting: they take no placeholder.
      if (!field || name === "preset" || name === "family") { return; }
      if (field.tagName === "SELECT") {
        field.options[0].textContent = interpolate(gettext("As the preset (%(value)s)"), { value: values.dataset[name] });
      } else {
        field.placeholder = interpolate(gettext("%(value)s (preset)"), { value: values.dataset[name] });
      }
    });
  }

  // A new club's address is suggested from its name as it is typed, as the server makes it when
  // the field is left empty (Django's slugify: accents dropped, hyphens between words).
  document.addEventListener("input", function (event) {
    var name = event.target;
    var slug = name.form && name.name === "name" && name.form.querySelector("input[name=slug]");
    if (!slug) { return; }
    slug.placeholder = name.value.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase()
      .replace(/[^\w\s-]/g, "").replace(/[-\s]+/g, "-").replace(/^[-_]+|[-_]+$/g, "").slice(0, 44);
  });

  // Typing over a stake replaces it. A phone puts the caret where the finger lifted, after the
  // focus: the figure is selected again on the tap that focused it (not on a later one).
  // So is a figure of a hand (its form on the table and on the edit page): typing 5 over 50
  // makes 5, not 505.
  var SELECTED = "input[data-select], form.hand input[type=text][inputmode]";
  var tapped = null;
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches(SELECTED)) {
      event.target.select();
      tapped = event.target;
    }
  });
  document.addEventListener("click", function (event) {
    if (tapped && event.target === tapped) { tapped.select(); }
    tapped = null;
  });
  document.addEventListener("input", function () { tapped = null; });

  // Share the result: the share sheet, else the clipboard.
  function showShare(root) {
    root.querySelectorAll("[data-share]").forEach(function (b) {
      b.hidden = !navigator.share && !navigator.clipboard;
    });
  }
  document.addEventListener("click", function (event) {
    var b = event.target.closest && event.target.closest("[data-share]");
    if (!b) { return; }
    var text = document.getElementById("share-text").textContent;
    var said = b.parentNode.querySelector(".shared");
    if (navigator.share) {
      navigator.share({ title: b.dataset.title, text: text, url: b.dataset.url }).catch(function () {});
      return;
    }
    navigator.clipboard.writeText(text + "\n" + b.dataset.url).then(function () {
      said.textContent = gettext("Copied: paste it into the group chat.");
    }, function () {
      said.textContent = gettext("Copying was refused: copy the text below instead.");
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    showShare(document);
    setUp(document);
    // A watch page is cached for every watcher alike: this phone adds it to its own list apart.
    document.querySelectorAll("[data-remember]").forEach(function (element) {
      fetch(element.dataset.remember, { credentials: "same-origin" });
    });
    var newGame = document.querySelector("form.new-game");
    if (newGame) {
      showPreset(newGame);
      newGame.addEventListener("change", function (event) {
        if (event.target.name === "preset") { showPreset(newGame); }
      });
    }
  });
  // A fault saved nothing: the server's note goes above the form, which keeps what was typed.
  document.addEventListener("htmx:responseError", function (event) {
    var live = document.getElementById("live");
    if (!live || event.detail.xhr.status !== 503) { return; }
    var sent = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
    var note = sent.getElementById("fault");
    var old = document.getElementById("fault");
    if (old) { old.remove(); }
    if (note) { live.insertBefore(document.adoptNode(note), live.firstChild); }
  });
  // The phone's time zone, told in a cookie: the next page shows its times (nights/zones.py).
  function tellTimeZone() {
    var zone = "";
    try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { return; }
    if (!/^[A-Za-z0-9_+\/-]+$/.test(zone) || document.cookie.split("; ").indexOf("tz=" + zone) !== -1) { return; }
    document.cookie = "tz=" + zone + "; path=/; max-age=31536000; samesite=lax";
  }
  tellTimeZone();
  // The outbox (outbox.js) brought the table up to date.
  document.addEventListener("kalooki:refreshed", function () { setUp(document); });
  document.addEventListener("htmx:afterSettle", function (event) {
    // Every form of the page names the version the table now shows, not the one it was loaded
    // with: those outside the swapped part too (the hand-over), or their first tap is refused.
    var live = document.getElementById("live");
    if (live && live.dataset.version) {
      // The revision beside each version is the table's too (or none): a pair names one state.
      var fresh = live.querySelector("input[name=revision]");
      document.querySelectorAll("input[name=version]").forEach(function (v) {
        v.value = live.dataset.version;
        var revision = v.form && v.form.querySelector("input[name=revision]");
        if (revision) { revision.value = fresh ? fresh.value : ""; }
      });
    }
    if (event.detail.elt.id === "live") { showShare(event.detail.elt.ownerDocument); }
    if (event.detail.elt.id === "live" && event.detail.requestConfig.verb === "post") {
      setUp(event.detail.elt.ownerDocument.getElementById("live").parentNode);
    }
  });
})();
