// Betrayal on the phone: setting up your army (or armies), accusing, hiding, peeking, and the end.
// phone.js keeps the shared parts (join, stream, in-flight buttons, refusals, name) and calls render().
import {$, badge, btn, count, el, list, moveOf, who} from "./shell.js";
import {armyName, armyTag, back, endText, face, jokerText, lastAccusation, publicRow, rewardText, titlesList, name} from "./betrayal_cards.js";
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
  const t = v.table, own = v.armies;
  const two = own.length > 1;
  if (t.over) {
    const won = own.some((x) => t.winners.includes(x.army));
    return `Game over: ${t.winner_side === "traitor" ? "the traitor wins" : "the loyal armies win"}. ${won ? "You win!" : "You lose."}`;
  }
  if (t.phase === "setup") {
    const todo = own.filter((x) => !x.chosen);
    if (!todo.length) {
      const n = t.awaiting_armies.length;
      return `Your army is set. Waiting for ${count(n, "more army", "more armies")} to choose.`;
    }
    const x = todo[0], who = two ? `Army ${x.army}: ` : "";
    if (x.traitor) return `${who}${two ? "you" : "You"} hold the joker: you are the TRAITOR (secret). Add 0 to 5 red cards to your army, then Set.`;
    return `${who}${two ? "choose" : "Choose"} two suits for your army: each choice shows the cards it gives.`;
  }
  const turn = t.turn, ours = turn !== null && armiesOf(v).includes(turn);
  if (ours && t.phase === "turn") return `Your turn${two ? ` (army ${turn})` : ""}: tap your attacking card, then a card in another row, then Accuse.`;
  if (ours && t.phase === "after_win") return `${two ? `Army ${turn} won` : "You won"}! Turn your card face down again at a position, or end the turn.`;
  if (ours && t.phase === "peek") return `${two ? `Army ${turn} has` : "You have"} 15 points: pick two cards in other rows to look at (only this phone will show them).`;
  if (turn !== null) {
    const what = {turn: "to accuse", after_win: "won and may hide its card", peek: "is peeking"}[t.phase] || "";
    return `${armyName(t, turn)} ${what}.`;
  }
  return "";
}

