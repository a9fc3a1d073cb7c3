// Betrayal on the phone: setting up your army (or armies), accusing, hiding, peeking, and the end.
// phone.js keeps the shared parts (join, stream, in-flight buttons, refusals, name) and calls render().
import {$, badge, btn, el, list, moveOf, refusalWords, translator, who} from "./shell.js";
import {army, armyName, armyTag, back, cards, endText, face, jokerText, lastAccusation, points, publicRow, rewardText, titlesList, name} from "./betrayal_cards.js";
const {t, tn} = translator("betrayal");
export {BPHASE as PHASES} from "./betrayal_cards.js";  // the phases as the page names them
export const STYLES = "betrayal.css";  // its own styles (gamepart.js links them)

let ctx = null, me = null;
// choices being made on this phone, cleared after each accepted action
let attack = null, target = null, peeks = [], hideAt = null, hideFor = -1;
const reds = {}, suits = {};

// (the shell calls it after each accepted action and at a new deal: an army's picks end with it)
export function reset() {
  attack = null; target = null; peeks = [];
  for (const k of Object.keys(reds)) delete reds[k];
  for (const k of Object.keys(suits)) delete suits[k];
}

// render's helpers read the view it was given; prompt() reads only its own argument (PhonePart in shell.js)
const armiesOf = (v) => v.armies.map((x) => x.army);
const mine = () => armiesOf(me);
const redraw = () => { render(me, ctx); ctx.setButtons(); };

export function prompt(v) {
  const tv = v.table, own = v.armies;
  const two = own.length > 1;
  if (tv.over) {
    const won = own.some((x) => tv.winners.includes(x.army));
    if (tv.winner_side === "traitor") return won ? t("Game over: the traitor wins. You win!") : t("Game over: the traitor wins. You lose.");
    return won ? t("Game over: the loyal armies win. You win!") : t("Game over: the loyal armies win. You lose.");
  }
  if (tv.phase === "setup") {
    const todo = own.filter((x) => !x.chosen);
    if (!todo.length) {
      const n = tv.awaiting_armies.length;
      return tn("Your army is set. Waiting for {n} more army to choose.", "Your army is set. Waiting for {n} more armies to choose.", n);
    }
    const x = todo[0];
    if (x.traitor) {
      return two ? t("Army {a}: you hold the joker: you are the TRAITOR (secret). Add 0 to 5 red cards to your army, then Set.", {a: x.army})
        : t("You hold the joker: you are the TRAITOR (secret). Add 0 to 5 red cards to your army, then Set.");
    }
    return two ? t("Army {a}: choose two suits for your army: each choice shows the cards it gives.", {a: x.army})
      : t("Choose two suits for your army: each choice shows the cards it gives.");
  }
  const turn = tv.turn, ours = turn !== null && armiesOf(v).includes(turn);
  if (ours && tv.phase === "turn") {
    return two ? t("Your turn (army {a}): tap your attacking card, then a card in another row, then Accuse.", {a: turn})
      : t("Your turn: tap your attacking card, then a card in another row, then Accuse.");
  }
  if (ours && tv.phase === "after_win") {
    return two ? t("Army {a} won! Turn your card face down again at a position, or end the turn.", {a: turn})
      : t("You won! Turn your card face down again at a position, or end the turn.");
  }
  if (ours && tv.phase === "peek") {
    return two ? t("Army {a} has 15 points: pick two cards in other rows to look at (only this phone will show them).", {a: turn})
      : t("You have 15 points: pick two cards in other rows to look at (only this phone will show them).");
  }
  if (turn !== null) {
    const whose = armyName(tv, turn);
    if (tv.phase === "turn") return t("{who} to accuse.", {who: whose});
    if (tv.phase === "after_win") return t("{who} won and may hide its card.", {who: whose});
    if (tv.phase === "peek") return t("{who} is peeking.", {who: whose});
    return `${whose} .`;
  }
  return "";
}

