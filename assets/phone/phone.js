// The phone page of Speltafel (issue 30): joins a seat of the table, keeps the connection, and
// shows what the table sends the seat (docs/PHONES.md, "The payload").
//
// Joining: the token comes in the address after "#" (the QR code) or is asked for as the seat
// code; it is kept in this browser's storage with a device id, so a reload or a wake-up rejoins
// the same seat and gets the table's last payload at once.
//
// The frame: the seat's colour and shape, whose turn it is, the question, the refusal line, the
// end, undo, the log (folded), the language menu; a buzz and a short sound when it becomes this
// seat's turn. The game part: a game's own page (window.speltafel.pages[game] = {render(body,
// root, api)}) draws into the game's area; a game without one gets the list of its choices,
// grouped, one picked at a time (the TV marks it), then "Play it".
"use strict";

(() => {
  const STORE_TOKEN = "speltafel.token";
  const STORE_DEVICE = "speltafel.device";
  const STORE_LANG = "speltafel.lang";
  const LANGS = ["en", "nl", "de"];
  // refusals after which this page does not try again by itself
  const FINAL = new Set([
    "phones.error.unknown_seat",
    "phones.error.seat_taken",
    "phones.error.too_many_tries",
    "phones.error.released",
    "phones.error.replaced",
  ]);
  const FORGET = new Set(["phones.error.unknown_seat", "phones.error.released"]);
  const SVG = "http://www.w3.org/2000/svg";

  let texts = {};
  let textsLang = null;
  let socket = null;
  let retry = 0;
  let stopped = false;
  let pendingCode = null;
  let body = null; // the table's last payload
  let picked = null; // the generic list: the id of the choice picked, not played yet
  let audio = null;

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

  // ---- the page's own words (/texts/<lang>: the phones.* keys of the TV's catalogues) --------
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

  function loadTexts(lang) {
    const path = LANGS.includes(lang) ? "/texts/" + lang : "/texts";
    return fetch(path)
      .then((answer) => answer.json())
      .then((loaded) => {
        texts = loaded.texts;
        textsLang = loaded.lang;
        document.documentElement.lang = loaded.lang;
        $("lang").value = loaded.lang;
        fill();
        if (body) show(body);
      })
      .catch(() => {});
  }

  function say(key, params) {
    $("status").textContent = key ? t(key, params) : "";
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

  // ---- the connection ----------------------------------------------------------------------
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
      say(body ? null : "phones.page.joined");
      $("seat").hidden = Boolean(body);
      $("seat").textContent = t("phones.page.seat", { code: message.code });
      const own = stored(STORE_LANG);
      if (own && LANGS.includes(own) && own !== message.lang) {
        send({ type: "language", lang: own });  // this phone's own language, after a reload
      }
    } else if (message.type === "table") {
      const got = message.body;
      if (got.refusal) refused(got.refusal);
      else show(got);
      document.dispatchEvent(new CustomEvent("speltafel:table", { detail: got }));
    } else if (message.type === "error") {
      problem(message.code, message.params);
      if (message.code === "phones.error.closing") stopped = true;
      if (FINAL.has(message.code)) {
        stopped = true;
        if (FORGET.has(message.code)) store(STORE_TOKEN, null);
        say(null);
        if (FORGET.has(message.code)) askCode();
      }
    }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // ---- the table's payload -------------------------------------------------------------------
  function show(got) {
    const before = body;
    body = got;
    window.speltafel.body = got;  // (what the page shows now: for a game's page, and tests)
    const want = stored(STORE_LANG) || got.lang;  // this phone's choice, else the table's
    if (want !== textsLang && LANGS.includes(want)) {
      loadTexts(want);  // (shows the payload again once the words are in)
    }
    $("table").hidden = false;
    $("seat").hidden = true;
    say(null);
    const me = got.players[got.seat] || {};
    $("title").textContent = me.name || t("phones.page.title");
    drawMark($("mark"), me.shape, me.colour);
    document.documentElement.style.setProperty("--seat", me.colour || "");
    $("turn").textContent = got.status;
    $("turn").classList.toggle("yours", got.yours);
    $("question").textContent = got.question;
    $("question").hidden = !got.question;
    $("undo").hidden = !got.undo;
    const over = got.over;
    $("over").hidden = !over;
    if (over) {
      $("over-text").textContent = over.text;
      $("over-reason").textContent = over.reason;
    }
    const asked = (payload) => JSON.stringify(payload.choices.map((c) => c.action));
    const same = before && asked(before) === asked(got);  // (the same question, maybe in other words)
    if (!got.yours || !same) picked = null;  // a new question: nothing picked of it yet
    if (before && !same) $("refusal").hidden = true;
    drawGame(got);
    drawLog(got);
    if (got.yours && !(before && before.yours)) buzz();
  }

  function refused(refusal) {
    const line = $("refusal");
    line.textContent = refusal.text;
    line.hidden = false;
    picked = null;
    if (body) drawGame(body);
  }

  function drawMark(node, shape, colour) {
    node.textContent = "";
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "-12 -12 24 24");
    svg.setAttribute("class", "shape");
    const points = {
      square: "-9,-9 9,-9 9,9 -9,9",
      triangle: "0,-10.4 9.9,7.2 -9.9,7.2",
      diamond: "0,-11 9,0 0,11 -9,0",
      star: starPoints(),
    }[shape];
    const drawn = points
      ? document.createElementNS(SVG, "polygon")
      : document.createElementNS(SVG, "circle");
    if (points) drawn.setAttribute("points", points);
    else { drawn.setAttribute("r", "9"); }
    drawn.setAttribute("fill", colour || "currentColor");
    drawn.setAttribute("stroke", "currentColor");
    drawn.setAttribute("stroke-width", "1.5");
    svg.appendChild(drawn);
    node.appendChild(svg);
  }

  function starPoints() {
    const out = [];
    for (let i = 0; i < 10; i++) {
      const r = i % 2 === 0 ? 11 : 4.9;
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      out.push((r * Math.cos(a)).toFixed(2) + "," + (r * Math.sin(a)).toFixed(2));
    }
    return out.join(" ");
  }

  function drawLog(got) {
    const list = $("lines");
    list.textContent = "";
    for (const line of got.log) {
      const item = document.createElement("li");
      const player = got.players[line.seat];
      if (player) {
        const mark = document.createElement("span");
        mark.className = "dot";
        drawMark(mark, player.shape, player.colour);
        item.appendChild(mark);
      }
      item.appendChild(document.createTextNode(line.text));
      list.appendChild(item);
    }
  }

  // ---- the game's part: its own page, or the list of choices ---------------------------------
  const api = {
    play: (i) => play(i),
    t: (key, params) => t(key, params),
    send: (message) => send(message),
    choices: (root) => drawChoices(root, body),
  };

  function drawGame(got) {
    const root = $("game");
    root.textContent = "";
    const page = window.speltafel.pages[got.game];
    if (page && typeof page.render === "function") {
      page.render(got, root, api);
    } else {
      drawChoices(root, got);
    }
  }

  function drawChoices(root, got) {
    if (!got || !got.yours || got.over) return;
    if (!got.choices.length) {
      const none = document.createElement("p");
      none.textContent = t("phones.page.nothing");
      root.appendChild(none);
      return;
    }
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = t("phones.page.pick");
    root.appendChild(hint);
    const groups = new Map();
    for (const choice of got.choices) {
      if (!groups.has(choice.group)) groups.set(choice.group, []);
      groups.get(choice.group).push(choice);
    }
    for (const [name, members] of groups) {
      const section = document.createElement("section");
      section.className = "group";
      if (name) {
        const heading = document.createElement("h2");
        heading.textContent = name;
        section.appendChild(heading);
      }
      const list = document.createElement("div");
      list.className = "choices";
      for (const choice of members) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "choice";
        button.dataset.id = String(choice.id);
        button.textContent = choice.label;
        button.setAttribute("aria-pressed", String(choice.id === picked));
        button.addEventListener("click", () => pick(choice.id));
        list.appendChild(button);
      }
      section.appendChild(list);
      root.appendChild(section);
    }
    const go = document.createElement("button");
    go.type = "button";
    go.id = "play";
    go.textContent = t("phones.page.play");
    go.disabled = picked === null;
    go.addEventListener("click", () => { if (picked !== null) play(picked); });
    root.appendChild(go);
  }

  function pick(id) {
    const choice = body && body.choices[id];
    if (!choice) return;
    picked = id;
    send({ type: "focus", action: choice.action });  // the TV marks it
    for (const button of document.querySelectorAll("#game .choice")) {
      button.setAttribute("aria-pressed", String(button.dataset.id === String(id)));
    }
    const go = $("play");
    if (go) go.disabled = false;
  }

  function play(id) {
    const choice = body && body.yours && body.choices[id];
    if (!choice) return;
    if (choice.asks) {
      ask(choice.asks, () => sendAction(choice, true));
    } else {
      sendAction(choice, false);
    }
  }

  function sendAction(choice, asked) {
    $("refusal").hidden = true;
    send({ type: "action", action: choice.action, asked });
  }

  function ask(question, yes) {
    const dialog = $("ask");
    $("ask-text").textContent = question;
    const answer = (ok) => {
      dialog.close();
      if (ok) yes();
    };
    $("ask-yes").onclick = () => answer(true);
    $("ask-no").onclick = () => answer(false);
    dialog.showModal();
  }

  // ---- its turn: a buzz and a short sound ----------------------------------------------------
  function buzz() {
    const touched = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && touched) navigator.vibrate(200);  // (a browser allows it after a tap)
    if (!audio) return;
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.frequency.value = 880;
    level.gain.setValueAtTime(0.0001, now);
    level.gain.exponentialRampToValueAtTime(0.25, now + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, now + 0.25);
    tone.connect(level).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.3);
  }

  function unlockSound() {
    // a browser lets a page sound only after a tap: the first tap opens the sound
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) {
      try { audio = new Context(); } catch (_) { audio = null; }
    }
    if (audio && audio.state === "suspended") audio.resume();
  }

  // ---- the page's controls -------------------------------------------------------------------
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

  $("lang").addEventListener("change", () => {
    const lang = $("lang").value;
    store(STORE_LANG, lang);
    send({ type: "language", lang });
    loadTexts(lang);
  });

  $("undo").addEventListener("click", () => send({ type: "undo" }));
  document.addEventListener("pointerdown", unlockSound, { capture: true });

  // the game pages register themselves here (their scripts come after this one)
  window.speltafel = window.speltafel || {};
  window.speltafel.pages = window.speltafel.pages || {};
  window.speltafel.send = (action) => send({ type: "action", action });
  window.speltafel.api = api;

  loadTexts(stored(STORE_LANG)).finally(() => connect());
})();
