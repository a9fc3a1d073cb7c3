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
  // the advanced set
  poison: ["Poison", "in a review: the third one kills; it stays in the pile"],
  armor: ["Armor", "in a review: from the third on, each saves once; it stays"],
  antidote: ["Antidote", "in a review: face up counts 2 Poison, face down takes 2 off"],
  dying_breath: ["Dying Breath", "kills this suspect, then the smallest pile is reviewed"],
  safe_stop: ["Safe Stop", "in a review: stops it, and the rest stays in the pile"],
  back_to_top: ["Back to the top", "on top of a pile: reviews start from the bottom card"],
  back_alley: ["Back Alley", "on top of a pile: cards go face down, under a pile"],
  time_bomb: ["Time Bomb", "sets off the bottom card of each neighbour's pile"],
  rebel: ["Rebel", "one card of every pile moves to another pile"],
  show_hands: ["Show me your hands", "on top of a pile: one card a turn, face up only"],
  walk_back: ["Walk it back", "take the top three cards of a pile into your hand"],
  hasty: ["Hasty", "draw up to your hand limit, or skip the next turn"],
  // the expert set
  sniper: ["Sniper", "in a review: a neighbour's pile is reviewed, then that suspect is shot"],
  nobody_around: ["When nobody's around", "kills this suspect unless a neighbour's pile has 3 cards"],
  last_ditch: ["Last ditch effort", "kills this suspect if fewer than 3 live; else saves once"],
  wrong_address: ["Wrong address", "in a review: the next kill lands on another suspect"],
  memory_wipe: ["Memory Wipe", "this pile and a neighbour's are thrown away"],
  tangled: ["Tangled Up", "look at a neighbour's pile and move two of its cards here"],
  spread: ["Spread the love", "the other cards here go face up onto other piles"],
  double_cross: ["Double Cross", "this whole pile goes onto or under another pile"],
  private_investigator: ["Private Investigator", "see a player's secret suspect, or swap hands"],
  revelation: ["Revelation", "show a card of your hand on each neighbour's pile"],
  thief: ["Thief", "take three random cards from a player's hand"],
  on_the_clock: ["On the clock", "in a review: this pile stops after two cards"],
};
// each suspect's power (the Suspect Powers variant), by the id of the suspect it belongs to
export const POWER = [
  "a card played on her pile turns her round; while she is turned, hands hold one card",
  "when he dies, everyone still in throws away the hand and draws seven",
  "a card played on his pile shuffles that pile",
  "cards go on his pile face up only, and they do not move the loupe",
  "when she dies, the living suspects are shuffled along the row",
  "when he dies, the player to move brings a dead suspect back",
  "a card played on her pile turns her neighbours round",
  "a card played on his pile lets the player steal a random card",
  "the first time she would die she escapes and takes a dead suspect's power",
];
export const title = (k) => (CARD[k] ? CARD[k][0] : k);
export const summary = (k) => (CARD[k] ? CARD[k][1] : "");
export const KILLER = {murder: "a Murder", threat: "a second Threat", sidekick: "a Sidekick", poison: "a third Poison",
  antidote: "an Antidote", dying_breath: "a Dying Breath", sniper: "the Sniper", nobody_around: "When nobody's around",
  last_ditch: "a Last ditch effort"};

export function suspectAt(tb, at) { return tb.row[at] ? tb.row[at].name : `position ${at}`; }

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
export function netMove(tb) {
  if (!tb.plays) return "nothing played yet";
  if (tb.delay) return `${tb.steps >= 0 ? "+" : ""}${tb.steps}, but Delay Tactics holds the loupe still`;
  if (!tb.steps) return "0: the loupe stays";
  return `${tb.steps > 0 ? "+" : ""}${tb.steps}: ${count(Math.abs(tb.steps), "step")} ${tb.steps > 0 ? "right" : "left"}`;
}

