// Der Berg ruft on a phone (issue 30): the caller stands 0-15 flags behind his screen and answers
// after each wrong guess; the guesser guesses on a pad whose numbers the hints rule out are greyed.
// Everything shown comes from the seat's payload (its own view: the guesser's never holds the
// number); every word is in it already, in this phone's language. A number is picked first and
// then confirmed with a big button (a guess cannot be taken back).
"use strict";

(() => {
  const speltafel = window.speltafel || (window.speltafel = {});
  const pages = speltafel.pages || (speltafel.pages = {});
  const FLAGS = 15;
  const PAD = 16; // 0..15

  let picked = null; // the number tapped on the pad, not played yet
  let pickedFor = ""; // the question it was picked for (a new question forgets it)
  let shown = null; // the last body, root and api: a tap draws the page again

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function seatColour(body, seat) {
    const player = (body.players || [])[seat];
    return player ? player.colour : "#888";
  }

  // ---- the screen and its flags ---------------------------------------------------------------
  function flagRow(up) {
    const row = el("div", "br-flags");
    row.setAttribute("aria-hidden", "true");
    for (let i = 0; i < FLAGS; i += 1) row.append(el("span", i < up ? "br-flag up" : "br-flag"));
    return row;
  }

  function screen(page, caller) {
    const box = el("div", "br-screen");
    const over = page.phase === "over" && page.last;
    const number = over ? page.last.number : page.number;
    const mine = page.role === "caller";
    if (number !== null && number !== undefined) {
      box.classList.add(mine && !page.lifted ? "private" : "open");
      box.append(flagRow(number), el("p", "br-number", page.words.number));
      if (mine && !page.lifted) box.append(el("p", "br-private", page.words.private));
      return box;
    }
    if (mine && page.phase === "set") {
      box.classList.add("private");
      box.append(flagRow(picked === null ? 0 : picked));
      box.append(el("p", "br-private", page.words.private));
      return box;
    }
    box.classList.add("hidden");
    const cloth = el("div", "br-cloth");
    cloth.append(el("span", "br-panel"), el("span", "br-panel mid", "?"), el("span", "br-panel"));
    cloth.style.setProperty("--seat", caller);
    box.append(cloth, el("p", "br-hidden", page.words.hidden));
    return box;
  }

  function chips(page) {
    const row = el("div", "br-chips");
    row.append(el("span", "br-chips-label", page.words.guesses));
    page.guesses.forEach((value, i) => {
      const chip = el("span", "br-chip", value);
      const hint = page.hints[i];
      if (hint) chip.append(el("span", "br-arrow " + hint, hint === "higher" ? "▲" : "▼"));
      row.append(chip);
    });
    if (page.phase === "guess" && (page.low > 0 || page.high < page.most)) {
      row.append(el("span", "br-range", page.words.range));
    }
    return row;
  }

  // ---- the pad: flags to set or a number to guess ---------------------------------------------
  function pad(choices, kind, page, api) {
    const byValue = new Map();
    choices.forEach((choice, i) => {
      if (choice.kind === kind) byValue.set(choice.value, i);
    });
    const wrap = el("div", "br-act br-pad-wrap");
    const grid = el("div", "br-pad");
    const excluded = new Set(page.excluded || []);
    for (let n = 0; n < PAD; n += 1) {
      const button = el("button", "br-num", n);
      button.type = "button";
      button.dataset.value = String(n);
      const offered = byValue.has(n);
      button.disabled = !offered;
      if (kind === "guess" && excluded.has(n)) button.classList.add("out");
      if (picked === n) {
        button.classList.add("picked");
        button.setAttribute("aria-pressed", "true");
      }
      button.addEventListener("click", () => {
        picked = n;
        redraw();
      });
      grid.append(button);
    }
    const go = el("button", "br-go");
    go.type = "button";
    go.dataset.kind = kind;
    const chosen = picked === null ? undefined : byValue.get(picked);
    go.disabled = chosen === undefined;
    go.textContent = chosen === undefined ? page.words.confirm : choices[chosen].label;
    go.addEventListener("click", () => {
      if (chosen !== undefined) api.play(chosen);
    });
    wrap.append(grid, go);
    return wrap;
  }

  function answers(choices, page, api) {
    const list = el("div", "br-act br-answers");
    choices.forEach((choice, i) => {
      const button = el("button", "br-answer " + choice.kind, choice.label);
      button.type = "button";
      button.dataset.kind = choice.kind;
      button.addEventListener("click", () => api.play(i));
      list.append(button);
    });
    if (page.summit_rule) list.append(el("p", "br-rule", page.summit_rule));
    return list;
  }

  // ---- the mountain: each pair's Heidi and Peter on the 17 steps ------------------------------
  function mountain(body, page) {
    const box = el("section", "br-side br-mountain");
    box.append(el("h2", "br-title", page.words.mountain));
    for (const pair of page.pairs) {
      const row = el("div", "br-pair");
      row.style.setProperty("--seat", seatColour(body, pair.seat));
      const player = (body.players || [])[pair.seat] || {};
      const head = el("p", "br-pair-head");
      head.append(el("span", "br-dot"), el("strong", "", player.name || ""));
      if (pair.seat === page.caller && page.phase !== "over") {
        head.append(el("span", "br-badge", page.words.calls));
      } else if (pair.seat === page.guesser && page.phase !== "over") {
        head.append(el("span", "br-badge", page.words.guessing));
      }
      const ladder = el("div", "br-ladder");
      ladder.setAttribute("aria-hidden", "true");
      for (let step = 0; step <= page.summit; step += 1) {
        const cell = el("span", "br-step");
        if (step === page.summit) cell.classList.add("summit");
        if (step > pair.heidi && step < pair.peter) cell.classList.add("free");
        if (step === pair.heidi) cell.append(el("span", "br-fig heidi", "H"));
        if (step === pair.peter) cell.append(el("span", "br-fig peter", "P"));
        ladder.append(cell);
      }
      row.append(head, ladder, el("p", "br-pair-text", pair.text));
      box.append(row);
    }
    return box;
  }

  // ---- the page -------------------------------------------------------------------------------
  function render(body, root, api) {
    shown = { body, root, api };
    const page = body.page || {};
    const words = page.words || {};
    if (!page.words) return;
    const key = [body.seat, page.turn, page.phase, (page.guesses || []).length].join(":");
    if (key !== pickedFor) {
      picked = null;
      pickedFor = key;
    }
    const choices = body.choices || [];
    const box = el("div", "br");
    box.dataset.role = page.role;
    box.dataset.phase = page.phase;
    const main = el("div", "br-main");
    if (words.role) main.append(el("p", "br-role", words.role));
    main.append(screen(page, seatColour(body, page.caller)));
    if (page.guesses.length) main.append(chips(page));
    if (page.last) main.append(el("p", "br-last", page.last.text));
    box.append(main);
    if (choices.some((c) => c.kind === "set_flags")) {
      box.append(pad(choices, "set_flags", page, api));
    } else if (choices.some((c) => c.kind === "guess")) {
      box.append(pad(choices, "guess", page, api));
    } else if (choices.length) {
      box.append(answers(choices, page, api));
    }
    box.append(mountain(body, page));
    root.replaceChildren(box);
  }

  function redraw() {
    if (shown) render(shown.body, shown.root, shown.api);
  }

  pages.bergruft = { render };
})();
