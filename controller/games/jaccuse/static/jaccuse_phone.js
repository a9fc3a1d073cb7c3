// J'Accuse on the phone: the prompt, the secret strip (membership and network, held to peek), this
// seat's feed, a tie round explained, the hand, the moves (membership, vote, parley, defect, accuse,
// enact, give XP) and the public table with the campaign. phone.js keeps the shared parts (join,
// stream, in-flight buttons, name, the table feed, the nudge); gamepart.js mounts this part's elements
// whenever J'Accuse is dealt, then phone.js calls render() with each view.
import {$, btn, cap, confirmButton, el, feedEntries, list, moveOf, refusalWords, who, whoSeat, whileHeld} from "./shell.js";
import {byRank, campaignWinners, cardCount, cardFace, chips, colour, colourWord, echoIndex, historyTable, label, memberChip,
  networkWords, pips, PHASE, rankOf, scoreTable, t, yours} from "./jaccuse_cards.js";

export const STYLES = "jaccuse.css";  // its own styles (gamepart.js links them)

// The rules' refusals by their code (the API's message stays English): one text per code, which says
// what every refusal of that code means without the seat numbers the English message names.
refusalWords(() => ({
  game_over: t("The game is over; nothing more can be played."),
  card_not_in_hand: t("That card is not in the hand."),
  wrong_phase: t("That cannot be done now."),
  not_president: t("Only the President can do that."),
  membership_placed: t("This seat has already placed a membership card."),
  not_your_turn: t("The table waits for another seat's membership card."),
  not_voting: t("This seat does not vote in this round."),
  already_pressed: t("This seat has already pressed in this round."),
  no_vote_selected: t("Select a card before pressing REVEAL."),
  parley_pending: t("The parley must be answered first."),
  parley_used: t("A President may parley only once per presidency."),
  parley_empty: t("A parley offers at least one card."),
  parley_too_many: t("That seat holds fewer cards than you offered."),
  not_parley_target: t("Only the seat offered the parley can answer it."),
  parley_wrong_count: t("Give back exactly as many cards as you were offered."),
  bad_target: t("Choose another seat than your own."),
  bad_color: t("An accusation names red or black."),
  target_out: t("That seat has no cards left and cannot be accused."),
  target_barred: t("That seat has been President since the last election and cannot be accused."),
  neutral_policy: t("A neutral joker has no colour and cannot be enacted."),
  bad_amount: t("Give at least 1 XP."),
  not_enough_xp: t("You do not have that much XP."),
}));
let ctx = null, me = null, mode = null, picked = [], target = null, accColour = null;
let seenFeed = 0, seenRefusals = null;
const send = (action) => ctx.send(action);
const setButtons = () => ctx.setButtons();

// a choice being made on this phone, cleared after each accepted action
export function reset() { mode = null; picked = []; target = null; accColour = null; }

// The game's own places in the page, around the shared ones: the tie panel under the prompt; the peek
// strip, the hand and the moves above "Tonight", so the seat's turn fits the first screen; the public
// table, then this seat's feed (folded, its newest line also under the prompt), above the games' panel.
// [data-live] marks the buttons that are off while the box is out of reach or busy.
const MARKUP = {
  away: `<div id="tie" class="panel tie jx" hidden></div>`,
  tonight: `<div class="panel jx">
      <button id="peek" class="peek" type="button" aria-label="${t("hold to see your membership and network")}">
        <span id="cover">${t("Hold here to peek at your membership and network")}</span>
        <span id="secret" class="secret" hidden></span>
      </button>
    </div>
    <div class="panel jx"><h2>${t("Your hand")} · <span id="handcount"></span></h2><div id="hand" data-live data-own-cards></div></div>
    <div class="panel jx" id="acts" data-live></div>`,
  bpanel: `<div class="panel jx" id="public"></div>
    <details class="panel jx" id="feedbox"><summary class="ctl">${t("What happened to you")}</summary><ol id="feed" class="feed"></ol></details>`,
};

export function mount() {
  const placed = [];
  for (const [before, html] of Object.entries(MARKUP)) {
    const tpl = document.createElement("template");
    tpl.innerHTML = html;
    const nodes = [...tpl.content.children];
    $(before).before(...nodes);
    placed.push(...nodes);
  }
  // hold to peek: shows the secret only while pressed
  whileHeld($("peek"), (on) => { $("secret").hidden = !on; $("cover").hidden = on; });
  return placed;
}


