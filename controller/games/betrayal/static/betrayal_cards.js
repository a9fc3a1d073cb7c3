// Betrayal's shared pieces for the phone and table pages: cards face up and down, army labels, rewards.
// Words in the page's language: its catalogue (locale/ in the package; docs/i18n.md).
import {badge, el, list, translator, who} from "./shell.js";
const {t, tn} = translator("betrayal");

export const BPHASE = {setup: t("Setting up armies"), turn: t("Accusation"), after_win: t("After a win"), peek: t("Peek"), over: t("Game over")};

// B17's titles as the view names them (English), in the page's language
const TITLES = {"God": t("God"), "Expert": t("Expert"), "Guardian": t("Guardian"), "Spy": t("Spy"), "Disciple": t("Disciple"),
  "Inanimate Object": t("Inanimate Object")};
export function titleName(title) { return TITLES[title] || title; }

/** "{n} card(s)" and "{n} point(s)" in the page's language. */
export const cards = (n) => tn("{n} card", "{n} cards", n);
export const points = (n) => tn("{n} point", "{n} points", n);
/** "army 3" inside a sentence. */
export const army = (a) => t("army {a}", {a});

// A card is a rank and a suit ("10H"), or the joker ("JK"), the traitor's card.
const SUIT = {H: "♥", D: "♦", S: "♠", C: "♣"};
export function name(card) { return card === "JK" ? t("joker") : card.slice(0, -1) + SUIT[card.slice(-1)]; }

// a card's face: its rank over its suit, red or black, or the joker's star over its name
export function face(card, tag = "div", attrs = {}) {
  if (card === "JK") {
    return el(tag, {...attrs, class: `card joker ${attrs.class || ""}`, "data-card": "JK", "aria-label": t("joker")},
      el("span", {class: "suit", text: "★"}), el("span", {class: "lbl", text: t("joker")}));
  }
  const colour = "HD".includes(card.slice(-1)) ? "red" : "black";
  return el(tag, {...attrs, class: `card ${colour} ${attrs.class || ""}`, "data-card": card, "aria-label": name(card)},
    el("span", {class: "rank", text: card.slice(0, -1)}), el("span", {class: "suit", text: SUIT[card.slice(-1)]}));
}
export function back(tag = "div", attrs = {}) {
  return el(tag, {...attrs, class: `card back ${attrs.class || ""}`, "aria-label": attrs["aria-label"] || t("face-down card")});
}

// Army a and its seat's name: "Army 2 · Alice" (with two players a seat has two armies).
export function armyName(tv, a) { return t("Army {a} · {who}", {a, who: who(tv, tv.army_seats[a])}); }
export function armyTag(tv, a, extra = "") {
  return el("span", {class: `atag a${a % 8}`, "data-army-tag": a, text: t("Army {a}", {a}) + extra});
}

export function rewardText(r) {
  if (!r) return t("no more rewards");
  if (r.kind === "draw") return t("at {at} points: draw {n}", {at: r.at, n: r.count});
  if (r.kind === "peek") return t("at {at} points: peek at 2 cards", {at: r.at});
  return t("at {at} points: eliminated", {at: r.at});
}

export function jokerText(tv) {
  if (!tv.joker_dead) return t("The joker is alive.");
  return t("The joker is dead: army {a} is the traitor. {n} of {needed} more of its cards killed.",
    {a: tv.traitor, n: tv.traitor_deaths_after_joker, needed: tv.deaths_needed});
}

// The last accusation: both cards, turned face up for everyone, and who won.
export function lastAccusation(tv) {
  const a = tv.last_accusation;
  if (!a) return el("div", {class: "muted", text: t("No accusation yet.")});
  const [ta, tp] = a.target;
  const won = a.winner === "attacker";
  const verdict = a.by_two ? t("Army {a} accused: the {card} defends (twos defend) and kills the attacker.", {a: a.army, card: name(a.target_card)}) :
    won ? t("Army {a} accused: army {a} wins, the {card} dies.", {a: a.army, card: name(a.target_card)}) :
      t("Army {a} accused: army {target} holds, the {card} dies.", {a: a.army, target: ta, card: name(a.card)});
  return el("div", {class: "lastacc", "data-last": `${a.card}-${a.target_card}`},
    el("div", {class: "fight"},
      el("div", {class: won ? "winner" : "loser"}, armyTag(tv, a.army), face(a.card, "div", {class: "small"})),
      el("span", {class: "vs", text: t("vs")}),
      el("div", {class: won ? "loser" : "winner"}, armyTag(tv, ta, t(" · pos {p}", {p: tp})), face(a.target_card, "div", {class: "small"}))),
    el("div", {class: "verdict", text: verdict}));
}

// One row of the table as everyone sees it: face-down backs and face-up cards, by position.
export function publicRow(tv, a, onTap = null, picked = () => false, cls = "small") {
  const row = (tv.rows && tv.rows[a]) || [];
  const box = el("div", {class: "brow", "data-row": a});
  row.forEach((c, p) => {
    const attrs = {class: cls, "data-place": `${a}-${p}`, title: t("army {a}, position {p}", {a, p})};
    const tag = onTap ? "button" : "div";
    if (onTap) { attrs.type = "button"; attrs["aria-pressed"] = String(picked(a, p)); }
    const e = c.up ? face(c.card, tag, attrs) : back(tag, {...attrs, "aria-label": t("face-down card {p} of army {a}", {a, p})});
    if (onTap) e.addEventListener("click", () => onTap(a, p));
    box.append(e);
  });
  if (!row.length) box.append(el("span", {class: "muted", text: tv.eliminated.includes(a) ? t("eliminated") : t("no cards")}));
  return box;
}

export function endText(tv) {
  if (!tv.over) return "";
  const winners = list(tv.winners.map(army));
  return tv.winner_side === "traitor" ? t("The traitor wins! Army {a} was the traitor. Winners: {winners}.", {a: tv.traitor, winners})
    : t("The loyal armies win! Army {a} was the traitor. Winners: {winners}.", {a: tv.traitor, winners});
}

// Every army's title (B17), its points, and the cards it held at the end (face down ones dashed).
export function titlesList(tv, mine = []) {
  const rev = tv.reveal, box = el("div", {class: "titles"});
  for (let a = 0; a < tv.armies; a++) {
    const tags = [];
    if (a === tv.traitor) tags.push(badge(t("traitor"), "traitor"));
    if (tv.winners.includes(a)) tags.push(badge(t("winner"), "pres"));
    if (tv.eliminated.includes(a)) tags.push(badge(t("eliminated")));
    const shown = rev ? rev.rows[a].map((c) => face(c.card, "div", {class: "tiny" + (c.up ? "" : " wasdown")})) : [];
    box.append(el("div", {class: `titlerow a${a % 8}`, "data-title-army": a},
      el("div", {}, armyTag(tv, a, mine.includes(a) ? t(" (you)") : ""), el("span", {class: "muted", text: `${who(tv, tv.army_seats[a])} · ${points(tv.scores[a])} · `}),
        el("b", {class: "title", text: tv.titles ? titleName(tv.titles[a]) : ""}), " ", ...tags),
      el("div", {class: "brow"}, ...shown)));
  }
  return box;
}

// The end's public row for army a: every card face up, the ones that were face down dashed.
export function revealRow(tv, a) {
  return el("div", {class: "brow", "data-row": a}, ...tv.reveal.rows[a].map((c) => face(c.card, "div", {class: "tiny" + (c.up ? "" : " wasdown")})));
}
