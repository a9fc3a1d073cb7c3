// J'Accuse's card helpers, shared by its phone and table parts: its cards and their faces, the order of a
// hand, policy chips, stability pips, memberships and networks, and the campaign's history and score tables.
import {el, list, translator, who} from "./shell.js";

const {t, tn} = translator("jaccuse");
export {t, tn};

// A card is a rank and a suit ("10H"), or one of the three jokers: a red and a black one, and a neutral
// one that has no colour.
const SUIT = {H: "♥", D: "♦", S: "♠", C: "♣"};
export const JOKER = {RJ: {name: t("red joker"), colour: "red"}, BJ: {name: t("black joker"), colour: "black"},
  NJ: {name: t("neutral joker"), colour: "neutral"}};
// a side's colour in words: "red", "black" (capitalised to start a sentence or a cell)
export function colourWord(c, start = false) {
  if (c === "red") return start ? t("Red") : t("red");
  if (c === "black") return start ? t("Black") : t("black");
  return c;
}
// "1 card", "3 cards" in the page's language
export const cardCount = (n) => tn("{n} card", "{n} cards", n);
// a seat's row in a table, marked when it is the reader's
export const yours = (name) => t("{name} (you)", {name});
export function colour(card) {
  if (JOKER[card]) return JOKER[card].colour;
  return "HD".includes(card.slice(-1)) ? "red" : "black";
}
export function label(card) { return JOKER[card] ? JOKER[card].name : card.slice(0, -1) + SUIT[card.slice(-1)]; }
// a card's face: its rank over its suit, or a joker's star over its name (fitted to the face)
export function cardFace(card, tag = "div", attrs = {}) {
  const e = el(tag, {...attrs, class: `card ${colour(card)} ${attrs.class || ""}`, "data-card": card, "aria-label": label(card)});
  if (JOKER[card]) e.append(el("span", {class: "suit", text: "★"}), el("span", {class: "lbl fit", text: JOKER[card].name}));
  else e.append(el("span", {class: "rank", text: card.slice(0, -1)}), el("span", {class: "suit", text: SUIT[card.slice(-1)]}));
  return e;
}

// Cards in the order a player holds them: jokers, then ace to king (2 before 10), suits ♠ ♥ ♦ ♣.
const RANK = {A: 1, J: 11, Q: 12, K: 13};
export function rankOf(card) { return JOKER[card] ? 0 : RANK[card.slice(0, -1)] || Number(card.slice(0, -1)); }
export function byRank(cards) {
  return [...cards].sort((a, b) => rankOf(a) - rankOf(b) || "SHDCRBN".indexOf(a.slice(-1)) - "SHDCRBN".indexOf(b.slice(-1)) || (a < b ? -1 : 1));
}
// The policies passed, one chip each and every chip alike: its colour's mark, and under it how it
// passed (the card that enacted it, a joker as ★, "free", or "echo" for a campaign's historical echo).
export function chips(policies, streak, echo = null) {
  const box = el("div", {class: "policies"});
  const n = policies.length;
  policies.forEach((p, i) => {
    const how = i === echo ? t("echo") : p.card ? (JOKER[p.card] ? "★" : label(p.card)) : t("free");
    const said = i === echo ? t("historical echo: the last generation's winning colour")
      : p.card ? t("enacted with the {card}", {card: label(p.card)}) : t("passed free");
    box.append(el("span", {
      class: `chip ${p.color}` + (streak && i >= n - streak.length ? " streak" : "") + (i === echo ? " echo" : ""),
      title: said, "aria-label": p.color === "red" ? t("red policy, {how}", {how: said}) : t("black policy, {how}", {how: said}), "data-policy": i},
      el("span", {class: "mark", text: p.color === "red" ? "♥" : "♠"}), el("span", {class: "how", text: how})));
  });
  if (!n) box.append(el("span", {class: "muted", text: t("no policies yet")}));
  return box;
}
export function pips(stability) {
  const b = el("span", {class: "pips", "aria-label": t("stability {n}", {n: stability})});
  for (let i = 1; i <= 5; i++) b.append(el("span", {class: i <= stability ? "on" : ""}));
  return b;
}
// The network in plain words, for the end of a game.
export function networkWords(pair) {
  return pair[0] === pair[1] ? t("both {colour}: {colour} whatever the membership", {colour: colourWord(pair[0])}) :
    t("{one} and {other}: the membership card decides", {one: colourWord(pair[0]), other: colourWord(pair[1])});
}
export function memberChip(m) {
  return m ? el("span", {class: `mem ${colour(m)}`, "data-member": m, text: label(m)}) : el("span", {text: t("none")});
}
// the phases as the pages name them
export const PHASE = {setup: t("Setting up"), election: t("Election"), parley: t("Parley"), presidency: t("Presidency"),
  replace_membership: t("New membership"), enact: t("Enacting a policy"), over: t("Game over")};

