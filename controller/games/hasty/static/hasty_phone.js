// Hasty Accusations on the phone: your hand and secret suspect, your turn's plays one at a time with the
// loupe's net move, every choice a card asks of you, what your Investigators showed you, and why you
// are out. Everything comes from the seat view's legal moves; phone.js keeps the shared parts.
import {$, btn, cap, el, moveOf, refusalWords, said, translator, who, whileHeld} from "./shell.js";
import {KILLER, backTile, cardTile, cardsN, endText, joined, netMove, plumAt, powersOf, reviewLine, rowBox, secretText, sus, suspectAt, title} from "./hasty_cards.js";
import {PILE_KINDS, askText, pilePicked, pileTap, resetChoice, secondChoice} from "./hasty_choices.js";
export {HPHASE as PHASES} from "./hasty_cards.js";
export const STYLES = "hasty.css";  // its own styles (gamepart.js links them)

const {t} = translator("hasty");
// small words that go inside others
const EMPTY = t("empty"), THEN = t(", then "), OR = t(" or "), KILLED = t("killed");
// the rules' refusals by their code, in the page's language (the API keeps its English messages)
refusalWords(() => ({
  game_over: t("The game is over; nothing more can be played."),
  unknown_act: t("That is not a move of Hasty Accusations."),
  choice_pending: t("Make your choice first."),
  not_your_turn: t("It is not your turn."),
  not_in_hand: t("You do not hold that card."),
  bad_position: t("That is not a living suspect's pile."),
  too_many_plays: t("You have played all the cards you may this turn."),
  face_up_only: t("Cards go on that pile face up only now."),
  face_down_only: t("Back Alley is showing: cards are played face down, under the pile."),
  one_play_only: t("Show me your hands is showing: one card a turn."),
  no_play_here: t("That card cannot go on that pile now."),
  nothing_to_choose: t("There is no choice to make now."),
  not_your_choice: t("This choice is another player's."),
  wrong_choice: t("That is not an answer to the choice asked now."),
  nothing_to_end: t("There is nothing for your pad to do now."),
}));

let ctx = null, me = null;
// what is being picked on this phone, cleared after each accepted action
let card = null, pile = null, qCard = null, qAsk = null, peeking = false;
let choiceAt = null;  // the version whose choice is being picked (a new one starts afresh)
export function reset() { card = null; pile = null; qCard = null; qAsk = null; resetChoice(); }
const SECOND = new Set(["breath", "sniper", "wrong_address", "walk", "wipe", "tangled", "spread", "double", "rebel",
  "revelation", "thief", "brunette", "private", "hasty", "tuck", "revive"]);

// render's helpers read the view it was given; prompt() reads only its own argument (PhonePart in shell.js)
const redraw = () => { render(me, ctx); ctx.setButtons(); };
const you = (tb, s) => (s === me.seat ? t("you") : who(tb, s));

const ASKS = {
  pile: t("The largest piles are tied: pick the one to review."),
  sidekick: t("Your Sidekick: pick the neighbouring pile to search for another Sidekick."),
  mover: t("Your Mover: pick where the loupe goes."),
  question: t("Your Burning Question: pick a card to hand over and the player who must place it."),
  investigate: t("Your Investigator: look through a pile, or at another player's hand."),
  switcheroo: t("Your Switcheroo: swap two suspects, or the top and bottom cards of a pile."),
  market: t("Refill: take cards from the market."),
};