// two sentences one after the other (English puts a space between them, Chinese none)
function then(first, next) { return !next ? first : !first ? next : t("{first} {next}", {first, next}); }

function waitingFor(v) {
  const tv = v.table, w = tv.awaiting.filter((s) => s !== v.seat);
  return w.length ? t("Waiting for {who}.", {who: list(w.map((s) => who(tv, s)))}) : "";
}

// The end of a game, explained to this seat: the winner, whether it was aligned and why, and XP.
function endText(v) {
  const tv = v.table, col = tv.winning_color;
  if (!col) return t("Game over: no colour won, so nobody wins.");
  const net = v.network, mine = tv.reveal ? tv.reveal.membership[v.seat] : v.membership;
  let why;
  if (net[0] === net[1]) {
    const words = {colour: colourWord(net[0]), winner: colourWord(col)};
    why = net[0] === col ? t("Your network is both {colour}, so you were aligned with {winner}.", words) :
      t("Your network is both {colour}, so you were not aligned with {winner}.", words);
  } else {
    const mc = mine && colour(mine) !== "neutral" ? colour(mine) : null;
    const words = {one: colourWord(net[0]), other: colourWord(net[1]), card: mine ? label(mine) : "", colour: mc ? colourWord(mc) : t("no colour")};
    if (!mine) why = t("Your network is {one} and {other}, so your membership card decided: you had none, so you were not aligned.", words);
    else why = mc === col ? t("Your network is {one} and {other}, so your membership card decided: {card}, {colour}, so you were aligned.", words) :
      t("Your network is {one} and {other}, so your membership card decided: {card}, {colour}, so you were not aligned.", words);
  }
  const aligned = tv.reveal ? tv.reveal.aligned.includes(v.seat) : false;
  let end;
  if (tv.winners.includes(v.seat)) end = tv.winners.length > 1 ? t("You share the win!") : t("You win!");
  else if (aligned && tv.winners.length) {
    const words = {top: tv.xp[tv.winners[0]], mine: tv.xp[v.seat]};
    end = tv.winners.length > 1 ? t("You lost on XP: the winners had {top} XP, you had {mine}.", words) :
      t("You lost on XP: the winner had {top} XP, you had {mine}.", words);
  } else end = t("You did not win this time.");
  return then(then(t("Game over: {colour} wins.", {colour: colourWord(col)}), why), end);
}