// Setup for one army: the traitor's red cards, or a loyal army's two suits.
function setupBox(v, x) {
  const box = el("div", {class: "setup"});
  if (x.chosen) { box.append(el("p", {class: "muted", text: "Chosen: waiting for the other armies."})); return box; }
  const ch = x.choices;
  if (x.traitor) {
    const picked = reds[x.army] || (reds[x.army] = []);
    box.append(el("div", {class: "traitorbox", "data-secret": "traitor"}, el("b", {text: "You are the traitor."}),
      el("span", {text: " Only this phone knows. Your army is the joker and every spade and club:"})),
      el("div", {class: "hand small"}, ...ch.keeps.map((c) => face(c, "div", {class: "small"}))),
      el("p", {text: `Add up to ${ch.max_red} red cards (${picked.length} picked):`}));
    const row = el("div", {class: "hand small"});
    ch.red.forEach((c, i) => {
      const b = face(c, "button", {type: "button", class: "small", "data-red": i});
      b.setAttribute("aria-pressed", String(picked.includes(i)));
      if (!picked.includes(i) && picked.length >= ch.max_red) { b.disabled = true; b.dataset.off = "1"; }
      b.addEventListener("click", () => { const k = picked.indexOf(i); if (k >= 0) picked.splice(k, 1); else picked.push(i); redraw(); });
      row.append(b);
    });
    if (!ch.red.length) row.append(el("span", {class: "muted", text: "You hold no red cards."}));
    box.append(row, btn(`Set my army: ${count(ch.keeps.length + picked.length)}`,
      () => ctx.send({army: x.army, act: "army", red: picked.map((i) => ch.red[i])}), "primary"));
    return box;
  }
  const pick = suits[x.army];
  const SUITNAME = {S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs"};
  ch.forEach((c, i) => {
    const b = el("button", {type: "button", class: "suitpair", "data-suits": c.suits.join(""), "aria-pressed": String(pick === i)},
      el("b", {text: `${SUITNAME[c.suits[0]]} and ${SUITNAME[c.suits[1]]}: ${count(c.cards.length)}`}),
      el("span", {class: "hand tiny"}, ...c.cards.map((k) => face(k, "span", {class: "tiny"}))));
    if (!c.allowed) { b.disabled = true; b.dataset.off = "1"; } else b.addEventListener("click", () => { suits[x.army] = i; redraw(); });
    box.append(b);
  });
  const c = pick !== undefined ? ch[pick] : null;
  box.append(btn(c ? `Set my army: ${SUITNAME[c.suits[0]]} and ${SUITNAME[c.suits[1]]}, ${count(c.cards.length)}` : "Set my army (pick two suits)",
    () => ctx.send({army: x.army, act: "army", suits: c.suits}), "primary", !c));
  return box;
}

// Your own row: every card visible to you, the face-down ones marked as hidden from the others.
function ownRow(v, x) {
  const t = v.table, acc = moveOf(me, "accuse"), canAttack = acc && acc.army === x.army;
  const box = el("div", {class: "brow own", "data-own-cards": ""});
  x.row.forEach((c) => {
    const p = c.position, usable = canAttack && acc.cards.includes(p);
    const card = face(c.card, usable ? "button" : "div", {class: `small ${c.up ? "up" : "down"}`, "data-own": `${x.army}-${p}`,
      title: c.up ? "face up: everyone sees it" : "face down: only you see it"});
    if (usable) {
      card.type = "button"; card.setAttribute("aria-pressed", String(attack === p));
      card.addEventListener("click", () => { attack = attack === p ? null : p; redraw(); });
    }
    box.append(el("div", {class: "slot"}, card, el("span", {class: "cap", text: c.up ? "up" : "hidden"})));
  });
  if (!x.row.length) box.append(el("span", {class: "muted", text: x.eliminated ? "Eliminated." : "No cards."}));
  if (t.phase === "setup") return el("div");
  return box;
}

function armyPanel(v, x) {
  const t = v.table, two = v.armies.length > 1;
  const pts = t.scores[x.army];
  const head = el("h2", {}, armyTag(t, x.army, two ? "" : " · yours"),
    x.traitor ? badge("traitor (secret)", "traitor") : badge("loyal"),
    t.turn === x.army ? badge("your turn", "pres") : "",
    x.eliminated ? badge("eliminated") : "");
  const panel = el("section", {class: `panel army a${x.army % 8}`, "data-army": x.army}, head);
  if (t.phase === "setup") { panel.append(setupBox(v, x)); return panel; }
  panel.append(ownRow(v, x),
    el("div", {class: "small-text"}, count(pts, "point") + (x.eliminated ? "" : ` · next reward ${rewardText(t.next_reward[x.army])}`)));
  if (x.peeks.length) panel.append(el("div", {class: "peeks", "data-peeks": x.army}, el("b", {text: "Your peeks (only you see them): "}),
    ...x.peeks.map((p) => el("span", {class: "peekitem"}, `army ${p.army} #${p.position}: `, face(p.card, "span", {class: "tiny"})))));
  return panel;
}

function actions(v) {
  const t = v.table, box = el("div", {class: "bacts"});
  const acc = moveOf(me, "accuse"), hide = moveOf(me, "hide"), pk = moveOf(me, "peek");
  if (acc) {
    const row = v.armies.find((x) => x.army === acc.army).row;
    const a = attack !== null ? row[attack] : null;
    const tc = target ? t.rows[target[0]][target[1]] : null;
    const what = tc ? (tc.up ? name(tc.card) : "face down") : "?";
    box.append(btn(a && target ? `Accuse army ${target[0]}'s card ${target[1]} (${what}) with your ${name(a.card)}` :
      a ? `Attack with ${name(a.card)}: now tap a target` : "Accuse (tap your card, then a target)",
    () => ctx.send({army: acc.army, act: "accuse", card: attack, target}), "primary", !(a && target)));
  }
  if (hide) {
    const n = hide.at.length;
    if (hideFor !== t.version || hideAt === null || hideAt >= n) { hideAt = Math.floor(Math.random() * n); hideFor = t.version; }
    const sel = el("select", {class: "ctl", id: "hideat", "aria-label": "position to hide the card at"},
      ...hide.at.map((p) => el("option", {value: p, text: `position ${p}${p === 0 ? " (first)" : p === n - 1 ? " (last)" : ""}`})));
    sel.value = String(hideAt);
    sel.addEventListener("change", () => { hideAt = Number(sel.value); });
    box.append(el("div", {class: "hiderow"}, el("label", {for: "hideat", text: "Turn your card face down again at"}), sel,
      btn("Hide it", () => ctx.send({army: hide.army, act: "hide", at: hideAt}), "primary")),
    btn("End turn (leave it face up)", () => ctx.send({army: hide.army, act: "end"})));
  }
  if (pk) box.append(btn(`Look at ${peeks.length} of ${pk.count} cards`, () => ctx.send({army: pk.army, act: "peek", cards: peeks}),
    "primary", peeks.length !== pk.count));
  return box;
}

// The other armies' rows, tappable as targets (accuse) or peeks when that is the move.
function otherRows(v) {
  const t = v.table, own = mine(), acc = moveOf(me, "accuse"), pk = moveOf(me, "peek");
  const box = el("section", {class: "panel others"}, el("h2", {text: own.length > 1 ? "Every army" : "The other armies"}));
  for (let a = 0; a < t.armies; a++) {
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
    if (t.turn === a) tags.push(badge("to act", "pres"));
    if (t.eliminated.includes(a)) tags.push(badge("eliminated"));
    if (t.traitor === a) tags.push(badge("traitor", "traitor"));
    if (own.includes(a)) tags.push(badge("yours"));
    box.append(el("div", {class: `other a${a % 8}`, "data-other": a},
      el("div", {}, armyTag(t, a), el("span", {class: "muted", text: ` ${who(t, t.army_seats[a])} · ${count(t.scores[a], "point")} · ${rewardText(t.next_reward[a])}`}), ...tags),
      publicRow(t, a, tap, picked)));
  }
  return box;
}

export function render(v, c) {
  me = v; ctx = c;
  const t = v.table, box = $("bpanel");
  const kids = [];
  // your army (or armies), the other rows and the move first, so a turn fits the first screen; the
  // last accusation and the middle pile below them (the line under the prompt says what just happened)
  if (t.over) kids.push(el("section", {class: "panel"}, el("div", {class: "win", text: endText(t)}), titlesList(t, mine()), ctx.playAgain()));
  for (const x of v.armies) kids.push(armyPanel(v, x));
  if (t.phase !== "setup" && !t.over) kids.push(otherRows(v));
  // the move's button stays in sight at the foot of the screen while you pick cards above it
  const acts = t.over ? null : actions(v);
  if (acts && acts.childNodes.length) kids.push(el("section", {class: "panel sticky bsticky"}, acts));
  if (t.phase !== "setup") kids.push(el("section", {class: "panel status"}, lastAccusation(t),
    el("div", {class: "small-text"}, `Middle pile: ${t.middle_count} cards · ${jokerText(t)}`),
    t.eliminated.length ? el("div", {class: "small-text", text: `Eliminated: ${list(t.eliminated.map((a) => `army ${a}`))}`}) : ""));
  if (t.phase === "setup") kids.push(el("section", {class: "panel small-text"}, el("b", {text: "Armies chosen: "}),
    ...Array.from({length: t.armies}, (_, a) => badge(`${a}${t.chosen[a] ? " ✓" : " …"}`))));
  kids.push(el("p", {}, back("span", {class: "tiny"}), el("span", {class: "muted", text: " a face-down card · your own face-down cards carry a dashed edge: only you see them"})));
  box.replaceChildren(...kids);
}