export function prompt(v) {
  const tb = v.table;
  if (tb.over) { const you = tb.winners.includes(v.seat) ? t("You win!") : t("You did not win this time."); return t("Game over: {end} {you}", {end: endText(tb), you}); }
  // a player knocked out during their own turn still finishes it: the move comes first
  const m = v.moves[0], out = v.out ? `${outText(v)} ` : "";
  if (m && m.act === "choose") {
    if (m.kind === "question_pile") return out + t("{who} handed you a {card} with a Burning Question: pick the pile it goes on, face up.", {who: cap(who(tb, m.asker)), card: title(m.card)});
    if (m.kind === "market") return out + t("Refill: take {cards} from the market.", {cards: cardsN(m.count)});
    if (SECOND.has(m.kind)) return out + askText(v, m);
    return out + (ASKS[m.kind] || t("Make your choice."));
  }
  if (moveOf(v, "end")) {
    if (!moveOf(v, "play")) return out + t("Your turn: {why} End the turn ({net}).", {why: noPlay(v), net: netMove(tb)});
    const rule = ruleNow(tb);
    return out + (tb.plays ? t("Your turn: {cards} played, loupe {net}. Play another or end the turn.", {cards: cardsN(tb.plays), net: netMove(tb)}) :
      t("Your turn: tap a card, then a pile, then face up or face down. End the turn when you are done.")) + (rule ? ` ${rule}` : "");
  }
  if (v.out) return outText(v) + waitingFor(v);
  return waitingFor(v).trim() || t("Nothing to do right now.");
}

function waitingFor(v) {
  const tb = v.table;
  if (tb.over || tb.waiting === null || tb.waiting === undefined) return "";
  const p = tb.pending;
  if (p && p.seat !== tb.turn) return t(" Waiting for {who} to choose.", {who: who(tb, p.seat)});
  if (tb.waiting === v.seat) return t(" Your turn.");
  return p ? t(" {who}'s turn (a choice).", {who: cap(who(tb, tb.waiting))}) : t(" {who}'s turn.", {who: cap(who(tb, tb.waiting))});
}

// why a seat on its turn may play no more cards now (Big Hands' two plays, Show me your hands, an empty hand)
function noPlay(v) {
  const tb = v.table;
  if (!v.hand.length) return t("your hand is empty.");
  if (tb.showing && tb.showing.show_hands && tb.plays) return t("Show me your hands is on top of a pile: one card a turn, and you have played yours.");
  if (tb.options.big_hands && tb.plays >= 2) return t("two cards a turn with Big Hands, and you have played them.");
  return t("you have played what you may.");
}

// the play rules a card on top of a pile sets now (H36), in one sentence, or ""
function ruleNow(tb) {
  const shown = tb.showing || {};
  if (shown.show_hands) return t("Show me your hands is showing: one card this turn, face up.");
  if (shown.back_alley) return t("Back Alley is showing: cards go face down, under a pile.");
  return "";
}

// why a face is not allowed on a pile now (the rules of the moment, H36 and Prof. Plum's power), or ""
function faceReason(tb, at, up) {
  const shown = tb.showing || {};
  if (shown.show_hands) return up ? "" : t("Show me your hands is on top of a pile: face up only, one card a turn.");
  if (at === plumAt(tb)) return up ? "" : t("Prof. Plum's power: cards go on his pile face up only.");
  if (shown.back_alley) return up ? t("Back Alley is on top of a pile: cards go face down, under a pile.") : "";
  return "";
}

function outText(v) {
  const tb = v.table, o = tb.out[v.seat];
  const name = o && o.suspect !== null && o.suspect !== undefined ? sus(tb.suspects[o.suspect]) : t("your suspect");
  const inReview = o && tb.last_review && tb.last_review.killed.includes(o.suspect);
  const by = KILLER[v.out_by] || t("the evidence");
  return inReview ? t("You are out: {name}, your secret suspect, was killed by {by} in a review.", {name, by})
    : t("You are out: {name}, your secret suspect, was killed by {by}.", {name, by});
}

// hold to peek: the secret suspect shows only while the panel is pressed
function secretBox(v) {
  const b = el("button", {type: "button", class: "peek", id: "hpeek", "aria-label": t("hold to see your secret suspect")});
  const show = (on) => { peeking = on; b.replaceChildren(face(on)); };
  const face = (on) => (on ? el("span", {class: "secret", "data-secret": v.secret}, el("span", {class: "muted", text: t("You are secretly ")}),
    el("b", {class: "hsecret", text: v.secret === "traitor" ? t("the Traitor") : sus(v.secret_name)}),
    v.secret === "traitor" ? el("span", {class: "muted", text: t(" (you cannot be knocked out; you lose if only one suspect is left)")}) : "") :
    el("span", {text: t("Hold here to peek at your secret suspect")}));
  b.append(face(peeking));
  whileHeld(b, show);
  return el("section", {class: "panel"}, b);
}

