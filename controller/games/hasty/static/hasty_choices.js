// Hasty Accusations' second-edition choices on the phone (the advanced and expert cards, the Suspect
// Powers): what each asks, what each option means, and the buttons that answer it. Each choice's
// options come from the seat view's move (`options`: the bodies of its `choose`); an option that could
// hurt (a kill sent elsewhere, a pile thrown away, a hand given away) asks "are you sure?" in its place.
import {btn, cap, count, el, who} from "./shell.js";
import {POWER, cardTile, suspectAt, title} from "./hasty_cards.js";

// the kinds whose options are positions on the row: a tap on the pile answers too
export const PILE_KINDS = new Set(["breath", "sniper", "wrong_address", "walk", "wipe", "spread"]);
// the choice's name, over its options (the prompt above says the whole question)
const HEADS = {breath: "Dying Breath", sniper: "Sniper", wrong_address: "Wrong address", walk: "Walk it back",
  wipe: "Memory Wipe", tangled: "Tangled Up", spread: "Spread the love", double: "Double Cross", rebel: "Rebel",
  revelation: "Revelation", thief: "Thief", brunette: "Monsieur Brunette's power", private: "Private Investigator",
  hasty: "Hasty", tuck: "Madame Rose's escape", revive: "Doctor White's power"};

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
  return at < 0 ? "a suspect" : suspectAt(tb, at);
}

// What a second-edition choice asks, in one sentence (the prompt and the choice's heading).
export function askText(v, m) {
  const tb = v.table, p = tb.pending || {};
  switch (m.kind) {
    case "breath": return "Dying Breath: the smallest piles are tied. Pick the one that is reviewed now.";
    case "sniper": return "Your Sniper: pick the neighbour whose pile is reviewed now; then whoever stands there is shot.";
    case "wrong_address": return `Wrong address: the kill meant for ${meantFor(tb, m)} goes astray. Pick who changes places with ${meantFor(tb, m)} and takes the kill instead.`;
    case "walk": return "Walk it back: pick the pile whose top three cards go into your hand.";
    case "wipe": return "Memory Wipe: its own pile is thrown away. Pick the neighbour's pile that goes with it.";
    case "tangled": return "Tangled Up: pick a neighbour's pile and two of its cards; they move onto the Tangled Up's pile. You see that whole pile once you have chosen.";
    case "spread": return `Spread the love: where does ${title(p.card)} go, face up?` + ((p.left || []).length ? ` (${count(p.left.length, "card")} more after it)` : "");
    case "double": return "Double Cross: the Double Cross's whole pile goes onto or under another suspect's pile. Pick where.";
    case "rebel": return `Rebel: move one card of ${suspectAt(tb, p.from)}'s pile to another pile, at any place in it.`;
    case "revelation": return `Revelation: pick a card of your hand to show face up on ${suspectAt(tb, p.at)}'s pile.`;
    case "thief": return "Thief: pick whose hand you rob. You take three of their cards at random.";
    case "brunette": return "Monsieur Brunette's power: steal one card at random from a pile or from a player's hand.";
    case "private": return "Private Investigator: look at a player's secret suspect, or swap your whole hand with theirs.";
    case "hasty": return `Hasty: draw up to ${count(tb.hand_limit || 4, "card")}, or skip the next player's turn.`;
    case "tuck": return "Madame Rose escapes death! Pick the dead suspect she hides under her: she takes over its power.";
    case "revive": return "Doctor White's power: pick a dead suspect to bring back to life, with an empty pile.";
    default: return "Make your choice.";
  }
}

