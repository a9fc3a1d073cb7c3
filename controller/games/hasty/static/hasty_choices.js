// Hasty Accusations' second-edition choices on the phone (the advanced and expert cards, the Suspect
// Powers): what each asks, what each option means, and the buttons that answer it. Each choice's
// options come from the seat view's move (`options`: the bodies of its `choose`); an option that could
// hurt (a kill sent elsewhere, a pile thrown away, a hand given away) asks "are you sure?" in its place.
import {btn, cap, el, translator, who} from "./shell.js";
import {POWER, cardTile, cardsN, sus, suspectAt, title} from "./hasty_cards.js";

const {t} = translator("hasty");

// the kinds whose options are positions on the row: a tap on the pile answers too
export const PILE_KINDS = new Set(["breath", "sniper", "wrong_address", "walk", "wipe", "spread"]);
// the choice's name, over its options (the prompt above says the whole question)
const HEADS = {breath: t("Dying Breath"), sniper: t("Sniper"), wrong_address: t("Wrong address"), walk: t("Walk it back"),
  wipe: t("Memory Wipe"), tangled: t("Tangled Up"), spread: t("Spread the love"), double: t("Double Cross"), rebel: t("Rebel"),
  revelation: t("Revelation"), thief: t("Thief"), brunette: t("Monsieur Brunette's power"), private: t("Private Investigator"),
  hasty: t("Hasty"), tuck: t("Madame Rose's escape"), revive: t("Doctor White's power")};

// what is being picked on this phone for a choice (cleared after each accepted action)
let pick = null, steps = {};
export function resetChoice() { pick = null; steps = {}; }

// the seat a new skip would pass over: the seat after the ones already skipped, round the table
function skippedBy(tb) {
  const next = (s) => { let n = s; for (let i = 0; i < tb.players; i++) { n = (n + 1) % tb.players; if (!tb.eliminated.includes(n)) return n; } return n; };
  let seat = tb.turn;
  for (let k = 0; k <= (tb.skips || 0); k++) seat = next(seat);
  return seat;
}

// the suspect a misaddressed kill was meant for: the living one the options leave out
function meantFor(tb, m) {
  const offered = new Set(m.options.map((o) => o.at));
  const at = tb.row.findIndex((x, i) => x.alive && !offered.has(i));
  return at < 0 ? t("a suspect") : suspectAt(tb, at);
}

// What a second-edition choice asks, in one sentence (the prompt and the choice's heading).
export function askText(v, m) {
  const tb = v.table, p = tb.pending || {};
  switch (m.kind) {
    case "breath": return t("Dying Breath: the smallest piles are tied. Pick the one that is reviewed now.");
    case "sniper": return t("Your Sniper: pick the neighbour whose pile is reviewed now; then whoever stands there is shot.");
    case "wrong_address": return t("Wrong address: the kill meant for {name} goes astray. Pick who changes places with {name} and takes the kill instead.", {name: meantFor(tb, m)});
    case "walk": return t("Walk it back: pick the pile whose top three cards go into your hand.");
    case "wipe": return t("Memory Wipe: its own pile is thrown away. Pick the neighbour's pile that goes with it.");
    case "tangled": return t("Tangled Up: pick a neighbour's pile and two of its cards; they move onto the Tangled Up's pile. You see that whole pile once you have chosen.");
    case "spread": return t("Spread the love: where does {card} go, face up?", {card: title(p.card)}) + ((p.left || []).length ? t(" ({cards} more after it)", {cards: cardsN(p.left.length)}) : "");
    case "double": return t("Double Cross: the Double Cross's whole pile goes onto or under another suspect's pile. Pick where.");
    case "rebel": return t("Rebel: move one card of {name}'s pile to another pile, at any place in it.", {name: suspectAt(tb, p.from)});
    case "revelation": return t("Revelation: pick a card of your hand to show face up on {name}'s pile.", {name: suspectAt(tb, p.at)});
    case "thief": return t("Thief: pick whose hand you rob. You take three of their cards at random.");
    case "brunette": return t("Monsieur Brunette's power: steal one card at random from a pile or from a player's hand.");
    case "private": return t("Private Investigator: look at a player's secret suspect, or swap your whole hand with theirs.");
    case "hasty": return t("Hasty: draw up to {cards}, or skip the next player's turn.", {cards: cardsN(tb.hand_limit || 4)});
    case "tuck": return t("Madame Rose escapes death! Pick the dead suspect she hides under her: she takes over its power.");
    case "revive": return t("Doctor White's power: pick a dead suspect to bring back to life, with an empty pile.");
    default: return t("Make your choice.");
  }
}