function handBox(v) {
  const play = moveOf(me, "play"), q = v.moves.find((m) => m.kind === "question");
  const ok = play ? new Set(play.cards) : q ? new Set(q.cards) : new Set();
  const row = el("div", {class: "hhand", "data-own-cards": ""});
  // a big hand (Big Hands deals the whole deck: dozens of cards with every set) shows each kind once,
  // with how many copies: copies are alike, and so the hand stays in the first screen
  const many = v.hand.length > 8, copies = {};
  if (many) row.classList.add("hmany");
  v.hand.forEach((k) => { copies[k] = (copies[k] || 0) + 1; });
  v.hand.forEach((k, i) => {
    if (many && v.hand.indexOf(k) !== i) return;
    const usable = ok.has(k);
    const chosen = q ? qCard === k : card === k;
    const b = cardTile(k, usable ? "button" : "div", {"data-hand": i}, true);
    if (usable) {
      // copies of one card are alike: the first of them shows as picked
      b.type = "button"; b.setAttribute("aria-pressed", String(chosen && v.hand.indexOf(k) === i));
      b.addEventListener("click", () => { if (q) qCard = qCard === k ? null : k; else card = card === k ? null : k; redraw(); });
    }
    if (many && copies[k] > 1) b.append(el("span", {class: "hcopies", "data-copies": copies[k], text: `×${copies[k]}`}));
    row.append(b);
  });
  if (!v.hand.length) row.append(el("span", {class: "muted", text: t("Your hand is empty.")}));
  const limit = v.table.hand_limit === 1 ? el("div", {class: "small-text hlimit", text: t("Hand limit 1: Ms. Scarlett's power holds while she is turned round (refills stop at one card).")}) : null;
  return el("section", {class: "panel"}, el("h2", {text: t("Your hand · {cards}", {cards: cardsN(v.hand.length)})}), row, limit);
}

// The row, with the piles tappable when a play or a choice of pile is open.
function tableBox(v) {
  const tb = v.table, play = moveOf(me, "play"), ch = moveOf(me, "choose");
  let tap = null, ok = () => false, picked = () => false;
  if (play && card) { tap = (at) => { pile = pile === at ? null : at; redraw(); }; ok = (at) => play.at.includes(at); picked = (at) => pile === at; }
  else if (ch && ch.at && ["pile", "sidekick", "mover", "question_pile", "investigate"].includes(ch.kind)) {
    tap = (at) => choose(ch, {at}); ok = (at) => ch.at.includes(at);
  } else if (ch && PILE_KINDS.has(ch.kind)) {
    tap = (at) => pileTap(me, ch, at, (o) => choose(ch, o), redraw); ok = (at) => ch.options.some((o) => o.at === at); picked = pilePicked;
  }
  const mySuspect = typeof v.secret === "number" ? v.secret : null;
  const box = el("section", {class: "panel"}, el("h2", {text: t("The suspects")}), rowBox(tb, {tap, ok, picked, mine: mySuspect}));
  box.append(el("div", {class: "small-text"}, t("Market: {cards} · deck {deck} · discards {discards}", {cards: tb.market.length ? joined(tb.market.map(title)) : EMPTY, deck: tb.deck_count, discards: tb.discard_count})));
  if (tb.review) box.append(el("div", {class: "hot"}, reviewNow(tb)));
  if (play && card) { const no = refusedPiles(tb, play); if (no) box.append(el("div", {class: "small-text hwhy", text: no})); }
  box.append(el("div", {class: "small-text", "data-last-review": ""}, reviewLine(tb)));
  return box;
}

const choose = (m, extra) => ctx.send({act: "choose", ...extra});

// the review running now, and the ones waiting under it (a Dying Breath or a Sniper inside a review)
function reviewNow(tb) {
  const r = tb.review, waits = (tb.review_extra && tb.review_extra.outer) || [];
  const at = r.at === null ? t("a pile that has left the row") : t("{name}'s pile", {name: suspectAt(tb, r.at)});
  const yet = t("nothing yet"), line = t("Reviewing {pile}: {cards}", {pile: at, cards: joined(r.revealed.map(title)) || yet});
  const under = waits.map((f) => (f.at === null ? t("a pile that left the row") : t("{name}'s", {name: suspectAt(tb, f.at)}))).reverse();
  return under.length ? t("{line}. Waiting for it: the review of {piles}.", {line, piles: under.join(THEN)}) : t("{line}.", {line});
}