// a pile's cards as a seat may see them, from the bottom: [index, words]
function pileCards(tb, at) {
  const pile = (tb.row[at] && tb.row[at].pile) || [], n = pile.length;
  return pile.map((c, i) => [i, `${place(i, n)}: ${c.up ? title(c.card) : "face down"}`]);
}
function place(i, n) {
  if (n === 1) return "the only card";
  if (i === n - 1) return "top card";
  if (i === 0) return "bottom card";
  return `${n - 1 - i} under the top`;
}
// where a card goes in a pile of n cards: 0 is the bottom, n the top
function slotWords(p, n) {
  if (p === n) return n ? "on top" : "onto the empty pile";
  if (p === 0) return "at the bottom";
  return `under ${count(n - p, "card")} from the top`;
}
const pileName = (tb, at) => `${suspectAt(tb, at)}'s pile (${count(tb.row[at].size, "card")})`;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const distinct = (xs) => [...new Set(xs)];

// The words of one option of a choice (the button's text: what the group above it does not say).
function optionText(v, m, o) {
  const tb = v.table;
  switch (m.kind) {
    case "wrong_address": return `${suspectAt(tb, o.at)} (#${o.at})`;
    case "thief": return `${cap(who(tb, o.hand))} (${count(tb.hand_sizes[o.hand], "card")})`;
    case "brunette": return o.hand !== undefined ? `${cap(who(tb, o.hand))} (${count(tb.hand_sizes[o.hand], "card")})` : pileName(tb, o.at);
    case "private": return o.secret !== undefined ? cap(who(tb, o.secret)) : `${cap(who(tb, o.swap_hands))} (${count(tb.hand_sizes[o.swap_hands], "card")})`;
    case "hasty": return o.hasty === "draw" ? `Draw up to ${tb.hand_limit || 4} (you hold ${v.hand.length})` : skipText(v);
    case "tuck": return `${tb.suspects[o.suspect]}: ${POWER[o.suspect] || "no power"}`;
    case "revive": {
      const seat = tb.out.findIndex((x) => x && x.suspect === o.suspect);
      return `${tb.suspects[o.suspect]}` + (seat >= 0 ? ` (${who(tb, seat)} comes back into the game)` : "");
    }
    case "revelation": return title(o.card);
    case "double": return o.top ? "On top" : "Under";
    default: return pileName(tb, o.at);
  }
}
function skipText(v) {
  const tb = v.table, seat = skippedBy(tb);
  return seat === v.seat ? "Skip your own next turn" : `Skip ${who(tb, seat)}'s next turn`;
}

// The question an option asks before it is made ("are you sure?"), or null for one made at a tap.
function confirmText(v, m, o) {
  const tb = v.table;
  switch (m.kind) {
    case "wrong_address": return `${suspectAt(tb, o.at)} changes places with ${meantFor(tb, m)} and takes the kill?`;
    case "wipe": return `Throw away ${pileName(tb, o.at)} as well?`;
    case "double": return `The whole pile goes ${o.top ? "on top of" : "under"} ${pileName(tb, o.at)}?`;
    case "private": return o.swap_hands === undefined ? null
      : `Give ${who(tb, o.swap_hands)} your ${count(v.hand.length, "card")} and take their ${count(tb.hand_sizes[o.swap_hands], "card")}?`;
    case "revelation": return `Show your ${title(o.card)} face up on ${suspectAt(tb, tb.pending.at)}'s pile?`;
    case "tuck": return `Hide ${tb.suspects[o.suspect]} under Madame Rose?`;
    case "revive": return `Bring ${tb.suspects[o.suspect]} back to life?`;
    default: return null;
  }
}

