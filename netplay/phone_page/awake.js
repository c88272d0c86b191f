// Keeps the phone's screen awake during a game, and lets it sleep after.
//
// The Screen Wake Lock API where the browser offers it (only to secure pages: a phone on the
// LAN opens plain http://, so most will not); else, or if the lock is refused, the usual
// fallback: a tiny muted, looping, inline video (assets/phone/awake.webm / .mp4, made by
// tools/phone_video.py), started from the first tap on the page (a browser plays media
// only after one) and paused when the game ends. A lock the browser drops when the page is
// hidden is asked for again when it shows.
"use strict";
window.PhoneAwake = (function () {
  let wanted = false, lock = null, asking = false, video = null, tapped = false;

  function want(on) {
    if (on === wanted) return;
    wanted = on;
    if (on) hold(); else letGo();
  }

  function hold() {
    if (!wanted || lock || asking) return;
    const api = navigator.wakeLock;
    if (api && typeof api.request === "function" && document.visibilityState === "visible") {
      asking = true;
      api.request("screen").then((got) => {
        asking = false; lock = got;
        got.addEventListener("release", () => { if (lock === got) lock = null; });
        if (!wanted) letGo();
      }, () => { asking = false; play(); });  // refused (not secure, no permission): the video
      return;
    }
    play();
  }

  function play() {
    if (!wanted || !tapped) return;  // a tap comes first: then play() is allowed
    if (!video) {
      video = document.createElement("video");
      video.id = "awake";
      video.muted = true; video.loop = true; video.playsInline = true;
      video.setAttribute("muted", ""); video.setAttribute("playsinline", ""); video.setAttribute("aria-hidden", "true");
      for (const [src, type] of [["/awake.webm", "video/webm"], ["/awake.mp4", "video/mp4"]]) {
        const source = document.createElement("source"); source.src = src; source.type = type; video.append(source);
      }
      document.body.append(video);
    }
    if (video.paused) video.play().catch(() => {});
  }

  function letGo() {
    if (lock) { const held = lock; lock = null; held.release().catch(() => {}); }
    if (video && !video.paused) video.pause();
  }

  // The first tap: from then on the video may play (started inside the tap, as browsers ask).
  document.addEventListener("pointerdown", () => {
    tapped = true;
    if (wanted && !lock && !asking && !(navigator.wakeLock && typeof navigator.wakeLock.request === "function")) play();
  }, true);
  document.addEventListener("click", () => { tapped = true; if (wanted && !lock && !asking) hold(); }, true);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && wanted) hold(); });

  return { want };
})();
