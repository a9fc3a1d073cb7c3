// J'Accuse on the table page: stability, wrong accusations and policies in the middle of an oval table,
// the election, the seats around it (join QR codes, badges, the virtual pads of mock mode), the
// campaign's scores at the side, the sounds and the big reveal when the last pad is pressed.
// table.js keeps the rest (status, host link, join code, log, OLED, tonight's scoreboard).
import {$, badge, cap, el, endChord, list, playAgainText, who} from "./shell.js";
import {byRank, campaignWinners, cardCount, cardFace, chips, colour, colourWord, echoIndex, historyTable, JOKER, label, networkWords, pips,
  PHASE, rankOf, scoreTable, t, tn} from "./jaccuse_cards.js";

export const STYLES = "jaccuse.css";  // its own styles (gamepart.js links them)
// a retelling's words for J'Accuse's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {election: t("Election"), accusation: t("Accusation"), crisis: t("Crisis"), defection: t("Defection"),
  policy: t("Policy passed"), generation: t("A generation ends"), end: t("The end"), streak: t("The winning streak")};

// The game's own places in the page: its board beside the box for games, the campaign's scores at the
// top of the side column, and the big reveal over everything.
const BOARD = `<div class="board jx">
      <div class="top">
        <div class="panel stat"><div><b>${t("Stability")}</b> <span id="stability"></span></div>
          <div id="crisis"></div>
          <div><b>${t("Policies")}</b> <span id="streak" class="muted"></span><div id="policies"></div></div></div>
        <div class="panel" id="election"></div>
      </div>
      <div class="seats" id="seats"></div>
    </div>`;
const RESULT = `<div class="panel scrollpanel" id="result" hidden></div>`;
const REVEAL = `<div id="bigreveal" class="bigreveal" aria-live="polite" hidden></div>`;