// The box's refusals of Betrayal's moves by their code, in the page's language (the API keeps its English)
refusalWords(() => ({
  unknown_army: t("There is no such army."),
  game_over: t("The game is over; nothing more can be played."),
  unknown_act: t("Betrayal has no such move."),
  bad_action: t("That is not a move of Betrayal."),
  wrong_phase: t("That cannot be done now: it is another step of the game."),
  not_your_turn: t("It is another army's move."),
  not_your_army: t("That army is not yours."),
  bad_target: t("Pick a card in another army's row."),
  bad_position: t("There is no card at that position."),
  already_chosen: t("This army has already chosen its cards."),
  traitor_picks_red: t("You hold the joker: as the traitor you add 0 to 5 red cards, not two suits."),
  too_many_red: t("The traitor adds at most 5 red cards."),
  not_red: t("Only hearts and diamonds can be added."),
  card_not_held: t("Your army does not hold that card."),
  loyal_picks_suits: t("You are not the traitor: choose two suits, not red cards."),
  bad_suits: t("Choose two different suits."),
  empty_army: t("Those two suits would leave you no army: choose others."),
  joker_cannot_attack: t("The joker cannot attack."),
  peek_count: t("Pick exactly two cards to look at."),
  peek_same: t("Pick two different cards."),
  nothing_to_end: t("A press on your pad ends your turn after a won accusation; there is nothing to end now."),
}));

// Setup for one army: the traitor's red cards, or a loyal army's two suits.
function setupBox(v, x) {
  const box = el("div", {class: "setup"});
  if (x.chosen) { box.append(el("p", {class: "muted", text: t("Chosen: waiting for the other armies.")})); return box; }
  const ch = x.choices;
  if (x.traitor) {
    const picked = reds[x.army] || (reds[x.army] = []);
    box.append(el("div", {class: "traitorbox", "data-secret": "traitor"}, el("b", {text: t("You are the traitor.")}),
      el("span", {text: t(" Only this phone knows. Your army is the joker and every spade and club:")})),
      el("div", {class: "hand small"}, ...ch.keeps.map((c) => face(c, "div", {class: "small"}))),
      el("p", {text: t("Add up to {max} red cards ({n} picked):", {max: ch.max_red, n: picked.length})}));
    const row = el("div", {class: "hand small"});
    ch.red.forEach((c, i) => {
      const b = face(c, "button", {type: "button", class: "small", "data-red": i});
      b.setAttribute("aria-pressed", String(picked.includes(i)));
      if (!picked.includes(i) && picked.length >= ch.max_red) { b.disabled = true; b.dataset.off = "1"; }
      b.addEventListener("click", () => { const k = picked.indexOf(i); if (k >= 0) picked.splice(k, 1); else picked.push(i); redraw(); });
      row.append(b);
    });
    if (!ch.red.length) row.append(el("span", {class: "muted", text: t("You hold no red cards.")}));
    box.append(row, btn(t("Set my army: {cards}", {cards: cards(ch.keeps.length + picked.length)}),
      () => ctx.send({army: x.army, act: "army", red: picked.map((i) => ch.red[i])}), "primary"));
    return box;
  }
  const pick = suits[x.army];
  const SUITNAME = {S: t("♠ spades"), H: t("♥ hearts"), D: t("♦ diamonds"), C: t("♣ clubs")};
  ch.forEach((c, i) => {
    const b = el("button", {type: "button", class: "suitpair", "data-suits": c.suits.join(""), "aria-pressed": String(pick === i)},
      el("b", {text: t("{first} and {second}: {cards}", {first: SUITNAME[c.suits[0]], second: SUITNAME[c.suits[1]], cards: cards(c.cards.length)})}),
      el("span", {class: "hand tiny"}, ...c.cards.map((k) => face(k, "span", {class: "tiny"}))));
    if (!c.allowed) { b.disabled = true; b.dataset.off = "1"; } else b.addEventListener("click", () => { suits[x.army] = i; redraw(); });
    box.append(b);
  });
  const c = pick !== undefined ? ch[pick] : null;
  box.append(btn(c ? t("Set my army: {first} and {second}, {cards}", {first: SUITNAME[c.suits[0]], second: SUITNAME[c.suits[1]], cards: cards(c.cards.length)}) : t("Set my army (pick two suits)"),
    () => ctx.send({army: x.army, act: "army", suits: c.suits}), "primary", !c));
  return box;
}

