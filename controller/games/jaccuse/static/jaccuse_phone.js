// J'Accuse on the phone: the prompt, the secret strip (membership and network, held to peek), this
// seat's feed, a tie round explained, the hand, the moves (membership, vote, parley, defect, accuse,
// enact, give XP) and the public table with the campaign. phone.js keeps the shared parts (join,
// stream, in-flight buttons, name, the table feed, the nudge); gamepart.js mounts this part's elements
// whenever J'Accuse is dealt, then phone.js calls render() with each view.
import {$, btn, cap, confirmButton, count, el, feedEntries, list, moveOf, who, whoSeat, whileHeld} from "./shell.js";
import {byRank, campaignWinners, cardFace, chips, colour, echoIndex, historyTable, label, memberChip, networkWords, pips,
  PHASE, rankOf, scoreTable} from "./jaccuse_cards.js";

export const STYLES = "jaccuse.css";  // its own styles (gamepart.js links them)
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
      <button id="peek" class="peek" type="button" aria-label="hold to see your membership and network">
        <span id="cover">Hold here to peek at your membership and network</span>
        <span id="secret" class="secret" hidden></span>
      </button>
    </div>
    <div class="panel jx"><h2>Your hand · <span id="handcount"></span></h2><div id="hand" data-live data-own-cards></div></div>
    <div class="panel jx" id="acts" data-live></div>`,
  bpanel: `<div class="panel jx" id="public"></div>
    <details class="panel jx" id="feedbox"><summary class="ctl">What happened to you</summary><ol id="feed" class="feed"></ol></details>`,
};

export function mount() {
  const placed = [];
  for (const [before, html] of Object.entries(MARKUP)) {
    const t = document.createElement("template");
    t.innerHTML = html;
    const nodes = [...t.content.children];
    $(before).before(...nodes);
    placed.push(...nodes);
  }
  // hold to peek: shows the secret only while pressed
  whileHeld($("peek"), (on) => { $("secret").hidden = !on; $("cover").hidden = on; });
  return placed;
}


function waitingFor(v) {
  const t = v.table, w = t.awaiting.filter((s) => s !== v.seat);
  return w.length ? ` Waiting for ${list(w.map((s) => who(t, s)))}.` : "";
}

// The end of a game, explained to this seat: the winner, whether it was aligned and why, and XP.
function endText(v) {
  const t = v.table, col = t.winning_color;
  if (!col) return "Game over: no colour won, so nobody wins.";
  const net = v.network, mine = t.reveal ? t.reveal.membership[v.seat] : v.membership;
  let why;
  if (net[0] === net[1]) why = `Your network is both ${net[0]}, so you were ${net[0] === col ? "" : "not "}aligned with ${col}.`;
  else {
    const mc = mine && colour(mine) !== "neutral" ? colour(mine) : "no colour";
    why = `Your network is ${net[0]} and ${net[1]}, so your membership card decided: ` +
      (mine ? `${label(mine)}, ${mc}` : "you had none") + `, so you were ${mc === col ? "" : "not "}aligned.`;
  }
  const aligned = t.reveal ? t.reveal.aligned.includes(v.seat) : false;
  let end;
  if (t.winners.includes(v.seat)) end = t.winners.length > 1 ? " You share the win!" : " You win!";
  else if (aligned && t.winners.length) {
    const top = t.xp[t.winners[0]];
    end = ` You lost on XP: the winner${t.winners.length > 1 ? "s" : ""} had ${top} XP, you had ${t.xp[v.seat]}.`;
  } else end = " You did not win this time.";
  return `Game over: ${col} wins. ${why}${end}`;
}

export function prompt(v, shared) {
  const pads = shared.pads(), t = v.table, acts = v.acts, c = t.campaign, others = waitingFor(v);
  if (c && c.over) return "Campaign over: " + (c.winners.includes(v.seat) ? "you won the campaign!" : campaignWinners(c, t) + ".") +
    ` You scored ${c.vp[v.seat]} VP.`;
  if (c && c.generation > 1 && t.phase === "setup" && acts.includes("membership"))
    return `Generation ${c.generation} of ${c.generations}: a new hand. Choose your new secret membership card: tap a card, then Place.`;
  if (t.over) return endText(v);
  if (acts.includes("membership")) return t.phase === "setup" ? "Choose your secret membership card: tap a card, then Place." :
    "Place a membership card: tap a card, then Place (the same card as before is allowed).";
  if (t.phase === "setup") return (v.last_move_by === "bot" ? "The bot placed a membership card for this seat before you took it (hold the grey panel to see it)." :
    "Your membership card is placed.") + others;
  if (acts.includes("vote")) {
    const sel = v.selected ? ` Selected: ${label(v.selected)}.` : "";
    const tie = t.round > 1 ? `Tie round ${t.round - 1}: you vote again. ` : "";
    return tie + (pads === "phone" ? `Tap a card, then REVEAL, or ABSTAIN.${sel}` :
      `Tap a card to select it, then press REVEAL or ABSTAIN on your pad.${sel}`);
  }
  if (acts.includes("parley_reply")) {
    const n = count(t.parley.count);
    return `${cap(who(t, t.parley.president))}, the President, offers you ${n} in a parley. Choose ${n} of yours to give back.`;
  }
  if (acts.includes("enact")) return "Your accusation was right. Enact a red or black card as a policy.";
  // a President made by a wrong accusation is told so where the eye is (the feed says it far below)
  const wrong = t.incorrect_accusations > 0 && ["presidency", "parley"].includes(t.phase);
  const why = (s) => (wrong ? ` (The accusation against ${s === v.seat ? "you" : who(t, s)} was wrong: ` +
    `${t.incorrect_accusations} of 3 since the election, and the third is a crisis.)` : "");
  if (acts.includes("pass")) return "You are President." + why(v.seat) + (acts.includes("parley") ?
    " You may parley first, then defect, accuse or pass." : " Defect, accuse or pass.");
  if (t.phase === "election") {
    const tie = t.round > 1 ? `Tie round ${t.round - 1}. ` : "";
    if (t.pressed.includes(v.seat)) {
      // which card is locked in (the view keeps it in `selected`), and who pressed: you, or the bot before you sat down
      const what = v.selected ? `REVEAL is pressed: ${label(v.selected)} is locked in.` : "You abstained this round.";
      const by = v.last_move_by === "bot" ? (v.selected ? `The bot pressed REVEAL for this seat before you took it: ${label(v.selected)} is locked in.` :
        "The bot abstained for this seat before you took it.") : what;
      return tie + by + (others || " Waiting for the others.");
    }
    if (t.table_cards.some((x) => x.seat === v.seat)) return tie + "Your card lies on the table in this tie round; the seats still holding cards vote again." + others;
    if (!t.eligible.includes(v.seat)) {
      // out of this round: with no cards at all, or (in a tie round) because only the last round's revealers vote
      if (!v.hand.length) return tie + "You have no cards: you sit this election out." + others;
      return (t.round > 1 ? `Tie round ${t.round - 1}: only the seats that revealed in the last round vote again; you wait.` :
        "You do not vote in this round.") + others;
    }
  }
  if (t.phase === "parley" && t.parley && t.parley.president === v.seat) return `You offered a parley: waiting for ${who(t, t.parley.target)} to answer.`;
  if (t.phase === "replace_membership" && t.replacing !== null && t.replacing !== undefined)
    return `Waiting for ${who(t, t.replacing)} to place a new membership card.`;
  if (t.president === v.seat && (t.phase === "presidency" || t.phase === "parley")) return "You are President." + why(v.seat) + others;
  if (t.president !== null && t.president !== undefined && t.phase !== "election") return `${cap(who(t, t.president))} is President.` + why(t.president) + others;
  return "Nothing to do right now." + others;
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
export function phaseText(t) {
  return (t.campaign ? (t.campaign.over ? "Campaign over" : `Generation ${t.campaign.generation}/${t.campaign.generations} · `) : "") +
    (t.campaign && t.campaign.over ? "" : PHASE[t.phase] || t.phase);
}

export function render(v, c) {
  // a new game (its first view) starts with nothing chosen and a fresh feed
  if (me && v.table.version === 0 && me.table.version > 0) { mode = null; picked = []; seenFeed = 0; }
  me = v; ctx = c; const t = v.table;
  // secret strip contents (shown only while held)
  const sec = $("secret"); sec.replaceChildren();
  sec.append(el("div", {}, el("div", {class: "muted", text: "membership"}),
    v.membership ? cardFace(v.membership, "div", {class: "small"}) : el("span", {text: "none yet"})));
  const n = t.players, left = (v.seat + n - 1) % n, right = (v.seat + 1) % n;
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with ${who(t, left)}`}), el("span", {class: `net ${v.network[0]}`, "data-net": v.network[0], text: v.network[0]})));
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with ${who(t, right)}`}), el("span", {class: `net ${v.network[1]}`, "data-net": v.network[1], text: v.network[1]})));
  renderFeed(v); renderTie(v); renderHand(v); renderActs(v); renderTable(v);
  // a pad press the box refused (REVEAL with no card chosen) flashes here, as the pad's light does
  if (seenRefusals !== null && v.pad_refusals > seenRefusals) ctx.flash("Your REVEAL was refused: pick a card first.");
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
  const t = v.table, box = $("tie");
  box.hidden = !(t.phase === "election" && t.round > 1);
  if (box.hidden) { box.replaceChildren(); return; }
  const coloured = t.revealed.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const tied = coloured.filter((x) => rankOf(x.card) === top);
  const voters = t.eligible.map((s) => (s === v.seat ? "you" : who(t, s)));
  box.replaceChildren(el("b", {text: `Tie round ${t.round - 1}: `}),
    el("span", {text: `${list(tied.map((x) => `${who(t, x.seat)} (${label(x.card)})`))} tied for the highest card, so nobody was elected. ` +
      `${cap(list(voters))} ${voters.length === 1 && voters[0] !== "you" ? "votes" : "vote"} again; the cards shown stay on the table.`}),
    el("div", {class: "hand small", "data-tie": ""}, ...t.table_cards.map((x) => el("div", {class: tied.some((y) => y.seat === x.seat) ? "tied" : ""},
      el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"})))));
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
    if (b) { b.classList.add("locked"); b.append(el("span", {class: "lockmark", text: "locked in"})); }
  }
  $("hand").replaceChildren(hand);
  $("handcount").textContent = count(v.hand.length);
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
  const t = v.table;
  if (t.over) { box.append(ctx.playAgain()); return; }
  const one = picked[0];
  if (moveOf(me, "membership")) box.append(btn(one ? `Place ${label(one)} as membership` : "Place (pick a card)", () => send({act: "membership", card: one}), "primary", !one));
  if (moveOf(me, "vote") && ctx.pads() === "phone") {
    // REVEAL says why it is off: a vote needs a card first
    box.append(btn(moveOf(me, "reveal") ? "REVEAL" : "REVEAL (tap a card first)", () => send({act: "reveal"}), "primary", !moveOf(me, "reveal")));
    box.append(btn("ABSTAIN", () => send({act: "abstain"})));
  }
  const reply = moveOf(me, "parley_reply");
  if (reply) box.append(btn(`Give back ${picked.length}/${reply.count}`, () => send({act: "parley_reply", cards: picked}), "primary", picked.length !== reply.count));
  if (moveOf(me, "enact")) box.append(btn(one ? `Enact ${label(one)}` : "Enact (pick a card)", () => send({act: "enact", card: one}), "primary", !one));
  if (moveOf(me, "pass")) {
    const row = el("div");
    for (const a of ["parley", "defect", "accuse"]) if (moveOf(me, a)) row.append(btn(cap(a), () => { mode = mode === a ? null : a; picked = []; target = null; accColour = null; renderHand(me); renderActs(me); setButtons(); if (mode) inView(); }, "", false));
    row.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.textContent.toLowerCase() === mode)));
    row.append(confirmButton("Pass", "End your presidency without acting?", "Yes, pass", () => send({act: "pass"})));
    box.append(row);
    if (mode === "parley") {
      const mv = moveOf(me, "parley");
      box.append(el("p", {text: "Offer to:"}), el("div", {}, ...mv.targets.map((x) => {
        const b = btn(`${whoSeat(t, x.seat)} (max ${x.max})`, () => { target = x.seat; renderActs(me); setButtons(); });
        b.dataset.target = x.seat; b.setAttribute("aria-pressed", String(target === x.seat)); return b; })));
      const mx = target === null ? 0 : mv.targets.find((x) => x.seat === target).max;
      box.append(el("p", {class: "muted", text: "Tap the cards to offer in your hand."}),
        btn(target === null ? "Offer (pick a seat)" : !picked.length ? `Offer to ${whoSeat(t, target)} (tap cards to offer)` :
          `Offer ${count(picked.length)} to ${whoSeat(t, target)}`, () => send({act: "parley", target, cards: picked}), "primary", target === null || !picked.length || picked.length > mx));
    }
    if (mode === "defect") box.append(el("p", {class: "muted", text: "Tap your new membership card in your hand."}),
      btn(one ? `Defect: new membership ${label(one)}` : "Defect (pick a card)", () => send({act: "defect", card: one}), "primary", !one));
    if (mode === "accuse") {
      const mv = moveOf(me, "accuse");
      box.append(el("p", {text: "Accuse:"}), el("div", {}, ...mv.targets.map((s) => {
        const b = btn(whoSeat(t, s), () => { target = s; renderActs(me); setButtons(); });
        b.dataset.target = s; b.setAttribute("aria-pressed", String(target === s)); return b; })));
      box.append(el("p", {text: "of being:"}), el("div", {}, ...mv.colors.map((c) => {
        const b = btn(c === "red" ? "♥ red" : "♠ black", () => { accColour = c; renderActs(me); setButtons(); }); b.setAttribute("aria-pressed", String(accColour === c)); return b; })));
      box.append(btn(target === null ? "Accuse (pick a seat)" : !accColour ? `Accuse ${whoSeat(t, target)} (pick a colour)` :
        `Accuse ${whoSeat(t, target)} of being ${accColour}`, () => send({act: "accuse", target, color: accColour}), "primary", target === null || !accColour));
    }
  }
  const gx = moveOf(me, "give_xp");
  if (gx) {
    const sel = el("select", {id: "xpto", "aria-label": "give XP to", class: "ctl"}, ...gx.to.map((s) => el("option", {value: s, text: whoSeat(t, s)})));
    const amt = el("input", {id: "xpamt", type: "number", min: 1, max: gx.max, value: 1, "aria-label": "amount", class: "ctl num"});
    box.append(el("details", {}, el("summary", {text: `Give XP (you have ${gx.max})`, class: "ctl"}), sel, amt,
      btn("Give", () => send({act: "give_xp", to: Number(sel.value), amount: Number(amt.value)}))));
  }
}

function renderTable(v) {
  const t = v.table, box = $("public"); box.replaceChildren();
  const c = t.campaign, echo = echoIndex(t);
  box.append(el("div", {}, el("b", {text: "Stability "}), pips(t.stability),
    c && c.generation > 1 ? el("span", {class: "muted", text: ` carried over from generation ${c.generation - 1}`}) : ""));
  box.append(el("div", {"data-crisis": t.incorrect_accusations}, el("b", {text: "Wrong accusations "}),
    el("span", {class: t.incorrect_accusations >= 2 ? "hot" : "", text: `${t.incorrect_accusations} of 3`}),
    el("span", {class: "muted", text: " since the election (the third is a crisis)"})));
  box.append(el("div", {}, el("b", {text: "Policies"}), chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: "echo: the last generation's winning colour, passed for free"}) : ""));
  const shown = t.table_cards.length ? t.table_cards : t.revealed;
  if (shown.length) box.append(el("div", {}, el("b", {text: t.table_cards.length ? "On the table (tie round)" : "Revealed in the last vote"}),
    el("div", {class: "hand small"}, ...shown.map((x) => el("div", {}, el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"}))))));
  const rows = el("table", {}, el("tr", {}, ...["seat", ...(c ? ["VP"] : []), "XP", "cards", ""].map((h) => el("th", {text: h}))));
  for (let s = 0; s < t.players; s++) {
    const tags = [];
    if (s === t.president) tags.push("President");
    if (t.barred.includes(s)) tags.push("can't be accused");
    if (t.awaiting.includes(s)) tags.push("to act");
    if (t.over && t.winners.includes(s)) tags.push("winner");
    const name = t.names[s] ? `${s} · ${t.names[s]}` : String(s);
    rows.append(el("tr", {}, el("td", {text: s === v.seat ? `${name} (you)` : name}), ...(c ? [el("td", {class: "vp", text: c.vp[s]})] : []), el("td", {text: t.xp[s]}), el("td", {text: t.hand_counts[s]}), el("td", {text: tags.join(", ")})));
  }
  box.append(rows);
  if (t.over && t.reveal) {
    const n = t.players, net = t.reveal.network;
    box.append(el("h2", {text: "Everyone's cards"}), el("table", {class: "reveal jreveal"},
      el("tr", {}, ...["seat", "membership", "network", ""].map((h) => el("th", {text: h}))),
      ...t.reveal.membership.map((m, s) => el("tr", {"data-reveal-seat": s}, el("td", {text: who(t, s)}), el("td", {}, memberChip(m)),
        el("td", {class: "small-text", text: networkWords([net[(s + n - 1) % n], net[s]])}),
        el("td", {}, t.reveal.aligned.includes(s) ? el("span", {class: "win", text: "aligned"}) : "")))));
  }
  if (c) {
    box.append(el("h2", {text: c.over ? "Final scores" : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) box.append(el("div", {class: "win", text: campaignWinners(c, t) + " (XP breaks a tie in VP)"}), scoreTable(t, v.seat));
    else box.append(el("div", {class: "muted", text: "VP: 1 when your membership matches a generation's winning colour; networks score at the end."}));
    box.append(el("h2", {text: "Generations"}), historyTable(t, v.seat));
  }
}