// the living piles the picked card cannot go on now (Prof. Plum's under Back Alley), said before a tap
function refusedPiles(tb, play) {
  const no = tb.row.map((x, at) => (x.alive && !play.at.includes(at) ? at : null)).filter((at) => at !== null);
  if (!no.length) return "";
  return t("Nothing can go on {piles} now: Back Alley wants cards face down, and Prof. Plum's power takes them face up only.", {piles: no.map((at) => t("{name}'s pile", {name: suspectAt(tb, at)})).join(OR)});
}

// The turn's buttons, in one short row that stays in sight at the foot of the screen: face up or face
// down once a card and a pile are picked, and End turn; above them, what ending the turn does now.
function turnBox(v) {
  const tb = v.table, play = moveOf(me, "play"), end = moveOf(me, "end");
  const box = el("div", {class: "hacts"});
  if (end) {
    box.append(el("div", {class: "hnet", "data-net": tb.steps}, el("b", {text: t("Loupe when you end: ")}),
      tb.plays ? netMove(tb) : end.discards ? t("nothing played: you throw away your {cards} and it moves +1", {cards: cardsN(end.discards)}) : t("it moves +1")));
  }
  const row = el("div", {class: "hplay"});
  if (play) {
    const hint = !card ? "" : pile === null ? t("{card}: now tap a suspect's pile.", {card: title(card)}) : t("{card} on {name}:", {card: title(card), name: suspectAt(tb, pile)});
    if (hint) box.append(el("p", {class: "muted", text: hint}));
    const faces = pile === null ? [true, false] : play.faces ? play.faces[String(pile)] || [] : play.up;
    const why = pile === null ? "" : faceReason(tb, pile, true) || faceReason(tb, pile, false);
    if (why) box.append(el("p", {class: "hwhy", "data-why": "", text: why}));
    const plum = pile !== null && pile === plumAt(tb), under = tb.showing && tb.showing.back_alley && !tb.showing.show_hands;
    row.append(btn(plum ? t("Face up (no step)") : t("Face up (+1)"), () => ctx.send({act: "play", card, at: pile, up: true}), "primary", !card || pile === null || !faces.includes(true), {"data-up": "1"}),
      btn(under ? t("Face down, under (−1)") : t("Face down (−1)"), () => ctx.send({act: "play", card, at: pile, up: false}), "primary", !card || pile === null || !faces.includes(false), {"data-up": "0"}));
  }
  if (end) {
    row.append(btn(tb.plays ? t("End turn") : end.discards ? t("End turn (discard {n})", {n: end.discards}) : t("End turn"),
      () => ctx.send({act: "end"}), tb.plays ? "primary" : "", false, {id: "hend"}));
  }
  box.append(row);
  return box;
}

