// The phone page of Speltafel (issue 30): joins a seat of the table and keeps the connection.
// The token comes in the address after "#" (the QR code) or is asked for as the seat code; it is
// kept in this browser's storage with a device id, so a reload or a wake-up rejoins the same seat.
// What the table sends the seat is handed on as the event "speltafel:table" (the game pages).
"use strict";

(() => {
  const STORE_TOKEN = "speltafel.token";
  const STORE_DEVICE = "speltafel.device";
  // refusals after which this page does not try again by itself
  const FINAL = new Set([
    "phones.error.unknown_seat",
    "phones.error.seat_taken",
    "phones.error.too_many_tries",
    "phones.error.released",
    "phones.error.replaced",
  ]);
  const FORGET = new Set(["phones.error.unknown_seat", "phones.error.released"]);

  let texts = {};
  let socket = null;
  let retry = 0;
  let stopped = false;
  let pendingCode = null;

  const $ = (id) => document.getElementById(id);

  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (_) { /* private mode: this page keeps it for its own life only */ }
  }

  function stored(key) {
    try { return localStorage.getItem(key); } catch (_) { return null; }
  }

  function deviceId() {
    let id = stored(STORE_DEVICE);
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      store(STORE_DEVICE, id);
    }
    return id;
  }

  function t(key, params) {
    let text = texts[key];
    if (typeof text !== "string") return key;
    for (const [name, value] of Object.entries(params || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }

  function fill() {
    for (const node of document.querySelectorAll("[data-text]")) {
      node.textContent = t(node.dataset.text);
    }
  }

  function say(key, params) {
    $("status").textContent = t(key, params);
  }

  function problem(key, params) {
    const node = $("problem");
    node.hidden = !key;
    node.textContent = key ? t(key, params) : "";
  }

  function askCode() {
    $("join").hidden = false;
    $("code").focus();
  }

  function takeToken() {
    const fromHash = location.hash.replace(/^#/, "");
    if (/^[A-Za-z0-9_-]{16,128}$/.test(fromHash)) {
      store(STORE_TOKEN, fromHash);
      history.replaceState(null, "", location.pathname);  // not left in the address bar
    }
    return stored(STORE_TOKEN);
  }

  function connect() {
    const token = takeToken();
    if (!token && !pendingCode) {
      askCode();
      return;
    }
    say("phones.page.connecting");
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws");
    socket.addEventListener("open", () => {
      const hello = { type: "hello", device: deviceId() };
      if (token) hello.token = token;
      else hello.code = pendingCode;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      socket = null;
      if (stopped) return;
      say("phones.page.lost");
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 1000 * retry);
    });
  }

  function receive(message) {
    if (message.type === "welcome") {
      retry = 0;
      pendingCode = null;
      store(STORE_TOKEN, message.token);
      $("join").hidden = true;
      problem(null);
      say("phones.page.joined");
      $("seat").hidden = false;
      $("seat").textContent = t("phones.page.seat", { code: message.code });
      document.documentElement.lang = message.lang;
    } else if (message.type === "table") {
      document.dispatchEvent(new CustomEvent("speltafel:table", { detail: message.body }));
    } else if (message.type === "error") {
      problem(message.code, message.params);
      if (message.code === "phones.error.closing") stopped = true;
      if (FINAL.has(message.code)) {
        stopped = true;
        if (FORGET.has(message.code)) store(STORE_TOKEN, null);
        $("status").textContent = "";
        if (FORGET.has(message.code)) askCode();
      }
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    pendingCode = $("code").value.trim();
    if (!pendingCode) return;
    stopped = false;
    problem(null);
    $("join").hidden = true;
    if (socket) socket.close();
    else connect();
  });

  // the game pages (next) send their actions through this
  window.speltafel = { send: (action) => send({ type: "action", action }) };

  fetch("/texts")
    .then((answer) => answer.json())
    .then((loaded) => {
      texts = loaded.texts;
      document.documentElement.lang = loaded.lang;
    })
    .catch(() => {})
    .finally(() => {
      fill();
      connect();
    });
})();
