// The shell's shared module: what every game's page parts draw with, and the interface a part keeps.
// A game's parts and its own helpers live in its package's static/ folder (served at /static/ like
// this one): `<parts>_phone.js`, `<parts>_table.js`, and `<parts>_cards.js` for what both share (its
// cards among them), where `<parts>` is its Game's `page_parts`. A part imports from this module and
// from its own package's modules, nothing else; the shell's pages (phone.js, table.js, through
// gamepart.js) load the part of the game dealt and call it as the typedefs below say.
// tests/games/test_page_parts.py holds every game's exports to these typedefs and its imports to this
// module's exports; tests/browser/test_phone_matrix.py holds its phone part to the contract.

/**
 * The public view of the table (/api/table and its stream): the fields the shell reads, and beside them
 * the game's own.
 * @typedef {object} TableView
 * @property {string} game  the game's name
 * @property {number} version  rises with every accepted action; a new deal starts again
 * @property {string} phase
 * @property {number} players
 * @property {number[]} awaiting  the seats the table waits for
 * @property {boolean} over
 * @property {Array<?string>} names  each seat's player's name, or null
 * @property {?{deadline: number}} [clock]  the shot clock: its deadline in the box's time (seconds)
 * @property {?{ready: number[], waiting: number[]}} [play_again]  once over: who tapped Play again
 * @property {?object} [evening]  tonight's games and wins (see `scoreboard`)
 */

/**
 * A seat's view (/api/me and its stream): the fields the shell reads, and beside them the game's own.
 * @typedef {object} SeatView
 * @property {number} seat
 * @property {?string} name  the seat's player's name
 * @property {TableView} table  the public view, as the table page has it
 * @property {Array<{act: string}>} moves  the seat's legal moves now: each an `act` and what it may take
 * @property {Array<{version: number, text: string}>} [feed]  what the box told this seat, newest first
 */

/**
 * What the phone page lends its game's part: passed with every call, always the page's current one.
 * @typedef {object} Shared
 * @property {(action: object) => Promise<?object>} send  sends a move (an `act` and what the seat's
 *   `moves` say it takes); one request at a time: null while another one is in flight
 * @property {() => void} setButtons  turns off the buttons in places marked `data-live` while a request is
 *   in flight or the box is out of reach, and back on after (the shell calls it after each render)
 * @property {() => HTMLElement} playAgain  the end of a game's "Play again" (the button, or who is ready)
 * @property {() => string} pads  how this table votes: "phone", or the kind of pads the box has
 * @property {(text: string) => void} flash  a short note under the prompt, for a few seconds
 */

/**
 * A game's phone part, `<parts>_phone.js`: what one seat sees of the game and where it chooses. The phone
 * page (phone.js) keeps the rest: joining, the stream, the header, the prompt's box, the table feed, the
 * name, the nudge. The part marks the element holding the seat's own cards (its hand, its row) with
 * `data-own-cards`, and the places of buttons that need the box with `data-live`. It names its phases
 * with `PHASES` or `phaseText` (one of the two).
 *
 * The contract: a part may assume nothing about the order of the calls or what came before them.
 * - `prompt` and `phaseText` are functions of their arguments only. They may be called on a fresh page
 *   before `render` ever ran (a reload, a second tab, a phone joining mid-game), after `reset()`, after
 *   `render` drew another deal's or another game's view, and more than once for the same view. They read
 *   nothing the part keeps between calls (that is for `render`).
 * - `render` may be called first with any view (mid-game, a choice being asked, the game over), then
 *   with any later one; what it keeps between calls (the choices being made) must still fit the view or
 *   be dropped. It gets `shared` every time: it must not keep an older one.
 * - The shell calls `reset()` after each accepted action, when the part takes over the page (the host
 *   dealt its game) and when a new deal of the same game starts; then `prompt` and `render` with the
 *   view, in that order.
 *
 * @typedef {object} PhonePart
 * @property {(view: SeatView, shared: Shared) => string} prompt  what this seat must do now, or what it
 *   waits for: never empty
 * @property {(view: SeatView, shared: Shared) => void} render  draws the part from the view, replacing all
 *   it drew before
 * @property {Object<string, string>} [PHASES]  the header's name of each phase (`table.phase`)
 * @property {(table: TableView) => string} [phaseText]  the header's name of the phase now
 * @property {() => void} [reset]  forgets the choices being made on this phone (a card tapped, a target)
 * @property {() => Element[]} [mount]  lays the page out for the part: puts its own elements among the
 *   shell's and returns them (the shell's box for games, #bpanel, is hidden meanwhile, and the elements
 *   go when another game's part takes over); without it the part draws into #bpanel
 * @property {string} [STYLES]  the part's own style sheet, a file in its package's static/, linked (once)
 *   before the part draws anything
 */

