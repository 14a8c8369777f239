// Hyperlane page glue: error swaps, websocket heartbeat, log de-duplication. No game logic here.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.htmx) return;
    // htmx 2 does not swap 4xx answers by default: ours carry a message for the control that posted.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "(400|403|404|409|422|429)", swap: true, error: false },
      { code: "[45]..", swap: false, error: true },
    ];
  });

  // The Content-Security-Policy (config/headers.py) allows no inline script, no eval and no style
  // attribute: the small behaviours the templates ask for by data attributes live here.
  document.addEventListener("change", function (evt) {
    var el = evt.target;
    if (el.matches && el.matches("[data-submit-on-change]") && el.form) el.form.submit();
  });
  document.addEventListener("focusin", function (evt) {
    var el = evt.target;
    if (el.matches && el.matches("[data-select-on-focus]")) el.select();
  });
  document.addEventListener("htmx:afterRequest", function (evt) {
    var el = evt.detail.elt;
    if (evt.detail.successful && el && el.matches && el.matches("form[data-reset-on-success]")) el.reset();
  });
  // The invite link carries its token in the fragment (never sent to the server): the invite page
  // fills it in, takes it out of the address bar, and posts it once.
  document.addEventListener("DOMContentLoaded", function () {
    var input = document.querySelector("input[data-invite-from-fragment]");
    if (!input || !window.location.hash) return;
    input.value = decodeURIComponent(window.location.hash.slice(1));
    history.replaceState(null, "", window.location.pathname + window.location.search);
    var form = input.form;
    if (form && form.matches("[data-submit-when-filled]") && !form.querySelector(".error-text")) form.submit();
  });
  // A poll waits while its tab is hidden (it resyncs on the next tick once visible).
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var el = evt.detail.elt;
    if (el === evt.target && el.matches && el.matches("[data-poll-when-visible]") &&
        document.visibilityState !== "visible") {
      evt.preventDefault();
    }
  });
  // Sizes the server computes (a bar's filled share, a grid's columns) come as data attributes and are
  // set through the CSS object model, which the policy allows.
  function applySizes(root) {
    if (!root || !root.querySelectorAll) return;
    var nodes = Array.prototype.slice.call(root.querySelectorAll("[data-pct], [data-cards]"));
    if (root.matches && root.matches("[data-pct], [data-cards]")) nodes.push(root);
    nodes.forEach(function (el) {
      if (el.dataset.pct !== undefined) el.style.width = Math.max(0, Math.min(100, parseFloat(el.dataset.pct) || 0)) + "%";
      if (el.dataset.cards !== undefined) el.style.setProperty("--cards", String(parseInt(el.dataset.cards, 10) || 3));
    });
  }
  document.addEventListener("DOMContentLoaded", function () { applySizes(document); });
  document.addEventListener("htmx:load", function (evt) { applySizes(evt.target); });
  document.addEventListener("htmx:afterSettle", function () { applySizes(document); });
  document.addEventListener("htmx:wsAfterMessage", function () { applySizes(document); });

  var socket = null;
  var beat = null;

  function shownVersion() {
    var status = document.getElementById("frag-status");
    return status ? parseInt(status.dataset.version || "0", 10) : 0;
  }

  function sendHeartbeat() {
    if (socket) {
      try { socket.send(JSON.stringify({ heartbeat: shownVersion() })); } catch (e) { /* reconnects */ }
    }
  }

  document.addEventListener("htmx:wsOpen", function (evt) {
    socket = evt.detail.socketWrapper;
    var live = document.getElementById("table-live");
    var seconds = live ? parseInt(live.dataset.heartbeat || "20", 10) : 20;
    if (beat) clearInterval(beat);
    beat = setInterval(sendHeartbeat, Math.max(1, seconds) * 1000);
    document.body.classList.remove("ws-down");
    document.body.dataset.ws = "open";
  });
  document.addEventListener("htmx:wsClose", function () {
    socket = null;
    document.body.classList.add("ws-down");
  });
  // Pages left in a background tab resync when they come back.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") sendHeartbeat();
  });

  // The log shows its newest lines: at the bottom on load, and after each update when the reader
  // was already at the bottom (someone scrolled up to read older lines keeps their place).
  function logBox() { return document.getElementById("log-entries"); }
  function logAtBottom() {
    var box = logBox();
    return !box || box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  }
  function logToBottom() { var box = logBox(); if (box) box.scrollTop = box.scrollHeight; }
  document.addEventListener("DOMContentLoaded", logToBottom);
  var followLog = true;
  document.addEventListener("htmx:wsBeforeMessage", function () { followLog = logAtBottom(); });

  // A one-time notice ("The game has started") is not news for the rest of the game: it goes once the
  // table has moved on.
  function dropNotices() {
    document.querySelectorAll("ul.messages").forEach(function (ul) { ul.remove(); });
  }

  // A reconnect resends log lines the page may already have: keep the first of each.
  document.addEventListener("htmx:wsAfterMessage", function () {
    document.body.dataset.wsMessages = String(Number(document.body.dataset.wsMessages || "0") + 1);
    var seen = {};
    document.querySelectorAll("#log-entries > li[data-id]").forEach(function (li) {
      if (seen[li.dataset.id]) li.remove(); else seen[li.dataset.id] = true;
    });
    if (followLog) logToBottom();
    var live = document.getElementById("table-live");
    if (live && shownVersion() > parseInt(live.dataset.version || "0", 10)) dropNotices();
  });
})();