// The choice box of a second-edition kind: its options as buttons (a pile of the row may answer too).
// `send(body)` answers; `redraw()` draws the phone again after a pick.
export function secondChoice(v, m, send, redraw) {
  const box = el("div", {class: "hacts", "data-kind": m.kind}, el("b", {text: `${HEADS[m.kind] || "Your choice"}:`}));
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
    btn("Yes", () => send(o), "primary", false, {"data-confirm": m.kind}),
    btn("Cancel", () => { pick = null; redraw(); }));
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
    group("From a pile:", m.options.filter((o) => o.at !== undefined));
    group("Or from a player's hand:", m.options.filter((o) => o.hand !== undefined));
  } else if (m.kind === "private") {
    group("Look at a player's secret suspect (only you see it):", m.options.filter((o) => o.secret !== undefined));
    group(`Or swap your whole hand (${count(v.hand.length, "card")}) with:`, m.options.filter((o) => o.swap_hands !== undefined));
  } else if (m.kind === "double") {
    // one line a pile: its name, then on top or underneath (a picked one asks in the line below)
    const grid = el("div", {class: "hdouble"});
    for (const at of distinct(m.options.map((o) => o.at))) {
      const mine = m.options.filter((o) => o.at === at), sure = mine.find((o) => same(o, pick));
      grid.append(el("span", {class: "hpairname", text: `${suspectAt(tb, at)} (${count(tb.row[at].size, "card")})`}));
      if (sure) grid.append(el("div", {class: "hopts hwide"}, optionButton(v, m, sure, send, redraw)));
      else grid.append(...mine.map((o) => optionButton(v, m, o, send, redraw)));
    }
    out.push(grid);
  } else if (m.kind === "revelation") {
    group("Your cards:", m.options);
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
  step(`1. Which card of ${suspectAt(tb, from)}'s pile?`, pileCards(tb, from).reverse().map(([i, words]) => toggle(words, "index", i, {"data-index": i})));
  if (steps.index !== undefined) {
    const tos = distinct(m.options.filter((o) => o.index === steps.index).map((o) => o.to));
    step("2. Onto which pile?", tos.map((to) => toggle(pileName(tb, to), "to", to, {"data-to": to})));
  }
  if (steps.index !== undefined && steps.to !== undefined) {
    const n = tb.row[steps.to].size;
    const places = m.options.filter((o) => o.index === steps.index && o.to === steps.to).map((o) => o.place).sort((a, b) => b - a);
    step("3. Where in it?", places.map((p) => toggle(slotWords(p, n), "place", p, {"data-place": p})));
  }
  const body = {index: steps.index, to: steps.to, place: steps.place};
  const ok = m.options.some((o) => same(o, body));
  out.push(el("div", {class: "hplay"}, btn(ok ? `Move it ${slotWords(body.place, tb.row[body.to].size)} of ${suspectAt(tb, body.to)}'s pile` : "Move it (pick the card, the pile and the place)",
    () => send(body), "primary", !ok, {"data-confirm": "rebel"})));
  return out;
}

// Tangled Up: a neighbour's pile, then two of its cards in the order they move (all of a smaller pile).
function tangled(v, m, send, redraw) {
  const tb = v.table, out = [];
  const ats = distinct(m.options.map((o) => o.at));
  out.push(el("div", {class: "muted", text: "1. Which neighbour's pile?"}), el("div", {class: "hopts"}, ...ats.map((at) => {
    const b = btn(pileName(tb, at), () => { steps = {at: steps.at === at ? undefined : at, indices: []}; redraw(); }, "", false, {"data-at": at});
    b.setAttribute("aria-pressed", String(steps.at === at));
    return b;
  })));
  const mine = m.options.filter((o) => o.at === steps.at);
  const all = mine.length === 1 ? mine[0] : null;  // a pile of fewer than two cards moves whole
  if (steps.at !== undefined && !all) {
    const picked = steps.indices || [];
    out.push(el("div", {class: "muted", text: "2. Two of its cards, the first you tap moves first:"}), el("div", {class: "hopts"},
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
  const text = !ok ? "Move them (pick a pile and two cards)"
    : all ? (all.indices.length ? `Move ${count(all.indices.length, "card")} of ${suspectAt(tb, all.at)}'s pile` : `Look at ${suspectAt(tb, all.at)}'s pile (empty: nothing moves)`)
      : `Move these two from ${suspectAt(tb, body.at)}'s pile`;
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