// Your own row: every card visible to you, the face-down ones marked as hidden from the others.
function ownRow(v, x) {
  const tv = v.table, acc = moveOf(me, "accuse"), canAttack = acc && acc.army === x.army;
  const box = el("div", {class: "brow own", "data-own-cards": ""});
  x.row.forEach((c) => {
    const p = c.position, usable = canAttack && acc.cards.includes(p);
    const card = face(c.card, usable ? "button" : "div", {class: `small ${c.up ? "up" : "down"}`, "data-own": `${x.army}-${p}`,
      title: c.up ? t("face up: everyone sees it") : t("face down: only you see it")});
    if (usable) {
      card.type = "button"; card.setAttribute("aria-pressed", String(attack === p));
      card.addEventListener("click", () => { attack = attack === p ? null : p; redraw(); });
    }
    box.append(el("div", {class: "slot"}, card, el("span", {class: "cap", text: c.up ? t("up") : t("hidden")})));
  });
  if (!x.row.length) box.append(el("span", {class: "muted", text: x.eliminated ? t("Eliminated.") : t("No cards.")}));
  if (tv.phase === "setup") return el("div");
  return box;
}

function armyPanel(v, x) {
  const tv = v.table, two = v.armies.length > 1;
  const pts = tv.scores[x.army];
  const head = el("h2", {}, armyTag(tv, x.army, two ? "" : t(" · yours")),
    x.traitor ? badge(t("traitor (secret)"), "traitor") : badge(t("loyal")),
    tv.turn === x.army ? badge(t("your turn"), "pres") : "",
    x.eliminated ? badge(t("eliminated")) : "");
  const panel = el("section", {class: `panel army a${x.army % 8}`, "data-army": x.army}, head);
  if (tv.phase === "setup") { panel.append(setupBox(v, x)); return panel; }
  panel.append(ownRow(v, x),
    el("div", {class: "small-text"}, points(pts) + (x.eliminated ? "" : t(" · next reward {reward}", {reward: rewardText(tv.next_reward[x.army])}))));
  if (x.peeks.length) panel.append(el("div", {class: "peeks", "data-peeks": x.army}, el("b", {text: t("Your peeks (only you see them): ")}),
    ...x.peeks.map((p) => el("span", {class: "peekitem"}, t("army {a} #{p}: ", {a: p.army, p: p.position}), face(p.card, "span", {class: "tiny"})))));
  return panel;
}

function actions(v) {
  const tv = v.table, box = el("div", {class: "bacts"});
  const acc = moveOf(me, "accuse"), hide = moveOf(me, "hide"), pk = moveOf(me, "peek");
  if (acc) {
    const row = v.armies.find((x) => x.army === acc.army).row;
    const a = attack !== null ? row[attack] : null;
    const tc = target ? tv.rows[target[0]][target[1]] : null;
    const what = tc ? (tc.up ? name(tc.card) : t("face down")) : "?";
    box.append(btn(a && target ? t("Accuse army {a}'s card {p} ({what}) with your {card}", {a: target[0], p: target[1], what, card: name(a.card)}) :
      a ? t("Attack with {card}: now tap a target", {card: name(a.card)}) : t("Accuse (tap your card, then a target)"),
    () => ctx.send({army: acc.army, act: "accuse", card: attack, target}), "primary", !(a && target)));
  }
  if (hide) {
    const n = hide.at.length;
    if (hideFor !== tv.version || hideAt === null || hideAt >= n) { hideAt = Math.floor(Math.random() * n); hideFor = tv.version; }
    const sel = el("select", {class: "ctl", id: "hideat", "aria-label": t("position to hide the card at")},
      ...hide.at.map((p) => el("option", {value: p, text: p === 0 ? t("position {p} (first)", {p}) : p === n - 1 ? t("position {p} (last)", {p}) : t("position {p}", {p})})));
    sel.value = String(hideAt);
    sel.addEventListener("change", () => { hideAt = Number(sel.value); });
    box.append(el("div", {class: "hiderow"}, el("label", {for: "hideat", text: t("Turn your card face down again at")}), sel,
      btn(t("Hide it"), () => ctx.send({army: hide.army, act: "hide", at: hideAt}), "primary")),
    btn(t("End turn (leave it face up)"), () => ctx.send({army: hide.army, act: "end"})));
  }
  if (pk) box.append(btn(t("Look at {n} of {count} cards", {n: peeks.length, count: pk.count}), () => ctx.send({army: pk.army, act: "peek", cards: peeks}),
    "primary", peeks.length !== pk.count));
  return box;
}

