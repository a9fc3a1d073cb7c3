// Hasty Accusations' shared pieces for the phone and table pages: card names, the row of suspects,
// piles and the loupe, the last review. (Its style sheet, hasty.css, is named by the parts' STYLES.)
import {cap, el, list, translator, who} from "./shell.js";

const {t, tn} = translator("hasty");
/** A list of words in the page's language ("a, b"; 「甲、乙」). */
export const joined = (xs) => xs.join(t(", "));

export const HPHASE = {play: t("Playing"), choose: t("A choice"), over: t("Game over")};

// what each card is called and does, in players' words (the rules page says the same at length)
export const CARD = {
  murder: [t("Murder"), t("in a review: kills this suspect")],
  threat: [t("Threat"), t("in a review: the second one kills")],
  bodyguard: [t("Bodyguard"), t("in a review: saves this suspect once")],
  sidekick: [t("Sidekick"), t("pick a neighbour's pile: a Sidekick there kills this suspect")],
  stop: [t("Stop"), t("in a review: nothing more of the pile is turned")],
  jester: [t("Jester"), t("shuffles the cards below it")],
  delay: [t("Delay Tactics"), t("face up on top: a turn with plays leaves the loupe still")],
  bomb: [t("Bomb"), t("sets off the top card of each neighbour's pile")],
  question: [t("Burning Question"), t("hand a card to a player, who puts it face up on a pile")],
  investigator: [t("Investigator"), t("look at a pile or at a player's hand")],
  mover: [t("Mover"), t("put the loupe on any other position")],
  switcheroo: [t("Switcheroo"), t("swap two suspects, or a pile's top and bottom card")],
  // the advanced set
  poison: [t("Poison"), t("in a review: the third one kills; it stays in the pile")],
  armor: [t("Armor"), t("in a review: from the third on, each saves once; it stays")],
  antidote: [t("Antidote"), t("in a review: face up counts 2 Poison, face down takes 2 off")],
  dying_breath: [t("Dying Breath"), t("kills this suspect, then the smallest pile is reviewed")],
  safe_stop: [t("Safe Stop"), t("in a review: stops it, and the rest stays in the pile")],
  back_to_top: [t("Back to the top"), t("on top of a pile: reviews start from the bottom card")],
  back_alley: [t("Back Alley"), t("on top of a pile: cards go face down, under a pile")],
  time_bomb: [t("Time Bomb"), t("sets off the bottom card of each neighbour's pile")],
  rebel: [t("Rebel"), t("one card of every pile moves to another pile")],
  show_hands: [t("Show me your hands"), t("on top of a pile: one card a turn, face up only")],
  walk_back: [t("Walk it back"), t("take the top three cards of a pile into your hand")],
  hasty: [t("Hasty"), t("draw up to your hand limit, or skip the next turn")],
  // the expert set
  sniper: [t("Sniper"), t("in a review: a neighbour's pile is reviewed, then that suspect is shot")],
  nobody_around: [t("When nobody's around"), t("kills this suspect unless a neighbour's pile has 3 cards")],
  last_ditch: [t("Last ditch effort"), t("kills this suspect if fewer than 3 live; else saves once")],
  wrong_address: [t("Wrong address"), t("in a review: the next kill lands on another suspect")],
  memory_wipe: [t("Memory Wipe"), t("this pile and a neighbour's are thrown away")],
  tangled: [t("Tangled Up"), t("look at a neighbour's pile and move two of its cards here")],
  spread: [t("Spread the love"), t("the other cards here go face up onto other piles")],
  double_cross: [t("Double Cross"), t("this whole pile goes onto or under another pile")],
  private_investigator: [t("Private Investigator"), t("see a player's secret suspect, or swap hands")],
  revelation: [t("Revelation"), t("show a card of your hand on each neighbour's pile")],
  thief: [t("Thief"), t("take three random cards from a player's hand")],
  on_the_clock: [t("On the clock"), t("in a review: this pile stops after two cards")],
};
// each suspect's power (the Suspect Powers variant), by the id of the suspect it belongs to
export const POWER = [
  t("a card played on her pile turns her round; while she is turned, hands hold one card"),
  t("when he dies, everyone still in throws away the hand and draws seven"),
  t("a card played on his pile shuffles that pile"),
  t("cards go on his pile face up only, and they do not move the loupe"),
  t("when she dies, the living suspects are shuffled along the row"),
  t("when he dies, the player to move brings a dead suspect back"),
  t("a card played on her pile turns her neighbours round"),
  t("a card played on his pile lets the player steal a random card"),
  t("the first time she would die she escapes and takes a dead suspect's power"),
];
export const title = (k) => (CARD[k] ? CARD[k][0] : k);
export const summary = (k) => (CARD[k] ? CARD[k][1] : "");
export const KILLER = {murder: t("a Murder"), threat: t("a second Threat"), sidekick: t("a Sidekick"), poison: t("a third Poison"),
  antidote: t("an Antidote"), dying_breath: t("a Dying Breath"), sniper: t("the Sniper"), nobody_around: t("When nobody's around"),
  last_ditch: t("a Last ditch effort")};
