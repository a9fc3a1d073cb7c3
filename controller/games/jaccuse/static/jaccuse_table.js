// J'Accuse on the table page: stability, wrong accusations and policies in the middle of an oval table,
// the election, the seats around it (join QR codes, badges, the virtual pads of mock mode), the
// campaign's scores at the side, the sounds and the big reveal when the last pad is pressed.
// table.js keeps the rest (status, host link, join code, log, OLED, tonight's scoreboard).
import {$, badge, cap, count, el, endChord, list, playAgainText, who} from "./shell.js";
import {byRank, campaignWinners, cardFace, chips, colour, echoIndex, historyTable, JOKER, label, networkWords, pips, PHASE, rankOf,
  scoreTable} from "./jaccuse_cards.js";

export const STYLES = "jaccuse.css";  // its own styles (gamepart.js links them)
// a retelling's words for J'Accuse's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {election: "Election", accusation: "Accusation", crisis: "Crisis", defection: "Defection",
  policy: "Policy passed", generation: "A generation ends", end: "The end", streak: "The winning streak"};

// The game's own places in the page: its board beside the box for games, the campaign's scores at the
// top of the side column, and the big reveal over everything.
const BOARD = `<div class="board jx">
      <div class="top">
        <div class="panel stat"><div><b>Stability</b> <span id="stability"></span></div>
          <div id="crisis"></div>
          <div><b>Policies</b> <span id="streak" class="muted"></span><div id="policies"></div></div></div>
        <div class="panel" id="election"></div>
      </div>
      <div class="seats" id="seats"></div>
    </div>`;
const RESULT = `<div class="panel scrollpanel" id="result" hidden></div>`;
const REVEAL = `<div id="bigreveal" class="bigreveal" aria-live="polite" hidden></div>`;

function made(html) {
  const t = document.createElement("template");
  t.innerHTML = html;
  return t.content.firstElementChild;
}

export function mount() {
  const board = made(BOARD), result = made(RESULT), reveal = made(REVEAL);
  $("bboard").before(board);
  $("oledbox").after(result);
  document.querySelector("main").after(reveal);
  reveal.addEventListener("click", () => { reveal.hidden = true; });
  return [board, result, reveal];
}

// the header's phase, with the campaign's generation
export function phaseText(t) {
  const c = t.campaign;
  return c ? (c.over ? "Campaign over" : `Generation ${c.generation} of ${c.generations} · ${PHASE[t.phase] || t.phase}`) : PHASE[t.phase] || t.phase;
}

// ctx.seats(): who sits where (claimed, bot) and whether the seats are locked, or null before it is known
export function waitingText(t, ctx) {
  const c = t.campaign, w = t.awaiting, seats = ctx.seats();
  if (c && c.over) return `The campaign is over. ${campaignWinners(c, t)}. ${playAgainText(t).replace("deal", "campaign")}`;
  if (t.over) {
    if (!t.winning_color) return "The game ended with no winning colour. " + playAgainText(t);
    const winners = t.winners.length ? list(t.winners.map((s) => who(t, s))) : "nobody";
    return `${cap(t.winning_color)} wins! Winner${t.winners.length > 1 ? "s" : ""}: ${winners}. ${playAgainText(t)}`;
  }
  if (!w.length) return "";
  // seats nobody took yet are waiting for a person, not for a move
  const free = seats ? w.filter((s) => seats.seats[s] && !seats.seats[s].claimed) : [];
  if (free.length === w.length && !(seats && seats.locked)) return "Scan a seat's QR code with your phone to sit down.";
  if (free.length && t.phase === "setup") {
    const placing = w.filter((s) => !free.includes(s));
    return (placing.length ? `Waiting for ${list(placing.map((s) => who(t, s)))} to place a membership card, and ` : "Waiting ") +
      `for ${free.length === 1 ? "one more player" : `${free.length} more players`} to sit down (scan a QR code).`;
  }
  // a long list of names says less than the outlined seats do
  const names = w.length > 6 ? `${w.length} seats (outlined)` : list(w.map((s) => who(t, s)));
  const what = {setup: " to place a membership card", election: " to reveal or abstain", presidency: " to parley, defect, accuse or pass",
    parley: " to answer the parley", replace_membership: " to place a membership card", enact: " to enact a policy"}[t.phase] || "";
  return `Waiting for ${names}${what}.`;
}

// ctx.join(seat): a free seat's join QR code and address, or null; ctx.refusal(seat): a virtual pad
// press the box turned down a moment ago, or null; ctx.mock: the virtual pads are shown, ctx.press
// presses one.
export function render(t, ctx) { draw(t, ctx, false); }

