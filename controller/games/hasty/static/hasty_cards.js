// Hasty Accusations' shared pieces for the phone and table pages: card names, the row of suspects,
// piles and the loupe, the last review. (Its style sheet, hasty.css, is named by the parts' STYLES.)
import {cap, count, el, list, who} from "./shell.js";

export const HPHASE = {play: "Playing", choose: "A choice", over: "Game over"};

// what each card is called and does, in players' words (the rules page says the same at length)
export const CARD = {
  murder: ["Murder", "in a review: kills this suspect"],
  threat: ["Threat", "in a review: the second one kills"],
  bodyguard: ["Bodyguard", "in a review: saves this suspect once"],
  sidekick: ["Sidekick", "pick a neighbour's pile: a Sidekick there kills this suspect"],
  stop: ["Stop", "in a review: nothing more of the pile is turned"],
  jester: ["Jester", "shuffles the cards below it"],
  delay: ["Delay Tactics", "face up on top: a turn with plays leaves the loupe still"],
  bomb: ["Bomb", "sets off the top card of each neighbour's pile"],
  question: ["Burning Question", "hand a card to a player, who puts it face up on a pile"],
  investigator: ["Investigator", "look at a pile or at a player's hand"],
  mover: ["Mover", "put the loupe on any other position"],
  switcheroo: ["Switcheroo", "swap two suspects, or a pile's top and bottom card"],
};
export const title = (k) => (CARD[k] ? CARD[k][0] : k);
export const summary = (k) => (CARD[k] ? CARD[k][1] : "");
export const KILLER = {murder: "a Murder", threat: "a second Threat", sidekick: "a Sidekick"};

export function suspectAt(t, at) { return t.row[at] ? t.row[at].name : `position ${at}`; }

// a card face: its name, and (big) what it does
export function cardTile(key, tag = "div", attrs = {}, big = false) {
  const e = el(tag, {...attrs, class: `hcard k-${key} ${attrs.class || ""}`, "data-hcard": key, "aria-label": title(key)},
    el("b", {class: "fit", text: title(key)}));
  if (big) e.append(el("span", {class: "hsum", text: summary(key)}));
  return e;
}
export function backTile(attrs = {}) {
  return el("div", {...attrs, class: `hcard back ${attrs.class || ""}`, "aria-label": "face-down card"}, el("b", {text: "?"}));
}

// The net move the turn's plays make when it ends, in words ("+2: two to the right").
export function netMove(t) {
  if (!t.plays) return "nothing played yet";
  if (t.delay) return `${t.steps >= 0 ? "+" : ""}${t.steps}, but Delay Tactics holds the loupe still`;
  if (!t.steps) return "0: the loupe stays";
  return `${t.steps > 0 ? "+" : ""}${t.steps}: ${count(Math.abs(t.steps), "step")} ${t.steps > 0 ? "right" : "left"}`;
}

// The row of suspects: the loupe over one, each pile's size and face-up cards, the dead crossed out.
// `tap(at)` makes the piles buttons (with `picked(at)` marked); `ok(at)` says which may be tapped.
export function rowBox(t, {tap = null, ok = () => true, picked = () => false, mine = null, size = ""} = {}) {
  const box = el("div", {class: `hrow ${size}`, "data-row": "", "data-n": t.row.length > 6 ? "many" : "few"});
  const reviewing = t.review ? t.review.at : null;
  t.row.forEach((x, at) => {
    const usable = tap && x.alive && ok(at);
    const spot = el(usable ? "button" : "div", {class: "hspot" + (x.alive ? "" : " dead") + (at === t.loupe ? " loupe" : "") +
      (at === reviewing ? " reviewing" : "") + (mine === x.suspect ? " mine" : ""), "data-pile": at});
    if (usable) { spot.type = "button"; spot.setAttribute("aria-pressed", String(picked(at))); spot.addEventListener("click", () => tap(at)); }
    spot.append(el("div", {class: "hloupe", "data-loupe": at === t.loupe ? "1" : "0", text: at === t.loupe ? (size === "htv" ? "▼ loupe" : "▼") : ""}),
      el("div", {class: "hname", text: x.name}),
      el("div", {class: "hpos muted", text: `#${at}` + (x.alive ? "" : " · dead")}));
    if (x.alive) {
      const ups = x.pile.filter((c) => c.up).map((c) => c.card), downs = x.pile.length - ups.length;
      spot.append(el("div", {class: "hsize", "data-size": x.size, text: String(x.size)}),
        el("div", {class: "hups"}, ...x.pile.map((c, i) => (c.up ? el("span", {class: `hchip fit k-${c.card}` + (i === x.pile.length - 1 ? " htopcard" : ""), text: title(c.card)}) : null))),
        downs ? el("div", {class: "muted hdowns", text: `${downs} face down`}) : "");
      if (!ups.length && !downs) spot.append(el("div", {class: "muted hdowns", text: "no evidence"}));
    }
    box.append(spot);
  });
  return box;
}

// The last review, in one line: whose pile, the cards turned, and what came of it.
export function reviewLine(t) {
  const r = t.last_review;
  if (!r) return "No review yet.";
  const cards = r.revealed.length ? r.revealed.map(title).join(", ") : "nothing";
  const killed = r.killed.length ? `${list(r.killed.map((k) => t.suspects[k]))} murdered` : `${r.name} survived`;
  return `Review ${r.number}: ${r.name}'s pile turned ${cards}; ${killed}.`;
}

// who won, in players' words (with the Traitor when that variant is on)
export function endText(t) {
  const w = t.winners.map((s) => who(t, s));
  const head = w.length ? `${cap(list(w))} win${w.length === 1 ? "s" : ""}!` : "Nobody wins.";
  const traitor = t.reveal && t.reveal.traitor !== null && t.reveal.traitor !== undefined ? ` ${cap(who(t, t.reveal.traitor))} was the Traitor.` : "";
  return head + traitor;
}

export function secretText(t, s) {
  const sec = t.reveal ? t.reveal.secrets[s] : null;
  if (sec === "traitor") return "the Traitor";
  return sec === null || sec === undefined ? "?" : t.suspects[sec];
}
