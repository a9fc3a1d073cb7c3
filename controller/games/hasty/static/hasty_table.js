// Hasty Accusations on the table page: the row of suspects under the loupe, each pile's size and face-up
// cards, the market, whose turn it is and the steps so far, and each review played out card by card,
// at the page's own pace, with the murder moment shown large. table.js keeps the rest.
import {$, badge, cap, el, endChord, list, translator, who} from "./shell.js";
import {KILLER, cardTile, cardsN, endText, joined, netMove, powersOf, reviewLine, reviewParts, rowBox, secretText, sus, suspectAt, title} from "./hasty_cards.js";
export {HPHASE as PHASES} from "./hasty_cards.js";
export const STYLES = "hasty.css";  // its own styles (gamepart.js links them)

const {t, tn} = translator("hasty");
// a retelling's words for Hasty's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {review: t("A review"), death: t("A suspect dies"), elimination: t("A player is out"), end: t("The end")};
// small words that go inside others
const THEN = t(", then "), STOP = t(". "), KILLED = t("killed"), NO_CARD = t("no card yet");

// the review's pace, readable from a sofa: one card turned every CARD_MS, the verdict held VERDICT_MS
const CARD_MS = 1600, VERDICT_MS = 5000;
let seenReview = null;
const queue = [];

// i18n: each follows a player's name ("Ada picks which of the tied piles is reviewed.")
const WAITS = {pile: t("picks which of the tied piles is reviewed"), sidekick: t("picks a pile for the Sidekick"),
  question: t("picks a card and a player for the Burning Question"), question_pile: t("places the Burning Question's card"),
  investigate: t("is investigating"), mover: t("moves the loupe"), switcheroo: t("plays a Switcheroo"), market: t("takes cards from the market"),
  breath: t("picks which of the smallest piles Dying Breath reviews"), sniper: t("aims the Sniper at a neighbour's pile"),
  wrong_address: t("picks who takes the misaddressed kill"), walk: t("walks three cards back from a pile"),
  wipe: t("picks the pile Memory Wipe throws away too"), tangled: t("looks through a neighbour's pile for Tangled Up"),
  spread: t("spreads the love onto the other piles"), double: t("sends a whole pile with a Double Cross"),
  rebel: t("moves cards for the Rebel"), revelation: t("shows cards for the Revelation"), thief: t("picks whom the Thief robs"),
  brunette: t("steals a card with Monsieur Brunette's power"), private: t("plays a Private Investigator"),
  hasty: t("picks: draw cards or skip the next turn"), tuck: t("picks the suspect Madame Rose hides"),
  revive: t("picks the suspect Doctor White brings back")};

export function waitingText(tb) {
  if (tb.over) return t("Game over: {end}", {end: endText(tb)});
  const p = tb.pending;
  if (p) {
    const what = WAITS[p.kind] || t("is choosing");
    return p.seat === tb.turn ? t("{who} {what}.", {who: cap(who(tb, p.seat)), what})
      : t("{who} {what} (during {whose}'s turn).", {who: cap(who(tb, p.seat)), what, whose: who(tb, tb.turn)});
  }
  if (tb.turn === null || tb.turn === undefined) return "";
  const first = tb.first_round ? t(" First round: no review until everyone has played.") : "";
  const sofar = tb.plays ? t("{cards} played, loupe {net}", {cards: cardsN(tb.plays), net: netMove(tb)}) : t("nothing played yet");
  return t("{who}'s turn: {sofar}.", {who: cap(who(tb, tb.turn)), sofar}) + first;
}

const SETS = {base: t("Base"), advanced: t("Advanced"), expert: t("Expert")};
const RULES = {back_alley: t("Back Alley is showing: cards go face down, under a pile."),
  show_hands: t("Show me your hands is showing: one card a turn, face up."),
  back_to_top: t("Back to the top is showing: reviews start from the bottom card.")};