export function prompt(v, shared) {
  const pads = shared.pads(), tv = v.table, acts = v.acts, c = tv.campaign, others = waitingFor(v);
  if (c && c.over) return then(c.winners.includes(v.seat) ? t("Campaign over: you won the campaign!") :
    t("Campaign over: {winners}.", {winners: campaignWinners(c, tv)}), t("You scored {n} VP.", {n: c.vp[v.seat]}));
  if (c && c.generation > 1 && tv.phase === "setup" && acts.includes("membership"))
    return t("Generation {n} of {total}: a new hand. Choose your new secret membership card: tap a card, then Place.", {n: c.generation, total: c.generations});
  if (tv.over) return endText(v);
  if (acts.includes("membership")) return tv.phase === "setup" ? t("Choose your secret membership card: tap a card, then Place.") :
    t("Place a membership card: tap a card, then Place (the same card as before is allowed).");
  if (tv.phase === "setup") return then(v.last_move_by === "bot" ? t("The bot placed a membership card for this seat before you took it (hold the grey panel to see it).") :
    t("Your membership card is placed."), others);
  if (acts.includes("vote")) {
    const sel = v.selected ? t("Selected: {card}.", {card: label(v.selected)}) : "";
    const tie = tv.round > 1 ? t("Tie round {n}: you vote again.", {n: tv.round - 1}) : "";
    return then(tie, then(pads === "phone" ? t("Tap a card, then REVEAL, or ABSTAIN.") :
      t("Tap a card to select it, then press REVEAL or ABSTAIN on your pad."), sel));
  }
  if (acts.includes("parley_reply")) {
    return t("{who}, the President, offers you {cards} in a parley. Choose {cards} of yours to give back.",
      {who: cap(who(tv, tv.parley.president)), cards: cardCount(tv.parley.count)});
  }
  if (acts.includes("enact")) return t("Your accusation was right. Enact a red or black card as a policy.");
  // a President made by a wrong accusation is told so where the eye is (the feed says it far below)
  const wrong = tv.incorrect_accusations > 0 && ["presidency", "parley"].includes(tv.phase);
  const why = (s) => (!wrong ? "" : s === v.seat ?
    t("(The accusation against you was wrong: {k} of 3 since the election, and the third is a crisis.)", {k: tv.incorrect_accusations}) :
    t("(The accusation against {who} was wrong: {k} of 3 since the election, and the third is a crisis.)", {who: who(tv, s), k: tv.incorrect_accusations}));
  if (acts.includes("pass")) return then(then(t("You are President."), why(v.seat)), acts.includes("parley") ?
    t("You may parley first, then defect, accuse or pass.") : t("Defect, accuse or pass."));
  if (tv.phase === "election") {
    const tie = tv.round > 1 ? t("Tie round {n}.", {n: tv.round - 1}) : "";
    if (tv.pressed.includes(v.seat)) {
      // which card is locked in (the view keeps it in `selected`), and who pressed: you, or the bot before you sat down
      const card = v.selected ? label(v.selected) : "";
      const what = v.selected ? t("REVEAL is pressed: {card} is locked in.", {card}) : t("You abstained this round.");
      const by = v.last_move_by === "bot" ? (v.selected ? t("The bot pressed REVEAL for this seat before you took it: {card} is locked in.", {card}) :
        t("The bot abstained for this seat before you took it.")) : what;
      return then(then(tie, by), others || t("Waiting for the others."));
    }
    if (tv.table_cards.some((x) => x.seat === v.seat)) return then(then(tie, t("Your card lies on the table in this tie round; the seats still holding cards vote again.")), others);
    if (!tv.eligible.includes(v.seat)) {
      // out of this round: with no cards at all, or (in a tie round) because only the last round's revealers vote
      if (!v.hand.length) return then(then(tie, t("You have no cards: you sit this election out.")), others);
      return then(tv.round > 1 ? t("Tie round {n}: only the seats that revealed in the last round vote again; you wait.", {n: tv.round - 1}) :
        t("You do not vote in this round."), others);
    }
  }
  if (tv.phase === "parley" && tv.parley && tv.parley.president === v.seat) return t("You offered a parley: waiting for {who} to answer.", {who: who(tv, tv.parley.target)});
  if (tv.phase === "replace_membership" && tv.replacing !== null && tv.replacing !== undefined)
    return t("Waiting for {who} to place a new membership card.", {who: who(tv, tv.replacing)});
  if (tv.president === v.seat && (tv.phase === "presidency" || tv.phase === "parley")) return then(then(t("You are President."), why(v.seat)), others);
  if (tv.president !== null && tv.president !== undefined && tv.phase !== "election")
    return then(then(t("{who} is President.", {who: cap(who(tv, tv.president))}), why(tv.president)), others);
  return then(t("Nothing to do right now."), others);
}

function cardButtons(cards, onTap, enabled, selected) {
  const box = el("div", {class: "hand"});
  for (const c of cards) {
    const b = cardFace(c, "button", {type: "button"});
    b.setAttribute("aria-pressed", selected(c) ? "true" : "false");
    if (!enabled(c)) { b.disabled = true; b.dataset.off = "1"; } else b.addEventListener("click", () => onTap(c));
    box.append(b);
  }
  return box;
}

// the header's phase, with the campaign's generation
export function phaseText(tv) {
  const c = tv.campaign;
  return (c ? (c.over ? t("Campaign over") : t("Generation {n}/{total} · ", {n: c.generation, total: c.generations})) : "") +
    (c && c.over ? "" : PHASE[tv.phase] || tv.phase);
}

