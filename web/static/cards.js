// Shared helpers: card labels with suit symbols, card elements, JSON fetch.
export const SUIT = {H: "♥", D: "♦", S: "♠", C: "♣"};
export const JOKER = {RJ: "red joker", BJ: "black joker", NJ: "neutral joker"};
export function colour(card) {
  if (card === "RJ") return "red"; if (card === "BJ") return "black"; if (card === "NJ") return "neutral";
  return "HD".includes(card.slice(-1)) ? "red" : "black";
}
// Cards in the order a player holds them: jokers, then ace to king (2 before 10), suits ♠ ♥ ♦ ♣.
const RANK = {A: 1, J: 11, Q: 12, K: 13};
export function rankOf(card) { return JOKER[card] ? 0 : RANK[card.slice(0, -1)] || Number(card.slice(0, -1)); }
export function byRank(cards) {
  return [...cards].sort((a, b) => rankOf(a) - rankOf(b) || "SHDCRBN".indexOf(a.slice(-1)) - "SHDCRBN".indexOf(b.slice(-1)) || (a < b ? -1 : 1));
}
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
export function label(card) { return JOKER[card] || card.slice(0, -1) + SUIT[card.slice(-1)]; }
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}
export function cardFace(card, tag = "div", attrs = {}) {
  const c = colour(card);
  const e = el(tag, {...attrs, class: `card ${c} ${attrs.class || ""}`, "data-card": card, "aria-label": label(card)});
  if (JOKER[card]) { e.append(el("span", {class: "suit", text: "★"}), el("span", {class: "lbl", text: JOKER[card]})); }
  else { e.append(el("span", {class: "rank", text: card.slice(0, -1)}), el("span", {class: "suit", text: SUIT[card.slice(-1)]})); }
  return e;
}
export function chips(policies, streak, echo = null) {
  const box = el("div", {class: "policies"});
  const n = policies.length;
  policies.forEach((p, i) => box.append(el("span", {
    class: `chip ${p.color}` + (streak && i >= n - streak.length ? " streak" : "") + (i === echo ? " echo" : ""),
    title: i === echo ? "historical echo: the last generation's winning colour" : p.kind,
    text: (p.color === "red" ? "♥" : "♠") + (p.card ? " " + label(p.card) : "") + (i === echo ? " echo" : "")})));
  if (!n) box.append(el("span", {class: "muted", text: "no policies yet"}));
  return box;
}
export function pips(stability) {
  const b = el("span", {class: "pips", "aria-label": `stability ${stability}`});
  for (let i = 1; i <= 5; i++) b.append(el("span", {class: i <= stability ? "on" : ""}));
  return b;
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
// The network in plain words, for the end of a game.
export function networkWords(pair) {
  return pair[0] === pair[1] ? `both ${pair[0]}: ${pair[0]} whatever the membership` :
    `${pair[0]} and ${pair[1]}: the membership card decides`;
}
export function memberChip(m) {
  return m ? el("span", {class: `mem ${colour(m)}`, "data-member": m, text: label(m)}) : el("span", {text: "none"});
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
export function confirmButton(text, question, yes, onYes, cls = "") {
  const box = el("span", {class: "confirm"});
  const ask = () => {
    box.replaceChildren(el("span", {class: "question", text: question}),
      el("button", {type: "button", class: "primary", text: yes, onclick: () => { box.replaceChildren(first); onYes(); }}),
      el("button", {type: "button", text: "Cancel", onclick: () => box.replaceChildren(first)}));
    box.querySelector("button.primary").focus();
  };
  const first = el("button", {type: "button", class: cls, text, onclick: ask});
  box.append(first);
  return box;
}
export const PHASE = {setup: "Setting up", election: "Election", parley: "Parley", presidency: "Presidency",
  replace_membership: "New membership", enact: "Enacting a policy", over: "Game over"};

// Campaigns: which policy is the historical echo (the first one of a later generation, when the
// generation before it had a winning colour), and the shared history and score tables.
export function echoIndex(t) {
  const c = t.campaign;
  if (!c || c.generation < 2 || !t.policies.length) return null;
  const last = c.history[c.generation - 2];
  return last && last.winning_color ? 0 : null;
}
const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;
export function historyTable(t, you = null) {
  // one row per seat, one column per finished generation: narrow enough for a phone with 14 seats
  const c = t.campaign, n = t.players;
  if (!c.history.length) return el("div", {class: "muted", text: "No generation has ended yet."});
  const mem = (m) => m ? el("span", {class: `mem ${colour(m)}`, "data-member": m, text: label(m)}) : "—";
  const head = el("tr", {}, el("th", {text: "generation"}), ...c.history.map((h, i) => el("th", {"data-generation": i + 1, text: String(i + 1)})));
  const won = el("tr", {}, el("td", {text: "won"}), ...c.history.map((h, i) =>
    el("td", {"data-won": i + 1, text: h.winning_color ? cap(h.winning_color) : "none"})));
  const rows = Array.from({length: n}, (_, s) => el("tr", {"data-history-seat": s},
    el("td", {text: s === you ? `${who(t, s)} (you)` : who(t, s)}), ...c.history.map((h) => el("td", {}, mem(h.membership[s])))));
  return el("div", {class: "scroll"}, el("table", {class: "history"}, head, won, ...rows),
    el("div", {class: "muted", text: "Each seat's membership card when the generation ended."}));
}
export function scoreTable(t, you = null) {
  const c = t.campaign, n = t.players, net = t.reveal ? t.reveal.network : null;
  const head = el("tr", {}, ...["seat", "VP", "XP", ...(net ? ["network"] : []), ""].map((h) => el("th", {text: h})));
  const rows = [];
  for (let s = 0; s < n; s++) {
    const cells = [el("td", {text: s === you ? `${who(t, s)} (you)` : who(t, s)}), el("td", {class: "vp", text: String(c.vp[s])}),
      el("td", {text: String(t.xp[s])})];
    if (net) cells.push(el("td", {}, el("span", {class: `net ${net[(s + n - 1) % n]}`, text: net[(s + n - 1) % n]}), " ",
      el("span", {class: `net ${net[s]}`, text: net[s]})));
    cells.push(el("td", {}, c.over && c.winners.includes(s) ? el("span", {class: "win", text: "winner"}) : ""));
    rows.push(el("tr", {"data-score-seat": s}, ...cells));
  }
  return el("table", {class: "scores"}, head, ...rows);
}
export function campaignWinners(c, t = null) {
  if (!c.winners.length) return "";
  const names = c.winners.map((s) => t && t.names && t.names[s] ? `${t.names[s]} (seat ${s})` : `seat ${s}`);
  return `Winner${c.winners.length > 1 ? "s" : ""}: ${list(names)}`;
}
