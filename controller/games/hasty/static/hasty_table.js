// Hasty Accusations on the table page: the row of suspects under the loupe, each pile's size and face-up
// cards, the market, whose turn it is and the steps so far, and each review played out card by card,
// at the page's own pace, with the murder moment shown large. table.js keeps the rest.
import {$, badge, cap, count, el, endChord, list, who} from "./shell.js";
import {KILLER, cardTile, endText, netMove, powersOf, reviewLine, reviewParts, rowBox, secretText, suspectAt, title} from "./hasty_cards.js";
export {HPHASE as PHASES} from "./hasty_cards.js";
export const STYLES = "hasty.css";  // its own styles (gamepart.js links them)
// a retelling's words for Hasty's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {review: "A review", death: "A suspect dies", elimination: "A player is out", end: "The end"};

// the review's pace, readable from a sofa: one card turned every CARD_MS, the verdict held VERDICT_MS
const CARD_MS = 1600, VERDICT_MS = 5000;
let seenReview = null;
const queue = [];

const WAITS = {pile: "picks which of the tied piles is reviewed", sidekick: "picks a pile for the Sidekick",
  question: "picks a card and a player for the Burning Question", question_pile: "places the Burning Question's card",
  investigate: "is investigating", mover: "moves the loupe", switcheroo: "plays a Switcheroo", market: "takes cards from the market",
  breath: "picks which of the smallest piles Dying Breath reviews", sniper: "aims the Sniper at a neighbour's pile",
  wrong_address: "picks who takes the misaddressed kill", walk: "walks three cards back from a pile",
  wipe: "picks the pile Memory Wipe throws away too", tangled: "looks through a neighbour's pile for Tangled Up",
  spread: "spreads the love onto the other piles", double: "sends a whole pile with a Double Cross",
  rebel: "moves cards for the Rebel", revelation: "shows cards for the Revelation", thief: "picks whom the Thief robs",
  brunette: "steals a card with Monsieur Brunette's power", private: "plays a Private Investigator",
  hasty: "picks: draw cards or skip the next turn", tuck: "picks the suspect Madame Rose hides",
  revive: "picks the suspect Doctor White brings back"};