export function render(v, c) {
  // a new game (its first view) starts with nothing chosen and a fresh feed
  if (me && v.table.version === 0 && me.table.version > 0) { mode = null; picked = []; seenFeed = 0; }
  me = v; ctx = c; const tv = v.table;
  // secret strip contents (shown only while held)
  const sec = $("secret"); sec.replaceChildren();
  sec.append(el("div", {}, el("div", {class: "muted", text: t("membership")}),
    v.membership ? cardFace(v.membership, "div", {class: "small"}) : el("span", {text: t("none yet")})));
  const n = tv.players, left = (v.seat + n - 1) % n, right = (v.seat + 1) % n;
  sec.append(el("div", {}, el("div", {class: "muted", text: t("network with {who}", {who: who(tv, left)})}), el("span", {class: `net ${v.network[0]}`, "data-net": v.network[0], text: colourWord(v.network[0])})));
  sec.append(el("div", {}, el("div", {class: "muted", text: t("network with {who}", {who: who(tv, right)})}), el("span", {class: `net ${v.network[1]}`, "data-net": v.network[1], text: colourWord(v.network[1])})));
  renderFeed(v); renderTie(v); renderHand(v); renderActs(v); renderTable(v);
  // a pad press the box refused (REVEAL with no card chosen) flashes here, as the pad's light does
  if (seenRefusals !== null && v.pad_refusals > seenRefusals) ctx.flash(t("Your REVEAL was refused: pick a card first."));
  seenRefusals = v.pad_refusals;
}

function renderFeed(v) {
  const items = feedEntries(v.feed || []);
  $("feedbox").hidden = !items.length;
  $("feed").replaceChildren(...items.map((x) => el("li", {class: x.version > seenFeed && seenFeed ? "new" : "", text: x.text})));
  if (items.length) seenFeed = Math.max(seenFeed, items[0].version);
}

// A tie round explained where it is seen first: between whom, why, who votes again, and the cards.
function renderTie(v) {
  const tv = v.table, box = $("tie");
  box.hidden = !(tv.phase === "election" && tv.round > 1);
  if (box.hidden) { box.replaceChildren(); return; }
  const coloured = tv.revealed.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const tied = coloured.filter((x) => rankOf(x.card) === top);
  const voters = tv.eligible.map((s) => (s === v.seat ? t("you") : who(tv, s)));
  const one = tv.eligible.length === 1 && tv.eligible[0] !== v.seat;  // "seat 3 votes", "you vote"
  const again = {who: cap(list(voters))};
  box.replaceChildren(el("b", {text: t("Tie round {n}: ", {n: tv.round - 1})}),
    el("span", {text: then(t("{who} tied for the highest card, so nobody was elected.",
      {who: list(tied.map((x) => t("{who} ({card})", {who: who(tv, x.seat), card: label(x.card)})))}),
    one ? t("{who} votes again; the cards shown stay on the table.", again) : t("{who} vote again; the cards shown stay on the table.", again))}),
    el("div", {class: "hand small", "data-tie": ""}, ...tv.table_cards.map((x) => el("div", {class: tied.some((y) => y.seat === x.seat) ? "tied" : ""},
      el("div", {class: "muted name", text: who(tv, x.seat)}), cardFace(x.card, "div", {class: "small"})))));
}

function cardMode() {
  if (!me) return null;
  for (const a of ["membership", "vote", "parley_reply", "enact"]) if (moveOf(me, a)) return a;
  return mode === "parley" || mode === "defect" ? mode : null;
}

function renderHand(v) {
  const m = cardMode(), mv = m && moveOf(me, m);
  const allowed = new Set(mv ? mv.cards : []);
  const multi = m === "parley" || m === "parley_reply";
  const hand = cardButtons(byRank(v.hand), (c) => {
    if (m === "vote") { send({act: "vote", card: c}); return; }
    if (multi) {
      const i = picked.indexOf(c);
      if (i >= 0) picked.splice(i, 1); else picked.push(c);
    } else picked = [c];
    renderHand(me); renderActs(me); setButtons();
  }, (c) => allowed.has(c), (c) => (m === "vote" ? v.selected === c : picked.includes(c)));
  // after REVEAL the hand is greyed: the card locked in stays marked
  const locked = v.table.phase === "election" && v.table.pressed.includes(v.seat) && v.selected;
  if (locked) {
    const b = hand.querySelector(`[data-card="${v.selected}"]`);
    if (b) { b.classList.add("locked"); b.append(el("span", {class: "lockmark", text: t("locked in")})); }
  }
  $("hand").replaceChildren(hand);
  $("handcount").textContent = cardCount(v.hand.length);
}

// the choices a move opens (the seats and colours to accuse, the seats to parley with) grow the moves'
// panel below the first screen: scroll so the whole panel is in sight (or its top, if it is taller)
function inView() {
  const box = $("acts"), r = box.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= innerHeight) return;
  box.scrollIntoView({block: r.height > innerHeight ? "start" : "end", behavior: "smooth"});
}

