// Hasty Accusations on the table page: the row of suspects under the loupe, each pile's size and face-up
// cards, the market, whose turn it is and the steps so far, and each review played out card by card,
// at the page's own pace, with the murder moment shown large. table.js keeps the rest.
import {$, badge, cap, count, el, endChord, list, who} from "./shell.js";
import {KILLER, cardTile, endText, netMove, reviewLine, rowBox, secretText, suspectAt, title} from "./hasty_cards.js";
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
  investigate: "is investigating", mover: "moves the loupe", switcheroo: "plays a Switcheroo", market: "takes cards from the market"};

export function waitingText(t) {
  if (t.over) return `Game over: ${endText(t)}`;
  const p = t.pending;
  if (p) return `${cap(who(t, p.seat))} ${WAITS[p.kind] || "is choosing"}${p.seat === t.turn ? "" : ` (during ${who(t, t.turn)}'s turn)`}.`;
  if (t.turn === null || t.turn === undefined) return "";
  const first = t.first_round ? " First round: no review until everyone has played." : "";
  return `${cap(who(t, t.turn))}'s turn: ${t.plays ? `${count(t.plays, "card")} played, loupe ${netMove(t)}` : "nothing played yet"}.${first}`;
}

function turnPanel(t) {
  return el("div", {class: "panel", id: "hturn"},
    el("div", {}, el("b", {text: "Turn: "}), t.over ? "over" : cap(who(t, t.turn))),
    el("div", {"data-steps": t.steps}, el("b", {text: "Steps so far: "}), t.plays ? `${count(t.plays, "card")} played · ${netMove(t)}` : "none"),
    el("div", {class: "muted", text: `Reviews: ${t.reviews}` + (t.first_round ? " · first round" : "") +
      (t.options.traitor ? " · Traitor variant" : "") + (t.options.speedy ? " · Speedy" : "") + (t.options.big_hands ? " · Big Hands" : "")}));
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
  if (t.over) top.prepend(el("div", {class: "panel", id: "hend"}, el("div", {class: "win big", text: endText(t)}),
    el("div", {class: "muted", text: "Every pile is shown as it lay: the cards in brackets were face down."})));
  const row = rev ? revealRow(t, open) : rowBox(t, {size: "htv"});
  if (t.review) top.append(el("div", {class: "panel hot", text: `Reviewing ${suspectAt(t, t.review.at)}'s pile: ${t.review.revealed.map(title).join(", ") || "…"}`}));
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
  board.replaceChildren(top, el("div", {class: "panel"}, row), seats);
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
  const turned = el("div", {class: "hturned"}), counter = el("div", {class: "hcount"});
  box.replaceChildren(el("h2", {text: `Review: ${r.name}'s pile`}), turned, counter);
  box.dataset.review = r.number; box.dataset.shown = "0"; delete box.dataset.verdict;
  let i = 0;
  const step = () => {
    if (i < r.revealed.length) {
      turned.append(cardTile(r.revealed[i], "div", {"data-turned": i}, true));
      i += 1; box.dataset.shown = String(i);
      counter.textContent = `card ${i} of ${r.revealed.length}`;
      setTimeout(step, CARD_MS);
      return;
    }
    const dead = r.killed.map((k) => item.names[k]);
    box.dataset.verdict = dead.length ? "murder" : "safe";
    box.append(el("div", {class: `hverdict ${dead.length ? "murder" : "safe"}`, text: dead.length ? "MURDER!" : `${r.name} survives`}),
      dead.length ? el("div", {class: "hcount", text: `${list(dead)} ${dead.length > 1 ? "are" : "is"} dead. ${item.outs.join(". ")}${item.outs.length ? "." : "Nobody was that suspect."}`}) : "");
    if (!r.revealed.length) counter.textContent = "The pile was empty.";
    setTimeout(() => { queue.shift(); if (queue.length) play(); else box.hidden = true; }, VERDICT_MS);
  };
  setTimeout(step, 600);
}

// a low note for a review, a chord at the end
export function sound(before, t, tone) {
  if (endChord(before, t, tone)) return;
  const a = t.last_review, b = before.last_review;
  if (a && (!b || a.number !== b.number)) tone(a.killed.length ? [330, 220, 165] : [440, 660], 0.12);
}
