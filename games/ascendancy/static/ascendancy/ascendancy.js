/* Star Trek: Ascendancy board (games/ascendancy/templates/ascendancy/board.html): what CSS cannot do.
 * - The first zoom: the smallest of the board's zoom buttons at which a system disc is big enough to read
 *   and click, then the map scrolled to centre the viewer's home system (spectators: the map's centre).
 * - Dragging the map with the mouse pans it (touch screens pan the scrolling frame by themselves); a drag
 *   does not follow the link it started on.
 * - Changing the zoom keeps the point at the frame's centre in the centre.
 * - The Initiative bid form's total, kept up to date as the amounts are typed.
 * No inline script or style (the site's Content-Security-Policy): scrolling only. */
(function () {
  "use strict";
  if (window.ascendancyBoard) return;
  window.ascendancyBoard = true;

  var MIN_PX_PER_UNIT = 7; // a disc (7 units across) about 50 px wide, a ship's count about 10 px high

  function frameWidth(board) {
    var svg = board.querySelector(".asc-map-stack svg");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal) return 0;
    return svg.viewBox.baseVal.width;
  }

  function homeDisc(board) {
    var seat = board.dataset.seat;
    if (seat === undefined) return null;
    return board.querySelector('[data-home-of="' + seat + '"] .asc-disc');
  }

  function centreOn(scroller, x, y) {
    scroller.scrollLeft = Math.max(0, x - scroller.clientWidth / 2);
    scroller.scrollTop = Math.max(0, y - scroller.clientHeight / 2);
  }

  function centreOnElement(scroller, el) {
    var box = scroller.getBoundingClientRect();
    var r = el.getBoundingClientRect();
    centreOn(scroller, scroller.scrollLeft + r.left - box.left + r.width / 2,
             scroller.scrollTop + r.top - box.top + r.height / 2);
  }

  function firstView(board) {
    var scroller = board.querySelector(".asc-map-scroll");
    var width = frameWidth(board);
    if (!scroller || !width || !scroller.clientWidth) return;
    var zoom = 1;
    while (zoom < 3 && scroller.clientWidth * zoom / width < MIN_PX_PER_UNIT) zoom += 1;
    var radio = board.querySelector("#asc-zoom-" + zoom);
    if (radio && !radio.checked) radio.checked = true;
    var home = homeDisc(board);
    if (home) centreOnElement(scroller, home);
    else centreOn(scroller, scroller.scrollWidth / 2, scroller.scrollHeight / 2);
  }

  function draggable(scroller) {
    var start = null;
    var moved = false;
    scroller.addEventListener("pointerdown", function (evt) {
      if (evt.pointerType !== "mouse" || evt.button !== 0) return;
      start = {x: evt.clientX, y: evt.clientY, left: scroller.scrollLeft, top: scroller.scrollTop};
      moved = false;
    });
    scroller.addEventListener("pointermove", function (evt) {
      if (!start) return;
      var dx = evt.clientX - start.x, dy = evt.clientY - start.y;
      if (!moved && Math.abs(dx) + Math.abs(dy) < 6) return;
      moved = true;
      scroller.classList.add("asc-dragging");
      scroller.scrollLeft = start.left - dx;
      scroller.scrollTop = start.top - dy;
    });
    function end() {
      start = null;
      scroller.classList.remove("asc-dragging");
    }
    scroller.addEventListener("pointerup", end);
    scroller.addEventListener("pointerleave", end);
    scroller.addEventListener("click", function (evt) {
      if (moved) { evt.preventDefault(); evt.stopPropagation(); moved = false; }
    }, true);
  }

  function setup() {
    var board = document.querySelector(".asc-board");
    if (!board) return;
    var scroller = board.querySelector(".asc-map-scroll");
    if (scroller && !scroller.dataset.ascDrag) {
      scroller.dataset.ascDrag = "1";
      draggable(scroller);
    }
    if (!board.dataset.ascViewed) {
      board.dataset.ascViewed = "1";
      firstView(board);
    }
  }

  var centre = null;
  document.addEventListener("pointerdown", function (evt) {
    // Remember the frame's centre (as a share of the map) before a zoom button changes the map's size.
    var label = evt.target.closest && evt.target.closest(".asc-zoom label");
    var scroller = label && document.querySelector(".asc-map-scroll");
    if (!scroller) return;
    centre = {x: (scroller.scrollLeft + scroller.clientWidth / 2) / scroller.scrollWidth,
              y: (scroller.scrollTop + scroller.clientHeight / 2) / scroller.scrollHeight};
  });
  document.addEventListener("change", function (evt) {
    if (!evt.target || evt.target.name !== "asc-zoom") return;
    var scroller = document.querySelector(".asc-map-scroll");
    if (!scroller) return;
    var home = homeDisc(document.querySelector(".asc-board"));
    if (centre) centreOn(scroller, centre.x * scroller.scrollWidth, centre.y * scroller.scrollHeight);
    else if (home) centreOnElement(scroller, home);
    centre = null;
  });
  // The Initiative bid's form (jinja2/ascendancy/decide.html): its total as the amounts are typed, marked when
  // another player committed it already (the server refuses it: R4). Without script the server's answer says so.
  document.addEventListener("input", function (evt) {
    var form = evt.target && evt.target.closest && evt.target.closest(".asc-bid-form");
    if (!form) return;
    var total = 0;
    form.querySelectorAll("input[type=number]").forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (n > 0) total += n;
    });
    var out = form.querySelector("output[name=total]");
    if (out) out.textContent = String(total);
    var taken = (form.dataset.forbidden || "").split(" ").indexOf(String(total)) >= 0;
    form.classList.toggle("asc-bid-taken", total > 0 && taken);
  });
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSettle", setup);
  document.addEventListener("htmx:wsAfterMessage", setup);
  if (document.readyState !== "loading") setup();
})();