function renderActs(v) {
  const box = $("acts"); box.replaceChildren();
  const tv = v.table;
  if (tv.over) { box.append(ctx.playAgain()); return; }
  const one = picked[0];
  if (moveOf(me, "membership")) box.append(btn(one ? t("Place {card} as membership", {card: label(one)}) : t("Place (pick a card)"), () => send({act: "membership", card: one}), "primary", !one));
  if (moveOf(me, "vote") && ctx.pads() === "phone") {
    // REVEAL says why it is off: a vote needs a card first
    box.append(btn(moveOf(me, "reveal") ? t("REVEAL") : t("REVEAL (tap a card first)"), () => send({act: "reveal"}), "primary", !moveOf(me, "reveal")));
    box.append(btn(t("ABSTAIN"), () => send({act: "abstain"})));
  }
  const reply = moveOf(me, "parley_reply");
  if (reply) box.append(btn(t("Give back {picked}/{n}", {picked: picked.length, n: reply.count}), () => send({act: "parley_reply", cards: picked}), "primary", picked.length !== reply.count));
  if (moveOf(me, "enact")) box.append(btn(one ? t("Enact {card}", {card: label(one)}) : t("Enact (pick a card)"), () => send({act: "enact", card: one}), "primary", !one));
  if (moveOf(me, "pass")) {
    const row = el("div");
    const named = {parley: t("Parley"), defect: t("Defect"), accuse: t("Accuse")};
    for (const a of ["parley", "defect", "accuse"]) if (moveOf(me, a)) row.append(btn(named[a], () => { mode = mode === a ? null : a; picked = []; target = null; accColour = null; renderHand(me); renderActs(me); setButtons(); if (mode) inView(); }, "", false, {"data-mode": a}));
    row.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === mode)));
    row.append(confirmButton(t("Pass"), t("End your presidency without acting?"), t("Yes, pass"), () => send({act: "pass"})));
    box.append(row);
    if (mode === "parley") {
      const mv = moveOf(me, "parley");
      box.append(el("p", {text: t("Offer to:")}), el("div", {}, ...mv.targets.map((x) => {
        const b = btn(t("{who} (max {n})", {who: whoSeat(tv, x.seat), n: x.max}), () => { target = x.seat; renderActs(me); setButtons(); });
        b.dataset.target = x.seat; b.setAttribute("aria-pressed", String(target === x.seat)); return b; })));
      const mx = target === null ? 0 : mv.targets.find((x) => x.seat === target).max;
      box.append(el("p", {class: "muted", text: t("Tap the cards to offer in your hand.")}),
        btn(target === null ? t("Offer (pick a seat)") : !picked.length ? t("Offer to {who} (tap cards to offer)", {who: whoSeat(tv, target)}) :
          t("Offer {cards} to {who}", {cards: cardCount(picked.length), who: whoSeat(tv, target)}), () => send({act: "parley", target, cards: picked}), "primary", target === null || !picked.length || picked.length > mx));
    }
    if (mode === "defect") box.append(el("p", {class: "muted", text: t("Tap your new membership card in your hand.")}),
      btn(one ? t("Defect: new membership {card}", {card: label(one)}) : t("Defect (pick a card)"), () => send({act: "defect", card: one}), "primary", !one));
    if (mode === "accuse") {
      const mv = moveOf(me, "accuse");
      box.append(el("p", {text: t("Accuse:")}), el("div", {}, ...mv.targets.map((s) => {
        const b = btn(whoSeat(tv, s), () => { target = s; renderActs(me); setButtons(); });
        b.dataset.target = s; b.setAttribute("aria-pressed", String(target === s)); return b; })));
      box.append(el("p", {text: t("of being:")}), el("div", {}, ...mv.colors.map((c) => {
        const b = btn((c === "red" ? "♥ " : "♠ ") + colourWord(c), () => { accColour = c; renderActs(me); setButtons(); }); b.setAttribute("aria-pressed", String(accColour === c)); return b; })));
      box.append(btn(target === null ? t("Accuse (pick a seat)") : !accColour ? t("Accuse {who} (pick a colour)", {who: whoSeat(tv, target)}) :
        t("Accuse {who} of being {colour}", {who: whoSeat(tv, target), colour: colourWord(accColour)}), () => send({act: "accuse", target, color: accColour}), "primary", target === null || !accColour));
    }
  }
  const gx = moveOf(me, "give_xp");
  if (gx) {
    const sel = el("select", {id: "xpto", "aria-label": t("give XP to"), class: "ctl"}, ...gx.to.map((s) => el("option", {value: s, text: whoSeat(tv, s)})));
    const amt = el("input", {id: "xpamt", type: "number", min: 1, max: gx.max, value: 1, "aria-label": t("amount"), class: "ctl num"});
    box.append(el("details", {}, el("summary", {text: t("Give XP (you have {n})", {n: gx.max}), class: "ctl"}), sel, amt,
      btn(t("Give"), () => send({act: "give_xp", to: Number(sel.value), amount: Number(amt.value)}))));
  }
}

