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
  // "Go back" (the error pages): the previous page when there is one, else the link's own address.
  // A javascript: URL would be refused by the policy, and do nothing.
  document.addEventListener("click", function (evt) {
    var el = evt.target.closest ? evt.target.closest("a[data-go-back]") : null;
    if (!el || window.history.length < 2) return;
    evt.preventDefault();
    window.history.back();
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
  // The new-table form comes back from the server when the player count changes (table_create.html).
  // A choice made while it was on its way (a rulebook detail, the goal) would be swapped away with the
  // old form: such choices are carried over to the new one, and the folded sections stay as they were.
  var CREATE_FORM_FIXED = { game: true, shown_game: true, csrfmiddlewaretoken: true };
  function createFormValues(form) {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name && !CREATE_FORM_FIXED[el.name]) out[el.name] = el.type === "checkbox" ? el.checked : el.value;
    });
    return out;
  }
  var createFormSent = null;
  var createFormCarry = null;
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var target = evt.detail.target;
    if (target && target.id === "create-form") createFormSent = createFormValues(target);
  });
  document.addEventListener("htmx:beforeSwap", function (evt) {
    var form = evt.detail.target;
    if (!form || form.id !== "create-form" || !createFormSent) return;
    var now = createFormValues(form);
    var changed = {};
    Object.keys(now).forEach(function (name) {
      if (now[name] !== createFormSent[name]) changed[name] = now[name];
    });
    var shown = form.querySelector("input[name=shown_game]");
    var open = Array.prototype.map.call(form.querySelectorAll("details[open]"), function (d) { return d.className; });
    createFormCarry = { game: shown ? shown.value : "", changed: changed, open: open };
    createFormSent = null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var carry = createFormCarry;
    var form = document.getElementById("create-form");
    createFormCarry = null;
    if (!carry || !form) return;
    var shown = form.querySelector("input[name=shown_game]");
    if (!shown || shown.value !== carry.game) return;  // another game: its own options
    carry.open.forEach(function (cls) {
      var d = form.querySelector("details[class=\"" + cls + "\"]");
      if (d) d.open = true;
    });
    var recount = false;
    Object.keys(carry.changed).forEach(function (name) {
      var el = form.elements.namedItem(name);
      if (!el || el.length !== undefined && !el.options) return;  // absent, or several fields of one name
      if (el.type === "checkbox") el.checked = carry.changed[name];
      else el.value = carry.changed[name];
      if (name === "num_players") recount = true;
    });
    // The count itself changed again meanwhile: fetch that count's form too (it keeps the choices above).
    if (recount) form.elements.namedItem("num_players").dispatchEvent(new Event("change", { bubbles: true }));
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

  // --- A table POST's answer and the socket's pushes do not race -------------------------------------
  // The socket can bring a move's new view before the POST's own answer arrives, and replace the form
  // that posted: htmx would then swap the answer relative to a detached form, find none of its targets
  // (htmx:oobErrorNoTarget) and lose an error meant for that form. So while a POST from the table page is
  // in flight, socket messages wait, and are applied in order once it has been answered. And every answer
  // and push carries the version it shows (#frag-status): one older than the page shows is not swapped in
  // (its log lines, chat and badge still are). Errors also go to the stable #table-error area.
  var inFlight = 0;
  var held = [];

  function shownVersion() {
    var status = document.getElementById("frag-status");
    return status ? parseInt(status.dataset.version || "0", 10) : 0;
  }

  function withoutStale(html) {
    var found = /id="frag-status"[^>]*data-version="(\d+)"/.exec(html);
    if (!found || parseInt(found[1], 10) >= shownVersion()) return html;
    var t = document.createElement("template");
    t.innerHTML = html;
    t.content.querySelectorAll('[id^="frag-"]:not(#frag-chat)').forEach(function (el) { el.remove(); });
    // And the board's parts (games/parts.py), swapped by their own ids: any element the board holds.
    var board = document.getElementById("frag-board");
    Array.prototype.slice.call(t.content.children).forEach(function (el) {
      if (el.id && board && board.querySelector("#" + CSS.escape(el.id))) el.remove();
    });
    var box = document.createElement("div");
    box.appendChild(t.content);
    return box.innerHTML;
  }

  // A refusal over the socket names its form's error slot by id (``HX-Target``, below); a push may have
  // replaced that form while the command was on its way. The message's copy in #table-error stands; the
  // slot's swap is dropped, as htmx would find no target for it (htmx:oobErrorNoTarget).
  function withoutLostSlots(html) {
    if (html.indexOf('id="cmd-err-') < 0) return html;
    var t = document.createElement("template");
    t.innerHTML = html;
    var lost = Array.prototype.filter.call(t.content.querySelectorAll('[id^="cmd-err-"][hx-swap-oob]'),
      function (el) { return !document.getElementById(el.id); });
    if (!lost.length) return html;
    lost.forEach(function (el) { el.remove(); });
    var box = document.createElement("div");
    box.appendChild(t.content);
    return box.innerHTML;
  }

  if (window.htmx) {
    htmx.defineExtension("table-versions", {
      transformResponse: function (text) { return withoutLostSlots(withoutStale(text)); },
    });
  }

  function tablePost(evt) {
    var live = document.getElementById("table-live");
    return live && live.contains(evt.detail.elt) && evt.detail.requestConfig &&
      evt.detail.requestConfig.verb === "post";
  }

  document.addEventListener("htmx:beforeSend", function (evt) {
    if (!tablePost(evt)) return;
    var area = document.getElementById("table-error");
    if (area && evt.detail.elt.classList.contains("command")) area.textContent = "";
    inFlight += 1;
    evt.detail.xhr.addEventListener("loadend", function () {
      // After the answer's swap (htmx swaps in the xhr's load handler, before loadend).
      inFlight -= 1;
      if (inFlight === 0) releaseHeld();
    });
  });

  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    if (inFlight > 0) {
      evt.preventDefault();
      held.push({ html: evt.detail.message, socket: socketCount });
    }
  }, true);

  function releaseHeld() {
    var live = document.getElementById("table-live");
    while (held.length && live) {
      var message = held.shift();
      followLog = logAtBottom();
      htmx.swap(live, withoutLostSlots(withoutStale(message.html)), { swapStyle: "none" });
      afterMessage(message.socket);
    }
  }

  var socket = null;
  var beat = null;
  // The messages the open socket sent that this page has applied (or dropped as older than it shows):
  // each heartbeat says so beside the version it shows. A heartbeat sent before the last messages
  // arrived names an older version than the page will show; the server, which counts what it sent,
  // then knows the version is not news (games/consumers.py, ``_answer_beat``).
  var socketCount = 0;
  var applied = 0;

  // A socket that reconnects names the version its page shows now, not the one it was loaded at: the
  // server then sends, in one message, only what changed since (games/consumers.py, ``_catch_up``).
  if (window.htmx) {
    var openSocket = htmx.createWebSocket || function (url) { return new WebSocket(url, []); };
    htmx.createWebSocket = function (url) {
      if (/\/ws\/tables\/\d+\//.test(url) && document.getElementById("frag-status")) {
        url = url.replace(/([?&]v=)-?\d+/, "$1" + String(shownVersion()));
      }
      return openSocket(url);
    };
  }

  // --- A command goes over the open socket, else as a POST ---------------------------------------------
  // A command form carries ``ws-send`` and ``hx-post``. htmx runs one handler per element and event, and
  // the websocket extension's comes first: while the table's socket is open it sends the form (the server
  // runs the POST's checks and service, games/commands.py, and answers on the socket); while the socket is
  // down or reconnecting (or the form's ``ws-send`` was taken away) the send is cancelled here and the form
  // is posted instead, with its own target, swap and disabled button.
  var slots = 0;
  function socketOpen() { return socket !== null && document.body.dataset.ws === "open"; }
  document.addEventListener("htmx:wsConfigSend", function (evt) {
    var form = evt.detail.elt;
    if (!socketOpen() || !form.hasAttribute("ws-send")) {
      evt.preventDefault();
      if (form.getAttribute("hx-post")) htmx.ajax("POST", form.getAttribute("hx-post"), { source: form });
      return;
    }
    var area = document.getElementById("table-error");
    if (area && form.classList.contains("command")) area.textContent = "";
    // The refusal comes back by id (a socket's answer has no target): name the form's error slot.
    var slot = form.querySelector(".form-error");
    if (slot) {
      if (!slot.id) slot.id = "cmd-err-w" + (slots += 1).toString(36);
      slot.textContent = "";
      if (evt.detail.headers) evt.detail.headers["HX-Target"] = slot.id;
    }
  });

  function sendHeartbeat() {
    if (socket) {
      try { socket.send(JSON.stringify({ heartbeat: shownVersion(), applied: applied })); } catch (e) { /* reconnects */ }
    }
  }

  document.addEventListener("htmx:wsOpen", function (evt) {
    socket = evt.detail.socketWrapper;
    socketCount += 1;
    applied = 0;
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
    document.body.dataset.ws = "closed";
    // 4401: the session behind this page ended elsewhere (signed out, banned): load the page again as
    // whoever the browser is now, instead of keeping a seat's view it may no longer see.
    var closed = evt.detail && evt.detail.event;
    if (closed && closed.code === 4401) window.location.reload();
  });
  // Pages left in a background tab resync when they come back.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") sendHeartbeat();
    else markSeen();
  });
  // A player who hides or leaves the page has read it up to the version it shows: next time, the log
  // marks as new only what came after (the page's own load marks its version read on the server).
  function markSeen() {
    var live = document.getElementById("table-live");
    var headers = {};
    try { headers = JSON.parse(document.body.getAttribute("hx-headers") || "{}"); } catch (e) { /* none */ }
    if (!live || !live.dataset.seenUrl || !navigator.sendBeacon || !headers["X-CSRFToken"]) return;
    var form = new FormData();
    form.append("version", String(shownVersion()));
    form.append("csrfmiddlewaretoken", headers["X-CSRFToken"]);
    navigator.sendBeacon(live.dataset.seenUrl, form);
  }
  window.addEventListener("pagehide", markSeen);

  // The log shows its newest lines: at the bottom on load, and after each update when the reader
  // was already at the bottom (someone scrolled up to read older lines keeps their place).
  function logBox() { return document.getElementById("log-entries"); }
  function logAtBottom() {
    var box = logBox();
    return !box || box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  }
  function logToBottom() { var box = logBox(); if (box) box.scrollTop = box.scrollHeight; }
  // On load: at the first line that is new since the reader's last visit, else at the bottom.
  document.addEventListener("DOMContentLoaded", function () {
    var box = logBox();
    var since = document.getElementById("log-since");
    if (box && since) box.scrollTop = since.offsetTop;  // .log-entries is its offsetParent
    else logToBottom();
  });
  // Earlier lines come in above the ones being read: keep those where they are on the screen.
  var keepFromBottom = null;
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var box = logBox();
    if (box && box.contains(evt.detail.elt)) keepFromBottom = box.scrollHeight - box.scrollTop;
  });
  document.addEventListener("htmx:load", function (evt) {
    var box = logBox();
    if (keepFromBottom === null || !box || !box.contains(evt.detail.elt)) return;
    box.scrollTop = box.scrollHeight - keepFromBottom;
    window.requestAnimationFrame(function () { keepFromBottom = null; });
  });
  var followLog = true;  // (declared before its first use by releaseHeld, which runs only later)
  document.addEventListener("htmx:wsBeforeMessage", function () { followLog = logAtBottom(); });

  // A one-time notice ("The game has started") is not news for the rest of the game: it goes once the
  // table has moved on.
  function dropNotices() {
    document.querySelectorAll("ul.messages").forEach(function (ul) { ul.remove(); });
  }

  // The tab's title counts the games waiting for you, as the header's badge does ("(1) Hyperlane"): the
  // badge is pushed over the table's socket, or the page's own /ws/me/ socket elsewhere.
  function markTitle() {
    var badge = document.getElementById("waiting-badge");
    if (!badge) return;
    var count = parseInt(badge.dataset.count || "0", 10);
    var base = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? "(" + count + ") " + base : base;
  }
  document.addEventListener("DOMContentLoaded", markTitle);

  // A reconnect resends log lines the page may already have: keep the first of each.
  document.addEventListener("htmx:wsAfterMessage", function () { afterMessage(socketCount); });
  function afterMessage(fromSocket) {
    if (fromSocket === socketCount) applied += 1;
    document.body.dataset.wsMessages = String(Number(document.body.dataset.wsMessages || "0") + 1);
    var seen = {};
    document.querySelectorAll("#log-entries > li[data-id]").forEach(function (li) {
      if (seen[li.dataset.id]) li.remove(); else seen[li.dataset.id] = true;
    });
    if (followLog) logToBottom();
    applySizes(document);
    var live = document.getElementById("table-live");
    if (live && shownVersion() > parseInt(live.dataset.version || "0", 10)) dropNotices();
    markTitle();
  }

  // --- A menu the player opened stays open when its part is replaced -----------------------------------
  // A push replaces a whole part (a space card, a panel, or the board when its parts change): a <details>
  // menu open in it would close under the player's pointer. Before the swap, each menu open in the old
  // element is opened in the new one: the same nearest element with an id, the same place among its
  // menus, the same summary text (a menu that changed is left closed).
  function openMenus(root) {
    var found = [];
    root.querySelectorAll("details[open]").forEach(function (d) {
      var owner = d.parentElement && d.parentElement.closest("[id]");
      if (!owner || !(owner === root || root.contains(owner))) return;
      var index = Array.prototype.indexOf.call(owner.querySelectorAll("details"), d);
      var summary = d.querySelector("summary");
      found.push({ id: owner.id, index: index, text: summary ? summary.textContent : "" });
    });
    return found;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (evt) {
    var target = evt.detail.target, fragment = evt.detail.fragment;
    if (!target || !fragment || !target.querySelectorAll) return;
    openMenus(target).forEach(function (m) {
      var owner = fragment.querySelector("#" + CSS.escape(m.id));
      var d = owner ? owner.querySelectorAll("details")[m.index] : null;
      var summary = d ? d.querySelector("summary") : null;
      if (d && (summary ? summary.textContent : "") === m.text) d.setAttribute("open", "");
    });
  });
})();
