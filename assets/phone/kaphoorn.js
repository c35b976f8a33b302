// Kap Hoorn on a phone (issue 30): the seat's hand as the TV draws it, and its choices.
// The payload's "page" (game/games/kaphoorn/phone.py) holds the hand as card data (each card
// turned as it will lie by the ship), the seat's sail points and wind roses and the page's words;
// "choices" holds the legal moves, a field's move with its letter ("tv"), which the TV writes on
// that field while this phone chooses. Pick a card, then a field; or sail, ignore, stay, again,
// buy, end. Nothing here decides what is legal: only the payload's choices are offered.
"use strict";

(() => {
  const SVG = "http://www.w3.org/2000/svg";
  // the colours of game/games/kaphoorn/view/windcard.py
  const FACE = "#fcf8ec";
  const FACE_PRINTED = "#ece4cc";
  const EDGE = "#5c422a";
  const RULE = "#b09268";
  const KEEL = "#283e68";
  const ARROW = "#1c2c52";
  const ARROW_LIGHT = "#567ab8";
  const DISC = "#fffdf6";
  const NUMBER = "#181e2e";
  const ROSE = { yellow: "#f4c428", red: "#d55e00", green: "#009e73" };
  const BUTTONS = ["stay", "again", "buy", "end"];

  let picked = null; // the motif of the card picked from the hand (its fields are shown)
  let ignoring = false; // "ignore the wind" was pressed: its fields are shown
  let clipIds = 0;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "on") node.addEventListener("click", value);
      else if (value !== null && value !== undefined && value !== false) {
        node.setAttribute(key, value === true ? "" : value);
      }
    }
    for (const child of children) if (child) node.append(child);  // (a list left out: null)
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
    return node;
  }

  // ---- the card face: windcard.paint_face, point for point --------------------------------------

  function unit(direction) {
    const a = (direction * Math.PI) / 4;
    return [Math.sin(a), -Math.cos(a)];
  }

  // windcard.draw_arrow: a shaft from radius r0 to r1 along the direction, with a head
  function arrowPoints(cx, cy, direction, r0, r1, width, head, headLength) {
    const [ux, uy] = unit(direction);
    const [px, py] = [-uy, ux];
    const hw = (width * head) / 2;
    const hl = head ? headLength : 0;
    const base = r1 - hl;
    const w = width / 2;
    const at = (r, side) => [cx + ux * r + px * side, cy + uy * r + py * side];
    const pts = [at(r0, w), at(base, w)];
    if (head) pts.push(at(base, hw), at(r1, 0), at(base, -hw));
    pts.push(at(base, -w), at(r0, -w));
    return pts.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ");
  }

  function keelRect(inner, forward, band) {
    const back = ((Math.floor(forward / 2) * 2) + 4) % 8; // the side opposite the forward
    const r = { ...inner };
    if (back === 4) { r.y = inner.y + inner.h - band; r.h = band; }
    else if (back === 0) { r.h = band; }
    else if (back === 2) { r.x = inner.x + inner.w - band; r.w = band; }
    else { r.w = band; }
    return r;
  }

  function cardFace(card, w, h) {
    const side = Math.min(w, h);
    const radius = Math.max(2, side * 0.12);
    const face = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "kh-face", role: "img" });
    face.setAttribute("aria-label", card.name);
    face.dataset.distance = String(card.distance);
    face.dataset.arrows = card.arrows.join(",");
    face.dataset.forward = String(card.forward);
    face.append(svg("rect", { x: 0, y: 0, width: w, height: h, rx: radius, fill: EDGE }));
    const inset = Math.max(2, side * 0.045);
    const inner = { x: inset, y: inset, w: w - 2 * inset, h: h - 2 * inset };
    const round = { rx: radius - 1 };
    const fill = card.printed ? FACE_PRINTED : FACE;
    face.append(svg("rect", { x: inner.x, y: inner.y, width: inner.w, height: inner.h,
                              ...round, fill }));
    // the keel band along the card's bottom edge (opposite its forward): how the stage turns it
    const id = `kh-keel-${++clipIds}`;
    const clip = svg("clipPath", { id });
    const band = keelRect(inner, card.forward, Math.max(2, side * 0.1));
    clip.append(svg("rect", { x: band.x, y: band.y, width: band.w, height: band.h }));
    face.append(clip);
    face.append(svg("rect", { x: inner.x, y: inner.y, width: inner.w, height: inner.h, ...round,
                              fill: KEEL, "clip-path": `url(#${id})`, class: "kh-keel" }));
    const ruleInset = side * 0.05;
    face.append(svg("rect", { x: inner.x + ruleInset, y: inner.y + ruleInset,
                              width: inner.w - 2 * ruleInset, height: inner.h - 2 * ruleInset,
                              rx: Math.max(1, radius - 3), fill: "none", stroke: RULE,
                              "stroke-width": Math.max(1, side * 0.012) }));
    const cx = w / 2;
    const cy = h / 2;
    const disc = side * 0.15;
    const width = side * 0.085;
    const reach = side * 0.47;
    const hl = side * 0.17;
    for (const d of card.arrows) {
      const length = reach * (d % 2 ? 1.25 : 1.0);
      face.append(svg("polygon", { class: "kh-arrow", "data-dir": d, fill: ARROW,
                                   points: arrowPoints(cx, cy, d, disc * 0.5, length, width, 3.6, hl) }));
      face.append(svg("polygon", { fill: ARROW_LIGHT,
                                   points: arrowPoints(cx, cy, d, disc, length - hl * 0.8, width * 0.34, 0, 0) }));
    }
    face.append(svg("circle", { cx, cy, r: disc + side * 0.028, fill: EDGE }));
    face.append(svg("circle", { cx, cy, r: disc, fill: DISC }));
    const digit = svg("text", { x: cx, y: cy + side * 0.008, "text-anchor": "middle",
                                "dominant-baseline": "central", "font-size": side * 0.27,
                                "font-weight": 700, fill: NUMBER, class: "kh-distance" });
    digit.textContent = String(card.distance);
    face.append(digit);
    return face;
  }

  // ---- the seat's log book: sail points, wind roses, the pile, the wind under the ship ----------

  function book(page, words) {
    const pips = el("span", { class: "kh-pips", "aria-hidden": "true" });
    for (let i = 0; i < page.max_sail; i++) {
      pips.append(el("span", { class: i < page.sail ? "kh-pip kh-on" : "kh-pip" }));
    }
    const roses = el("span", { class: "kh-roses" });
    for (const rose of page.roses) {
      const disc = el("span", { class: rose.colour ? "kh-rose kh-held" : "kh-rose",
                                text: rose.stage, title: rose.name || null });
      if (rose.colour) disc.style.background = ROSE[rose.colour];
      roses.append(disc);
    }
    const shipWind = cardFace(page.ship_wind, 64, 64);  // square, as it lies on the chart
    shipWind.setAttribute("aria-label", `${words.wind}: ${page.ship_wind.distance}`);
    const wind = el("figure", { class: "kh-wind" }, shipWind,
                    el("figcaption", { text: words.wind }));
    const stat = (label, ...shown) => el("div", { class: "kh-stat" },
      el("span", { class: "kh-label", text: label }), el("span", { class: "kh-shown" }, ...shown));
    return el("section", { class: "kh-book" }, wind,
      el("div", { class: "kh-stats" },
        stat(words.sail, pips, el("span", { text: words.sail_count })),
        stat(words.roses, roses),
        stat(words.pile, el("span", { text: words.pile_count }))));
  }

  function hand(page, words, playable, yours) {
    const row = el("div", { class: "kh-cards" });
    if (!page.hand.length) row.append(el("p", { class: "kh-note", text: words.no_cards }));
    for (const card of page.hand) {
      const can = yours && playable.has(card.wind);
      const button = el("button", {
        class: "kh-card" + (can ? " kh-playable" : "") + (picked === card.wind ? " kh-picked" : ""),
        "data-card": card.wind, "aria-pressed": String(picked === card.wind), disabled: !can,
        on: () => { picked = picked === card.wind ? null : card.wind; ignoring = false; redraw(true); },
      }, cardFace(card, 90, 128), el("span", { class: "kh-name", text: card.name }));
      row.append(button);
    }
    const heading = el("h2", {}, words.hand, el("small", { text: ` ${words.hand_count}` }));
    const hint = yours && playable.size && !picked ? el("p", { class: "kh-note", text: words.pick }) : null;
    return el("section", { class: "kh-hand" }, heading, hint, row);
  }

  // ---- the choices ------------------------------------------------------------------------------

  function fieldButton(choice, words, api) {
    const laid = choice.kind === "play" || choice.kind === "replace";
    const say = el("span", { class: "kh-say", text: laid ? choice.place : choice.say });
    // the wind under the ship leads to this empty field: a card laid here opens a sail
    if (choice.course) say.append(el("small", { class: "kh-why", text: words.course }));
    return el("button", { class: `kh-field kh-${choice.kind}` + (choice.course ? " kh-course" : ""),
                          "data-tv": choice.tv, "data-choice": choice.id,
                          on: () => api.play(choice.id) },
              el("span", { class: "kh-tv", text: choice.tv }), say);
  }

  function list(title, chosen, words, api) {
    if (!chosen.length) return null;
    return el("div", { class: "kh-list" }, el("h3", { text: title }),
              ...chosen.map((choice) => fieldButton(choice, words, api)));
  }

  // the fields where the wind leads first (a card there opens a sail), then by letter
  function first(fields) {
    return [...fields.filter((c) => c.course), ...fields.filter((c) => !c.course)];
  }

  function cardFields(choices, words, api) {
    const mine = choices.filter((c) => c.card === picked);
    const name = mine.length ? mine[0].group : "";
    return el("section", { class: "kh-moves" },
      el("div", { class: "kh-head" }, el("h2", { text: name }),
         el("button", { class: "kh-back", on: () => { picked = null; redraw(); }, text: words.back })),
      list(words.play, first(mine.filter((c) => c.kind === "play")), words, api),
      list(words.replace, mine.filter((c) => c.kind === "replace"), words, api));
  }

  function moves(page, choices, words, api) {
    const kinds = new Map(choices.filter((c) => BUTTONS.includes(c.kind)).map((c) => [c.kind, c]));
    const ignores = choices.filter((c) => c.kind === "ignore");
    const buttons = new Map(page.buttons.map((b) => [b.kind, b]));
    const section = el("section", { class: "kh-moves" });
    if (ignoring && ignores.length) {
      section.append(
        el("div", { class: "kh-head" }, el("h2", { text: buttons.get("ignore").label }),
           el("button", { class: "kh-back", text: words.cancel,
                          on: () => { ignoring = false; redraw(); } })),
        list(words.ignore_to, ignores, words, api));
      return section;
    }
    const sails = list(words.sail_to, choices.filter((c) => c.kind === "sail"), words, api);
    if (sails) section.append(sails);
    const row = el("div", { class: "kh-buttons" });
    const special = (kind, run, open) => {
      const shown = buttons.get(kind);
      if (!shown) return;
      const reason = open ? "" : shown.reason;
      row.append(el("div", { class: "kh-button" },
        el("button", { "data-kind": kind, disabled: !open, on: run, text: shown.label }),
        reason ? el("small", { text: reason }) : null));
    };
    special("stay", () => api.play(kinds.get("stay").id), kinds.has("stay"));
    special("ignore", () => { ignoring = true; picked = null; redraw(true); }, ignores.length > 0);
    for (const kind of BUTTONS.slice(1)) {
      special(kind, () => api.play(kinds.get(kind).id), kinds.has(kind));
    }
    section.append(row);
    return section;
  }

  // ---- the page ---------------------------------------------------------------------------------

  let last = null; // (body, root, api) of the last payload: a pick draws the page again
  let moment = null; // the turn, phase and cards laid of the last payload: a move clears a pick

  function redraw(toMoves) {
    if (!last) return;
    draw(...last);
    const moves = last[1].querySelector(".kh-moves");
    if (toMoves && moves) moves.scrollIntoView({ block: "start" });  // the fields it opened
  }

  function draw(body, root, api) {
    const page = body.page || {};
    const words = page.words || {};
    const yours = Boolean(body.yours);
    const choices = yours ? body.choices || [] : [];
    const playable = new Set(choices.filter((c) => c.card).map((c) => c.card));
    if (!playable.has(picked)) picked = null;
    if (!choices.some((c) => c.kind === "ignore")) ignoring = false;
    const parts = [book(page, words), hand(page, words, playable, yours)];
    if (yours) parts.push(picked ? cardFields(choices, words, api) : moves(page, choices, words, api));
    root.replaceChildren(el("div", { class: "kh", "data-moment": moment }, ...parts));
  }

  function render(body, root, api) {
    if (!body.page || !Array.isArray(body.page.hand)) return;
    const now = [body.turn, body.yours, body.page.phase, body.page.played, body.page.hand.length].join("/");
    if (now !== moment) {  // a move was made: nothing stays picked (as on the TV)
      picked = null;
      ignoring = false;
      moment = now;
    }
    last = [body, root, api];
    draw(body, root, api);
  }

  window.speltafel = window.speltafel || {};
  window.speltafel.pages = window.speltafel.pages || {};
  window.speltafel.pages.kaphoorn = { render };
})();