function turnPanel(tb) {
  const o = tb.options, based = o.sets && !(o.sets.length === 1 && o.sets[0] === "base");
  const sets = based ? o.sets.map((k) => SETS[k] || k).join(" + ") : "";
  const box = el("div", {class: "panel", id: "hturn"},
    el("div", {}, el("b", {text: t("Turn: ")}), tb.over ? t("over") : cap(who(tb, tb.turn))),
    el("div", {"data-steps": tb.steps}, el("b", {text: t("Steps so far: ")}), tb.plays ? t("{cards} played · {net}", {cards: cardsN(tb.plays), net: netMove(tb)}) : t("none")),
    el("div", {class: "muted", text: t("Reviews: {n}", {n: tb.reviews}) + (tb.first_round ? t(" · first round") : "") +
      (o.traitor ? t(" · Traitor variant") : "") + (o.speedy ? t(" · Speedy") : "") + (o.big_hands ? t(" · Big Hands") : "") +
      (sets ? t(" · {sets} cards", {sets}) : "") + (o.powers ? t(" · Suspect Powers") : "")}));
  // what lasts beyond a move: turns skipped, the hand limit, a rule a card on top of a pile sets
  if (tb.over) return box;
  const more = [];
  if ((tb.skipped || []).length) more.push(t("Skipped (Hasty): {who}.", {who: joined(tb.skipped.map((s) => who(tb, s)))}));
  if (tb.skips) more.push(tn("The next turn will be skipped (Hasty).", "The next {n} turns will be skipped (Hasty).", tb.skips));
  if (tb.hand_limit === 1) more.push(t("Hand limit 1: Ms. Scarlett is turned round."));
  for (const [k, on] of Object.entries(tb.showing || {})) if (on && RULES[k]) more.push(RULES[k]);
  for (const line of more) box.append(el("div", {class: "hnote", text: line}));
  return box;
}

// With the Suspect Powers: each living suspect's power, those used this turn marked
function powersPanel(tb) {
  const list = powersOf(tb);
  if (!list.length) return null;
  const used = new Set((tb.fired || []).map((f) => f.suspect));
  return el("div", {class: "panel hpowerlist", id: "hpowers"}, el("b", {text: t("Suspect powers")}),
    ...list.map((p) => el("div", {class: used.has(p.suspect) ? "hfiredline" : "", "data-power": p.suspect},
      el("b", {text: p.name}), p.own ? "" : t(" (as {name})", {name: p.of}), t(": {power}", {power: p.text}), used.has(p.suspect) ? el("span", {class: "hmark hfired", text: t(" ⚡ used this turn")}) : "")));
}

// the review running now, and the ones waiting under it (a Sniper's or a Dying Breath's inside it)
function reviewNow(tb) {
  const r = tb.review, waits = (tb.review_extra && tb.review_extra.outer) || [];
  const name = (at) => (at === null ? t("a pile that left the row") : t("{name}'s pile", {name: suspectAt(tb, at)}));
  const box = el("div", {class: "panel hot", id: "hnow"}, el("b", {text: t("Reviewing {pile}: ", {pile: name(r.at)})}),
    joined(r.revealed.map(title)) || "…");
  if (waits.length) box.append(el("div", {class: "hnote", text: t("Waiting for it: {piles}.", {piles: waits.map((f) => pileSoFar(name(f.at), f.revealed)).reverse().join(THEN)})}));
  return box;
}

function pileSoFar(pile, revealed) {
  const cards = joined(revealed.map(title)) || NO_CARD;
  return t("{pile} ({cards})", {pile, cards});
}

function marketPanel(tb) {
  const p = el("div", {class: "panel", id: "hmarket"}, el("b", {text: tb.options.big_hands ? t("No market (Big Hands)") : t("Market")}));
  if (!tb.options.big_hands) p.append(el("div", {class: "hmarket"}, ...tb.market.map((k) => cardTile(k, "div", {class: "small"}))));
  p.append(el("div", {class: "muted", text: t("Deck {deck} · discard pile {discards}", {deck: tb.deck_count, discards: tb.discard_count})}));
  return p;
}

// ctx.join(seat): the join QR code and address of a free seat, or null once it is taken; ctx.bot(seat);
// ctx.pad(seat, text): the seat's virtual pad in mock mode (null otherwise): a press ends its turn.
export function render(tb, ctx) {
  draw(tb, ctx, false);
  review(tb);
}

// A step of a finished game's retelling: the same table with every secret of that moment, each seat's
// secret suspect and hand, every pile whole (face-down cards in brackets) under the loupe. A review is
// told by its step's line, not played out.
export function retell(tb, ctx) { draw(tb, ctx, true); }