// Campaigns: which policy is the historical echo (the first one of a later generation, when the
// generation before it had a winning colour), and the shared history and score tables.
export function echoIndex(t) {
  const c = t.campaign;
  if (!c || c.generation < 2 || !t.policies.length) return null;
  const last = c.history[c.generation - 2];
  return last && last.winning_color ? 0 : null;
}
export function historyTable(tv, you = null) {
  // one row per seat, one column per finished generation: narrow enough for a phone with 14 seats
  const c = tv.campaign, n = tv.players;
  if (!c.history.length) return el("div", {class: "muted", text: t("No generation has ended yet.")});
  const mem = (m) => m ? el("span", {class: `mem ${colour(m)}`, "data-member": m, text: label(m)}) : "—";
  const head = el("tr", {}, el("th", {text: t("generation")}), ...c.history.map((h, i) => el("th", {"data-generation": i + 1, text: String(i + 1)})));
  const won = el("tr", {}, el("td", {text: t("won")}), ...c.history.map((h, i) =>
    el("td", {"data-won": i + 1, text: h.winning_color ? colourWord(h.winning_color, true) : t("none")})));
  const rows = Array.from({length: n}, (_, s) => el("tr", {"data-history-seat": s},
    el("td", {text: s === you ? yours(who(tv, s)) : who(tv, s)}), ...c.history.map((h) => el("td", {}, mem(h.membership[s])))));
  return el("div", {class: "scroll"}, el("table", {class: "history"}, head, won, ...rows),
    el("div", {class: "muted", text: t("Each seat's membership card when the generation ended.")}));
}
export function scoreTable(tv, you = null) {
  const c = tv.campaign, n = tv.players, net = tv.reveal ? tv.reveal.network : null;
  const head = el("tr", {}, ...[t("seat"), t("VP"), t("XP"), ...(net ? [t("network")] : []), ""].map((h) => el("th", {text: h})));
  const rows = [];
  for (let s = 0; s < n; s++) {
    const cells = [el("td", {text: s === you ? yours(who(tv, s)) : who(tv, s)}), el("td", {class: "vp", text: String(c.vp[s])}),
      el("td", {text: String(tv.xp[s])})];
    if (net) cells.push(el("td", {}, el("span", {class: `net ${net[(s + n - 1) % n]}`, text: colourWord(net[(s + n - 1) % n])}), " ",
      el("span", {class: `net ${net[s]}`, text: colourWord(net[s])})));
    cells.push(el("td", {}, c.over && c.winners.includes(s) ? el("span", {class: "win", text: t("winner")}) : ""));
    rows.push(el("tr", {"data-score-seat": s}, ...cells));
  }
  return el("table", {class: "scores"}, head, ...rows);
}
export function campaignWinners(c, tv = null) {
  if (!c.winners.length) return "";
  const names = c.winners.map((s) => tv && tv.names && tv.names[s] ? t("{name} (seat {n})", {name: tv.names[s], n: s}) : t("seat {n}", {n: s}));
  return c.winners.length > 1 ? t("Winners: {who}", {who: list(names)}) : t("Winner: {who}", {who: list(names)});
}
