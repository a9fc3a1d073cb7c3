// A game's own page parts: the ES module its package serves at /static/<parts>_<kind>.js ("phone" or
// "table"), loaded for the game dealt. The page knows the game it was served for (its body's data-*);
// when the host deals another game, the box's /api/box says what that one needs.
// A part draws into the page's box for games (.bx: #bpanel, #bboard), or lays out the page itself: its
// mount() puts its own elements among the shell's and returns them; the box for games is hidden
// meanwhile, and the elements go when another game's part takes over. A part's STYLES names its own
// stylesheet in its package's static/, linked (once) before the part draws anything.
//
// The contract of a part: what it may assume when the shell calls it (tests/browser/test_part_contract.py
// holds every game's parts to it, through the registry).
//
// A phone part exports
//   prompt(view, shared) -> string   what this seat must do now, or what it waits for: never empty.
//   phaseText(table) -> string       (or a PHASES map) the phase as the header names it.
//   render(view, shared)             draws the part from the view, replacing all it drew before.
//   reset()                          forgets the choices being made on this phone (a card tapped, a target).
//   mount() (optional), STYLES (optional)
// and marks the element holding the seat's own cards (its hand, its row) with data-own-cards.
// and may assume nothing about the order of the calls or what came before them:
//   - prompt and phaseText are functions of their arguments only. They may be called on a fresh page
//     before render ever ran (a reload, a second tab, a phone joining mid-game), after reset(), after
//     render drew another deal's or another game's view, and more than once for the same view. They
//     read nothing the part keeps between calls (keep that for render).
//   - render may be called first with any view (mid-game, a choice being asked, the game over), then with
//     any later one; what it keeps between calls (the choices being made) must still fit the view or be
//     dropped. It gets `shared` every time: it must not keep an older one.
//   - `shared` lends send(action), setButtons(), playAgain(), pads() and flash(text); its view is the
//     one passed, never an older one.
// The shell (phone.js) calls reset() after each accepted action, when the part takes over the page
// (the host dealt its game) and when a new deal of the same game starts, then prompt and render with the
// view, in that order.
//
// A table part exports waitingText(table, ctx), phaseText(table) or PHASES, render(table, ctx),
// sound(before, table, tone), optionally moment(before, table) and mount(), under the same rule:
// waitingText and phaseText are functions of their arguments, callable before any render; render may
// meet any view first.
import {api} from "./shell.js";

export function pageOf(body) {
  const d = body.dataset;
  return {name: d.game, title: d.title, rules: d.rules, parts: d.parts};
}

// a game without parts of its own: the shell's header, prompt and feeds, nothing more
const NO_PART = {prompt: () => "", render() {}, reset() {}, waitingText: () => "", sound() {}};

export async function partFor(page, kind) {
  if (!page.parts) return NO_PART;
  const part = await import(`./${page.parts}_${kind}.js`);
  if (part.STYLES) await styled(part.STYLES);
  return part;
}

// the stylesheet `file` (in /static/) linked in the page's head, once it has loaded (or failed to)
function styled(file) {
  const href = `/static/${file}`;
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.getAttribute("href") === href)) return null;
  const link = document.createElement("link");
  link.rel = "stylesheet"; link.href = href;
  const loaded = new Promise((done) => { link.onload = done; link.onerror = done; });
  document.head.append(link);
  return loaded;
}

let placed = [], shown = null;
// the page laid out for `part`: the last part's own elements taken away, this one's put in
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