function draw(tb, ctx, open) {
  const board = $("bboard");
  const rev = (open || tb.over) && tb.reveal ? tb.reveal : null;
  board.classList.add("hboard");
  const top = el("div", {class: "htop"}, turnPanel(tb), marketPanel(tb),
    el("div", {class: "panel", id: "hlast"}, el("b", {text: t("Last review")}), el("div", {text: reviewLine(tb)})));
  // the powers go under the row, in columns: the row (the piles, the marks, the counts) stays in the first screen
  const powers = tb.over || open ? null : powersPanel(tb);
  if (tb.over) top.prepend(el("div", {class: "panel", id: "hend"}, el("div", {class: "win big", text: endText(tb)}),
    el("div", {class: "muted", text: t("Every pile is shown as it lay: the cards in brackets were face down.")})));
  const row = rev ? revealRow(tb, open) : rowBox(tb, {size: "htv"});
  if (tb.review) top.append(reviewNow(tb));
  const seats = el("div", {class: "hseats", id: "hseats"});
  for (let s = 0; s < tb.players; s++) {
    const out = tb.eliminated.includes(s), o = tb.out[s];
    const tags = [];
    if (tb.waiting === s && !tb.over) tags.push(badge(tb.pending ? t("choosing") : t("to play"), "pres"));
    if (out) tags.push(badge(t("out")));
    if (tb.over && tb.winners.includes(s)) tags.push(badge(t("winner"), "pres"));
    const box = el("div", {class: "hseat" + (tb.waiting === s && !tb.over ? " wait" : "") + (out ? " out" : ""), "data-seat": s},
      el("h2", {}, el("span", {text: t("Seat {n}", {n: s})}), tb.names[s] ? el("span", {class: "name", text: tb.names[s]}) : "", ctx.bot(s) ? el("span", {class: "muted", text: t("bot")}) : "", ...tags),
      el("div", {class: "small-text", text: out ? t("was {name}: {how}", {name: sus(tb.suspects[o.suspect]), how: KILLER[o.card] || KILLED}) : t("{cards} in hand", {cards: cardsN(tb.hand_sizes[s])})}));
    if (rev) box.append(el("div", {class: "small-text", "data-secret-of": s}, el("span", {class: "muted", text: t("secretly ")}), secretText(tb, s)));
    // a retelling: the hand itself, each card a chip in a row
    const hand = open && rev && rev.hands ? rev.hands[s] : null;
    if (hand && hand.length) box.append(el("div", {class: "hhand", "data-hand": s}, ...hand.map((k) => el("span", {class: `hchip k-${k}`, text: title(k)}))));
    const join = ctx.join(s);
    if (join) box.append(el("div", {class: "joinrow"}, ...join));
    const pad = !tb.over && !out && ctx.pad ? ctx.pad(s, t("pad: end turn")) : null;
    if (pad) box.append(pad);
    seats.append(box);
  }
  board.replaceChildren(top, el("div", {class: "panel"}, row), ...(powers ? [powers] : []), seats);
  board.toggleAttribute("data-open", open);  // a retelling's board holds more: its piles and seats tighter
}

// At the end every pile is shown whole, the face-down cards in brackets; in a retelling (`loupe`) the
// loupe over its pile too.
function revealRow(tb, loupe = false) {
  const box = el("div", {class: "hrow htv", "data-row": "reveal", "data-n": tb.reveal.row.length > 6 ? "many" : "few"});
  const under = (at) => loupe && at === tb.loupe;
  tb.reveal.row.forEach((x, at) => box.append(el("div", {class: "hspot" + (x.alive ? "" : " dead") + (under(at) ? " loupe" : ""), "data-pile": at},
    loupe ? el("div", {class: "hloupe", "data-loupe": under(at) ? "1" : "0", text: under(at) ? t("▼ loupe") : ""}) : "",
    el("div", {class: "hname", text: sus(tb.suspects[x.suspect])}),
    el("div", {class: "hpos muted", text: x.alive ? `#${at}` : t("#{at} · dead", {at})}),
    el("div", {class: "hups"}, ...x.pile.map((c) => el("span", {class: `hchip fit k-${c.card}`, text: c.up ? title(c.card) : `(${title(c.card)})`}))))));
  return box;
}

// A new review (the view's last_review moved on): played out card by card, then the verdict.
function review(tb) {
  const r = tb.last_review, n = r ? r.number : null;
  if (seenReview === null) { seenReview = n === null ? 0 : n; return; }  // the page opened now: no replay
  if (n === null || n <= seenReview) { if (n === null) seenReview = 0; return; }
  seenReview = n;
  const out = tb.out.map((o, s) => (o && r.killed.includes(o.suspect) ? s : null)).filter((s) => s !== null);
  // one review plays at a time; while it does, only the newest one waits (a backlog of bot turns would
  // keep the room watching old news)
  if (queue.length > 1) queue.splice(1);
  queue.push({r, names: tb.suspects.map(sus), outs: out.map((s) => t("{who} was {name} and is out", {who: cap(who(tb, s)), name: sus(tb.suspects[tb.out[s].suspect])}))});
  if (queue.length === 1) play();
}