/**
 * Plays notes one after another, `step` seconds apart (nothing when the room turned the sound off).
 * @callback Tone
 * @param {number[]} freqs  the notes' frequencies, in Hz
 * @param {number} step
 * @returns {void}
 */

/**
 * What the table page lends its game's part.
 * @typedef {object} TableContext
 * @property {(seat: number) => ?Element[]} join  a free seat's join QR code and address, or null once
 *   it is taken (or not known yet)
 * @property {(seat: number) => boolean} bot  whether a bot plays the seat
 * @property {(seat: number, text: string, button?: string) => ?HTMLElement} pad  the seat's virtual pad
 *   in mock mode (a button pressing `button`, "reveal" unless said, and a refusal under it a moment);
 *   null on a box with real pads
 * @property {() => ?object} seats  who sits where (/api/seats: `seats[s].claimed`, `seats[s].bot`,
 *   `locked`), or null before it is known
 * @property {(seat: number) => ?string} refusal  the seat's virtual pad press the box turned down a
 *   moment ago, or null
 * @property {(seat: number, button: string) => void} press  presses the seat's virtual pad
 * @property {boolean} mock  whether the box runs with virtual pads
 */

/**
 * A game's table part, `<parts>_table.js`: the game for the room, on the TV. The table page (table.js)
 * keeps the rest: the header, the box's status, host link and join code, the log, the OLED, tonight's
 * scoreboard, the sound switch. It names its phases with `PHASES` or `phaseText` (one of the two).
 *
 * The contract is the phone part's: `waitingText` and `phaseText` are functions of their arguments,
 * callable before any render; `render` may meet any view first. `sound` and `moment` are called after
 * each new view, with the one before it, only while both are of this part's game.
 *
 * @typedef {object} TablePart
 * @property {(table: TableView, ctx: TableContext) => string} waitingText  the line under the header:
 *   whom the table waits for, or how the game ended
 * @property {(table: TableView, ctx: TableContext) => void} render  draws the game from the view,
 *   replacing all it drew before
 * @property {Object<string, string>} [PHASES]  the header's name of each phase (`table.phase`)
 * @property {(table: TableView) => string} [phaseText]  the header's name of the phase now
 * @property {(before: TableView, table: TableView, tone: Tone) => void} [sound]  the sound a new view
 *   makes (a game's end: `endChord`)
 * @property {(before: TableView, table: TableView) => void} [moment]  a moment played over the page once
 *   the new view is drawn (a big reveal)
 * @property {() => Element[]} [mount]  as the phone part's, in the table page (the shell's box: #bboard)
 * @property {string} [STYLES]  as the phone part's
 */

// ---------------------------------------------------------------- words in the reader's language
// One source of truth: the box's gettext catalogues (docs/i18n.md). A page in another language than
// English links its language's catalogue (<link id="i18n">, JSON, cached for good under its version);
// it is read here once, before any page script runs. English pages link none: a message id is its
// English text, so `t` gives it back with its {placeholders} filled in.