// The other armies' rows, tappable as targets (accuse) or peeks when that is the move.
function otherRows(v) {
  const tv = v.table, own = mine(), acc = moveOf(me, "accuse"), pk = moveOf(me, "peek");
  const box = el("section", {class: "panel others"}, el("h2", {text: own.length > 1 ? t("Every army") : t("The other armies")}));
  for (let a = 0; a < tv.armies; a++) {
    const self = acc ? a === acc.army : pk ? a === pk.army : own.includes(a) && own.length === 1;
    if (self) continue;
    let tap = null, picked = () => false;
    if (acc && attack !== null) { tap = (ta, p) => { target = [ta, p]; redraw(); }; picked = (ta, p) => !!target && target[0] === ta && target[1] === p; }
    if (pk) {
      tap = (ta, p) => {
        const k = peeks.findIndex((x) => x[0] === ta && x[1] === p);
        if (k >= 0) peeks.splice(k, 1); else if (peeks.length < pk.count) peeks.push([ta, p]);
        redraw();
      };
      picked = (ta, p) => peeks.some((x) => x[0] === ta && x[1] === p);
    }
    const tags = [];
    if (tv.turn === a) tags.push(badge(t("to act"), "pres"));
    if (tv.eliminated.includes(a)) tags.push(badge(t("eliminated")));
    if (tv.traitor === a) tags.push(badge(t("traitor"), "traitor"));
    if (own.includes(a)) tags.push(badge(t("yours")));
    box.append(el("div", {class: `other a${a % 8}`, "data-other": a},
      el("div", {}, armyTag(tv, a), el("span", {class: "muted", text: ` ${who(tv, tv.army_seats[a])} · ${points(tv.scores[a])} · ${rewardText(tv.next_reward[a])}`}), ...tags),
      publicRow(tv, a, tap, picked)));
  }
  return box;
}

export function render(v, c) {
  me = v; ctx = c;
  const tv = v.table, box = $("bpanel");
  const kids = [];
  // your army (or armies), the other rows and the move first, so a turn fits the first screen; the
  // last accusation and the middle pile below them (the line under the prompt says what just happened)
  if (tv.over) kids.push(el("section", {class: "panel"}, el("div", {class: "win", text: endText(tv)}), titlesList(tv, mine()), ctx.playAgain()));
  for (const x of v.armies) kids.push(armyPanel(v, x));
  if (tv.phase !== "setup" && !tv.over) kids.push(otherRows(v));
  // the move's button stays in sight at the foot of the screen while you pick cards above it
  const acts = tv.over ? null : actions(v);
  if (acts && acts.childNodes.length) kids.push(el("section", {class: "panel sticky bsticky"}, acts));
  if (tv.phase !== "setup") kids.push(el("section", {class: "panel status"}, lastAccusation(tv),
    el("div", {class: "small-text"}, t("Middle pile: {n} cards · {joker}", {n: tv.middle_count, joker: jokerText(tv)})),
    tv.eliminated.length ? el("div", {class: "small-text", text: t("Eliminated: {armies}", {armies: list(tv.eliminated.map(army))})}) : ""));
  if (tv.phase === "setup") kids.push(el("section", {class: "panel small-text"}, el("b", {text: t("Armies chosen: ")}),
    ...Array.from({length: tv.armies}, (_, a) => badge(`${a}${tv.chosen[a] ? " ✓" : " …"}`))));
  kids.push(el("p", {}, back("span", {class: "tiny"}), el("span", {class: "muted", text: t(" a face-down card · your own face-down cards carry a dashed edge: only you see them")})));
  box.replaceChildren(...kids);
}
