// Shared helpers: card labels with suit symbols, card elements, JSON fetch.
export const SUIT = {H: "♥", D: "♦", S: "♠", C: "♣"};
export const JOKER = {RJ: "red joker", BJ: "black joker", NJ: "neutral joker"};
export function colour(card) {
  if (card === "RJ") return "red"; if (card === "BJ") return "black"; if (card === "NJ") return "neutral";
  return "HD".includes(card.slice(-1)) ? "red" : "black";
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
  const headers = {"Content-Type": "application/json", ...(opts.headers || {})};
  const tok = localStorage.getItem("jaccuse_token");
  if (tok && !headers.Authorization) headers.Authorization = "Bearer " + tok;
  const r = await fetch(path, {...opts, headers, credentials: "same-origin"});
  let body = null; try { body = await r.json(); } catch { body = null; }
  return {status: r.status, ok: r.ok, body};
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
    el("td", {text: s === you ? `seat ${s} (you)` : `seat ${s}`}), ...c.history.map((h) => el("td", {}, mem(h.membership[s])))));
  return el("div", {class: "scroll"}, el("table", {class: "history"}, head, won, ...rows),
    el("div", {class: "muted", text: "Each seat's membership card when the generation ended."}));
}
export function scoreTable(t, you = null) {
  const c = t.campaign, n = t.players, net = t.reveal ? t.reveal.network : null;
  const head = el("tr", {}, ...["seat", "VP", "XP", ...(net ? ["network"] : []), ""].map((h) => el("th", {text: h})));
  const rows = [];
  for (let s = 0; s < n; s++) {
    const cells = [el("td", {text: s === you ? `${s} (you)` : String(s)}), el("td", {class: "vp", text: String(c.vp[s])}),
      el("td", {text: String(t.xp[s])})];
    if (net) cells.push(el("td", {}, el("span", {class: `net ${net[(s + n - 1) % n]}`, text: net[(s + n - 1) % n]}), " ",
      el("span", {class: `net ${net[s]}`, text: net[s]})));
    cells.push(el("td", {}, c.over && c.winners.includes(s) ? el("span", {class: "win", text: "winner"}) : ""));
    rows.push(el("tr", {"data-score-seat": s}, ...cells));
  }
  return el("table", {class: "scores"}, head, ...rows);
}
export function campaignWinners(c) {
  return c.winners.length ? `Winner${c.winners.length > 1 ? "s" : ""}: seat${c.winners.length > 1 ? "s" : ""} ${c.winners.join(", ")}` : "";
}
