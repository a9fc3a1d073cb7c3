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
export function chips(policies, streak) {
  const box = el("div", {class: "policies"});
  const n = policies.length;
  policies.forEach((p, i) => box.append(el("span", {
    class: `chip ${p.color}` + (streak && i >= n - streak.length ? " streak" : ""),
    title: p.kind, text: (p.color === "red" ? "♥" : "♠") + (p.card ? " " + label(p.card) : "")})));
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