function play() {
  const item = queue[0];
  if (!item) return;
  const {r} = item;
  let box = $("hreview");
  if (!box) { box = el("div", {class: "hreview", id: "hreview", role: "status", "aria-live": "polite"}); document.body.append(box); }
  box.onclick = () => { box.hidden = true; };
  box.hidden = false;
  const turned = el("div", {class: "hturned"}), counter = el("div", {class: "hcount"}), head = el("h2");
  const waits = el("div", {class: "hcount hwaits"});
  box.replaceChildren(head, waits, turned, counter);
  box.dataset.review = r.number; box.dataset.shown = "0"; delete box.dataset.verdict;
  // the review as it happened: the outer pile, each nested one under its own heading, back to the outer
  const parts = reviewParts(r), total = parts.reduce((n, p) => n + p.cards.length, 0);
  let part = -1, i = 0, shown = 0;
  const next = () => {
    part += 1; i = 0;
    const p = parts[part];
    head.textContent = partTitle(p, item.names);
    waits.textContent = partWaits(parts, part, item.names);
    box.dataset.part = String(part);
    turned.replaceChildren();
    // a part's count starts afresh (not the last part's "card 3 of 3")
    counter.textContent = p.cards.length ? t("{cards} to turn here", {cards: cardsN(p.cards.length)}) : (p.back ? t("No card left to turn here.") : t("Its pile is empty."));
  };
  next();
  const step = () => {
    if (i >= parts[part].cards.length && part < parts.length - 1) { next(); setTimeout(step, CARD_MS); return; }
    if (i < parts[part].cards.length) {
      turned.append(cardTile(parts[part].cards[i], "div", {"data-turned": shown}, true));
      i += 1; shown += 1; box.dataset.shown = String(shown);
      counter.textContent = parts.length > 1 ? t("card {i} of {n} here · {shown} of {total} in this review", {i, n: parts[part].cards.length, shown, total}) : t("card {i} of {total}", {i, total});
      setTimeout(step, CARD_MS);
      return;
    }
    if (parts.length > 1) { head.textContent = t("Review: {name}'s pile", {name: sus(r.name)}); waits.textContent = ""; }
    const dead = r.killed.map((k) => item.names[k]);
    box.dataset.verdict = dead.length ? "murder" : "safe";
    box.append(el("div", {class: `hverdict ${dead.length ? "murder" : "safe"}`, text: dead.length ? t("MURDER!") : t("{name} survives", {name: sus(r.name)})}),
      dead.length ? el("div", {class: "hcount", text: tn("{names} is dead.", "{names} are dead.", dead.length, {names: list(dead)}) + " " +
        (item.outs.length ? t("{outs}.", {outs: item.outs.join(STOP)}) : t("Nobody was that suspect."))}) : "");
    if (!total) counter.textContent = t("The pile was empty.");
    setTimeout(() => { queue.shift(); if (queue.length) play(); else box.hidden = true; }, VERDICT_MS);
  };
  setTimeout(step, 600);
}

// a part's heading: the review, a nested evaluation (why, whose pile), or the way back to the outer pile
const CAUSES = {sniper: t("The Sniper"), dying_breath: t("Dying Breath"), empty_hand: t("An empty hand"), loupe: t("Review")};
function partTitle(p, names) {
  const name = names[p.suspect];
  const why = CAUSES[p.cause] || t("Review");
  if (p.back) return t("Back to {name}'s pile", {name});
  if (p.depth === 0) return p.cause === "loupe" ? t("Review: {name}'s pile", {name}) : t("{why}: {name}'s pile is reviewed", {why, name});
  return t("{why}: {name}'s pile is reviewed now", {why, name});
}
// what waits while a nested evaluation plays out: the piles under it, innermost first
function partWaits(parts, n, names) {
  const p = parts[n];
  if (!p.depth || p.back) return "";
  const under = [];
  for (let d = p.depth - 1, k = n - 1; d >= 0 && k >= 0; k--) if (parts[k].depth === d) { under.push(names[parts[k].suspect]); d -= 1; }
  return t("{names}'s review waits until it is done.", {names: under.join(THEN)});
}

// a low note for a review, a chord at the end
export function sound(before, tb, tone) {
  if (endChord(before, tb, tone)) return;
  const a = tb.last_review, b = before.last_review;
  if (a && (!b || a.number !== b.number)) tone(a.killed.length ? [330, 220, 165] : [440, 660], 0.12);
}
