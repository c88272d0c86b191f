// A seat's private hand on a phone: one page for every game. It renders what the host
// sends for this seat only (its update's legal actions, with words the host adds) and
// sends a tap as an intent, exactly as a LAN peer would. Nothing is fetched elsewhere.
//
// Fair races: a tap's intent says which update was on screen (seen: its n) and how many
// milliseconds after that update was presented the finger went down (ms), both on this
// phone's own clock; the host answers its probes at once, so it can time the phone's
// round trip itself. While a race's round runs the page pings every 100 ms, so the
// phone's Wi-Fi radio does not doze (a dozing radio adds 100-300 ms).
"use strict";
(function () {
  const token = location.pathname.split("/")[2] || "";
  const $ = (id) => document.getElementById(id);
  const PING_CALM = 2000, PING_RACE = 100;  // ms between pings: normally, and while a race's round runs
  let socket = null, seq = 0, pending = null, sentLabel = "", retry = 500, stopped = false, pinger = null;
  let pingEvery = 0;
  let seat = null, names = [], started = false, update = null, connected = false, notice = "";
  let realtime = false;  // the game is a race (the hand says so): taps are timed, pings quicken in a round
  let paused = null;  // the host paused the game: {until: seconds on this clock, or null}
  let presented = null;  // the newest update on screen: {n, at: performance.now() when it was painted}
  let touched = null;  // the latest finger down on a choice: {button, at: its event's time}
  const shown = {};  // per target group: the label of the target on show (kept across updates)
  // A message posted from a frame's requestAnimationFrame callback runs right after that
  // frame was painted: as close to the pixels as a page can tell.
  const painted = new MessageChannel();
  painted.port1.onmessage = (event) => { presented = { n: event.data, at: performance.now() }; };

  function connect() {
    stopped = false;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/p/" + token + "/ws");
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
          stop("This link no longer opens a seat here. Scan the code on the big screen again.");
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

  function markPresented(n) {
    if (typeof n === "number") requestAnimationFrame(() => painted.port2.postMessage(n));
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
        $("name").textContent = m.name || "Player " + (m.seat + 1);
        $("game").textContent = m.game_name;
        document.title = m.game_name + ": " + ($("name").textContent);
        break;
      case "start": started = true; names = m.names || []; if (names[seat]) $("name").textContent = names[seat]; break;
      case "lobby":
        if (m.phase === "playing") started = true;
        if (m.seats[seat] && m.seats[seat].name) $("name").textContent = m.seats[seat].name;
        break;
      case "update": update = m; if (pending === null) sentLabel = ""; break;
      case "pause":
        paused = m.paused ? { until: m.resume_in == null ? null : performance.now() / 1000 + m.resume_in } : null;
        if (paused && paused.until !== null) countDown();
        break;
      case "accept": if (m.seq === pending) { pending = null; } break;
      case "reject":
        if (m.seq === pending) { pending = null; sentLabel = ""; }
        notice = "Refused: " + m.reason;
        break;
      case "photo": notice = photoWords(m); break;
      case "refuse": stop("The table refused this phone: " + m.reason + " (" + m.code + ")"); return;
      case "bye": stop(m.reason === "the game is over" ? "The game is over." : "Disconnected: " + m.reason); return;
    }
    render();
    if (m.t === "update") markPresented(m.n);
    keepAwake();
  }

  // A race won by under 50 ms: the winner hears by how much, and so does everyone else;
  // the loser's reject already said it ("... first by 12 ms").
  function photoWords(m) {
    const by = m.ms > 0 ? m.ms + " ms" : "under 1 ms";
    if (m.winner === seat) return "Photo finish: you were first, by " + by;
    if (m.loser === seat) return notice;
    return "Photo finish: " + (names[m.winner] || "Player " + (m.winner + 1)) + " was first, by " + by;
  }

  function countDown() {  // the countdown after the host's pause, redrawn until it ends
    render();
    if (paused && paused.until !== null && performance.now() / 1000 < paused.until) setTimeout(countDown, 250);
  }

  function choose(index, label, event) {
    if (pending !== null || !update) return;
    const intent = { t: "intent", seq: seq + 1, action: update.legal[index] };
    if (presented !== null) {  // the press on this phone's timeline: from the painted update to the touch
      const finger = touched && touched.button === event.currentTarget ? touched.at : event.timeStamp;
      intent.seen = presented.n;
      intent.ms = Math.max(0, finger - presented.at);
    }
    touched = null;
    if (send(intent)) {
      seq += 1; pending = seq; sentLabel = label; notice = ""; render();
    }
  }

  function statusWords() {
    if (!connected && !stopped) return ["Reconnecting to the table\u2026", ""];
    if (!update) return [started ? "Waiting for the table\u2026" : "Waiting for the game to start\u2026", ""];
    const result = update.view && update.view.game_result;
    if (result) {
      const winners = (result.winners || []).map((p) => names[p] || "Player " + (p + 1));
      return ["Game over. " + (result.winners.indexOf(seat) >= 0 ? "You win!" : "Winner: " + winners.join(" and ")), ""];
    }
    if (paused) {
      if (paused.until === null) return ["Paused by the host", ""];
      return ["Ready\u2026 " + Math.max(1, Math.ceil(paused.until - performance.now() / 1000)), ""];
    }
    if (pending !== null) return ["Sending: " + sentLabel + "\u2026", ""];
    if (update.legal.length) return ["Your move", ""];
    const plans = update.view && update.view.plans;
    if (sentLabel || (plans && plans.locked && plans.locked.indexOf(seat) >= 0)) {
      return ["Locked in" + (sentLabel ? ": " + sentLabel : "") + " \u2713", "locked"];
    }
    return ["Waiting for the others\u2026", ""];
  }

  function render() {
    const link = $("link");
    link.className = connected ? "on" : "off";
    const [words, kind] = statusWords();
    $("status").textContent = words;
    $("status").className = kind;
    $("notice").hidden = !notice;
    $("notice").textContent = notice;
    const hand = $("hand");
    hand.replaceChildren();
    for (const line of (update && update.hand) || []) {
      const dt = document.createElement("dt"); dt.textContent = line.label;
      const dd = document.createElement("dd");
      if (Array.isArray(line.rows)) dd.append(cellGrid(line.rows));
      const words = document.createElement(line.rows ? "small" : "span"); words.textContent = line.value;
      dd.append(words);
      hand.append(dt, dd);
    }
    const box = $("choices");
    box.replaceChildren();
    if (!update || stopped || paused) return;  // nothing to tap while the game stands still
    const groups = [];
    (update.choices || []).forEach((choice, index) => {
      const last = groups[groups.length - 1];
      if (last && last.name === choice.group) last.items.push([choice, index]);
      else groups.push({ name: choice.group, items: [[choice, index]] });
    });
    for (const group of groups) {
      const heading = document.createElement("h2"); heading.textContent = group.name;
      box.append(heading);
      if (group.items[0][0].target) { box.append(targetPicker(group)); continue; }
      const grid = document.createElement("div"); grid.className = "grid";
      if (group.items[0][0].layout === "row") {
        grid.classList.add("row");
        grid.style.gridTemplateColumns = "repeat(" + group.items.length + ", 1fr)";
      }
      for (const [choice, index] of group.items) grid.append(choiceButton(choice, index, choice.label));
      box.append(grid);
    }
  }

  function choiceButton(choice, index, text) {
    const button = document.createElement("button");
    button.type = "button"; button.className = "choice"; button.textContent = text;
    button.dataset.index = String(index);
    button.dataset.group = choice.group;
    button.disabled = pending !== null || !connected;
    if (pending !== null && choice.label === sentLabel) button.classList.add("sent");
    button.addEventListener("pointerdown", (event) => { touched = { button: button, at: event.timeStamp }; });
    button.addEventListener("click", (event) => choose(index, choice.label, event));
    return button;
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
    count.textContent = (at + 1) + " of " + items.length;
    label.append(count);
    const act = choiceButton(choice, index, choice.target.act || "Play");
    act.classList.add("act");
    panel.append(label, act);
    if (items.length > 1) {
      const next = document.createElement("button");
      next.type = "button"; next.className = "next"; next.textContent = (choice.target.next || "Next") + " \u25b8";
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
        line.append(cell);
      }
      grid.append(line);
    }
    return grid;
  }

  $("again").addEventListener("click", () => { $("again").hidden = true; notice = ""; connect(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !connected && !stopped) connect();
  });
  connect();
})();
