// What the phone matrix (tests/browser/test_phone_matrix.py, loads.py) reads of a seat's phone page.
// Each is one function expression, evaluated by Playwright in the page; loads.py splits them by name.

// @shown: what the page offers now, read in one turn of its event loop: the prompt, the phase, the
// enabled buttons of the game's places ([data-live]: the moves) and the page's own help, by their text
() => {
  const vis = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
  const live = [...document.querySelectorAll('#game [data-live] button')].filter((b) => vis(b));
  const howto = [...document.querySelectorAll('#game details.howto')].filter((d) => vis(d));
  return {
    prompt: document.getElementById('prompt').innerText.replace(/^\d+ s left\s*/, '').trim(),
    phase: document.getElementById('phase').textContent.trim(),
    title: document.title,
    enabled: live.filter((b) => !b.disabled).map((b) => b.innerText.replace(/\s+/g, ' ').trim()),
    buttons: live.map((b) => b.innerText.replace(/\s+/g, ' ').trim()),
    howto: howto.map((d) => d.querySelector('summary').innerText.trim()),
    rules: document.getElementById('ruleslink').getAttribute('href'),
    me: window.jaccuse ? window.jaccuse.me() : null,
  };
}

// @layout: the seat's own turn on one phone screen, as the page lays it out: where the prompt, the
// seat's own cards ([data-own-cards]) and the action buttons end, with the page scrolled to the top; and
// the share of the screen each fixed or sticky element covers, scrolled to the top, the middle and the end
async () => {
  const H = innerHeight, W = innerWidth;
  const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  scrollTo(0, 0); await frame();
  const bottom = (e) => Math.round(e.getBoundingClientRect().bottom + scrollY);
  const game = document.getElementById('game');
  const cards = [...game.querySelectorAll('[data-own-cards]')].filter(vis);
  const cardEls = cards.flatMap((c) => [...c.querySelectorAll('.card, .hcard, [data-card], [data-own]')]).filter(vis);
  const live = [...game.querySelectorAll('[data-live] button')].filter(vis);
  const isCard = (b) => b.matches('.card, .hcard, [data-card], [data-own], [data-hand], [data-place]') || b.closest('[data-own-cards]');
  const actions = live.filter((b) => !isCard(b) && (b.classList.contains('primary') || !b.disabled));
  const first = actions.filter((b) => !b.disabled)[0] || actions.filter((b) => b.classList.contains('primary'))[0];
  const out = {height: document.documentElement.scrollHeight,
    prompt: bottom(document.getElementById('prompt')),
    cards: cardEls.length ? Math.max(...cardEls.map(bottom)) : null, cardCount: cardEls.length,
    primary: actions.filter((b) => b.classList.contains('primary')).map((b) => [b.innerText.trim(), bottom(b)]),
    action: first ? [first.innerText.trim(), bottom(first)] : null, covers: []};
  const fixed = [...document.querySelectorAll('body *')].filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position));
  const max = document.documentElement.scrollHeight - H;
  for (const y of [0, Math.round(max / 2), max]) {
    scrollTo(0, y); await frame();
    for (const e of fixed) {
      if (!vis(e)) continue;
      const r = e.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0)), h = Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0));
      if (w * h) out.covers.push([e.id || e.className, y, Math.round(100 * w * h / (W * H))]);
    }
  }
  scrollTo(0, 0);
  return out;
}

// @contract: a game's page parts held to their contract (PhonePart in web/static/shell.js), in the page:
// `views` are seat views of the game at each stage, [stage, view]; `other` a view of another game and its
// part's stem.
// Fresh module instances (a query string makes each import a new one) are called in the orders the
// contract allows: prompt before any render, after reset, after render drew other views (later ones first,
// as after a new deal), after another game's part had the page. What breaks it comes back as text.
async ({stem, views, other}) => {
  const gp = await import('/static/gamepart.js');
  const problems = [];
  let n = 0;
  const fresh = (kind, s = stem) => import(`/static/${s}_${kind}.js?contract=${Date.now()}-${++n}`);
  const shared = {send: async () => null, setButtons() {}, playAgain: () => document.createElement('div'),
    pads: () => 'phone', flash() {}};
  const ctx = {join: () => null, bot: () => false, pad: () => null, seats: () => null, refusal: () => null,
    press() {}, mock: false};
  const phaseOf = (part, t) => (part.phaseText ? part.phaseText(t) : (part.PHASES || {})[t.phase] || t.phase);
  const attempt = (what, f) => { try { return f(); } catch (e) { problems.push(`${what}: ${e && e.stack ? e.stack.split('\n').slice(0, 2).join(' ') : e}`); return undefined; } };
  const expected = {};
  for (const [stage, v] of views) {
    const part = await fresh('phone');
    const p = attempt(`prompt(${stage}) before any render`, () => part.prompt(v, shared));
    if (typeof p !== 'string' || !p.trim()) problems.push(`prompt(${stage}) before any render gave ${JSON.stringify(p)}`);
    expected[stage] = p;
    const ph = attempt(`phase text (${stage}) of a fresh part`, () => phaseOf(part, v.table));
    if (typeof ph !== 'string' || !ph) problems.push(`phase text (${stage}) of a fresh part gave ${JSON.stringify(ph)}`);
    const table = await fresh('table');
    const w = attempt(`waitingText(${stage}) of a fresh table part`, () => table.waitingText(v.table, ctx));
    if (typeof w !== 'string') problems.push(`waitingText(${stage}) of a fresh table part gave ${JSON.stringify(w)}`);
    attempt(`table phase text (${stage})`, () => phaseOf(table, v.table));
    attempt(`prompt(${stage}) after reset() on a fresh part`, () => { if (part.reset) part.reset(); return part.prompt(v, shared); });
  }
  const same = (how, part, stage, v) => {
    const p = attempt(`prompt(${stage}) ${how}`, () => part.prompt(v, shared));
    if (p !== expected[stage]) problems.push(`prompt(${stage}) ${how} gave ${JSON.stringify(p)}, before any render ${JSON.stringify(expected[stage])}`);
  };
  // render first with any view, then the others; prompt must not depend on what render drew before
  for (const order of [views, [...views].reverse()]) {
    const part = await fresh('phone');
    gp.place(part);
    let last = null;
    for (const [stage, v] of order) {
      if (last) same(`after render(${last})`, part, stage, v);
      attempt(`render(${stage})${last ? ` after render(${last})` : ' first'}`, () => part.render(v, shared));
      same(`after its own render`, part, stage, v);
      attempt(`reset() after render(${stage})`, () => part.reset && part.reset());
      same('after reset()', part, stage, v);
      last = stage;
    }
  }
  // another game's part had the page: this one takes over and meets a view mid-game first
  if (other) {
    const theirs = await fresh('phone', other.stem);
    gp.place(theirs);
    attempt(`${other.stem}'s render before ${stem}'s`, () => theirs.render(other.view, shared));
    const part = await fresh('phone');
    gp.place(part);
    for (const [stage, v] of [...views].reverse()) {
      attempt(`render(${stage}) after ${other.stem}'s part`, () => part.render(v, shared));
      same(`after ${other.stem}'s part had the page`, part, stage, v);
    }
  }
  return problems;
}