/**
 * How a part (or the shell) says its words: `t(msgid, params)` and `tn(one, many, n, params)` from
 * `translator(domain)`, `domain` the catalogue: "web" for the shell, a game's name for its parts (its
 * package's locale/). Message ids are the English text with {name} placeholders, written as literal
 * strings in the call (the extractor, `python -m controller.i18n extract`, reads the calls `t(...)` and
 * `tn(...)`); `said(item)` shows a feed or log line the box wrote (its `text`) in the reader's language.
 * @typedef {object} Translator
 * @property {(msgid: string, params?: Object<string, *>) => string} t
 * @property {(one: string, many: string, n: number, params?: Object<string, *>) => string} tn
 */

const CATALOGUE = await (async () => {
  const link = typeof document === "undefined" ? null : document.getElementById("i18n");
  if (!link) return null;
  try { const r = await fetch(link.href, {credentials: "same-origin"}); return r.ok ? await r.json() : null; }
  catch { return null; }
})();

/** The page's language: "en", or the catalogue's ("zh_Hant"). */
export const LANG = CATALOGUE ? CATALOGUE.lang : "en";

// a catalogue's plural rule as an index into a message's forms (gettext's Plural-Forms, those known)
const PLURAL_RULES = {"0": () => 0, "(n != 1)": (n) => (n !== 1 ? 1 : 0), "n != 1": (n) => (n !== 1 ? 1 : 0)};
const pluralIndex = (n) => (PLURAL_RULES[CATALOGUE && CATALOGUE.plural] || PLURAL_RULES["(n != 1)"])(n);

function found(domain, msgid) {
  const d = CATALOGUE && CATALOGUE.domains[domain];
  return d ? d[msgid] : undefined;
}
function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : text;
}

/** The translator of catalogue `domain` (see Translator). @returns {Translator} */
export function translator(domain) {
  return {
    t: (msgid, params) => { const x = found(domain, msgid); return fill(typeof x === "string" ? x : msgid, params); },
    tn: (one, many, n, params = {}) => {
      const x = found(domain, one), all = {n, ...params};
      if (Array.isArray(x)) return fill(x[Math.min(pluralIndex(n), x.length - 1)], all);
      return fill(n === 1 ? one : many, all);
    },
  };
}
const shellWords = translator("web");
/** The shell's own words (catalogue "web"). */
export const t = shellWords.t, tn = shellWords.tn;

// a line the box wrote, as the view's `said` has it ({d, id, p, pl}), said again in the page's language
function sayAgain(s) {
  const p = {};
  for (const [k, v] of Object.entries(s.p || {})) p[k] = v && typeof v === "object" && v.id ? sayAgain(v) : v;
  const words = translator(s.d);
  return s.pl ? words.tn(s.id, s.pl, Number(p.n), p) : words.t(s.id, p);
}
/** A feed or log line of a view ({text, said}) in the page's language: its `said` message when the box
 * wrote one and this page reads another language than English, else its English `text` as it is. */
export function said(item) {
  if (!item) return "";
  if (!CATALOGUE || !item.said) return item.text;
  try { return sayAgain(item.said); } catch { return item.text; }
}

/** The phone's language switch: a button that says the other language in its own words; this phone
 * keeps the choice (the cookie "lang", which the box reads to serve its pages) and reloads. */
export function languageSwitch() {
  const other = LANG === "en" ? ["zh_Hant", "中文"] : ["en", "English"];
  return el("button", {type: "button", class: "langswitch", lang: other[0].replace("_", "-"), "data-lang": other[0], text: other[1],
    onclick: () => { document.cookie = `lang=${other[0]}; path=/; max-age=31536000; samesite=lax`; location.reload(); }});
}

// ---------------------------------------------------------------- elements

/** The page's element with this id. */
export const $ = (id) => document.getElementById(id);

/** An element: `attrs` sets its attributes ("class", "text" its text, "onclick" and the like listen),
 * `kids` are appended (null and undefined left out). */
export function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const k of kids) if (k != null) e.append(k);
  return e;
}

/** A button ("primary" or another class); off when `dis`, and then kept off by `setButtons`. */
export function btn(text, onclick, cls = "", dis = false, attrs = {}) {
  const b = el("button", {type: "button", class: cls, text, onclick, ...attrs}); b.disabled = dis; if (dis) b.dataset.off = "1"; return b;
}

