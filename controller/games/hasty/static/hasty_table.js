// Hasty Accusations on the table page: the row of suspects under the loupe, each pile's size and face-up
// cards, the market, whose turn it is and the steps so far, and each review played out card by card,
// at the page's own pace, with the murder moment shown large. table.js keeps the rest.
import {$, badge, cap, count, el, endChord, list, who} from "./shell.js";
import {KILLER, cardTile, endText, netMove, powersOf, reviewLine, reviewParts, rowBox, secretText, suspectAt, title} from "./hasty_cards.js";
export {HPHASE as PHASES} from "./hasty_cards.js";
export const STYLES = "hasty.css";  // its own styles (gamepart.js links them)

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

export function waitingText(tb) {
  if (tb.over) return `Game over: ${endText(tb)}`;
  const p = tb.pending;
  if (p) return `${cap(who(tb, p.seat))} ${WAITS[p.kind] || "is choosing"}${p.seat === tb.turn ? "" : ` (during ${who(tb, tb.turn)}'s turn)`}.`;
  if (tb.turn === null || tb.turn === undefined) return "";
  const first = tb.first_round ? " First round: no review until everyone has played." : "";
  return `${cap(who(tb, tb.turn))}'s turn: ${tb.plays ? `${count(tb.plays, "card")} played, loupe ${netMove(tb)}` : "nothing played yet"}.${first}`;
}

const SETS = {base: "Base", advanced: "Advanced", expert: "Expert"};
const RULES = {back_alley: "Back Alley is showing: cards go face down, under a pile.",
  show_hands: "Show me your hands is showing: one card a turn, face up.",
  back_to_top: "Back to the top is showing: reviews start from the bottom card."};

function turnPanel(tb) {
  const o = tb.options, sets = o.sets ? o.sets.map((k) => SETS[k] || k).join(" + ") : "";
  const box = el("div", {class: "panel", id: "hturn"},
    el("div", {}, el("b", {text: "Turn: "}), tb.over ? "over" : cap(who(tb, tb.turn))),
    el("div", {"data-steps": tb.steps}, el("b", {text: "Steps so far: "}), tb.plays ? `${count(tb.plays, "card")} played · ${netMove(tb)}` : "none"),
    el("div", {class: "muted", text: `Reviews: ${tb.reviews}` + (tb.first_round ? " · first round" : "") +
      (o.traitor ? " · Traitor variant" : "") + (o.speedy ? " · Speedy" : "") + (o.big_hands ? " · Big Hands" : "") +
      (sets && sets !== "Base" ? ` · ${sets} cards` : "") + (o.powers ? " · Suspect Powers" : "")}));
  // what lasts beyond a move: turns skipped, the hand limit, a rule a card on top of a pile sets
  if (tb.over) return box;
  const more = [];
  if ((tb.skipped || []).length) more.push(`Skipped (Hasty): ${tb.skipped.map((s) => who(tb, s)).join(", ")}.`);
  if (tb.skips) more.push(tb.skips === 1 ? "The next turn will be skipped (Hasty)." : `The next ${tb.skips} turns will be skipped (Hasty).`);
  if (tb.hand_limit === 1) more.push("Hand limit 1: Ms. Scarlett is turned round.");
  for (const [k, on] of Object.entries(tb.showing || {})) if (on && RULES[k]) more.push(RULES[k]);
  for (const line of more) box.append(el("div", {class: "hnote", text: line}));
  return box;
}

// With the Suspect Powers: each living suspect's power, those used this turn marked
function powersPanel(tb) {
  const list = powersOf(tb);
  if (!list.length) return null;
  const used = new Set((tb.fired || []).map((f) => f.suspect));
  return el("div", {class: "panel hpowerlist", id: "hpowers"}, el("b", {text: "Suspect powers"}),
    ...list.map((p) => el("div", {class: used.has(p.suspect) ? "hfiredline" : "", "data-power": p.suspect},
      el("b", {text: p.name}), p.own ? "" : ` (as ${p.of})`, `: ${p.text}`, used.has(p.suspect) ? el("span", {class: "hmark hfired", text: " ⚡ used this turn"}) : "")));
}

// the review running now, and the ones waiting under it (a Sniper's or a Dying Breath's inside it)
function reviewNow(tb) {
  const r = tb.review, waits = (tb.review_extra && tb.review_extra.outer) || [];
  const name = (at) => (at === null ? "a pile that left the row" : `${suspectAt(tb, at)}'s pile`);
  const box = el("div", {class: "panel hot", id: "hnow"}, el("b", {text: `Reviewing ${name(r.at)}: `}),
    r.revealed.map(title).join(", ") || "…");
  if (waits.length) box.append(el("div", {class: "hnote", text: `Waiting for it: ${waits.map((f) => `${name(f.at)} (${f.revealed.map(title).join(", ") || "no card yet"})`).reverse().join(", then ")}.`}));
  return box;
}

function marketPanel(tb) {
  const p = el("div", {class: "panel", id: "hmarket"}, el("b", {text: tb.options.big_hands ? "No market (Big Hands)" : "Market"}));
  if (!tb.options.big_hands) p.append(el("div", {class: "hmarket"}, ...t.market.map((k) => cardTile(k, "div", {class: "small"}))));
  p.append(el("div", {class: "muted", text: `Deck ${tb.deck_count} · discard pile ${tb.discard_count}`}));
  return p;
}

// ctx.join(seat): the join QR code and address of a free seat, or null once it is taken; ctx.bot(seat);
// ctx.pad(seat, text): the seat's virtual pad in mock mode (null otherwise): a press ends its turn.
export function render(tb, ctx) {
  const board = $("bboard");
  board.classList.add("hboard");
  const top = el("div", {class: "htop"}, turnPanel(tb), marketPanel(tb),
    el("div", {class: "panel", id: "hlast"}, el("b", {text: "Last review"}), el("div", {text: reviewLine(tb)})));
  // the powers go under the row, in columns: the row (the piles, the marks, the counts) stays in the first screen
  const powers = tb.over ? null : powersPanel(tb);
  if (tb.over) top.prepend(el("div", {class: "panel", id: "hend"}, el("div", {class: "win big", text: endText(tb)}),
    el("div", {class: "muted", text: "Every pile is shown as it lay: the cards in brackets were face down."})));
  const row = tb.over && tb.reveal ? revealRow(tb) : rowBox(tb, {size: "htv"});
  if (tb.review) top.append(reviewNow(tb));
  const seats = el("div", {class: "hseats", id: "hseats"});
  for (let s = 0; s < tb.players; s++) {
    const out = tb.eliminated.includes(s), o = tb.out[s];
    const tags = [];
    if (tb.waiting === s && !tb.over) tags.push(badge(tb.pending ? "choosing" : "to play", "pres"));
    if (out) tags.push(badge("out"));
    if (tb.over && tb.winners.includes(s)) tags.push(badge("winner", "pres"));
    const box = el("div", {class: "hseat" + (tb.waiting === s && !tb.over ? " wait" : "") + (out ? " out" : ""), "data-seat": s},
      el("h2", {}, el("span", {text: `Seat ${s}`}), tb.names[s] ? el("span", {class: "name", text: tb.names[s]}) : "", ctx.bot(s) ? el("span", {class: "muted", text: "bot"}) : "", ...tags),
      el("div", {class: "small-text", text: out ? `was ${tb.suspects[o.suspect]}: ${KILLER[o.card] || "killed"}` : count(tb.hand_sizes[s], "card") + " in hand"}));
    if (tb.over && tb.reveal) box.append(el("div", {class: "small-text"}, el("span", {class: "muted", text: "secretly "}), secretText(tb, s)));
    const join = ctx.join(s);
    if (join) box.append(el("div", {class: "joinrow"}, ...join));
    const pad = !tb.over && !out && ctx.pad ? ctx.pad(s, "pad: end turn") : null;
    if (pad) box.append(pad);
    seats.append(box);
  }
  board.replaceChildren(top, el("div", {class: "panel"}, row), ...(powers ? [powers] : []), seats);
  review(tb);
}

// At the end every pile is shown whole, the face-down cards in brackets.
function revealRow(tb) {
  const box = el("div", {class: "hrow htv", "data-row": "reveal", "data-n": tb.reveal.row.length > 6 ? "many" : "few"});
  tb.reveal.row.forEach((x, at) => box.append(el("div", {class: "hspot" + (x.alive ? "" : " dead"), "data-pile": at},
    el("div", {class: "hname", text: tb.suspects[x.suspect]}),
    el("div", {class: "hpos muted", text: `#${at}` + (x.alive ? "" : " · dead")}),
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
  queue.push({r, names: tb.suspects, outs: out.map((s) => `${cap(who(tb, s))} was ${tb.suspects[tb.out[s].suspect]} and is out`)});
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
export function sound(before, tb, tone) {
  if (endChord(before, tb, tone)) return;
  const a = tb.last_review, b = before.last_review;
  if (a && (!b || a.number !== b.number)) tone(a.killed.length ? [330, 220, 165] : [440, 660], 0.12);
}