// Every choice a card asks of you, with the options shown as buttons.
function choiceBox(v) {
  const tb = v.table, m = moveOf(me, "choose");
  if (!m) return null;
  if (SECOND.has(m.kind)) return secondChoice(v, m, (o) => choose(m, o), redraw);
  const box = el("div", {class: "hacts", "data-kind": m.kind}, el("b", {text: ASKS[m.kind] || t("Pick where it goes:")}));
  const opt = (text, extra) => btn(text, () => choose(m, extra), "", false, {"data-choice": JSON.stringify(extra)});
  if (["pile", "sidekick", "mover", "question_pile"].includes(m.kind)) {
    if (m.kind === "question_pile") box.append(el("div", {class: "hline"}, cardTile(m.card, "div", {}, true)));
    box.append(el("div", {class: "hopts"}, ...m.at.map((at) => opt(t("{name} (#{at}, {cards})", {name: suspectAt(tb, at), at, cards: cardsN(tb.row[at].size)}), {at}))));
  } else if (m.kind === "investigate") {
    box.append(el("div", {class: "muted", text: t("A pile:")}), el("div", {class: "hopts"}, ...m.at.map((at) => opt(t("{name}'s pile ({n})", {name: suspectAt(tb, at), n: tb.row[at].size}), {at}))));
    if (m.hand.length) box.append(el("div", {class: "muted", text: t("Or a player's hand:")}),
      el("div", {class: "hopts"}, ...m.hand.map((s) => opt(t("{who}'s hand ({cards})", {who: cap(who(tb, s)), cards: cardsN(tb.hand_sizes[s])}), {hand: s}))));
  } else if (m.kind === "question") {
    box.append(el("div", {class: "muted", text: qCard ? t("Hand over your {card} to:", {card: title(qCard)}) : t("Tap the card to hand over in your hand, then pick a player:")}),
      el("div", {class: "hopts"}, ...m.ask.map((s) => { const b = btn(cap(who(tb, s)), () => { qAsk = s; redraw(); }, "", false, {"data-ask": s}); b.setAttribute("aria-pressed", String(qAsk === s)); return b; })),
      btn(qCard && qAsk !== null ? t("Ask {who} with your {card}", {who: who(tb, qAsk), card: title(qCard)}) : t("Ask (pick a card and a player)"),
        () => choose(m, {card: qCard, ask: qAsk}), "primary", !qCard || qAsk === null || !m.cards.includes(qCard)));
  } else if (m.kind === "switcheroo") {
    if (m.swap.length) box.append(el("div", {class: "muted", text: t("Swap two suspects:")}),
      el("div", {class: "hopts"}, ...m.swap.map(([a, b]) => opt(`${suspectAt(tb, a)} ⇄ ${suspectAt(tb, b)}`, {swap: [a, b]}))));
    if (m.flip.length) box.append(el("div", {class: "muted", text: t("Or swap the top and bottom cards of a pile:")}),
      el("div", {class: "hopts"}, ...m.flip.map((at) => opt(t("flip {name}'s pile", {name: suspectAt(tb, at)}), {flip: at}))));
  } else if (m.kind === "market") {
    box.append(el("div", {class: "hline"}, ...m.market.map((k) => cardTile(k, "div", {class: "small"}, true))),
      el("div", {class: "muted", text: t("Take {cards}:", {cards: cardsN(m.count)})}),
      el("div", {class: "hopts"}, ...m.picks.map((p) => opt(p.map(title).join(" + "), {cards: p}))));
  }
  return box;
}

// What only this seat knows: what its Investigators, Tangled Ups and Private Investigators showed it,
// and the cards it took or lost (a Walk it back, a Thief, Monsieur Brunette, a swap of hands). On this
// phone only.
function peeksBox(v) {
  const notes = v.notes || [];
  if (!v.peeks.length && !notes.length) return null;
  const tb = v.table;
  const cards = (keys) => (keys.length ? keys.map((k) => cardTile(k, "span", {class: "tiny"})) : [el("span", {text: t("nothing")})]);
  const peek = (p, i) => {
    if (p.secret !== undefined) {
      return el("div", {class: "hline", "data-peek": i}, el("span", {text: t("{who} is secretly {what}.", {who: cap(who(tb, p.secret)), what: p.suspect === "traitor" ? t("the Traitor") : sus(tb.suspects[p.suspect])})}));
    }
    return el("div", {class: "hline", "data-peek": i},
      el("span", {class: "muted", text: p.pile !== undefined ? t("The pile at #{at}, as it was then (top first): ", {at: p.pile}) : t("{who}'s hand: ", {who: cap(who(tb, p.hand))})}),
      ...cards(p.pile !== undefined ? [...p.cards].reverse() : p.cards));
  };
  return el("section", {class: "panel hpeeks", "data-peeks": ""}, el("h2", {text: t("What only you know")}),
    ...v.peeks.map(peek), ...notes.map((n, i) => el("div", {class: "hline", "data-note": i}, el("span", {class: "muted", text: noteText(tb, n)}), ...cards(n.cards))));
}