// the suspects' names as the view has them (English, as printed on the tiles), in the page's language
const SUSPECT = {"Ms. Scarlett": t("Ms. Scarlett"), "Rev. Green": t("Rev. Green"), "Col. Mustard": t("Col. Mustard"),
  "Prof. Plum": t("Prof. Plum"), "Mrs. Peacock": t("Mrs. Peacock"), "Doctor White": t("Doctor White"),
  "Bella Baker": t("Bella Baker"), "Monsieur Brunette": t("Monsieur Brunette"), "Madame Rose": t("Madame Rose")};
/** A suspect's name in the page's language. */
export const sus = (name) => SUSPECT[name] || name;
// the counts a review keeps, by their English key (a class and a data attribute keep the key)
const COUNT = {Threat: t("Threat"), Bodyguard: t("Bodyguard"), Poison: t("Poison"), Armor: t("Armor"), "Wrong address": t("Wrong address")};
export const countWord = (what) => COUNT[what] || what;
/** "3 cards" in the page's language. */
export const cardsN = (n) => tn("{n} card", "{n} cards", n);

export function suspectAt(tb, at) { return tb.row[at] ? sus(tb.row[at].name) : t("position {at}", {at}); }

// a card face: its name, and (big) what it does
export function cardTile(key, tag = "div", attrs = {}, big = false) {
  const e = el(tag, {...attrs, class: `hcard k-${key} ${attrs.class || ""}`, "data-hcard": key, "aria-label": title(key)},
    el("b", {class: "fit", text: title(key)}));
  if (big) e.append(el("span", {class: "hsum", text: summary(key)}));
  return e;
}
export function backTile(attrs = {}) {
  return el("div", {...attrs, class: `hcard back ${attrs.class || ""}`, "aria-label": t("face-down card")}, el("b", {text: "?"}));
}