function renderTable(v) {
  const tv = v.table, box = $("public"); box.replaceChildren();
  const c = tv.campaign, echo = echoIndex(tv);
  box.append(el("div", {}, el("b", {text: t("Stability") + " "}), pips(tv.stability),
    c && c.generation > 1 ? el("span", {class: "muted", text: " " + t("carried over from generation {n}", {n: c.generation - 1})}) : ""));
  box.append(el("div", {"data-crisis": tv.incorrect_accusations}, el("b", {text: t("Wrong accusations") + " "}),
    el("span", {class: tv.incorrect_accusations >= 2 ? "hot" : "", text: t("{k} of 3", {k: tv.incorrect_accusations})}),
    el("span", {class: "muted", text: " " + t("since the election (the third is a crisis)")})));
  box.append(el("div", {}, el("b", {text: t("Policies")}), chips(tv.policies, tv.streak, echo),
    echo !== null ? el("div", {class: "muted", text: t("echo: the last generation's winning colour, passed for free")}) : ""));
  const shown = tv.table_cards.length ? tv.table_cards : tv.revealed;
  if (shown.length) box.append(el("div", {}, el("b", {text: tv.table_cards.length ? t("On the table (tie round)") : t("Revealed in the last vote")}),
    el("div", {class: "hand small"}, ...shown.map((x) => el("div", {}, el("div", {class: "muted name", text: who(tv, x.seat)}), cardFace(x.card, "div", {class: "small"}))))));
  const rows = el("table", {}, el("tr", {}, ...[t("seat"), ...(c ? [t("VP")] : []), t("XP"), t("cards"), ""].map((h) => el("th", {text: h}))));
  for (let s = 0; s < tv.players; s++) {
    const tags = [];
    if (s === tv.president) tags.push(t("President"));
    if (tv.barred.includes(s)) tags.push(t("can't be accused"));
    if (tv.awaiting.includes(s)) tags.push(t("to act"));
    if (tv.over && tv.winners.includes(s)) tags.push(t("winner"));
    const name = tv.names[s] ? `${s} · ${tv.names[s]}` : String(s);
    rows.append(el("tr", {}, el("td", {text: s === v.seat ? yours(name) : name}), ...(c ? [el("td", {class: "vp", text: c.vp[s]})] : []), el("td", {text: tv.xp[s]}), el("td", {text: tv.hand_counts[s]}), el("td", {text: tags.join(t(", "))})));
  }
  box.append(rows);
  if (tv.over && tv.reveal) {
    const n = tv.players, net = tv.reveal.network;
    box.append(el("h2", {text: t("Everyone's cards")}), el("table", {class: "reveal jreveal"},
      el("tr", {}, ...[t("seat"), t("membership"), t("network"), ""].map((h) => el("th", {text: h}))),
      ...tv.reveal.membership.map((m, s) => el("tr", {"data-reveal-seat": s}, el("td", {text: who(tv, s)}), el("td", {}, memberChip(m)),
        el("td", {class: "small-text", text: networkWords([net[(s + n - 1) % n], net[s]])}),
        el("td", {}, tv.reveal.aligned.includes(s) ? el("span", {class: "win", text: t("aligned")}) : "")))));
  }
  if (c) {
    box.append(el("h2", {text: c.over ? t("Final scores") : t("Campaign: generation {n} of {total}", {n: c.generation, total: c.generations})}));
    if (c.over) box.append(el("div", {class: "win", text: t("{winners} (XP breaks a tie in VP)", {winners: campaignWinners(c, tv)})}), scoreTable(tv, v.seat));
    else box.append(el("div", {class: "muted", text: t("VP: 1 when your membership matches a generation's winning colour; networks score at the end.")}));
    box.append(el("h2", {text: t("Generations")}), historyTable(tv, v.seat));
  }
}
