// Pictures for the phone page: the game's sprite sheet (assets/phone/<game>.png and .json,
// served at /sprites/), choices drawn as sprites, a seat's board of places, two-tap choices
// ("first" then a lit place) and a hand line's row of sprites. Every hint is optional: a
// choice without one is the text button it always was. No game rules live here: the host's
// words say what to draw (docs/phones.md, "Picture hints").
"use strict";
window.PhoneDraw = (function () {
  let atlas = null, game = "", sheet = "";
  let selected = null;  // the id of the selected "first" (kept across updates while it is offered)
  const MIN_TARGET = 48;  // CSS pixels: the smallest touch target
  const ROW_MAX = 4;  // a "row" group of more buttons wraps (at 360 px, five would be too narrow)

  // Load the game's sheet once (the hand message names the game); ``ready`` redraws.
  function load(id, ready) {
    if (!id || id === game) return;
    game = id; atlas = null;
    const base = "/sprites/" + encodeURIComponent(id);
    fetch(base + ".json").then((reply) => (reply.ok ? reply.json() : null)).then((found) => {
      if (!found || typeof found.sprites !== "object" || id !== game) return;
      const image = new Image();
      image.onload = () => {
        if (id !== game) return;
        found.size = Array.isArray(found.size) ? found.size : [image.naturalWidth, image.naturalHeight];
        found.scale = found.scale || 2;
        atlas = found; sheet = base + ".png";
        ready();
      };
      image.src = base + ".png";
    }).catch(() => {});
  }

  const has = (key) => !!(atlas && typeof key === "string" && Array.isArray(atlas.sprites[key]));

  // The sprite ``key`` at its CSS size, shrunk (never grown) to fit maxW x maxH.
  function sprite(key, maxW, maxH, grow) {
    const [x, y, w, h] = atlas.sprites[key];
    const s = atlas.scale;
    let k = Math.min(maxW ? maxW / (w / s) : Infinity, maxH ? maxH / (h / s) : Infinity);
    if (!isFinite(k) || k <= 0) k = 1;
    if (!grow) k = Math.min(1, k);
    const f = k / s;
    const span = document.createElement("span");
    span.className = "sprite"; span.dataset.sprite = key;
    span.style.width = (w * f) + "px"; span.style.height = (h * f) + "px";
    span.style.backgroundImage = "url(" + sheet + ")";
    span.style.backgroundSize = (atlas.size[0] * f) + "px " + (atlas.size[1] * f) + "px";
    span.style.backgroundPosition = (-x * f) + "px " + (-y * f) + "px";
    return span;
  }

  function badged(picture, badge) {
    if (badge === null || badge === undefined || badge === "") return picture;
    const wrap = document.createElement("span"); wrap.className = "pic";
    const corner = document.createElement("span"); corner.className = "badge"; corner.textContent = String(badge);
    wrap.append(picture, corner);
    return wrap;
  }

  // A hand line's row of sprites (with their badges), or null if none can be drawn.
  function handRow(line, width) {
    const keys = Array.isArray(line.sprites) ? line.sprites : [];
    if (!keys.length || !keys.every(has)) return null;
    const row = document.createElement("div"); row.className = "sprites";
    const each = Math.max(MIN_TARGET, (width - 8 * (keys.length - 1)) / keys.length);
    keys.forEach((key, i) => row.append(badged(sprite(key, each, 120), (line.badges || [])[i])));
    return row;
  }

  // The choices of an update, drawn: returns what the page's #choices box holds.
  // ctx: {width, height, disabled, sentIndex, button(choice, index, face) -> element, redraw()}
  function choices(update, ctx) {
    const list = update.choices || [];
    const board = update.board && Array.isArray(update.board.places) && update.board.w > 0 && update.board.h > 0
      ? update.board : null;
    const placeIds = new Set(board ? board.places.map((p) => p.id) : []);
    const placed = (c) => !!c && typeof c.place === "string" && placeIds.has(c.place);
    const firsts = [];  // distinct firsts, in order of first appearance
    list.forEach((c) => {
      if (placed(c) && c.first && typeof c.first.id === "string" && !firsts.some((f) => f.id === c.first.id)) {
        firsts.push(c.first);
      }
    });
    if (selected !== null && !firsts.some((f) => f.id === selected)) selected = null;
    if (firsts.length === 1) selected = firsts[0].id;
    const out = [];
    const groups = [];
    list.forEach((choice, index) => {
      const last = groups[groups.length - 1];
      if (last && last.name === choice.group) last.items.push([choice, index]);
      else groups.push({ name: choice.group, items: [[choice, index]] });
    });
    let boardAt = -1;  // the board goes after the first group with placed choices (after its firsts)
    for (const group of groups) {
      const buttons = [];
      const seen = new Set();
      let places = false;
      for (const [choice, index] of group.items) {
        if (placed(choice)) {
          places = true;
          if (choice.first && !seen.has(choice.first.id)) {
            seen.add(choice.first.id); buttons.push(firstButton(choice.first, ctx));
          }
          continue;
        }
        if (choice.target) { buttons.length = 0; out.push(["target", group]); break; }
        buttons.push(ctx.button(choice, index, face(choice, group, ctx.width)));
      }
      if (!buttons.length) { if (places && boardAt < 0) boardAt = out.length; continue; }
      const heading = document.createElement("h2"); heading.textContent = group.name;
      const grid = document.createElement("div"); grid.className = "grid";
      if (group.items[0][0].layout === "row") {  // one row, big, while a row of them fits a thumb each
        grid.classList.add("row");
        if (buttons.length <= ROW_MAX) grid.style.gridTemplateColumns = "repeat(" + buttons.length + ", minmax(0, 1fr))";
      }
      if (buttons.some((b) => b.classList.contains("pic-choice"))) grid.classList.add("pics");
      grid.append(...buttons);
      out.push(["node", heading], ["node", grid]);
      if (places && boardAt < 0) boardAt = out.length;
    }
    if (board) out.splice(boardAt < 0 ? out.length : boardAt, 0, ["node", drawBoard(board, list, ctx)]);
    return out;
  }

  // A choice's face: its sprite (with badge) over its label, or null for a text button.
  function face(choice, group, width) {
    if (!has(choice.sprite)) return null;
    const cols = choice.layout === "row" && group.items.length <= ROW_MAX ? Math.max(1, group.items.length) : 2;
    const room = Math.max(MIN_TARGET, (width - 10 * (cols - 1)) / cols - 16);
    return badged(sprite(choice.sprite, room, 150), choice.badge);
  }

  function firstButton(first, ctx) {
    const button = document.createElement("button");
    button.type = "button"; button.className = "choice first";
    button.dataset.first = first.id;
    button.setAttribute("aria-pressed", String(selected === first.id));
    button.setAttribute("aria-label", first.label || first.id);
    if (has(first.sprite)) { button.classList.add("pic-choice"); button.append(sprite(first.sprite, ctx.width / 2 - 24, 150)); }
    const caption = document.createElement("span"); caption.className = "caption"; caption.textContent = first.label || "";
    button.append(caption);
    button.disabled = ctx.disabled;
    button.addEventListener("click", () => { selected = selected === first.id ? null : first.id; ctx.redraw(); });
    return button;
  }

  // The board fits the room unless that would make a lit place smaller than a thumb: then it
  // is drawn bigger and pans in its own box (a lit place is never grown over its neighbours,
  // where a tap meant for one would play the other), kept where the player panned it.
  function drawBoard(board, list, ctx) {
    const lit = new Map();  // place id -> choice index playable there now
    list.forEach((c, index) => {
      if (typeof c.place !== "string" || lit.has(c.place)) return;
      if (!c.first || c.first.id === selected) lit.set(c.place, index);
    });
    let smallest = Infinity;
    for (const place of board.places) if (lit.has(place.id)) smallest = Math.min(smallest, place.w, place.h);
    const fit = Math.min(ctx.width / board.w, ctx.height / board.h);
    const unit = smallest > 0 && smallest < Infinity ? Math.max(fit, MIN_TARGET / smallest) : fit;
    const view = document.createElement("div"); view.className = "board-view";
    const wrap = document.createElement("div"); wrap.className = "board";
    wrap.style.width = (board.w * unit) + "px"; wrap.style.height = (board.h * unit) + "px";
    view.append(wrap);
    let litX = 0, litY = 0;
    for (const place of board.places) {
      const w = place.w * unit, h = place.h * unit;
      const index = lit.get(place.id);
      const playable = index !== undefined;
      const node = document.createElement(playable ? "button" : "div");
      node.className = "place" + (playable ? " choice lit" : (lit.size ? " dim" : ""));
      node.dataset.place = place.id;
      node.style.left = (place.x * unit) + "px"; node.style.top = (place.y * unit) + "px";
      node.style.width = w + "px"; node.style.height = h + "px";
      if (playable) { litX += (place.x + place.w / 2) * unit / lit.size; litY += (place.y + place.h / 2) * unit / lit.size; }
      const drawing = document.createElement("span"); drawing.className = "spot";
      drawing.style.width = w + "px"; drawing.style.height = h + "px";
      if (has(place.sprite)) drawing.append(sprite(place.sprite, w, h, true));
      if (place.text) { const t = document.createElement("span"); t.className = "spot-text"; t.textContent = place.text; drawing.append(t); }
      if (place.label) {
        const mark = document.createElement("span"); mark.className = "marker"; mark.textContent = place.label;
        if (/^#[0-9a-fA-F]{6}$/.test(place.colour || "")) mark.style.background = place.colour;
        drawing.append(mark);
      }
      node.append(drawing);
      if (playable) {
        const choice = list[index];
        node.type = "button";
        node.dataset.index = String(index);
        node.setAttribute("aria-label", choice.label);
        node.disabled = ctx.disabled;
        ctx.wire(node, choice, index);
      }
      wrap.append(node);
    }
    pan(view, board.w + "x" + board.h + "@" + unit.toFixed(1), litX, litY);
    return view;
  }

  // Where the board's box was panned to, per board size: a redraw (every message) keeps it; a
  // new board opens centred on its lit places.
  let panned = { key: "", left: 0, top: 0 };
  function pan(view, key, x, y) {
    queueMicrotask(() => {  // once the page holds the box (before it is painted)
      if (panned.key !== key) {
        panned = { key, left: Math.max(0, x - view.clientWidth / 2), top: Math.max(0, y - view.clientHeight / 2) };
      }
      view.scrollLeft = panned.left; view.scrollTop = panned.top;
      view.addEventListener("scroll", () => { panned = { key, left: view.scrollLeft, top: view.scrollTop }; });
    });
  }

  // A tap anywhere but on a first or a lit place unselects the selected first.
  function unselectOutside(target) {
    if (selected === null || !target || !target.closest) return false;
    if (target.closest(".first") || target.closest(".place.lit")) return false;
    selected = null;
    return true;
  }

  return { load, has, sprite, badged, handRow, choices, unselectOutside };
})();