// a pile's cards as a seat may see them, from the bottom: [index, words]
function pileCards(tb, at) {
  const pile = (tb.row[at] && tb.row[at].pile) || [], n = pile.length;
  const down = t("face down");
  return pile.map((c, i) => [i, t("{place}: {card}", {place: place(i, n), card: c.up ? title(c.card) : down})]);
}
function place(i, n) {
  if (n === 1) return t("the only card");
  if (i === n - 1) return t("top card");
  if (i === 0) return t("bottom card");
  return t("{n} under the top", {n: n - 1 - i});
}
// where a card goes in a pile of n cards: 0 is the bottom, n the top
function slotWords(p, n) {
  if (p === n) return n ? t("on top") : t("onto the empty pile");
  if (p === 0) return t("at the bottom");
  return t("under {cards} from the top", {cards: cardsN(n - p)});
}
const pileName = (tb, at) => t("{name}'s pile ({cards})", {name: suspectAt(tb, at), cards: cardsN(tb.row[at].size)});
const handOf = (tb, s) => t("{who} ({cards})", {who: cap(who(tb, s)), cards: cardsN(tb.hand_sizes[s])});
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const distinct = (xs) => [...new Set(xs)];

// The words of one option of a choice (the button's text: what the group above it does not say).
function optionText(v, m, o) {
  const tb = v.table;
  switch (m.kind) {
    case "wrong_address": return `${suspectAt(tb, o.at)} (#${o.at})`;
    case "thief": return handOf(tb, o.hand);
    case "brunette": return o.hand !== undefined ? handOf(tb, o.hand) : pileName(tb, o.at);
    case "private": return o.secret !== undefined ? cap(who(tb, o.secret)) : handOf(tb, o.swap_hands);
    case "hasty": return o.hasty === "draw" ? t("Draw up to {limit} (you hold {n})", {limit: tb.hand_limit || 4, n: v.hand.length}) : skipText(v);
    case "tuck": { const none = t("no power"); return t("{name}: {power}", {name: sus(tb.suspects[o.suspect]), power: POWER[o.suspect] || none}); }
    case "revive": {
      const seat = tb.out.findIndex((x) => x && x.suspect === o.suspect);
      return sus(tb.suspects[o.suspect]) + (seat >= 0 ? t(" ({who} comes back into the game)", {who: who(tb, seat)}) : "");
    }
    case "revelation": return title(o.card);
    case "double": return o.top ? t("On top") : t("Under");
    default: return pileName(tb, o.at);
  }
}
function skipText(v) {
  const tb = v.table, seat = skippedBy(tb);
  return seat === v.seat ? t("Skip your own next turn") : t("Skip {who}'s next turn", {who: who(tb, seat)});
}

// The question an option asks before it is made ("are you sure?"), or null for one made at a tap.
function confirmText(v, m, o) {
  const tb = v.table;
  switch (m.kind) {
    case "wrong_address": return t("{name} changes places with {meant} and takes the kill?", {name: suspectAt(tb, o.at), meant: meantFor(tb, m)});
    case "wipe": return t("Throw away {pile} as well?", {pile: pileName(tb, o.at)});
    case "double": return o.top ? t("The whole pile goes on top of {pile}?", {pile: pileName(tb, o.at)}) : t("The whole pile goes under {pile}?", {pile: pileName(tb, o.at)});
    case "private": return o.swap_hands === undefined ? null
      : t("Give {who} your {mine} and take their {theirs}?", {who: who(tb, o.swap_hands), mine: cardsN(v.hand.length), theirs: cardsN(tb.hand_sizes[o.swap_hands])});
    case "revelation": return t("Show your {card} face up on {name}'s pile?", {card: title(o.card), name: suspectAt(tb, tb.pending.at)});
    case "tuck": return t("Hide {name} under Madame Rose?", {name: sus(tb.suspects[o.suspect])});
    case "revive": return t("Bring {name} back to life?", {name: sus(tb.suspects[o.suspect])});
    default: return null;
  }
}

