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
  document.addEventListener("htmx:wsClose", function (evt) {
    socket = null;
    document.body.classList.add("ws-down");
    // 4401: the session behind this page ended elsewhere (signed out, banned): load the page again as
    // whoever the browser is now, instead of keeping a seat's view it may no longer see.
    var closed = evt.detail && evt.detail.event;
    if (closed && closed.code === 4401) window.location.reload();
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
