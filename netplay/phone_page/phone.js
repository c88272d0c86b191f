// A seat's private hand on a phone: one page for every game. It renders what the host
// sends for this seat only (its update's legal actions, with words the host adds) and
// sends a tap as an intent, exactly as a LAN peer would. Nothing is fetched elsewhere.
//
// Fair races: a tap's intent says which update was on screen (seen: its n) and how many
// milliseconds after that update was presented the finger went down (ms), both on this
// phone's own clock; the host answers its probes at once, so it can time the phone's
// round trip itself. While a race's round runs the page pings every 100 ms, so the
// phone's Wi-Fi radio does not doze (a dozing radio adds 100-300 ms).
//
// Who plays here: while the seat still has the host's default name (Player 3) and the game
// has not begun, the page offers the names of the people the hosting window knows (the hand
// message's profiles) as big buttons; a tap says {t: "name", name} and the lobby that follows
// carries the seat's new name.
//
// Words: every text the page says of its own comes in the page, in the phone's language
// (netplay/phone_texts.py: the JSON in <script id="words">); the host words the game's
// choices and hand lines and each refusal's sentence (a message's "text") the same way,
// and this page asks its WebSocket for the language the page was made in.
"use strict";
(function () {
  const token = location.pathname.split("/")[2] || "";
  const $ = (id) => document.getElementById(id);
  let W = {};
  try { W = JSON.parse($("words").textContent); } catch (e) { W = {}; }
  // A text of the page with its {fields} filled: say("ready", {n: 3}).
  function say(key, data) {
    const text = W[key] || key;
    return text.replace(/\{(\w+)\}/g, (all, name) => (data && name in data ? String(data[name]) : all));
  }
  const playerName = (i) => names[i] || say("player", { n: i + 1 });
  const told = (m) => m.text || m.reason;  // the host's sentence in this phone's language
  const PING_CALM = 2000, PING_RACE = 100;  // ms between pings: normally, and while a race's round runs
  let socket = null, seq = 0, pending = null, sentLabel = "", retry = 500, stopped = false, pinger = null;
  let pingEvery = 0;
  let seat = null, names = [], started = false, update = null, connected = false, notice = "";
  let profiles = [], myName = "", naming = false;  // who plays here: the names offered, this seat's, a tap sent
  let realtime = false;  // the game is a race (the hand says so): taps are timed, pings quicken in a round
  let paused = null;  // the host paused the game: {until: seconds on this clock, or null}
  let presented = null;  // the newest update on screen: {n, at: performance.now() when it was painted}
  let touched = null;  // the latest finger down on a choice: {button, at: its event's time}
  let refusedAs = "", openSeats = null;  // refused: what the status says; the seats it may take instead
  const shown = {};  // per target group: the label of the target on show (kept across updates)
  const Draw = window.PhoneDraw, Awake = window.PhoneAwake;
  // The optimistic echo: what the last tap played, shown at once, flown back if refused.
  // {label, sprite, hidden, from: the tapped thing's box, state: "sent" | "held" | "back", node}
  let echo = null;
  let mine = false, over = false;  // the seat may act now; the game's result was shown (each buzzes once)
  // A message posted from a frame's requestAnimationFrame callback runs right after that
  // frame was painted: as close to the pixels as a page can tell.
  const painted = new MessageChannel();
  painted.port1.onmessage = (event) => { presented = { n: event.data, at: performance.now() }; };

  function connect() {
    stopped = false;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const lang = W.lang ? "?lang=" + encodeURIComponent(W.lang) : "";
    socket = new WebSocket(scheme + location.host + "/p/" + token + "/ws" + lang);
    socket.onmessage = (event) => { let m; try { m = JSON.parse(event.data); } catch (e) { return; } receive(m); };
    let opened = false;
    socket.onopen = () => { opened = true; connected = true; retry = 500; render(); keepAwake(); };
    socket.onclose = () => {
      connected = false; pending = null; render(); keepAwake();
      if (stopped) return;
      const again = () => { setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); };
      if (opened) { again(); return; }
      // The handshake failed: is this link still a seat here (a new table, a new code)?
      fetch(location.pathname, { cache: "no-store" }).then((reply) => {
        if (reply.status === 404 || reply.status === 409 || reply.status === 410) {
          stop(say("link_gone"));
        } else { again(); }
      }, again);
    };
    pingEvery = 0;
    keepAwake();
  }

  function racing() {
    return realtime && connected && !paused && !!update && !!update.view && update.view.phase === "race";
  }

  function keepAwake() {  // pings every 100 ms while a race's round runs, every 2 s otherwise
    const every = racing() ? PING_RACE : PING_CALM;
    if (every === pingEvery) return;
    clearInterval(pinger);
    pingEvery = every;
    pinger = setInterval(() => send({ t: "ping", sent: performance.now() / 1000, rtt: null }), every);
  }

  // The update ``n`` is on screen once the frame that draws it has been painted (draw()
  // posts it from that frame's callback).
  function markPresented(n) {
    if (typeof n === "number") toPresent = n;
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(message)); return true; }
    return false;
  }

  function stop(words) { stopped = true; notice = words; $("again").hidden = false; render(); }

  function receive(m) {
    switch (m.t) {
      case "probe": send({ t: "probe", n: m.n }); return;  // at once: the host times the round trip
      case "pong": return;  // nothing to show: a re-render under a finger could lose its tap
      case "hand":
        seat = m.seat;
        realtime = !!m.realtime;
        document.documentElement.style.setProperty("--seat", m.colour);
        profiles = Array.isArray(m.profiles) ? m.profiles : [];
        myName = m.name || "";
        $("name").textContent = m.name || say("player", { n: m.seat + 1 });
        $("game").textContent = m.game_name;
        Draw.load(m.game, render);
        document.title = m.game_name + ": " + ($("name").textContent);
        break;
      case "start":
        started = true; names = m.names || [];
        if (names[seat]) { myName = names[seat]; $("name").textContent = myName; }
        break;
      case "lobby":
        if (m.phase === "playing") started = true;
        if (m.seats[seat] && m.seats[seat].name) { myName = m.seats[seat].name; $("name").textContent = myName; }
        naming = false;
        break;
      case "update":
        update = m;
        if (pending === null) sentLabel = "";
        buzzFor(m);
        break;
      case "pause":
        paused = m.paused ? { until: m.resume_in == null ? null : performance.now() / 1000 + m.resume_in } : null;
        if (paused && paused.until !== null) countDown();
        break;
      case "accept": if (m.seq === pending) { pending = null; if (echo) echo.state = "held"; } break;
      case "reject":
        if (realtime && m.code !== "paused" && (m.seq === pending || m.seq === -1)) buzz([30, 40, 30]);  // a lost race
        if (m.seq === pending) { pending = null; sentLabel = ""; flyBack(); }
        naming = false;
        notice = say("refused", { reason: told(m) });
        break;
      case "photo": notice = photoWords(m); break;
      case "open_seats": openSeats = Array.isArray(m.seats) ? m.seats : []; return;
      case "refuse":  // this phone holds no seat: say so plainly (no one else's name), offer the open seats
        if (openSeats !== null) {  // refused a seat (not a breach of the rules, which connecting again mends)
          refusedAs = m.code === "seat_taken" ? say("seat_taken") : say("not_seated");
          document.documentElement.style.removeProperty("--seat");
          $("name").textContent = "Spielabend"; document.title = $("game").textContent || "Spielabend";
          update = null;
        }
        stop(say("table_refused", { reason: told(m), code: m.code })); return;
      case "bye": stop(m.reason === "the game is over" ? say("game_over_bye") : say("disconnected", { reason: told(m) })); return;
    }
    if (echo && echo.state === "held" && settledAfter(echo)) echo = null;
    render();
    if (m.t === "update") markPresented(m.n);
    keepAwake();
  }

  // A race won by under 50 ms: the winner hears by how much, and so does everyone else;
  // the loser's reject already said it ("... first by 12 ms").
  function photoWords(m) {
    const under = m.ms > 0 ? "" : "_under";
    if (m.winner === seat) return say("photo_you" + under, { ms: m.ms });
    if (m.loser === seat) return notice;
    return say("photo_other" + under, { name: playerName(m.winner), ms: m.ms });
  }

  function countDown() {  // the countdown after the host's pause, redrawn until it ends
    render();
    if (paused && paused.until !== null && performance.now() / 1000 < paused.until) setTimeout(countDown, 250);
  }

  function choose(index, choice, event) {
    if (pending !== null || !update) return;
    const intent = { t: "intent", seq: seq + 1, action: update.legal[index] };
    if (presented !== null) {  // the press on this phone's timeline: from the painted update to the touch
      const finger = touched && touched.button === event.currentTarget ? touched.at : event.timeStamp;
      intent.seen = presented.n;
      intent.ms = Math.max(0, finger - presented.at);
    }
    touched = null;
    if (send(intent)) {
      seq += 1; pending = seq; notice = "";
      sentLabel = choice.hidden ? say("hidden") : choice.label;  // a secret pick never names itself
      echo = { label: choice.label, sprite: choice.sprite, hidden: !!choice.hidden, state: "sent", node: null,
               seen: update,  // the update the tap answered: the echo goes with a newer one
               from: event.currentTarget.getBoundingClientRect() };
      showSent(event.currentTarget, choice);
    }
  }

  // The tap's answer on screen at once, without redrawing the page (that waits for the
  // host's answer): the status, the echo, the tapped thing marked, nothing else to tap.
  function showSent(tapped, choice) {
    echoFrame = true;  // answers that come before the echo is painted are drawn a frame later
    requestAnimationFrame(() => { echoFrame = false; });
    const [words, kind] = statusWords();
    $("status").textContent = words; $("status").className = kind;
    $("notice").hidden = true;
    drawEcho();
    for (const button of $("choices").querySelectorAll("button")) button.disabled = true;
    if (!choice.hidden) tapped.classList.add("sent");
  }

  // An accepted tap's echo goes with the first update after it (the host's answer is on
  // the screen now); a secret pick's stays until the reveal.
  function settledAfter(shown) {
    if (!update || update === shown.seen) return false;
    return !shown.hidden || revealed(update);
  }

  // A secret pick stays hidden until an update shows the seat's pick is no longer pending:
  // the seat may act again, the game is over, or its view no longer lists it as locked in.
  function revealed(m) {
    if ((m.legal || []).length || (m.view && m.view.game_result)) return true;
    const plans = m.view && m.view.plans;
    return !!plans && Array.isArray(plans.locked) && plans.locked.indexOf(seat) < 0;
  }

  function buzz(pattern) {  // a short vibration where the browser allows one (it may need a tap first)
    try { if (typeof navigator.vibrate === "function") navigator.vibrate(pattern); } catch (e) { /* not allowed */ }
  }

  function buzzFor(m) {  // on the seat's turn (it may act, and could not before) and at the game's end
    const result = !!(m.view && m.view.game_result);
    const now = (m.legal || []).length > 0 && !result;
    if (now && !mine) buzz(40);
    if (result && !over) buzz([100, 60, 200]);
    mine = now; over = result;
  }

  // The echo: built once per tap, in its tray at the bottom of the screen, a copy of its
  // picture flying there from the tapped thing; refused, the copy flies back and it fades.
  function drawEcho() {
    const box = $("echo");
    if (!echo) { box.hidden = true; box.replaceChildren(); box.className = ""; return; }
    box.hidden = false;
    box.className = echo.state + (echo.hidden ? " secret" : "");
    if (echo.node) return;
    box.replaceChildren();
    const picture = document.createElement("span"); picture.className = "echo-face";
    const caption = document.createElement("span"); caption.className = "echo-words";
    const showFace = (peek) => {
      const key = echo.hidden && !peek ? "back" : echo.sprite;
      picture.replaceChildren(Draw.has(key) ? Draw.sprite(key, 96, 72) : document.createTextNode(
        echo.hidden && !peek ? "?" : echo.label));
    };
    showFace(false);
    caption.textContent = echo.hidden ? say("hidden") : (Draw.has(echo.sprite) ? echo.label : "");
    box.append(picture, caption);
    echo.node = box;
    if (echo.hidden) {  // press and hold to peek at the secret pick
      box.onpointerdown = (event) => { event.preventDefault(); showFace(true); box.classList.add("peek"); };
      box.onpointerup = box.onpointercancel = box.onpointerleave = () => { showFace(false); box.classList.remove("peek"); };
    } else {
      box.onpointerdown = box.onpointerup = box.onpointercancel = box.onpointerleave = null;
    }
    const from = echo.from;  // the flight starts a frame later: the echo itself shows first
    requestAnimationFrame(() => fly(picture, from, picture.getBoundingClientRect()));
  }

  // A copy of ``node`` flies (fixed to the screen, so it never widens the page) from the
  // middle of box ``from`` to box ``to``, then goes: the tap's picture on its way.
  function fly(node, from, to) {
    if (!from || !to || !to.width) return;
    const ghost = node.cloneNode(true);
    ghost.className = "ghost"; ghost.removeAttribute("id"); ghost.setAttribute("aria-hidden", "true");
    const left = Math.max(0, Math.min(innerWidth - to.width, from.left + (from.width - to.width) / 2));
    const top = from.top + (from.height - to.height) / 2;
    ghost.style.left = left + "px"; ghost.style.top = top + "px";
    ghost.style.width = to.width + "px"; ghost.style.height = to.height + "px";
    document.body.append(ghost);
    const move = ghost.animate([{ transform: "none" },
      { transform: "translate(" + (to.left - left) + "px," + (to.top - top) + "px)" }], { duration: 220, easing: "ease-out" });
    move.onfinish = () => ghost.remove();
    setTimeout(() => ghost.remove(), 400);  // however the animation ends
  }

  function flyBack() {  // refused: the picture flies back to where it was tapped, the echo fades
    if (!echo) return;
    const gone = echo;
    gone.state = "back";
    const face = gone.node && gone.node.querySelector(".echo-face");
    if (face && gone.from) {
      const at = face.getBoundingClientRect();
      fly(face, at, { left: gone.from.left + (gone.from.width - at.width) / 2,
                      top: gone.from.top + (gone.from.height - at.height) / 2, width: at.width, height: at.height });
    }
    setTimeout(() => { if (echo === gone) { echo = null; drawEcho(); } }, 450);
  }

  // A refused phone: the seats it may take instead, each a link to that seat's page.
  function openSeatList() {
    const panel = document.createElement("div"); panel.className = "open-seats";
    const heading = document.createElement("h2");
    heading.textContent = openSeats.length ? say("open_seats") : say("no_open_seats");
    panel.append(heading);
    for (const offered of openSeats) {
      const link = document.createElement("a"); link.className = "choice open-seat";
      link.href = offered.path + location.search; link.textContent = say("open_seat", { n: offered.seat + 1 });
      panel.append(link);
    }
    return panel;
  }

  function statusWords() {
    if (refusedAs) return [refusedAs, "refused"];
    if (!connected && !stopped) return [say("reconnecting"), ""];
    if (!update) return [started ? say("waiting_table") : say("waiting_start"), ""];
    const result = update.view && update.view.game_result;
    if (result) {
      if ((result.winners || []).indexOf(seat) >= 0) return [say("you_win"), ""];
      const winners = (result.winners || []).map(playerName);
      const listed = winners.length > 1
        ? say("and", { names: winners.slice(0, -1).join(", "), last: winners[winners.length - 1] }) : winners.join("");
      return [say("winners", { names: listed }), ""];
    }
    if (paused) {
      if (paused.until === null) return [say("paused"), ""];
      return [say("ready", { n: Math.max(1, Math.ceil(paused.until - performance.now() / 1000)) }), ""];
    }
    if (pending !== null) return [say("sending", { label: sentLabel }), ""];
    if (echo && echo.hidden && echo.state === "held") return [say("locked_label", { label: say("hidden") }), "locked"];
    if (update.legal.length) return [say("your_move"), ""];
    const plans = update.view && update.view.plans;
    if (sentLabel || (plans && plans.locked && plans.locked.indexOf(seat) >= 0)) {
      return [sentLabel ? say("locked_label", { label: sentLabel }) : say("locked"), "locked"];
    }
    return [say("waiting_others"), ""];
  }

  // Drawing waits for the next frame, and a frame draws once however many messages came:
  // a tap's echo is painted first, not after redrawing the page for each answer.
  // Nor is the page redrawn under a finger: a tap whose button was replaced between the finger
  // going down and coming up does nothing (an update arriving mid-tap, as when another seat
  // moves). The redraw waits for the finger to lift (at most HOLD_MS: a held peek must not
  // stop the page for long).
  let drawing = false, echoFrame = false, toPresent = null, fingerSince = null, heldBack = false;
  const HOLD_MS = 600;
  function render() {
    if (drawing) return;
    drawing = true;
    const go = () => {
      drawing = false;
      if (fingerSince !== null && performance.now() - fingerSince < HOLD_MS) {
        heldBack = true; setTimeout(render, HOLD_MS); return;
      }
      heldBack = false; draw();
      if (toPresent !== null) { painted.port2.postMessage(toPresent); toPresent = null; }
    };
    requestAnimationFrame(echoFrame ? () => requestAnimationFrame(go) : go);
  }
  addEventListener("pointerdown", () => { fingerSince = performance.now(); }, true);
  const lifted = () => {  // after the tap's click has run (it comes right after the lift)
    setTimeout(() => { fingerSince = null; if (heldBack) render(); }, 0);
  };
  addEventListener("pointerup", lifted, true);
  addEventListener("pointercancel", lifted, true);

  function draw() {
    const link = $("link");
    link.className = connected ? "on" : "off";
    const [words, kind] = statusWords();
    $("status").textContent = words;
    $("status").className = kind;
    $("notice").hidden = !notice;
    $("notice").textContent = notice;
    drawEcho();
    Awake.want(connected && !stopped && (started || !!update) && !(update && update.view && update.view.game_result));
    const hand = $("hand");
    hand.replaceChildren();
    for (const line of (update && update.hand) || []) {
      const dt = document.createElement("dt"); dt.textContent = line.label;
      const dd = document.createElement("dd");
      const pictures = Draw.handRow(line, Math.max(200, hand.clientWidth - 28));
      if (pictures) dd.append(pictures);
      if (Array.isArray(line.rows)) dd.append(cellGrid(line.rows));
      const words = document.createElement(line.rows ? "small" : "span"); words.textContent = line.value;
      dd.append(words);
      hand.append(dt, dd);
    }
    const box = $("choices");
    box.replaceChildren();
    if (offerProfiles()) box.append(profilePicker());
    if (refusedAs && openSeats !== null) { box.append(openSeatList()); $("again").hidden = true; return; }
    if (!update || stopped || paused) return;  // nothing to tap while the game stands still
    const landscape = innerWidth > innerHeight;
    const drawn = Draw.choices(update, {
      width: Math.max(240, box.clientWidth), height: landscape ? innerHeight - 24 : innerHeight * 0.55,
      disabled: pending !== null || !connected, redraw: render,
      button: (choice, index, face) => choiceButton(choice, index, choice.label, face),
      wire: (node, choice, index) => wire(node, choice, index),
    });
    for (const [kind, what] of drawn) {
      if (kind === "node") { box.append(what); continue; }
      const heading = document.createElement("h2"); heading.textContent = what.name;
      box.append(heading, targetPicker(what));
    }
    fitWords(box);
  }

  // Words that fit: a button whose longest word is wider than the button (German has long
  // ones, and not every phone hyphenates) gets a smaller font, a pixel at a time.
  function fitWords(root) {
    for (const node of root.querySelectorAll("button.choice, .caption, .target-label")) {
      if (node.scrollWidth <= node.clientWidth) continue;
      let size = parseFloat(getComputedStyle(node).fontSize);
      while (node.scrollWidth > node.clientWidth && size > 11) { size -= 1; node.style.fontSize = size + "px"; }
    }
  }

  // Who plays here: the hosting window's people, while this seat has no name of its own yet.
  function offerProfiles() {
    return profiles.length > 0 && !started && !stopped && connected && seat !== null
      && (!myName || myName === say("player", { n: seat + 1 }));
  }

  function profilePicker() {
    const panel = document.createElement("div");
    const heading = document.createElement("h2"); heading.textContent = say("who_plays");
    const grid = document.createElement("div"); grid.className = "grid profiles";
    for (const name of profiles) {
      const button = document.createElement("button");
      button.type = "button"; button.className = "choice profile"; button.textContent = name;
      button.disabled = naming;
      button.addEventListener("click", () => { if (send({ t: "name", name: name })) { naming = true; render(); } });
      grid.append(button);
    }
    panel.append(heading, grid);
    return panel;
  }

  // A choice's button: its words, or its picture (``face``) over its words as a caption.
  function choiceButton(choice, index, text, face) {
    const button = document.createElement("button");
    button.type = "button"; button.className = "choice";
    if (face) {
      const caption = document.createElement("span"); caption.className = "caption"; caption.textContent = text;
      button.classList.add("pic-choice"); button.append(face, caption);
      button.setAttribute("aria-label", choice.label);
    } else {
      button.textContent = text;
    }
    button.dataset.index = String(index);
    button.dataset.group = choice.group;
    button.disabled = pending !== null || !connected;
    if (pending !== null && !choice.hidden && choice.label === sentLabel) button.classList.add("sent");
    wire(button, choice, index);
    return button;
  }

  function wire(button, choice, index) {
    button.addEventListener("pointerdown", (event) => { touched = { button: button, at: event.timeStamp }; });
    button.addEventListener("click", (event) => choose(index, choice, event));
  }

  // One target at a time, highlighted, with a big button to act on it and a small one to
  // show the next; the host orders the targets and says what the buttons say.
  function targetPicker(group) {
    const items = group.items;
    let at = items.findIndex(([choice]) => choice.label === shown[group.name]);
    if (at < 0) at = 0;  // the host's first target comes first
    const [choice, index] = items[at];
    shown[group.name] = choice.label;
    const panel = document.createElement("div"); panel.className = "target";
    const label = document.createElement("p"); label.className = "target-label"; label.textContent = choice.label;
    const count = document.createElement("span"); count.className = "target-count";
    count.textContent = say("of", { i: at + 1, n: items.length });
    label.append(count);
    const act = choiceButton(choice, index, choice.target.act || say("play"));
    act.classList.add("act");
    panel.append(label, act);
    if (items.length > 1) {
      const next = document.createElement("button");
      next.type = "button"; next.className = "next"; next.textContent = (choice.target.next || say("next")) + " \u25b8";
      next.disabled = pending !== null;
      next.addEventListener("click", () => { shown[group.name] = items[(at + 1) % items.length][0].label; render(); });
      panel.append(next);
    }
    return panel;
  }

  function cellGrid(rows) {
    const grid = document.createElement("div"); grid.className = "cells";
    for (const row of rows) {
      const line = document.createElement("div"); line.className = "cell-row";
      for (const text of row) {
        const cell = document.createElement("span"); cell.className = "cell"; cell.textContent = String(text);
        if (String(text).length > 4) cell.classList.add("long");  // five letters in a cell: smaller, not cut
        line.append(cell);
      }
      grid.append(line);
    }
    return grid;
  }

  document.addEventListener("click", (event) => { if (Draw.unselectOutside(event.target)) render(); });
  addEventListener("resize", () => render());  // portrait <-> landscape: the board fits its new room
  $("again").addEventListener("click", () => {
    $("again").hidden = true; notice = ""; refusedAs = ""; openSeats = null; connect();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !connected && !stopped) connect();
  });
  connect();
})();