// The choice box of a second-edition kind: its options as buttons (a pile of the row may answer too).
// `send(body)` answers; `redraw()` draws the phone again after a pick.
export function secondChoice(v, m, send, redraw) {
  const what = HEADS[m.kind] || t("Your choice");
  const box = el("div", {class: "hacts", "data-kind": m.kind}, el("b", {text: t("{what}:", {what})}));
  if (m.kind === "rebel") box.append(...rebel(v, m, send, redraw));
  else if (m.kind === "tangled") box.append(...tangled(v, m, send, redraw));
  else box.append(...plain(v, m, send, redraw));
  return box;
}

// an option's button: answers at once, or (an option that could hurt) asks "are you sure?" in its place
function optionButton(v, m, o, send, redraw, text = optionText(v, m, o)) {
  const question = confirmText(v, m, o);
  const attrs = {"data-choice": JSON.stringify(o)};
  if (!question) return btn(text, () => send(o), "", false, attrs);
  if (!same(pick, o)) return btn(text, () => { pick = o; redraw(); }, "", false, attrs);
  return el("span", {class: "confirm hsure", "data-sure": JSON.stringify(o)}, el("span", {class: "question", text: question}),
    btn(t("Yes"), () => send(o), "primary", false, {"data-confirm": m.kind}),
    btn(t("Cancel"), () => { pick = null; redraw(); }));
}

function plain(v, m, send, redraw) {
  const tb = v.table, out = [];
  const group = (label, opts) => {
    if (!opts.length) return;
    if (label) out.push(el("div", {class: "muted", text: label}));
    out.push(el("div", {class: "hopts"}, ...opts.map((o) => optionButton(v, m, o, send, redraw))));
  };
  if (m.kind === "spread") out.push(el("div", {class: "hline"}, cardTile(tb.pending.card, "div", {}, true)));
  if (m.kind === "brunette") {
    group(t("From a pile:"), m.options.filter((o) => o.at !== undefined));
    group(t("Or from a player's hand:"), m.options.filter((o) => o.hand !== undefined));
  } else if (m.kind === "private") {
    group(t("Look at a player's secret suspect (only you see it):"), m.options.filter((o) => o.secret !== undefined));
    group(t("Or swap your whole hand ({cards}) with:", {cards: cardsN(v.hand.length)}), m.options.filter((o) => o.swap_hands !== undefined));
  } else if (m.kind === "double") {
    // one line a pile: its name, then on top or underneath (a picked one asks in the line below)
    const grid = el("div", {class: "hdouble"});
    for (const at of distinct(m.options.map((o) => o.at))) {
      const mine = m.options.filter((o) => o.at === at), sure = mine.find((o) => same(o, pick));
      grid.append(el("span", {class: "hpairname", text: t("{name} ({cards})", {name: suspectAt(tb, at), cards: cardsN(tb.row[at].size)})}));
      if (sure) grid.append(el("div", {class: "hopts hwide"}, optionButton(v, m, sure, send, redraw)));
      else grid.append(...mine.map((o) => optionButton(v, m, o, send, redraw)));
    }
    out.push(grid);
  } else if (m.kind === "revelation") {
    group(t("Your cards:"), m.options);
  } else {
    group("", m.options);
  }
  return out;
}

