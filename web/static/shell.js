// Shared helpers of the pages and every game's parts: elements, JSON fetch, names, feeds, the shot clock.
// A game's own helpers (its cards among them) live in its package's <name>_cards.js.
// A feed as the phone shows it: the lines told at one moment (one version) read as one entry, in the
// order they were told; the view lists them newest first.
export function feedEntries(items) {
  const out = [];
  for (const x of items) {
    const last = out[out.length - 1];
    if (last && last.version === x.version && x.version) { last.texts.unshift(x.text); last.you = last.you || x.you; }
    else out.push({version: x.version, texts: [x.text], you: !!x.you});
  }
  return out.map((e) => ({version: e.version, you: e.you, text: e.texts.join(" ")}));
}
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}
// Text that must fit its box whatever it says: a card's name on a card face (today's names and those of
// cards to come, however long). An element with the class "fit" wraps between words where its box
// allows; while a line is still wider than the box (a single long word), its font shrinks step by step,
// down to half its size at most, and a word still too long for the box then breaks inside (the last
// resort: never cut off). Every page fits what is added to it and fits again when the window changes
// size, so a game's parts only mark their text: nothing is tuned to today's card names.
const FIT_FLOOR = 0.5, FIT_MIN_PX = 10, FIT_STEP = 0.92;
export function fit(e) {
  e.style.fontSize = ""; e.style.overflowWrap = "";
  if (!e.isConnected || !e.clientWidth) return;  // not laid out (hidden): fitted once it is shown
  const size = parseFloat(getComputedStyle(e).fontSize);
  // and never under 10 px (or the element's own --fit-min: a tiny chip may go smaller)
  const least = parseFloat(getComputedStyle(e).getPropertyValue("--fit-min")) || FIT_MIN_PX;
  const floor = Math.min(size, Math.max(size * FIT_FLOOR, least));
  for (let now = size; e.scrollWidth > e.clientWidth && now > floor;) {
    now = Math.max(floor, now * FIT_STEP);
    e.style.fontSize = `${now}px`;
  }
  if (e.scrollWidth > e.clientWidth) e.style.overflowWrap = "anywhere";
}
export function fitAll(root) {
  if (root.nodeType === 3) root = root.parentElement;  // a text changed: its element
  if (!root || root.nodeType !== 1) return;
  if (root.classList.contains("fit")) fit(root);
  for (const e of root.querySelectorAll(".fit")) fit(e);
}
if (typeof document !== "undefined" && typeof MutationObserver !== "undefined") {
  new MutationObserver((changes) => {
    for (const m of changes) {
      if (m.type === "attributes") fitAll(m.target);  // shown (hidden taken off), or restyled
      else for (const n of m.addedNodes) fitAll(n);
    }
  }).observe(document.documentElement, {childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"]});
  let queued = false;
  addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitAll(document.body); });
  });
  // a style sheet linked late (a game's own) changes the boxes: fit again once everything has loaded
  addEventListener("load", () => fitAll(document.body));
}
export async function api(path, opts = {}) {
  // every request is JSON (a POST with nothing to say sends {}), as the box's request guards expect
  const headers = {"Content-Type": "application/json", ...(opts.headers || {})};
  const tok = localStorage.getItem("jaccuse_token");
  if (tok && !headers.Authorization) headers.Authorization = "Bearer " + tok;
  const init = {...opts, headers, credentials: "same-origin", cache: "no-store"};
  if ((init.method || "GET") !== "GET" && init.body === undefined) init.body = "{}";
  let r;
  try { r = await fetch(path, init); } catch { return {status: 0, ok: false, body: null}; }
  let body = null; try { body = await r.json(); } catch { body = null; }
  return {status: r.status, ok: r.ok, body};
}
export function errorText(r, what = "the box") {
  if (r.status === 0) return "The box cannot be reached: check the Wi-Fi, then try again.";
  return r.body && r.body.error ? r.body.error.message : `${what} answered ${r.status}`;
}

// A name as text in a line: isolated (FSI ... PDI) when it holds right-to-left letters, so it cannot
// reorder the words and numbers around it (the box's log lines do the same).
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
export function isolate(name) { return name && RTL.test(name) ? `\u2068${name}\u2069` : name; }
// A seat as the pages tell it: its name, else "seat N" ("Seat N" to start a sentence).
export function who(t, s, start = false) {
  const n = t && t.names ? t.names[s] : null;
  return isolate(n) || `${start ? "Seat" : "seat"} ${s}`;
}
// A seat on a button or in a list that picks one: its number always, then its name.
export function whoSeat(t, s) {
  const n = t && t.names ? t.names[s] : null;
  return n ? `${s} · ${isolate(n)}` : `seat ${s}`;
}
// The end of a game on the table page: how the next one starts, and who already asked for it.
export function playAgainText(t) {
  const pa = t.play_again, ready = pa ? pa.ready.map((s) => who(t, s)) : [];
  return "For a new deal, everyone taps Play again on their phone" + (ready.length ? ` (ready: ${list(ready)}).` : ".");
}
// Tonight's scoreboard (the table's `evening`): wins per name, then the games, newest first.
export function scoreboard(t) {
  const ev = t.evening;
  if (!ev || !ev.games.length) return null;
  return el("div", {class: "scoreboard", "data-scoreboard": ""},
    el("table", {}, ...ev.tally.map((x) => el("tr", {"data-wins": x.name}, el("td", {text: x.name}), el("td", {class: "vp", text: count(x.wins, "win")})))),
    el("ol", {class: "feed"}, ...ev.games.slice().reverse().map((g) => el("li", {text:
      `Game ${g.game}, ${g.title || g.name}: ${g.winners.length ? list(g.winners) : "nobody won"}`}))));
}
// "1 card", "3 cards": never "1 cards" or "card(s)"
export function count(n, what = "card") { return `${n} ${what}${n === 1 ? "" : "s"}`; }
export function list(items) {
  return items.length < 2 ? items.join("") : items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
}

// The shot clock: seconds left, against the box's clock (offset = box time - this device's time).
let clockOffset = 0;
export function setBoxTime(boxNow, sentAt, gotAt) { clockOffset = boxNow * 1000 - (sentAt + gotAt) / 2; }
export function secondsLeft(clock) {
  if (!clock || !clock.deadline) return null;
  return Math.max(0, Math.ceil((clock.deadline * 1000 - (Date.now() + clockOffset)) / 1000));
}
export async function syncBoxTime() {
  const sent = Date.now(); const r = await api("/api/box"); const got = Date.now();
  if (r.ok && typeof r.body.now === "number") setBoxTime(r.body.now, sent, got);
  return r;
}

// A button whose action asks "are you sure?" in the page first (no browser dialog, which kiosks block).
// A confirmation is used once: "yes" puts the first button back before acting, so a second tap on the
// same spot asks again instead of repeating the action (a second deal would end the game just dealt).
// `question` is the text, or a function giving it when asked (a question that depends on a choice).
export function confirmButton(text, question, yes, onYes, cls = "") {
  const box = el("span", {class: "confirm"});
  const ask = () => {
    box.replaceChildren(el("span", {class: "question", text: typeof question === "function" ? question() : question}),
      el("button", {type: "button", class: "primary", text: yes, onclick: () => { box.replaceChildren(first); onYes(); }}),
      el("button", {type: "button", text: "Cancel", onclick: () => box.replaceChildren(first)}));
    box.querySelector("button.primary").focus();
  };
  const first = el("button", {type: "button", class: cls, text, onclick: ask});
  box.append(first);
  return box;
}