// The net move the turn's plays make when it ends, in words ("+2: two to the right").
export function netMove(tb) {
  if (!tb.plays) return t("nothing played yet");
  const steps = `${tb.steps > 0 || (tb.delay && tb.steps === 0) ? "+" : ""}${tb.steps}`, n = Math.abs(tb.steps);
  if (tb.delay) return t("{steps}, but Delay Tactics holds the loupe still", {steps});
  if (!tb.steps) return t("0: the loupe stays");
  return tb.steps > 0 ? tn("{steps}: {n} step right", "{steps}: {n} steps right", n, {steps}) : tn("{steps}: {n} step left", "{steps}: {n} steps left", n, {steps});
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
    spot.append(el("div", {class: "hloupe", "data-loupe": at === tb.loupe ? "1" : "0", text: at === tb.loupe ? (size === "htv" ? t("▼ loupe") : "▼") : ""}),
      el("div", {class: "hname", text: sus(x.name)}),
      el("div", {class: "hpos muted", text: x.alive ? `#${at}` : t("#{at} · dead", {at})}));
    const marks = marksOf(tb, x);
    if (marks.length) spot.append(el("div", {class: "hmarks"}, ...marks));
    if (x.alive) {
      const ups = x.pile.filter((c) => c.up).map((c) => c.card), downs = x.pile.length - ups.length;
      spot.append(el("div", {class: "hsize", "data-size": x.size, text: String(x.size)}),
        el("div", {class: "hups"}, ...x.pile.map((c, i) => (c.up ? el("span", {class: `hchip fit k-${c.card}` + (i === x.pile.length - 1 ? " htopcard" : ""), text: title(c.card)}) : null))),
        downs ? el("div", {class: "muted hdowns", text: t("{n} face down", {n: downs})}) : "");
      if (!ups.length && !downs) spot.append(el("div", {class: "muted hdowns", text: t("no evidence")}));
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
  if ((tb.rotated || []).includes(s)) out.push(el("span", {class: "hmark hturned", "data-rotated": s, text: t("↻ turned round")}));
  if (tb.tucked !== null && tb.tucked !== undefined && s === 8) out.push(el("span", {class: "hmark fit", "data-tucked": tb.tucked, text: t("hides {name}", {name: sus(tb.suspects[tb.tucked])})}));
  if ((tb.fired || []).some((f) => f.suspect === s)) out.push(el("span", {class: "hmark hfired", text: t("⚡ power used")}));
  if (x.alive && (tb.powers || []).some((p) => p.suspect === s && p.power === 3)) out.push(el("span", {class: "hmark fit", text: t("face up only")}));
  // Poisons and Armors a review left in the pile (H30): they count again in the next review of it
  const kept = keptOf(x);
  if (kept.length && !tb.review) out.push(el("span", {class: "hmark hkept", "data-kept": kept.map(([w, n]) => `${w} ${n}`).join(", "),
    text: keptText(kept)}));
  for (const [what, n] of countsOf(tb, s)) out.push(el("span", {class: `hmark hcount k-${what.split(" ")[0].toLowerCase()}`, "data-count": what, text: t("{what} {n}", {what: countWord(what), n})}));
  return out;
}

// what a review left in a pile, in words ("kept: 2 Poison")
function keptText(kept) {
  const what = joined(kept.map(([w, n]) => t("{n} {what}", {n, what: countWord(w)})));
  return t("kept: {what}", {what});
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
    .map((p) => ({suspect: p.suspect, name: sus(tb.suspects[p.suspect]), of: sus(p.of), own: p.power === p.suspect, text: POWER[p.power] || p.summary}));
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
  if (!r) return t("No review yet.");
  const cards = r.revealed.length ? joined(r.revealed.map(title)) : t("nothing");
  const killed = r.killed.length ? t("{names} murdered", {names: list(r.killed.map((k) => sus(tb.suspects[k])))}) : t("{name} survived", {name: sus(r.name)});
  const inner = (r.nested || []).map((n) => t("{name}'s ({cards})", {name: sus(tb.suspects[n.suspect]), cards: joined(n.revealed.map(title)) || t("nothing")}));
  const within = inner.length ? t(" Reviewed within it: {piles}.", {piles: joined(inner)}) : "";
  return t("Review {n}: {name}'s pile turned {cards}; {result}.", {n: r.number, name: sus(r.name), cards, result: killed}) + within;
}

// who won, in players' words (with the Traitor when that variant is on)
export function endText(tb) {
  const w = tb.winners.map((s) => who(tb, s));
  const head = w.length ? tn("{who} wins!", "{who} win!", w.length, {who: cap(list(w))}) : t("Nobody wins.");
  const traitor = tb.reveal && tb.reveal.traitor !== null && tb.reveal.traitor !== undefined ? t(" {who} was the Traitor.", {who: cap(who(tb, tb.reveal.traitor))}) : "";
  return head + traitor;
}

export function secretText(tb, s) {
  const sec = tb.reveal ? tb.reveal.secrets[s] : null;
  if (sec === "traitor") return t("the Traitor");
  return sec === null || sec === undefined ? "?" : sus(tb.suspects[sec]);
}
