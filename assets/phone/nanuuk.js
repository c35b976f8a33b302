// Nanuuk! on a phone (issue 30): the seat's sheet (each hunter's equipment, bag, Inuk and igloo
// side, from the payload's "page"), then the remote: the frame's list of the turn's choices,
// grouped by the piece they move. Every word comes in the payload, in the phone's language.
"use strict";

(() => {
  // the sheet is open, but folded on a phone held sideways (its few lines are for the choices),
  // and stays as its player left it
  const SIDEWAYS = "(orientation: landscape) and (max-height: 500px)";
  let unfolded = null;

  function chip(item, on) {
    const node = document.createElement("span");
    node.className = "item " + item.id + (on ? " on" : "");
    node.textContent = item.count ? item.name + " ×" + item.count : item.name;
    return node;
  }

  function row(heading, items) {
    const line = document.createElement("div");
    line.className = "sheet-row";
    const label = document.createElement("span");
    label.className = "sheet-label";
    label.textContent = heading;
    line.appendChild(label);
    const list = document.createElement("span");
    list.className = "items";
    for (const item of items) list.appendChild(chip(item, item.on || item.count));
    line.appendChild(list);
    return line;
  }

  function sheet(page) {
    const box = document.createElement("details");
    box.className = "sheet";
    box.open = unfolded !== null ? unfolded : !window.matchMedia(SIDEWAYS).matches;
    box.addEventListener("toggle", () => { unfolded = box.open; });
    const summary = document.createElement("summary");
    const names = page.hunters.map((h) => h.name);
    summary.textContent = [page.points].concat(names).filter(Boolean).join(" · ");
    box.appendChild(summary);
    const words = page.words;
    for (const hunter of page.hunters) {
      const card = document.createElement("section");
      card.className = "hunter";
      const name = document.createElement("h2");
      name.textContent = hunter.name;
      card.appendChild(name);
      card.appendChild(row(words.carried, hunter.carried));
      const bag = hunter.bag.slice();
      bag.push({ id: "inuk", name: words.inuk, on: hunter.inuk });
      card.appendChild(row(words.bag, bag));
      if (hunter.igloo.length) card.appendChild(row(words.igloo, hunter.igloo));
      box.appendChild(card);
    }
    return box;
  }

  window.speltafel = window.speltafel || {};
  window.speltafel.pages = window.speltafel.pages || {};
  window.speltafel.pages.nanuuk = {
    render(body, root, api) {
      const page = body.page || {};
      if (page.hunters && page.hunters.length) root.appendChild(sheet(page));
      api.choices(root);
    },
  };
})();
