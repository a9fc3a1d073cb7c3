// A game's own page parts: the ES module its package serves at /static/<parts>_<kind>.js ("phone" or
// "table"), loaded for the game dealt. A game without parts of its own uses the page's built-in ones.
// The page knows the game it was served for (its body's data-*); when the host deals another game,
// the box's /api/box says what that one needs.
import {api} from "./cards.js";

export function pageOf(body) {
  const d = body.dataset;
  return {name: d.game, title: d.title, rules: d.rules, parts: d.parts};
}

export async function partFor(page, kind) {
  return page.parts ? await import(`./${page.parts}_${kind}.js`) : null;
}

// The page of game `name` as the box describes it now (null: the box has moved on to another game).
export async function pageNow(name) {
  const r = await api("/api/box");
  return r.ok && r.body.game_name === name ? r.body.game_page : null;
}

// A page's game, kept current: `follow(game)` loads the game's page and parts (once at a time), then
// calls `done`.
export function follower(kind, page, part, done) {
  const now = {page, part};
  let loading = null;
  now.follow = (game) => {
    if (loading === game) return;
    loading = game;
    pageNow(game).then(async (p) => {
      // the page and its parts change together: a view drawn while the parts load is still the old game's
      if (p) { const part = await partFor(p, kind); now.page = p; now.part = part; }
      loading = null;
      done();
    });
  };
  return now;
}