function made(html) {
  const tpl = document.createElement("template");
  tpl.innerHTML = html;
  return tpl.content.firstElementChild;
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
export function phaseText(tv) {
  const c = tv.campaign;
  return c ? (c.over ? t("Campaign over") : t("Generation {n} of {total} · {phase}", {n: c.generation, total: c.generations, phase: PHASE[tv.phase] || tv.phase}))
    : PHASE[tv.phase] || tv.phase;
}

// two sentences one after the other (English puts a space between them, Chinese none)
function then(first, next) { return !next ? first : !first ? next : t("{first} {next}", {first, next}); }

// ctx.seats(): who sits where (claimed, bot) and whether the seats are locked, or null before it is known
export function waitingText(tv, ctx) {
  const c = tv.campaign, w = tv.awaiting, seats = ctx.seats();
  if (c && c.over) return then(t("The campaign is over. {winners}.", {winners: campaignWinners(c, tv)}), playAgainText(tv).replace("deal", "campaign"));
  if (tv.over) {
    if (!tv.winning_color) return then(t("The game ended with no winning colour."), playAgainText(tv));
    const winners = tv.winners.length ? list(tv.winners.map((s) => who(tv, s))) : t("nobody");
    const won = tv.winning_color === "red" ? t("Red wins!") : t("Black wins!");
    return then(then(won, tv.winners.length > 1 ? t("Winners: {who}.", {who: winners}) : t("Winner: {who}.", {who: winners})), playAgainText(tv));
  }
  if (!w.length) return "";
  // seats nobody took yet are waiting for a person, not for a move
  const free = seats ? w.filter((s) => seats.seats[s] && !seats.seats[s].claimed) : [];
  if (free.length === w.length && !(seats && seats.locked)) return t("Scan a seat's QR code with your phone to sit down.");
  if (free.length && tv.phase === "setup") {
    const placing = w.filter((s) => !free.includes(s));
    const words = {who: list(placing.map((s) => who(tv, s))), n: free.length};
    if (!placing.length) return tn("Waiting for one more player to sit down (scan a QR code).", "Waiting for {n} more players to sit down (scan a QR code).", free.length, words);
    return tn("Waiting for {who} to place a membership card, and for one more player to sit down (scan a QR code).",
      "Waiting for {who} to place a membership card, and for {n} more players to sit down (scan a QR code).", free.length, words);
  }
  // a long list of names says less than the outlined seats do
  const names = w.length > 6 ? t("{n} seats (outlined)", {n: w.length}) : list(w.map((s) => who(tv, s)));
  const what = {setup: t("Waiting for {who} to place a membership card.", {who: names}), election: t("Waiting for {who} to reveal or abstain.", {who: names}),
    presidency: t("Waiting for {who} to parley, defect, accuse or pass.", {who: names}), parley: t("Waiting for {who} to answer the parley.", {who: names}),
    replace_membership: t("Waiting for {who} to place a membership card.", {who: names}), enact: t("Waiting for {who} to enact a policy.", {who: names})}[tv.phase];
  return what || t("Waiting for {who}.", {who: names});
}

// ctx.join(seat): a free seat's join QR code and address, or null; ctx.refusal(seat): a virtual pad
// press the box turned down a moment ago, or null; ctx.mock: the virtual pads are shown, ctx.press
// presses one.
export function render(tv, ctx) { draw(tv, ctx, false); }

// A step of a finished game's retelling: the same table, and every secret of that moment on the seats
// (each hand, the vote selected, membership and network) and the President's parley offer.
export function retell(tv, ctx) { draw(tv, ctx, true); }

function draw(tv, ctx, open) {
  const c = tv.campaign;
  $("stability").replaceChildren(pips(tv.stability), el("span", {text: ` ${tv.stability}`}),
    c && c.generation > 1 ? el("span", {class: "muted", "data-carried": "", text: " · " + t("carried over from generation {n} (+1, at most 5)", {n: c.generation - 1})}) : "");
  const wrong = tv.incorrect_accusations;
  $("crisis").replaceChildren(el("b", {text: t("Wrong accusations") + " "}), el("span", {class: "marks", "aria-label": t("{k} of 3", {k: wrong})},
    ...[0, 1, 2].map((i) => el("span", {class: i < wrong ? "on" : ""}))), el("span", {class: wrong >= 2 ? "hot" : "muted", text: " " +
      (wrong >= 2 ? t("{k} of 3 since the election: one more is a crisis", {k: wrong}) : t("{k} of 3 since the election", {k: wrong}))}));
  $("crisis").dataset.crisis = wrong;
  const echo = echoIndex(tv);
  $("policies").replaceChildren(chips(tv.policies, tv.streak, echo),
    echo !== null ? el("div", {class: "muted", text: tv.policies[echo].color === "red" ?
      t("echo: a free red policy carried from generation {n}'s win; it counts toward the end", {n: c.generation - 1}) :
      t("echo: a free black policy carried from generation {n}'s win; it counts toward the end", {n: c.generation - 1})}) : "");
  $("streak").textContent = tv.streak.color ? "· " + (tv.streak.color === "red" ? t("{n} red in a row (wins at {k})", {n: tv.streak.length, k: tv.stability}) :
    t("{n} black in a row (wins at {k})", {n: tv.streak.length, k: tv.stability})) : "";
  renderElection(tv, open);
  renderSeats(tv, ctx, open);
  const board = $("seats").closest(".board");
  board.toggleAttribute("data-open", open);  // a retelling's seats hold more
  centreMiddle(board, open);
  follow(board);
  const res = $("result"); res.hidden = !c; res.replaceChildren();
  if (c) {
    res.append(el("h2", {text: c.over ? t("Campaign over: final scores after {n} generations", {n: c.generations}) : t("Campaign: generation {n} of {total}", {n: c.generation, total: c.generations})}));
    if (c.over) res.append(el("div", {class: "win", text: t("{winners} (most VP; XP breaks a tie)", {winners: campaignWinners(c, tv)})}));
    res.append(scoreTable(tv), el("h2", {text: t("Generations")}), historyTable(tv));
  }
}

function cardsRow(tv, items) {
  return el("div", {class: "hand"}, ...items.map((x) => el("div", {}, el("div", {class: "muted name", text: who(tv, x.seat)}), cardFace(x.card, "div", {class: "small"}))));
}

function renderElection(tv, open) {
  const elec = $("election"); elec.replaceChildren();
  if (tv.phase === "election") elec.append(el("div", {text: (tv.round > 1 ? t("Election: tie round {n}", {n: tv.round - 1}) : t("Election")) + " · " +
    t("{k} of {n} pressed", {k: tv.pressed.length, n: tv.eligible.length})}));
  if (tv.president !== null && tv.president !== undefined) elec.append(el("div", {text: t("President: {who}", {who: who(tv, tv.president)}) +
    (tv.barred.length ? " · " + t("may not be accused: {who}", {who: list(tv.barred.map((s) => who(tv, s)))}) : "")}));
  if (tv.parley) elec.append(el("div", {text: t("Parley: {who} offers {cards} to {other}",
    {who: who(tv, tv.parley.president), cards: cardCount(tv.parley.count), other: who(tv, tv.parley.target)})}));
  const offered = open && tv.reveal && tv.reveal.parley_offered;
  if (offered) elec.append(el("div", {class: "endline", "data-offered": ""}, el("span", {class: "muted", text: t("offered:") + " "}), ...offered.map((x) => cardMark(x))));
  // in a tie round every card shown so far lies on the table (the last round's among them): shown once
  if (tv.table_cards.length) elec.append(el("div", {"data-cards": "table"}, el("b", {text: t("On the table from this election's earlier rounds")}), cardsRow(tv, tv.table_cards)));
  else if (tv.revealed.length) elec.append(el("div", {"data-cards": "revealed"}, el("b", {text: t("Revealed in the last vote")}), cardsRow(tv, tv.revealed)));
  if (!elec.childNodes.length) elec.append(el("span", {class: "muted", text: t("No cards on the table.")}));
  // the end: how the seats' secrets below decide who is aligned
  if (tv.over && tv.reveal && tv.winning_color) elec.append(el("div", {class: "muted", "data-aligned-rule": "",
    text: t("Aligned: a network of two {colour} cards, or a mixed network and a {colour} membership card.", {colour: colourWord(tv.winning_color)})}));
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
  return card ? cardMark(card, {"data-member": card}) : el("span", {text: t("none")});
}
function cardMark(card, attrs = {}) {
  const c = colour(card);
  return el("span", {...attrs, class: `mem ${c} ${attrs.class || ""}`, title: label(card), text: JOKER[card] ? `★ ${c === "neutral" ? t("neutral") : colourWord(c)}` : label(card)});
}

// A retelling's board is lower (its bar is above it) and its middle may be taller (every secret shown):
// on the oval table the middle sits halfway between the seats above it and those below it, so a seat
// in the middle of the top or bottom row leaves it room.
// When the middle is taller than the room between those rows (a big table late in a long game: a
// crisis, a tie's cards, a row of thirteen revealed cards), its two panels go side by side across the
// whole room between the seats at the ends, which a table of ten or more leaves wide.
// The board's height follows what is above it (a retelling's step told in one line or two): the
// middle is placed again whenever the board changes size.
let watched = null, resized = null;
function follow(board) {
  if (watched === board || typeof ResizeObserver === "undefined") return;
  if (resized) resized.disconnect();
  watched = board;
  resized = new ResizeObserver(() => centreMiddle(board, board.hasAttribute("data-open")));
  resized.observe(board);
}

function centreMiddle(board, open) {
  const mid = board.querySelector(".top");
  mid.style.top = mid.style.width = "";  // the live table: where the style sheet puts it
  board.removeAttribute("data-tight");
  if (!open || getComputedStyle(mid).position !== "absolute") return;  // not a TV: the seats are a grid
  const b = board.getBoundingClientRect(), seats = [...board.querySelectorAll(".seat")].map((s) => s.getBoundingClientRect());
  const room = (m) => {
    let above = b.top, below = b.bottom, left = b.left, right = b.right;
    for (const r of seats) {
      if (r.right <= m.left || r.left >= m.right) continue;  // beside the middle, not above or below it
      if (r.top + r.height / 2 < b.top + b.height / 2) above = Math.max(above, r.bottom);
      else below = Math.min(below, r.top);
    }
    for (const r of seats) {
      if (r.bottom <= above || r.top >= below) continue;  // above or below the room, not beside it
      if (r.left + r.width / 2 < b.left + b.width / 2) left = Math.max(left, r.right);
      else right = Math.min(right, r.left);
    }
    return {above, below, left, right};
  };
  let m = mid.getBoundingClientRect(), r = room(m);
  if (m.height > r.below - r.above - 8) {
    board.setAttribute("data-tight", "");
    mid.style.width = `${Math.max(m.width, r.right - r.left - 24)}px`;
    m = mid.getBoundingClientRect();
    r = room(m);
  }
  mid.style.top = `${(r.above + r.below) / 2 - b.top}px`;
}

function seatColumns(n) {
  // one row up to 7 seats on a wide screen, else two rows (14 seats: 7 by 2)
  return n <= 7 ? n : Math.ceil(n / 2);
}

function renderSeats(tv, ctx, open) {
  const grid = $("seats"); grid.replaceChildren();
  grid.style.setProperty("--cols", seatColumns(tv.players));
  grid.style.setProperty("--rows", Math.ceil(tv.players / seatColumns(tv.players)));
  // on a big screen the seats sit around an oval table (app.css, "a room"): each seat's place on it
  const n = tv.players;
  grid.dataset.n = n <= 6 ? "few" : n <= 10 ? "some" : "many";
  grid.dataset.side = n <= 4 ? "0" : n <= 7 ? "1" : "2";  // seats at each end of the table (see around)
  const w = tv.awaiting, c = tv.campaign, seats = ctx.seats();
  for (let s = 0; s < tv.players; s++) {
    const claim = seats ? seats.seats[s] : null;
    const no = ctx.refusal(s);
    const seat = el("div", {class: "seat" + (w.includes(s) ? " wait" : "") + (no ? " refused" : ""), "data-seat": s});
    const [fx, fy] = around(s, n);
    seat.style.setProperty("--fx", fx.toFixed(3)); seat.style.setProperty("--fy", fy.toFixed(3));
    seat.append(el("h2", {title: tv.names[s] || ""}, el("span", {text: t("Seat {n}", {n: s})}), tv.names[s] ? el("span", {class: "name", text: ` ${tv.names[s]}`}) : ""));
    const tags = [];
    if (s === tv.president) tags.push(badge(t("President"), "pres"));
    if (tv.barred.includes(s)) tags.push(badge(t("not accusable")));
    // a retelling outlines the seats awaited and the card each chose: no badge says it again
    if (tv.pressed.includes(s) && !open) tags.push(badge(t("pressed")));
    if (w.includes(s) && !open) tags.push(badge(t("to act")));
    if (!tv.hand_counts[s]) tags.push(badge(t("out")));
    if (tv.over && tv.winners.includes(s)) tags.push(badge(t("winner"), "pres"));
    if (tv.over && c && c.winners.includes(s)) tags.push(badge(t("campaign winner"), "pres"));
    // the end (or any step of a retelling): every seat's secrets, in the room the seat has
    const shown = (open || tv.over) && tv.reveal;
    if (shown && tv.reveal.aligned.includes(s)) tags.push(badge(t("aligned"), "aligned"));
    const score = (c ? t("VP {n}", {n: c.vp[s]}) + " · " : "") + t("XP {n}", {n: tv.xp[s]});
    // a retelling shows the hand itself (not its count), and the score and the badges share a line
    if (open) seat.append(el("div", {}, el("span", {text: `${score} `}), ...tags));
    else seat.append(el("div", {text: score + " · " + cardCount(tv.hand_counts[s])}), el("div", {}, ...tags));
    if (no) seat.append(el("div", {class: "refusal", role: "alert", text: no}));
    const join = ctx.join(s);
    if (join) seat.append(...join);
    else if (claim && !shown) seat.append(el("div", {class: claim.bot ? "muted" : "muted claim", text: claim.bot ? t("bot") : t("joined")}));
    if (shown) {
      const net = tv.reveal.network, pair = [net[(s + n - 1) % n], net[s]];
      seat.append(el("div", {class: "small-text endline", "data-membership": s}, el("span", {class: "muted", text: t("membership") + " "}), memberMark(tv.reveal.membership[s])),
        el("div", {class: "small-text endline", "data-network": s, title: networkWords(pair)}, el("span", {class: "muted", text: t("network") + " "}),
          ...pair.map((x) => el("span", {class: `mem ${x}`, "aria-label": colourWord(x), title: colourWord(x), text: x === "red" ? "♥" : "♠"}))));
    }
    const hand = open && tv.reveal && tv.reveal.hands ? tv.reveal.hands[s] : null;
    if (hand) {
      const vote = tv.reveal.selected ? tv.reveal.selected[s] : null;
      // the card it has chosen to reveal in this election, outlined
      const picked = (x) => (x === vote && tv.phase === "election" ? {"data-selected": s, class: "picked"} : {});
      seat.append(el("div", {class: "small-text hand-line", "data-hand": s}, el("span", {class: "muted", text: t("hand") + " "}),
        ...(hand.length ? byRank(hand).map((x) => cardMark(x, picked(x))) : [el("span", {text: t("empty")})])));
    }
    if (ctx.mock && tv.phase === "election") seat.append(el("div", {class: "pads"}, el("button", {type: "button", "data-pad": `${s}-reveal`, text: t("REVEAL"), onclick: () => ctx.press(s, "reveal")}),
      el("button", {type: "button", "data-pad": `${s}-abstain`, text: t("ABSTAIN"), onclick: () => ctx.press(s, "abstain")})));
    grid.append(seat);
  }
}

// a short blip when a vote is revealed, a chord at the end of a game
export function sound(before, tv, tone) {
  if (endChord(before, tv, tone)) return;
  const resolved = before.phase === "election" && before.pressed.length > 0 &&
    (tv.phase !== "election" || tv.round !== before.round || tv.pressed.length === 0);
  if (resolved) tone([880, 1320], 0.07);
}

// The reveal moment (table.js calls it after each new view of the same game): the last pad was pressed,
// so every seat's card shows large with what it meant, for a few seconds, then the picture settles into
// the log at the side.
const REVEAL_MS = 4500;
export function moment(before, tv) {
  if (!before || before.phase !== "election" || !before.pressed.length) return;
  const resolved = tv.phase !== "election" || tv.round !== before.round || tv.pressed.length === 0;
  if (!resolved || tv.version === before.version) return;
  const shown = tv.revealed;
  const coloured = shown.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const leaders = coloured.filter((x) => rankOf(x.card) === top).map((x) => x.seat);
  let head;
  if (!shown.length) head = t("Nobody revealed a card");
  else if (tv.phase === "election" && tv.round > 1 && before.round !== tv.round) {
    const tied = {who: list(leaders.map((s) => who(tv, s)))};
    head = tv.eligible.length === leaders.length ? t("Tie between {who}: they vote again", tied) : t("Tie between {who}: every seat that revealed votes again", tied);
  } else if (tv.president !== null && tv.president !== undefined && leaders.length === 1 && leaders[0] === tv.president)
    head = t("{who} is President with {card}", {who: cap(who(tv, tv.president)), card: label(shown.find((x) => x.seat === tv.president).card)});
  else if (tv.policies.length > before.policies.length)
    head = tv.policies[tv.policies.length - 1].color === "red" ? t("Consensus: a red policy passes") : t("Consensus: a black policy passes");
  else head = t("The votes are in");
  const box = $("bigreveal");
  box.dataset.n = before.eligible.length > 8 ? "many" : "few";
  box.replaceChildren(el("h2", {text: head}), el("div", {class: "row"}, ...before.eligible.map((s) => {
    const x = shown.find((y) => y.seat === s);
    return el("div", {class: "who" + (x && leaders.includes(s) ? " lead" : ""), "data-big-seat": s},
      x ? cardFace(x.card) : el("div", {class: "abst", text: t("abstained")}), el("span", {text: who(tv, s)}));
  })));
  box.classList.remove("settle"); box.hidden = false;
  clearTimeout(moment.t1); clearTimeout(moment.t2);
  moment.t1 = setTimeout(() => box.classList.add("settle"), REVEAL_MS);
  moment.t2 = setTimeout(() => { box.hidden = true; box.classList.remove("settle"); }, REVEAL_MS + 800);
}