// A step of a finished game's retelling: the same table, and every secret of that moment on the seats
// (each hand, the vote selected, membership and network) and the President's parley offer.
export function retell(t, ctx) { draw(t, ctx, true); }

function draw(t, ctx, open) {
  const c = t.campaign;
  $("stability").replaceChildren(pips(t.stability), el("span", {text: ` ${t.stability}`}),
    c && c.generation > 1 ? el("span", {class: "muted", "data-carried": "", text: ` · carried over from generation ${c.generation - 1} (+1, at most 5)`}) : "");
  const wrong = t.incorrect_accusations;
  $("crisis").replaceChildren(el("b", {text: "Wrong accusations "}), el("span", {class: "marks", "aria-label": `${wrong} of 3`},
    ...[0, 1, 2].map((i) => el("span", {class: i < wrong ? "on" : ""}))), el("span", {class: wrong >= 2 ? "hot" : "muted", text: ` ${wrong} of 3 since the election` + (wrong >= 2 ? ": one more is a crisis" : "")}));
  $("crisis").dataset.crisis = wrong;
  const echo = echoIndex(t);
  $("policies").replaceChildren(chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: `echo: a free ${t.policies[echo].color} policy carried from generation ${c.generation - 1}'s win; it counts toward the end`}) : "");
  $("streak").textContent = t.streak.color ? `· ${t.streak.length} ${t.streak.color} in a row (wins at ${t.stability})` : "";
  renderElection(t, open);
  renderSeats(t, ctx, open);
  const board = $("seats").closest(".board");
  board.toggleAttribute("data-open", open);  // a retelling's seats hold more
  centreMiddle(board, open);
  const res = $("result"); res.hidden = !c; res.replaceChildren();
  if (c) {
    res.append(el("h2", {text: c.over ? `Campaign over: final scores after ${c.generations} generations` : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) res.append(el("div", {class: "win", text: campaignWinners(c, t) + " (most VP; XP breaks a tie)"}));
    res.append(scoreTable(t), el("h2", {text: "Generations"}), historyTable(t));
  }
}

function cardsRow(t, items) {
  return el("div", {class: "hand"}, ...items.map((x) => el("div", {}, el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"}))));
}

function renderElection(t, open) {
  const elec = $("election"); elec.replaceChildren();
  if (t.phase === "election") elec.append(el("div", {text: `Election${t.round > 1 ? `: tie round ${t.round - 1}` : ""} · ${t.pressed.length} of ${t.eligible.length} pressed`}));
  if (t.president !== null && t.president !== undefined) elec.append(el("div", {text: `President: ${who(t, t.president)}` + (t.barred.length ? ` · may not be accused: ${list(t.barred.map((s) => who(t, s)))}` : "")}));
  if (t.parley) elec.append(el("div", {text: `Parley: ${who(t, t.parley.president)} offers ${count(t.parley.count)} to ${who(t, t.parley.target)}`}));
  const offered = open && t.reveal && t.reveal.parley_offered;
  if (offered) elec.append(el("div", {class: "endline", "data-offered": ""}, el("span", {class: "muted", text: "offered: "}), ...offered.map((x) => cardMark(x))));
  // in a tie round every card shown so far lies on the table (the last round's among them): shown once
  if (t.table_cards.length) elec.append(el("div", {"data-cards": "table"}, el("b", {text: `On the table from this election's earlier rounds`}), cardsRow(t, t.table_cards)));
  else if (t.revealed.length) elec.append(el("div", {"data-cards": "revealed"}, el("b", {text: "Revealed in the last vote"}), cardsRow(t, t.revealed)));
  if (!elec.childNodes.length) elec.append(el("span", {class: "muted", text: "No cards on the table."}));
  // the end: how the seats' secrets below decide who is aligned
  if (t.over && t.reveal && t.winning_color) elec.append(el("div", {class: "muted", "data-aligned-rule": "",
    text: `Aligned: a network of two ${t.winning_color} cards, or a mixed network and a ${t.winning_color} membership card.`}));
}

// A seat's place around the table on a big screen, as fractions of the free room (0: left or top edge,
// 1: right or bottom): a row of seats below the table and one above it, and for six or more seats one
// or two at each end; seat 0 sits bottom right and the numbers go round clockwise.
function around(s, n) {
  const side = n <= 4 ? 0 : n <= 7 ? 1 : 2, rest = n - 2 * side;
  const bottom = Math.ceil(rest / 2), top = rest - bottom;
  // the rows run the whole width: the end seats sit level with neither row, so nothing overlaps
  const spread = (j, k) => (k === 1 ? 0.5 : j / (k - 1));
  if (s < bottom) return [spread(bottom - 1 - s, bottom), 1];
  s -= bottom;
  if (s < side) return [0, side === 1 ? 0.5 : 1 - (s + 1) / (side + 1)];
  s -= side;
  if (s < top) return [spread(s, top), 0];
  s -= top;
  return [1, side === 1 ? 0.5 : (s + 1) / (side + 1)];
}

// A seat's membership card at the end, short enough for its box on a TV with 14 seats: a joker as ★
// and its colour (the phone names it in full).
function memberMark(card) {
  return card ? cardMark(card, {"data-member": card}) : el("span", {text: "none"});
}
function cardMark(card, attrs = {}) {
  const c = colour(card);
  return el("span", {...attrs, class: `mem ${c} ${attrs.class || ""}`, title: label(card), text: JOKER[card] ? `★ ${c}` : label(card)});
}

// A retelling's board is lower (its bar is above it) and its middle may be taller (every secret shown):
// on the oval table the middle sits halfway between the seats above it and those below it, so a seat
// in the middle of the top or bottom row leaves it room.
function centreMiddle(board, open) {
  const mid = board.querySelector(".top");
  mid.style.top = "";  // the live table: where the style sheet puts it
  if (!open || getComputedStyle(mid).position !== "absolute") return;  // not a TV: the seats are a grid
  const b = board.getBoundingClientRect(), m = mid.getBoundingClientRect();
  let above = b.top, below = b.bottom;
  for (const seat of board.querySelectorAll(".seat")) {
    const r = seat.getBoundingClientRect();
    if (r.right <= m.left || r.left >= m.right) continue;  // beside the middle, not above or below it
    if (r.top + r.height / 2 < b.top + b.height / 2) above = Math.max(above, r.bottom);
    else below = Math.min(below, r.top);
  }
  mid.style.top = `${(above + below) / 2 - b.top}px`;
}

function seatColumns(n) {
  // one row up to 7 seats on a wide screen, else two rows (14 seats: 7 by 2)
  return n <= 7 ? n : Math.ceil(n / 2);
}

function renderSeats(t, ctx, open) {
  const grid = $("seats"); grid.replaceChildren();
  grid.style.setProperty("--cols", seatColumns(t.players));
  grid.style.setProperty("--rows", Math.ceil(t.players / seatColumns(t.players)));
  // on a big screen the seats sit around an oval table (app.css, "a room"): each seat's place on it
  const n = t.players;
  grid.dataset.n = n <= 6 ? "few" : n <= 10 ? "some" : "many";
  grid.dataset.side = n <= 4 ? "0" : n <= 7 ? "1" : "2";  // seats at each end of the table (see around)
  const w = t.awaiting, c = t.campaign, seats = ctx.seats();
  for (let s = 0; s < t.players; s++) {
    const claim = seats ? seats.seats[s] : null;
    const no = ctx.refusal(s);
    const seat = el("div", {class: "seat" + (w.includes(s) ? " wait" : "") + (no ? " refused" : ""), "data-seat": s});
    const [fx, fy] = around(s, n);
    seat.style.setProperty("--fx", fx.toFixed(3)); seat.style.setProperty("--fy", fy.toFixed(3));
    seat.append(el("h2", {title: t.names[s] || ""}, el("span", {text: `Seat ${s}`}), t.names[s] ? el("span", {class: "name", text: ` ${t.names[s]}`}) : ""));
    const tags = [];
    if (s === t.president) tags.push(badge("President", "pres"));
    if (t.barred.includes(s)) tags.push(badge("not accusable"));
    // a retelling outlines the seats awaited and the card each chose: no badge says it again
    if (t.pressed.includes(s) && !open) tags.push(badge("pressed"));
    if (w.includes(s) && !open) tags.push(badge("to act"));
    if (!t.hand_counts[s]) tags.push(badge("out"));
    if (t.over && t.winners.includes(s)) tags.push(badge("winner", "pres"));
    if (t.over && c && c.winners.includes(s)) tags.push(badge("campaign winner", "pres"));
    // the end (or any step of a retelling): every seat's secrets, in the room the seat has
    const shown = (open || t.over) && t.reveal;
    if (shown && t.reveal.aligned.includes(s)) tags.push(badge("aligned", "aligned"));
    const score = (c ? `VP ${c.vp[s]} · ` : "") + `XP ${t.xp[s]}`;
    // a retelling shows the hand itself (not its count), and the score and the badges share a line
    if (open) seat.append(el("div", {}, el("span", {text: `${score} `}), ...tags));
    else seat.append(el("div", {text: `${score} · ${count(t.hand_counts[s])}`}), el("div", {}, ...tags));
    if (no) seat.append(el("div", {class: "refusal", role: "alert", text: no}));
    const join = ctx.join(s);
    if (join) seat.append(...join);
    else if (claim && !shown) seat.append(el("div", {class: claim.bot ? "muted" : "muted claim", text: claim.bot ? "bot" : "joined"}));
    if (shown) {
      const net = t.reveal.network, pair = [net[(s + n - 1) % n], net[s]];
      seat.append(el("div", {class: "small-text endline", "data-membership": s}, el("span", {class: "muted", text: "membership "}), memberMark(t.reveal.membership[s])),
        el("div", {class: "small-text endline", "data-network": s, title: networkWords(pair)}, el("span", {class: "muted", text: "network "}),
          ...pair.map((x) => el("span", {class: `mem ${x}`, "aria-label": x, title: x, text: x === "red" ? "♥" : "♠"}))));
    }
    const hand = open && t.reveal && t.reveal.hands ? t.reveal.hands[s] : null;
    if (hand) {
      const vote = t.reveal.selected ? t.reveal.selected[s] : null;
      // the card it has chosen to reveal in this election, outlined
      const picked = (x) => (x === vote && t.phase === "election" ? {"data-selected": s, class: "picked"} : {});
      seat.append(el("div", {class: "small-text hand-line", "data-hand": s}, el("span", {class: "muted", text: "hand "}),
        ...(hand.length ? byRank(hand).map((x) => cardMark(x, picked(x))) : [el("span", {text: "empty"})])));
    }
    if (ctx.mock && t.phase === "election") seat.append(el("div", {class: "pads"}, el("button", {type: "button", "data-pad": `${s}-reveal`, text: "REVEAL", onclick: () => ctx.press(s, "reveal")}),
      el("button", {type: "button", "data-pad": `${s}-abstain`, text: "ABSTAIN", onclick: () => ctx.press(s, "abstain")})));
    grid.append(seat);
  }
}

// a short blip when a vote is revealed, a chord at the end of a game
export function sound(before, t, tone) {
  if (endChord(before, t, tone)) return;
  const resolved = before.phase === "election" && before.pressed.length > 0 &&
    (t.phase !== "election" || t.round !== before.round || t.pressed.length === 0);
  if (resolved) tone([880, 1320], 0.07);
}

// The reveal moment (table.js calls it after each new view of the same game): the last pad was pressed,
// so every seat's card shows large with what it meant, for a few seconds, then the picture settles into
// the log at the side.
const REVEAL_MS = 4500;
export function moment(before, t) {
  if (!before || before.phase !== "election" || !before.pressed.length) return;
  const resolved = t.phase !== "election" || t.round !== before.round || t.pressed.length === 0;
  if (!resolved || t.version === before.version) return;
  const shown = t.revealed;
  const coloured = shown.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const leaders = coloured.filter((x) => rankOf(x.card) === top).map((x) => x.seat);
  let head;
  if (!shown.length) head = "Nobody revealed a card";
  else if (t.phase === "election" && t.round > 1 && before.round !== t.round)
    head = `Tie between ${list(leaders.map((s) => who(t, s)))}: ` +
      (t.eligible.length === leaders.length ? "they vote again" : "every seat that revealed votes again");
  else if (t.president !== null && t.president !== undefined && leaders.length === 1 && leaders[0] === t.president)
    head = `${cap(who(t, t.president))} is President with ${label(shown.find((x) => x.seat === t.president).card)}`;
  else if (t.policies.length > before.policies.length) head = `Consensus: a ${t.policies[t.policies.length - 1].color} policy passes`;
  else head = "The votes are in";
  const box = $("bigreveal");
  box.dataset.n = before.eligible.length > 8 ? "many" : "few";
  box.replaceChildren(el("h2", {text: head}), el("div", {class: "row"}, ...before.eligible.map((s) => {
    const x = shown.find((y) => y.seat === s);
    return el("div", {class: "who" + (x && leaders.includes(s) ? " lead" : ""), "data-big-seat": s},
      x ? cardFace(x.card) : el("div", {class: "abst", text: "abstained"}), el("span", {text: who(t, s)}));
  })));
  box.classList.remove("settle"); box.hidden = false;
  clearTimeout(moment.t1); clearTimeout(moment.t2);
  moment.t1 = setTimeout(() => box.classList.add("settle"), REVEAL_MS);
  moment.t2 = setTimeout(() => { box.hidden = true; box.classList.remove("settle"); }, REVEAL_MS + 800);
}