// Rebel: a card of the source pile, then the pile it goes to, then where in it; then confirmed.
function rebel(v, m, send, redraw) {
  const tb = v.table, from = tb.pending.from, out = [];
  const step = (label, items) => { out.push(el("div", {class: "muted", text: label}), el("div", {class: "hopts"}, ...items)); };
  const toggle = (text, key, value, attrs) => {
    const b = btn(text, () => { steps = {...steps, [key]: steps[key] === value ? undefined : value}; if (key === "index") steps.to = steps.place = undefined; if (key === "to") steps.place = undefined; redraw(); }, "", false, attrs);
    b.setAttribute("aria-pressed", String(steps[key] === value));
    return b;
  };
  step(t("1. Which card of {name}'s pile?", {name: suspectAt(tb, from)}), pileCards(tb, from).reverse().map(([i, words]) => toggle(words, "index", i, {"data-index": i})));
  if (steps.index !== undefined) {
    const tos = distinct(m.options.filter((o) => o.index === steps.index).map((o) => o.to));
    step(t("2. Onto which pile?"), tos.map((to) => toggle(pileName(tb, to), "to", to, {"data-to": to})));
  }
  if (steps.index !== undefined && steps.to !== undefined) {
    const n = tb.row[steps.to].size;
    const places = m.options.filter((o) => o.index === steps.index && o.to === steps.to).map((o) => o.place).sort((a, b) => b - a);
    step(t("3. Where in it?"), places.map((p) => toggle(slotWords(p, n), "place", p, {"data-place": p})));
  }
  const body = {index: steps.index, to: steps.to, place: steps.place};
  const ok = m.options.some((o) => same(o, body));
  out.push(el("div", {class: "hplay"}, btn(ok ? t("Move it {where} of {name}'s pile", {where: slotWords(body.place, tb.row[body.to].size), name: suspectAt(tb, body.to)}) : t("Move it (pick the card, the pile and the place)"),
    () => send(body), "primary", !ok, {"data-confirm": "rebel"})));
  return out;
}

// Tangled Up: a neighbour's pile, then two of its cards in the order they move (all of a smaller pile).
function tangled(v, m, send, redraw) {
  const tb = v.table, out = [];
  const ats = distinct(m.options.map((o) => o.at));
  out.push(el("div", {class: "muted", text: t("1. Which neighbour's pile?")}), el("div", {class: "hopts"}, ...ats.map((at) => {
    const b = btn(pileName(tb, at), () => { steps = {at: steps.at === at ? undefined : at, indices: []}; redraw(); }, "", false, {"data-at": at});
    b.setAttribute("aria-pressed", String(steps.at === at));
    return b;
  })));
  const mine = m.options.filter((o) => o.at === steps.at);
  const all = mine.length === 1 ? mine[0] : null;  // a pile of fewer than two cards moves whole
  if (steps.at !== undefined && !all) {
    const picked = steps.indices || [];
    out.push(el("div", {class: "muted", text: t("2. Two of its cards, the first you tap moves first:")}), el("div", {class: "hopts"},
      ...pileCards(tb, steps.at).reverse().map(([i, words]) => {
        const k = picked.indexOf(i);
        const b = btn(k >= 0 ? `${k + 1}. ${words}` : words, () => {
          const now = picked.includes(i) ? picked.filter((x) => x !== i) : [...picked, i].slice(-2);
          steps = {...steps, indices: now}; redraw();
        }, "", false, {"data-index": i});
        b.setAttribute("aria-pressed", String(k >= 0));
        return b;
      })));
  }
  const body = all || {at: steps.at, indices: steps.indices || []};
  const ok = m.options.some((o) => same(o, body));
  const text = !ok ? t("Move them (pick a pile and two cards)")
    : all ? (all.indices.length ? t("Move {cards} of {name}'s pile", {cards: cardsN(all.indices.length), name: suspectAt(tb, all.at)}) : t("Look at {name}'s pile (empty: nothing moves)", {name: suspectAt(tb, all.at)}))
      : t("Move these two from {name}'s pile", {name: suspectAt(tb, body.at)});
  out.push(el("div", {class: "hplay"}, btn(text, () => send(body), "primary", !ok, {"data-confirm": "tangled"})));
  return out;
}

// A tap on a pile of the row for a choice of pile: the option at that position (picked or sent).
export function pileTap(v, m, at, send, redraw) {
  const o = m.options.find((x) => x.at === at && Object.keys(x).length === 1);
  if (!o) return;
  if (confirmText(v, m, o)) { pick = same(pick, o) ? null : o; redraw(); } else send(o);
}
export const pilePicked = (at) => pick !== null && pick.at === at;