export function waitingText(t) {
  if (t.over) return `Game over: ${endText(t)}`;
  const p = t.pending;
  if (p) return `${cap(who(t, p.seat))} ${WAITS[p.kind] || "is choosing"}${p.seat === t.turn ? "" : ` (during ${who(t, t.turn)}'s turn)`}.`;
  if (t.turn === null || t.turn === undefined) return "";
  const first = t.first_round ? " First round: no review until everyone has played." : "";
  return `${cap(who(t, t.turn))}'s turn: ${t.plays ? `${count(t.plays, "card")} played, loupe ${netMove(t)}` : "nothing played yet"}.${first}`;
}

const SETS = {base: "Base", advanced: "Advanced", expert: "Expert"};
const RULES = {back_alley: "Back Alley is showing: cards go face down, under a pile.",
  show_hands: "Show me your hands is showing: one card a turn, face up.",
  back_to_top: "Back to the top is showing: reviews start from the bottom card."};

function turnPanel(t) {
  const o = t.options, sets = o.sets ? o.sets.map((k) => SETS[k] || k).join(" + ") : "";
  const box = el("div", {class: "panel", id: "hturn"},
    el("div", {}, el("b", {text: "Turn: "}), t.over ? "over" : cap(who(t, t.turn))),
    el("div", {"data-steps": t.steps}, el("b", {text: "Steps so far: "}), t.plays ? `${count(t.plays, "card")} played · ${netMove(t)}` : "none"),
    el("div", {class: "muted", text: `Reviews: ${t.reviews}` + (t.first_round ? " · first round" : "") +
      (o.traitor ? " · Traitor variant" : "") + (o.speedy ? " · Speedy" : "") + (o.big_hands ? " · Big Hands" : "") +
      (sets && sets !== "Base" ? ` · ${sets} cards` : "") + (o.powers ? " · Suspect Powers" : "")}));
  // what lasts beyond a move: turns skipped, the hand limit, a rule a card on top of a pile sets
  if (t.over) return box;
  const more = [];
  if ((t.skipped || []).length) more.push(`Skipped (Hasty): ${t.skipped.map((s) => who(t, s)).join(", ")}.`);
  if (t.skips) more.push(t.skips === 1 ? "The next turn will be skipped (Hasty)." : `The next ${t.skips} turns will be skipped (Hasty).`);
  if (t.hand_limit === 1) more.push("Hand limit 1: Ms. Scarlett is turned round.");
  for (const [k, on] of Object.entries(t.showing || {})) if (on && RULES[k]) more.push(RULES[k]);
  for (const line of more) box.append(el("div", {class: "hnote", text: line}));
  return box;
}

// With the Suspect Powers: each living suspect's power, those used this turn marked
function powersPanel(t) {
  const list = powersOf(t);
  if (!list.length) return null;
  const used = new Set((t.fired || []).map((f) => f.suspect));
  return el("div", {class: "panel hpowerlist", id: "hpowers"}, el("b", {text: "Suspect powers"}),
    ...list.map((p) => el("div", {class: used.has(p.suspect) ? "hfiredline" : "", "data-power": p.suspect},
      el("b", {text: p.name}), p.own ? "" : ` (as ${p.of})`, `: ${p.text}`, used.has(p.suspect) ? el("span", {class: "hmark hfired", text: " ⚡ used this turn"}) : "")));
}

// the review running now, and the ones waiting under it (a Sniper's or a Dying Breath's inside it)
function reviewNow(t) {
  const r = t.review, waits = (t.review_extra && t.review_extra.outer) || [];
  const name = (at) => (at === null ? "a pile that left the row" : `${suspectAt(t, at)}'s pile`);
  const box = el("div", {class: "panel hot", id: "hnow"}, el("b", {text: `Reviewing ${name(r.at)}: `}),
    r.revealed.map(title).join(", ") || "…");
  if (waits.length) box.append(el("div", {class: "hnote", text: `Waiting for it: ${waits.map((f) => `${name(f.at)} (${f.revealed.map(title).join(", ") || "no card yet"})`).reverse().join(", then ")}.`}));
  return box;
}

function marketPanel(t) {
  const p = el("div", {class: "panel", id: "hmarket"}, el("b", {text: t.options.big_hands ? "No market (Big Hands)" : "Market"}));
  if (!t.options.big_hands) p.append(el("div", {class: "hmarket"}, ...t.market.map((k) => cardTile(k, "div", {class: "small"}))));
  p.append(el("div", {class: "muted", text: `Deck ${t.deck_count} · discard pile ${t.discard_count}`}));
  return p;
}

// ctx.join(seat): the join QR code and address of a free seat, or null once it is taken; ctx.bot(seat);
// ctx.pad(seat, text): the seat's virtual pad in mock mode (null otherwise): a press ends its turn.
export function render(t, ctx) {
  draw(t, ctx, false);
  review(t);
}

// A step of a finished game's retelling: the same table with every secret of that moment, each seat's
// secret suspect and hand, every pile whole (face-down cards in brackets) under the loupe. A review is
// told by its step's line, not played out.
export function retell(t, ctx) { draw(t, ctx, true); }

function draw(t, ctx, open) {
  const board = $("bboard");
  const rev = (open || t.over) && t.reveal ? t.reveal : null;
  board.classList.add("hboard");
  const top = el("div", {class: "htop"}, turnPanel(t), marketPanel(t),
    el("div", {class: "panel", id: "hlast"}, el("b", {text: "Last review"}), el("div", {text: reviewLine(t)})));
  // the powers go under the row, in columns: the row (the piles, the marks, the counts) stays in the first screen
  const powers = t.over || open ? null : powersPanel(t);
  if (t.over) top.prepend(el("div", {class: "panel", id: "hend"}, el("div", {class: "win big", text: endText(t)}),
    el("div", {class: "muted", text: "Every pile is shown as it lay: the cards in brackets were face down."})));
  const row = rev ? revealRow(t, open) : rowBox(t, {size: "htv"});
  if (t.review) top.append(reviewNow(t));
  const seats = el("div", {class: "hseats", id: "hseats"});
  for (let s = 0; s < t.players; s++) {
    const out = t.eliminated.includes(s), o = t.out[s];
    const tags = [];
    if (t.waiting === s && !t.over) tags.push(badge(t.pending ? "choosing" : "to play", "pres"));
    if (out) tags.push(badge("out"));
    if (t.over && t.winners.includes(s)) tags.push(badge("winner", "pres"));
    const box = el("div", {class: "hseat" + (t.waiting === s && !t.over ? " wait" : "") + (out ? " out" : ""), "data-seat": s},
      el("h2", {}, el("span", {text: `Seat ${s}`}), t.names[s] ? el("span", {class: "name", text: t.names[s]}) : "", ctx.bot(s) ? el("span", {class: "muted", text: "bot"}) : "", ...tags),
      el("div", {class: "small-text", text: out ? `was ${t.suspects[o.suspect]}: ${KILLER[o.card] || "killed"}` : count(t.hand_sizes[s], "card") + " in hand"}));
    if (rev) box.append(el("div", {class: "small-text", "data-secret-of": s}, el("span", {class: "muted", text: "secretly "}), secretText(t, s)));
    // a retelling: the hand itself, each card a chip in a row
    const hand = open && rev && rev.hands ? rev.hands[s] : null;
    if (hand && hand.length) box.append(el("div", {class: "hhand", "data-hand": s}, ...hand.map((k) => el("span", {class: `hchip k-${k}`, text: title(k)}))));
    const join = ctx.join(s);
    if (join) box.append(el("div", {class: "joinrow"}, ...join));
    const pad = !t.over && !out && ctx.pad ? ctx.pad(s, "pad: end turn") : null;
    if (pad) box.append(pad);
    seats.append(box);
  }
  board.replaceChildren(top, el("div", {class: "panel"}, row), ...(powers ? [powers] : []), seats);
  board.toggleAttribute("data-open", open);  // a retelling's board holds more: its piles and seats tighter
}

// At the end every pile is shown whole, the face-down cards in brackets; in a retelling (`loupe`) the
// loupe over its pile too.
function revealRow(t, loupe = false) {
  const box = el("div", {class: "hrow htv", "data-row": "reveal", "data-n": t.reveal.row.length > 6 ? "many" : "few"});
  const under = (at) => loupe && at === t.loupe;
  t.reveal.row.forEach((x, at) => box.append(el("div", {class: "hspot" + (x.alive ? "" : " dead") + (under(at) ? " loupe" : ""), "data-pile": at},
    loupe ? el("div", {class: "hloupe", "data-loupe": under(at) ? "1" : "0", text: under(at) ? "▼ loupe" : ""}) : "",
    el("div", {class: "hname", text: t.suspects[x.suspect]}),
    el("div", {class: "hpos muted", text: `#${at}` + (x.alive ? "" : " · dead")}),
    el("div", {class: "hups"}, ...x.pile.map((c) => el("span", {class: `hchip fit k-${c.card}`, text: c.up ? title(c.card) : `(${title(c.card)})`}))))));
  return box;
}

// A new review (the view's last_review moved on): played out card by card, then the verdict.
function review(t) {
  const r = t.last_review, n = r ? r.number : null;
  if (seenReview === null) { seenReview = n === null ? 0 : n; return; }  // the page opened now: no replay
  if (n === null || n <= seenReview) { if (n === null) seenReview = 0; return; }
  seenReview = n;
  const out = t.out.map((o, s) => (o && r.killed.includes(o.suspect) ? s : null)).filter((s) => s !== null);
  // one review plays at a time; while it does, only the newest one waits (a backlog of bot turns would
  // keep the room watching old news)
  if (queue.length > 1) queue.splice(1);
  queue.push({r, names: t.suspects, outs: out.map((s) => `${cap(who(t, s))} was ${t.suspects[t.out[s].suspect]} and is out`)});
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
    counter.textContent = p.cards.length ? `${count(p.cards.length, "card")} to turn here` : (p.back ? "No card left to turn here." : "Its pile is empty.");
  };
  next();
  const step = () => {
    if (i >= parts[part].cards.length && part < parts.length - 1) { next(); setTimeout(step, CARD_MS); return; }
    if (i < parts[part].cards.length) {
      turned.append(cardTile(parts[part].cards[i], "div", {"data-turned": shown}, true));
      i += 1; shown += 1; box.dataset.shown = String(shown);
      counter.textContent = parts.length > 1 ? `card ${i} of ${parts[part].cards.length} here · ${shown} of ${total} in this review` : `card ${i} of ${total}`;
      setTimeout(step, CARD_MS);
      return;
    }
    if (parts.length > 1) { head.textContent = `Review: ${r.name}'s pile`; waits.textContent = ""; }
    const dead = r.killed.map((k) => item.names[k]);
    box.dataset.verdict = dead.length ? "murder" : "safe";
    box.append(el("div", {class: `hverdict ${dead.length ? "murder" : "safe"}`, text: dead.length ? "MURDER!" : `${r.name} survives`}),
      dead.length ? el("div", {class: "hcount", text: `${list(dead)} ${dead.length > 1 ? "are" : "is"} dead. ${item.outs.join(". ")}${item.outs.length ? "." : "Nobody was that suspect."}`}) : "");
    if (!total) counter.textContent = "The pile was empty.";
    setTimeout(() => { queue.shift(); if (queue.length) play(); else box.hidden = true; }, VERDICT_MS);
  };
  setTimeout(step, 600);
}

