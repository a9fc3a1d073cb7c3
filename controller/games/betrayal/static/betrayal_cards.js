// Betrayal's shared pieces for the phone and table pages: cards face up and down, army labels, rewards.
import {badge, count, el, list, who} from "./shell.js";

export const BPHASE = {setup: "Setting up armies", turn: "Accusation", after_win: "After a win", peek: "Peek", over: "Game over"};

// A card is a rank and a suit ("10H"), or the joker ("JK"), the traitor's card.
const SUIT = {H: "♥", D: "♦", S: "♠", C: "♣"};
export function name(card) { return card === "JK" ? "joker" : card.slice(0, -1) + SUIT[card.slice(-1)]; }

// a card's face: its rank over its suit, red or black, or the joker's star over its name
export function face(card, tag = "div", attrs = {}) {
  if (card === "JK") {
    return el(tag, {...attrs, class: `card joker ${attrs.class || ""}`, "data-card": "JK", "aria-label": "joker"},
      el("span", {class: "suit", text: "★"}), el("span", {class: "lbl", text: "joker"}));
  }
  const colour = "HD".includes(card.slice(-1)) ? "red" : "black";
  return el(tag, {...attrs, class: `card ${colour} ${attrs.class || ""}`, "data-card": card, "aria-label": name(card)},
    el("span", {class: "rank", text: card.slice(0, -1)}), el("span", {class: "suit", text: SUIT[card.slice(-1)]}));
}
export function back(tag = "div", attrs = {}) {
  return el(tag, {...attrs, class: `card back ${attrs.class || ""}`, "aria-label": attrs["aria-label"] || "face-down card"});
}

// Army a and its seat's name: "Army 2 · Alice" (with two players a seat has two armies).
export function armyName(t, a) { return `Army ${a} · ${who(t, t.army_seats[a])}`; }
export function armyTag(t, a, extra = "") {
  return el("span", {class: `atag a${a % 8}`, "data-army-tag": a, text: `Army ${a}${extra}`});
}

export function rewardText(r) {
  if (!r) return "no more rewards";
  const what = r.kind === "draw" ? `draw ${r.count}` : r.kind === "peek" ? "peek at 2 cards" : "eliminated";
  return `at ${r.at} points: ${what}`;
}

export function jokerText(t) {
  if (!t.joker_dead) return "The joker is alive.";
  return `The joker is dead: army ${t.traitor} is the traitor. ${t.traitor_deaths_after_joker} of ${t.deaths_needed} more of its cards killed.`;
}

// The last accusation: both cards, turned face up for everyone, and who won.
export function lastAccusation(t) {
  const a = t.last_accusation;
  if (!a) return el("div", {class: "muted", text: "No accusation yet."});
  const [ta, tp] = a.target;
  const won = a.winner === "attacker";
  const verdict = a.by_two ? `the ${name(a.target_card)} defends (twos defend) and kills the attacker` :
    won ? `army ${a.army} wins, the ${name(a.target_card)} dies` : `army ${ta} holds, the ${name(a.card)} dies`;
  return el("div", {class: "lastacc", "data-last": `${a.card}-${a.target_card}`},
    el("div", {class: "fight"},
      el("div", {class: won ? "winner" : "loser"}, armyTag(t, a.army), face(a.card, "div", {class: "small"})),
      el("span", {class: "vs", text: "vs"}),
      el("div", {class: won ? "loser" : "winner"}, armyTag(t, ta, ` · pos ${tp}`), face(a.target_card, "div", {class: "small"}))),
    el("div", {class: "verdict", text: `Army ${a.army} accused: ${verdict}.`}));
}

// One row of the table as everyone sees it: face-down backs and face-up cards, by position.
export function publicRow(t, a, onTap = null, picked = () => false, cls = "small") {
  const row = (t.rows && t.rows[a]) || [];
  const box = el("div", {class: "brow", "data-row": a});
  row.forEach((c, p) => {
    const attrs = {class: cls, "data-place": `${a}-${p}`, title: `army ${a}, position ${p}`};
    const tag = onTap ? "button" : "div";
    if (onTap) { attrs.type = "button"; attrs["aria-pressed"] = String(picked(a, p)); }
    const e = c.up ? face(c.card, tag, attrs) : back(tag, {...attrs, "aria-label": `face-down card ${p} of army ${a}`});
    if (onTap) e.addEventListener("click", () => onTap(a, p));
    box.append(e);
  });
  if (!row.length) box.append(el("span", {class: "muted", text: t.eliminated.includes(a) ? "eliminated" : "no cards"}));
  return box;
}

export function endText(t) {
  if (!t.over) return "";
  const side = t.winner_side === "traitor" ? "The traitor wins" : "The loyal armies win";
  return `${side}! Army ${t.traitor} was the traitor. Winners: ${list(t.winners.map((a) => `army ${a}`))}.`;
}

// Every army's title (B17), its points, and the cards it held at the end (face down ones dashed).
export function titlesList(t, mine = []) {
  const rev = t.reveal, box = el("div", {class: "titles"});
  for (let a = 0; a < t.armies; a++) {
    const tags = [];
    if (a === t.traitor) tags.push(badge("traitor", "traitor"));
    if (t.winners.includes(a)) tags.push(badge("winner", "pres"));
    if (t.eliminated.includes(a)) tags.push(badge("eliminated"));
    const cards = rev ? rev.rows[a].map((c) => face(c.card, "div", {class: "tiny" + (c.up ? "" : " wasdown")})) : [];
    box.append(el("div", {class: `titlerow a${a % 8}`, "data-title-army": a},
      el("div", {}, armyTag(t, a, mine.includes(a) ? " (you)" : ""), el("span", {class: "muted", text: `${who(t, t.army_seats[a])} · ${count(t.scores[a], "point")} · `}),
        el("b", {class: "title", text: t.titles ? t.titles[a] : ""}), " ", ...tags),
      el("div", {class: "brow"}, ...cards)));
  }
  return box;
}

// The end's public row for army a: every card face up, the ones that were face down dashed.
export function revealRow(t, a) {
  return el("div", {class: "brow", "data-row": a}, ...t.reveal.rows[a].map((c) => face(c.card, "div", {class: "tiny" + (c.up ? "" : " wasdown")})));
}