// The row of suspects: the loupe over one, each pile's size and face-up cards, the dead crossed out.
// `tap(at)` makes the piles buttons (with `picked(at)` marked); `ok(at)` says which may be tapped.
export function rowBox(tb, {tap = null, ok = () => true, picked = () => false, mine = null, size = ""} = {}) {
  const box = el("div", {class: `hrow ${size}`, "data-row": "", "data-n": tb.row.length > 6 ? "many" : "few"});
  const reviewing = tb.review ? tb.review.at : null;
  tb.row.forEach((x, at) => {
    const usable = tap && x.alive && ok(at);
    const spot = el(usable ? "button" : "div", {class: "hspot" + (x.alive ? "" : " dead") + (at === tb.loupe ? " loupe" : "") +
      (at === reviewing ? " reviewing" : "") + (mine === x.suspect ? " mine" : ""), "data-pile": at});
    if (usable) { spot.type = "button"; spot.setAttribute("aria-pressed", String(picked(at))); spot.addEventListener("click", () => tap(at)); }
    spot.append(el("div", {class: "hloupe", "data-loupe": at === tb.loupe ? "1" : "0", text: at === tb.loupe ? (size === "htv" ? "▼ loupe" : "▼") : ""}),
      el("div", {class: "hname", text: x.name}),
      el("div", {class: "hpos muted", text: `#${at}` + (x.alive ? "" : " · dead")}));
    const marks = marksOf(tb, x);
    if (marks.length) spot.append(el("div", {class: "hmarks"}, ...marks));
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

// What a review counts for a suspect now: Threats, bodyguards, and the second edition's Poison, Armor
// and Wrong address (they last for the review), each [what, how many].
export function countsOf(tb, suspect) {
  const r = tb.review, x = tb.review_extra, out = [];
  if (!r) return out;
  const add = (what, n) => { if (n) out.push([what, n]); };
  add("Threat", r.threats[suspect]); add("Bodyguard", r.shields[suspect]);
  if (x) { add("Poison", x.poison[suspect]); add("Armor", x.armor[suspect]); add("Wrong address", x.wrong[suspect]); }
  return out;
}

// The marks on a suspect's tile: turned round (it escapes one kill in a review; Ms. Scarlett turned
// limits hands), the suspect Madame Rose hides, a power that acted this turn, and the review's counts.
function marksOf(tb, x) {
  const out = [], s = x.suspect;
  if ((tb.rotated || []).includes(s)) out.push(el("span", {class: "hmark hturned", "data-rotated": s, text: "↻ turned round"}));
  if (tb.tucked !== null && tb.tucked !== undefined && s === 8) out.push(el("span", {class: "hmark fit", "data-tucked": tb.tucked, text: `hides ${tb.suspects[tb.tucked]}`}));
  if ((tb.fired || []).some((f) => f.suspect === s)) out.push(el("span", {class: "hmark hfired", text: "⚡ power used"}));
  if (x.alive && (tb.powers || []).some((p) => p.suspect === s && p.power === 3)) out.push(el("span", {class: "hmark fit", text: "face up only"}));
  // Poisons and Armors a review left in the pile (H30): they count again in the next review of it
  const kept = keptOf(x);
  if (kept.length && !tb.review) out.push(el("span", {class: "hmark hkept", "data-kept": kept.map(([w, n]) => `${w} ${n}`).join(", "),
    text: `kept: ${kept.map(([w, n]) => `${n} ${w}`).join(", ")}`}));
  for (const [what, n] of countsOf(tb, s)) out.push(el("span", {class: `hmark hcount k-${what.split(" ")[0].toLowerCase()}`, "data-count": what, text: `${what} ${n}`}));
  return out;
}

// The face-up Poisons and Armors lying in a living suspect's pile, each [what, how many].
export function keptOf(x) {
  if (!x.alive) return [];
  const n = (k) => x.pile.filter((c) => c.up && c.card === k).length;
  return [["Poison", n("poison")], ["Armor", n("armor")]].filter(([, k]) => k);
}

// The power each living suspect has now (Madame Rose's is the hidden suspect's), with the Suspect Powers.
export function powersOf(tb) {
  return (tb.powers || []).filter((p) => { const spot = tb.row.find((x) => x.suspect === p.suspect); return spot && spot.alive; })
    .map((p) => ({suspect: p.suspect, name: tb.suspects[p.suspect], of: p.of, own: p.power === p.suspect, text: POWER[p.power] || p.summary}));
}

// Where Prof. Plum's power stands now (cards go there face up only, and move no loupe), or null.
export function plumAt(tb) {
  const p = (tb.powers || []).find((q) => q.power === 3);
  if (!p) return null;
  const at = tb.row.findIndex((x) => x.suspect === p.suspect && x.alive);
  return at < 0 ? null : at;
}

// The last review as it happened (screens.py's review_parts says the same for the OLED): the outer
// pile's cards until an evaluation nested in it began (a Sniper's, a Dying Breath's), that one, then
// back to the outer pile; each part {suspect, cause, cards, depth, back}. A nested evaluation's parent
// is the next one to end a level up (the outer one at the last).
export function reviewParts(r) {
  const root = {suspect: r.suspect, cause: r.cause, revealed: r.revealed, depth: 0, kids: []};
  const nodes = (r.nested || []).map((n) => ({...n, kids: []}));
  nodes.forEach((n, i) => (nodes.slice(i + 1).find((m) => m.depth === n.depth - 1) || root).kids.push(n));
  const parts = [];
  const walk = (node) => {
    let start = 0, back = false;
    for (const kid of [...node.kids].sort((a, b) => a.after - b.after)) {
      parts.push({suspect: node.suspect, cause: node.cause, cards: node.revealed.slice(start, kid.after), depth: node.depth, back});
      walk(kid);
      start = kid.after; back = true;
    }
    parts.push({suspect: node.suspect, cause: node.cause, cards: node.revealed.slice(start), depth: node.depth, back});
  };
  walk(root);
  return parts;
}

// The last review, in one line: whose pile, the cards turned, and what came of it.
export function reviewLine(tb) {
  const r = tb.last_review;
  if (!r) return "No review yet.";
  const cards = r.revealed.length ? r.revealed.map(title).join(", ") : "nothing";
  const killed = r.killed.length ? `${list(r.killed.map((k) => tb.suspects[k]))} murdered` : `${r.name} survived`;
  const inner = (r.nested || []).map((n) => `${tb.suspects[n.suspect]}'s (${n.revealed.map(title).join(", ") || "nothing"})`);
  const within = inner.length ? ` Reviewed within it: ${inner.join(", ")}.` : "";
  return `Review ${r.number}: ${r.name}'s pile turned ${cards}; ${killed}.${within}`;
}

// who won, in players' words (with the Traitor when that variant is on)
export function endText(tb) {
  const w = tb.winners.map((s) => who(tb, s));
  const head = w.length ? `${cap(list(w))} win${w.length === 1 ? "s" : ""}!` : "Nobody wins.";
  const traitor = tb.reveal && tb.reveal.traitor !== null && tb.reveal.traitor !== undefined ? ` ${cap(who(tb, tb.reveal.traitor))} was the Traitor.` : "";
  return head + traitor;
}

export function secretText(tb, s) {
  const sec = tb.reveal ? tb.reveal.secrets[s] : null;
  if (sec === "traitor") return "the Traitor";
  return sec === null || sec === undefined ? "?" : tb.suspects[sec];
}