/** A badge beside a name ("to act", "winner"); "pres" or a game's own class colours it. */
export function badge(text, cls = "") { return el("span", {class: cls ? `badge ${cls}` : "badge", text}); }

/** A button whose action asks "are you sure?" in the page first (no browser dialog, which kiosks block).
 * A confirmation is used once: "yes" puts the first button back before acting, so a second tap on the
 * same spot asks again instead of repeating the action (a second deal would end the game just dealt).
 * `question` is the text, or a function giving it when asked (a question that depends on a choice). */
export function confirmButton(text, question, yes, onYes, cls = "") {
  const box = el("span", {class: "confirm"});
  const ask = () => {
    box.replaceChildren(el("span", {class: "question", text: typeof question === "function" ? question() : question}),
      el("button", {type: "button", class: "primary", text: yes, onclick: () => { box.replaceChildren(first); onYes(); }}),
      el("button", {type: "button", text: t("Cancel"), onclick: () => box.replaceChildren(first)}));
    box.querySelector("button.primary").focus();
  };
  const first = el("button", {type: "button", class: cls, text, onclick: ask});
  box.append(first);
  return box;
}

/** Hold to peek: `e` shows a secret only while it is held. `show(true)` while it is pressed (touch,
 * mouse, or Space or Enter held down), `show(false)` once let go; a long press opens no menu. */
export function whileHeld(e, show) {
  e.addEventListener("pointerdown", (ev) => { ev.preventDefault(); show(true); });
  for (const t of ["pointerup", "pointercancel", "pointerleave", "blur"]) e.addEventListener(t, () => show(false));
  e.addEventListener("contextmenu", (ev) => ev.preventDefault());
  e.addEventListener("keydown", (ev) => { if (ev.key === " " || ev.key === "Enter") show(true); });
  e.addEventListener("keyup", () => show(false));
  return e;
}

// Text that must fit its box whatever it says: a card's name on a card face (today's names and those of
// cards to come, however long). An element with the class "fit" wraps between words where its box
// allows; while a line is still wider than the box (a single long word), its font shrinks step by step,
// down to half its size at most, and a word still too long for the box then breaks inside (the last
// resort: never cut off). Every page fits what is added to it and fits again when the window changes
// size, so a game's parts only mark their text: nothing is tuned to today's card names.
const FIT_FLOOR = 0.5, FIT_MIN_PX = 10, FIT_STEP = 0.92;
export function fit(e) {
  e.style.fontSize = ""; e.style.overflowWrap = "";
  if (!e.isConnected || !e.clientWidth) return;  // not laid out (hidden): fitted once it is shown
  const size = parseFloat(getComputedStyle(e).fontSize);
  // and never under 10 px (or the element's own --fit-min: a tiny chip may go smaller)
  const least = parseFloat(getComputedStyle(e).getPropertyValue("--fit-min")) || FIT_MIN_PX;
  const floor = Math.min(size, Math.max(size * FIT_FLOOR, least));
  for (let now = size; e.scrollWidth > e.clientWidth && now > floor;) {
    now = Math.max(floor, now * FIT_STEP);
    e.style.fontSize = `${now}px`;
  }
  if (e.scrollWidth > e.clientWidth) e.style.overflowWrap = "anywhere";
}
export function fitAll(root) {
  if (root.nodeType === 3) root = root.parentElement;  // a text changed: its element
  if (!root || root.nodeType !== 1) return;
  if (root.classList.contains("fit")) fit(root);
  for (const e of root.querySelectorAll(".fit")) fit(e);
}
if (typeof document !== "undefined" && typeof MutationObserver !== "undefined") {
  new MutationObserver((changes) => {
    for (const m of changes) {
      if (m.type === "attributes") fitAll(m.target);  // shown (hidden taken off), or restyled
      else for (const n of m.addedNodes) fitAll(n);
    }
  }).observe(document.documentElement, {childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"]});
  let queued = false;
  addEventListener("resize", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitAll(document.body); });
  });
  // a style sheet linked late (a game's own) changes the boxes: fit again once everything has loaded
  addEventListener("load", () => fitAll(document.body));
}

