// A game's own page parts: the ES module its package serves at /static/<parts>_<kind>.js ("phone" or
// "table"), loaded for the game dealt. The page knows the game it was served for (its body's data-*);
// when the host deals another game, the box's /api/box says what that one needs. What a part exports,
// what the shell lends it and the contract of its calls are the typedefs PhonePart and TablePart in
// shell.js; here it is loaded (its STYLES linked first) and laid out (its mount(), or the box for games).
import {api} from "./shell.js";

/** @typedef {import("./shell.js").PhonePart | import("./shell.js").TablePart} Part */

export function pageOf(body) {
  const d = body.dataset;
  return {name: d.game, title: d.title, rules: d.rules, parts: d.parts};
}

// a game without parts of its own: the shell's header, prompt and feeds, nothing more
const NO_PART = {prompt: () => "", render() {}, waitingText: () => ""};

/** The part of kind "phone" or "table" of the game whose page is `page`, its style sheet linked.
 * @returns {Promise<Part>} */
export async function partFor(page, kind) {
  if (!page.parts) return NO_PART;
  const part = await import(`./${page.parts}_${kind}.js`);
  if (part.STYLES) await styled(part.STYLES);
  return part;
}

/** The stylesheet `file` (in /static/) linked in the page's head (once): resolves when it has loaded,
 * or failed to. */
export function styled(file) {
  const href = `/static/${file}`;
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet"; link.href = href;
  const loaded = new Promise((done) => { link.onload = done; link.onerror = done; });
  document.head.append(link);
  return loaded;
}

let placed = [], shown = null;
/** The page laid out for `part`: the last part's own elements taken away, this one's put in (its
 * mount()), or the box for games (.bx: #bpanel, #bboard) shown for it to draw into.
 * @param {Part} part */
export function place(part) {
  if (part === shown) return;
  for (const e of placed) e.remove();
  placed = part.mount ? part.mount() : [];
  shown = part;
  if (part.reset) part.reset();  // a part taking over starts with no choice half made
  for (const e of document.querySelectorAll(".bx")) e.hidden = !!part.mount;
}

// The page of game `name` as the box describes it now (null: the box has moved on to another game).
export async function pageNow(name) {
  const r = await api("/api/box");
  return r.ok && r.body.game_name === name ? r.body.game_page : null;
}

// A page's game, kept current: `follow(game)` loads the game's page and parts (once at a time), lays
// the page out for them, then calls `done`.
export function follower(kind, page, part, done) {
  const now = {page, part};
  place(part);
  let loading = null;
  now.follow = (game) => {
    if (loading === game) return;
    loading = game;
    pageNow(game).then(async (p) => {
      // page and part change together: a view rendered while the part loads must not meet the new page
      // with the old part (it would draw one game's view with another game's parts)
      if (p) { const part = await partFor(p, kind); now.page = p; now.part = part; place(part); }
      loading = null;
      done();
    });
  };
  return now;
}