const BY = {walk_back: t("Walk it back"), thief: t("Thief"), brunette: t("Monsieur Brunette's power"), private_investigator: t("Private Investigator")};
function noteText(tb, n) {
  const by = BY[n.by] || title(n.by), from = n.seat !== null ? t("{who}'s hand", {who: who(tb, n.seat)}) : t("the pile at #{at}", {at: n.pile});
  if (n.kind === "took") return t("{by}: you took from {from}: ", {by, from});
  if (n.kind === "lost") return t("{by}: {who} took from your hand: ", {by, who: who(tb, n.seat)});
  if (n.kind === "gave") return t("{by}: you gave {who} your hand: ", {by, who: who(tb, n.seat)});
  return t("{by}: you got {who}'s hand: ", {by, who: who(tb, n.seat)});
}

// With the Suspect Powers: what each living suspect's power does (folded, below the game).
function powersBox(v) {
  const tb = v.table, list = powersOf(tb);
  if (!list.length) return null;
  return el("details", {class: "panel hpowers"}, el("summary", {class: "ctl", text: t("Suspect powers")}),
    el("ul", {}, ...list.map((p) => el("li", {}, el("b", {text: p.name}), p.own ? "" : t(" ({name}'s power)", {name: p.of}), t(": {power}", {power: p.text})))));
}

// this seat's feed, folded below the game (its newest line shows under the prompt)
function feedBox(v) {
  const items = (v.feed || []).slice(0, 6);
  if (!items.length) return null;
  return el("details", {class: "panel"}, el("summary", {class: "ctl", text: t("What happened to you")}),
    el("ol", {class: "feed"}, ...items.map((x) => el("li", {text: said(x)}))));
}

function endBox(v) {
  const tb = v.table;
  const rows = Array.from({length: tb.players}, (_, s) => el("tr", {"data-end-seat": s},
    el("td", {text: cap(you(tb, s))}), el("td", {text: secretText(tb, s)}),
    el("td", {text: tb.winners.includes(s) ? t("winner") : tb.eliminated.includes(s) ? t("out ({how})", {how: KILLER[tb.out[s].card] || KILLED}) : t("still in")})));
  return el("section", {class: "panel"}, el("div", {class: "win", text: endText(tb)}),
    el("table", {class: "reveal"}, el("tr", {}, ...[t("player"), t("was"), ""].map((h) => el("th", {text: h}))), ...rows), ctx.playAgain());
}

export function render(v, c) {
  me = v; ctx = c;
  const tb = v.table, box = $("bpanel");
  if (!moveOf(me, "play")) { card = null; pile = null; }
  if (!v.moves.some((m) => m.kind === "question")) { qCard = null; qAsk = null; }
  const asked = moveOf(me, "choose") ? tb.version : null;
  if (asked !== choiceAt) { resetChoice(); choiceAt = asked; }
  const kids = [];
  if (tb.over) kids.push(endBox(v));
  const out = v.out && !tb.over ? el("section", {class: "panel hout", "data-out": v.out_by || ""}, el("b", {text: outText(v)}),
    el("div", {class: "muted", text: t("You can still watch: the table and your phone follow the game to the end.")})) : null;
  // a choice asked of this seat comes first, under the secret (its options can be many: they stay in
  // the page's flow), even for a seat that is out (a power that brings a suspect back): the prompt has
  // said why, and the notice that it is out waits below; the turn's buttons stay in sight at the foot
  // of the screen while you pick above them
  const choice = tb.over ? null : choiceBox(v), turn = tb.over || choice || !moveOf(me, "end") ? null : turnBox(v);
  if (out && !choice) kids.push(out);
  kids.push(secretBox(v));
  if (choice) kids.push(el("section", {class: "panel hturn hchoice"}, choice));
  if (out && choice) kids.push(out);
  kids.push(handBox(v), tableBox(v));
  if (turn) kids.push(el("section", {class: "panel sticky hturn"}, turn));
  const pk = peeksBox(v); if (pk) kids.push(pk);
  const pw = powersBox(v); if (pw) kids.push(pw);
  const fd = feedBox(v); if (fd) kids.push(fd);
  kids.push(el("div", {class: "small-text muted"}, backTile({class: "tiny"}), t(" a face-down card: nobody sees it, not even you. ▼ marks the loupe.")));
  box.replaceChildren(...kids);
}