// ---------------------------------------------------------------- words

/** "Ada" from "ada": the first letter in upper case. */
export function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

/** "1 card", "3 cards", `count(2, "box", "boxes")`: never "1 cards" or "card(s)". */
export function count(n, what = "card", many = `${what}s`) { return `${n} ${n === 1 ? what : many}`; }

/** "a", "a and b", "a, b and c". */
export function list(items) {
  if (items.length < 2) return items.join("");
  // i18n: how a list's items are separated, before its last one ("a, b and c"; 「甲、乙和丙」)
  return t("{items} and {last}", {items: items.slice(0, -1).join(t(", ")), last: items[items.length - 1]});
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
/** A name as text in a line: isolated (FSI ... PDI) when it holds right-to-left letters, so it cannot
 * reorder the words and numbers around it (the box's log lines do the same). */
export function isolate(name) { return name && RTL.test(name) ? `\u2068${name}\u2069` : name; }

/** Seat `s` of view `t` as the pages tell it: its name, else "seat N" ("Seat N" to start a sentence). */
export function who(tv, s, start = false) {
  const n = tv && tv.names ? tv.names[s] : null;
  return isolate(n) || (start ? t("Seat {n}", {n: s}) : t("seat {n}", {n: s}));
}

/** A seat on a button or in a list that picks one: its number always, then its name. */
export function whoSeat(tv, s) {
  const n = tv && tv.names ? tv.names[s] : null;
  return n ? `${s} · ${isolate(n)}` : t("seat {n}", {n: s});
}

// ---------------------------------------------------------------- views

/** The seat's legal move of kind `act` in its view `v` (one of its `moves`), or nothing. */
export function moveOf(v, act) { return v && v.moves.find((m) => m.act === act); }

/** A feed as the phone shows it: the lines told at one moment (one version) read as one entry, in the
 * order they were told; the view lists them newest first. */
export function feedEntries(items) {
  const out = [];
  for (const x of items) {
    const last = out[out.length - 1];
    if (last && last.version === x.version && x.version) { last.texts.unshift(said(x)); last.you = last.you || x.you; }
    else out.push({version: x.version, texts: [said(x)], you: !!x.you});
  }
  return out.map((e) => ({version: e.version, you: e.you, text: e.texts.join(" ")}));
}

/** The end of a game on the table page: how the next one starts, and who already asked for it. */
export function playAgainText(tv) {
  const pa = tv.play_again, ready = pa ? pa.ready.map((s) => who(tv, s)) : [];
  return ready.length ? t("For a new deal, everyone taps Play again on their phone (ready: {who}).", {who: list(ready)})
    : t("For a new deal, everyone taps Play again on their phone.");
}

/** Tonight's scoreboard (the view's `evening`): wins per name, then the games, newest first; null
 * before the evening's first game has ended. */
export function scoreboard(tv) {
  const ev = tv.evening;
  if (!ev || !ev.games.length) return null;
  return el("div", {class: "scoreboard", "data-scoreboard": ""},
    el("table", {}, ...ev.tally.map((x) => el("tr", {"data-wins": x.name}, el("td", {text: x.name}), el("td", {class: "vp", text: tn("{n} win", "{n} wins", x.wins)})))),
    el("ol", {class: "feed"}, ...ev.games.slice().reverse().map((g) => el("li", {text:
      t("Game {n}, {title}: {winners}", {n: g.game, title: g.title || g.name, winners: g.winners.length ? list(g.winners) : t("nobody won")})}))));
}

/** The chord every game's table plays at a game's end: played, and true, when `table` is the view that
 * ended it (a table part's `sound` then makes no other). */
export function endChord(before, table, tone) {
  if (before.over || !table.over) return false;
  tone([523, 659, 784, 1047], 0.16);
  return true;
}

// ---------------------------------------------------------------- the box and its clock

/** A request to the box: always JSON (a POST with nothing to say sends {}, as the box's request guards
 * expect), with this phone's token; `{status, ok, body}`, status 0 when the box cannot be reached. */
export async function api(path, opts = {}) {
  const headers = {"Content-Type": "application/json", ...(opts.headers || {})};
  const tok = localStorage.getItem("jaccuse_token");
  if (tok && !headers.Authorization) headers.Authorization = "Bearer " + tok;
  const init = {...opts, headers, credentials: "same-origin", cache: "no-store"};
  if ((init.method || "GET") !== "GET" && init.body === undefined) init.body = "{}";
  let r;
  try { r = await fetch(path, init); } catch { return {status: 0, ok: false, body: null}; }
  let body = null; try { body = await r.json(); } catch { body = null; }
  return {status: r.status, ok: r.ok, body};
}

// The box's refusals by their code, in the page's language: the API keeps its English messages (a
// contract), the pages say them again by code. A code missing here, or an English page, shows the box's
// own message; a game's part adds its refusals' codes with `refusalWords`.
const refusals = [() => ({
  unauthorized: t("This phone no longer holds a seat here: join again."),
  seats_locked: t("The host has locked the seats: ask them to unlock."),
  join_code: t("That join code is not right: it is on the box's display."),
  seat_taken: t("This seat is taken."),
  unknown_seat: t("There is no such seat."),
  bad_name: t("That name cannot be used: choose another."),
  too_fast: t("You are changing your name too fast: wait a moment."),
  seat_free: t("This seat is not held by a phone."),
  not_over: t("A new game can be dealt once this one is over."),
  new_game: t("A new game was dealt meanwhile: look at it again."),
  pads_decide: t("Reveal and abstain are pressed on the seat's pad."),
  busy: t("The box did not answer in time: check before trying again."),
  journal_unavailable: t("The box could not save that: try again."),
  stopping: t("The box is shutting down."),
  internal: t("The box hit an unexpected error."),
  already_a_bot: t("A bot already plays this seat."),
  not_a_bot: t("Only a seat a bot plays can be changed this way."),
  bad_clock: t("The shot clock takes 0 to 3600 seconds."),
  bad_code: t("A join code is 4 to 14 letters or digits."),
  too_many_requests: t("Too many requests: wait a moment."),
})];
/** A game's part says its own refusals by code: `words()` gives {code: text}, called when one shows. */
export function refusalWords(words) { refusals.push(words); }

/** Why a request failed, in players' words (in the page's language, by the refusal's code). */
export function errorText(r, what = null) {
  if (r.status === 0) return t("The box cannot be reached: check the Wi-Fi, then try again.");
  const err = r.body && r.body.error;
  if (!err) return what ? t("{what} answered {status}", {what, status: r.status}) : t("the box answered {status}", {status: r.status});
  if (!CATALOGUE) return err.message;
  for (let i = refusals.length - 1; i >= 0; i--) { const x = refusals[i]()[err.code]; if (x) return x; }
  return err.message;
}

// The shot clock: seconds left, against the box's clock (offset = box time - this device's time).
let clockOffset = 0;
export function setBoxTime(boxNow, sentAt, gotAt) { clockOffset = boxNow * 1000 - (sentAt + gotAt) / 2; }
export function secondsLeft(clock) {
  if (!clock || !clock.deadline) return null;
  return Math.max(0, Math.ceil((clock.deadline * 1000 - (Date.now() + clockOffset)) / 1000));
}
export async function syncBoxTime() {
  const sent = Date.now(); const r = await api("/api/box"); const got = Date.now();
  if (r.ok && typeof r.body.now === "number") setBoxTime(r.body.now, sent, got);
  return r;
}

/** The shot clock's chip at the head of `box`: the seconds left, marked hot from 10 s down when `hot`;
 * no chip while there is no clock. */
export function showClock(box, clock, hot) {
  const left = secondsLeft(clock);
  let chip = box.querySelector(".clock");
  if (left === null) { if (chip) chip.remove(); return; }
  if (!chip) { chip = el("span", {class: "clock", "aria-label": t("shot clock")}); box.prepend(chip); }
  chip.textContent = t("{n} s left", {n: left});
  chip.classList.toggle("hot", hot && left <= 10);
}