// a part's heading: the review, a nested evaluation (why, whose pile), or the way back to the outer pile
const CAUSES = {sniper: "The Sniper", dying_breath: "Dying Breath", empty_hand: "An empty hand", loupe: "Review"};
function partTitle(p, names) {
  const name = names[p.suspect];
  if (p.back) return `Back to ${name}'s pile`;
  if (p.depth === 0) return p.cause === "loupe" ? `Review: ${name}'s pile` : `${CAUSES[p.cause] || "Review"}: ${name}'s pile is reviewed`;
  return `${CAUSES[p.cause] || "Review"}: ${name}'s pile is reviewed now`;
}
// what waits while a nested evaluation plays out: the piles under it, innermost first
function partWaits(parts, n, names) {
  const p = parts[n];
  if (!p.depth || p.back) return "";
  const under = [];
  for (let d = p.depth - 1, k = n - 1; d >= 0 && k >= 0; k--) if (parts[k].depth === d) { under.push(names[parts[k].suspect]); d -= 1; }
  return `${under.join(", then ")}'s review waits until it is done.`;
}

// a low note for a review, a chord at the end
export function sound(before, t, tone) {
  if (endChord(before, t, tone)) return;
  const a = t.last_review, b = before.last_review;
  if (a && (!b || a.number !== b.number)) tone(a.killed.length ? [330, 220, 165] : [440, 660], 0.12);
}
