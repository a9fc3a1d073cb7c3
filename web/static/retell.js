// A finished game retold: one of the kept games (/api/games) shown step by step from the deal to its
// end, every secret shown, drawn by the game's own table part (`retell`, see TablePart in shell.js). The
// steps are the box's own (/api/games/N/steps, a page at a time): each is the rules' open view of the
// game replayed to that step, so nothing of any game's rules runs here. Who moves the retelling is the
// page's business (`go`): the table page asks the box, so every screen follows the host; the page of a
// record file (`run --record`) moves on its own. The host page uses the bar alone, as a remote control.
import {$, api, btn, cap, el, errorText, said as inLanguage, t, translator, who} from "./shell.js";
import {partFor, place, styled} from "./gamepart.js";

/** The retelling's style sheet, linked as this module loads: resolves once it is there. */
export const ready = styled("retell.css");

// a page of steps: from BEHIND before the step asked for (going back is as quick as going on)
const COUNT = 60, BEHIND = 20;
// the story so far at the side: the lines of this many steps up to the one shown
const STORY = 30;
const games = new Map();  // "game:name:last" -> {meta, steps: Map(step -> step)}

/** A retelling position as the box publishes it (`retelling` in the public view). */
const keyOf = (pos) => `${pos.game}:${pos.name}:${pos.last}`;

/** The step `pos.step` of the game `pos` says, with what the whole game's pages say (`meta`: its title,
 * names, last step, turning points and decisive moments); fetched once, then kept. Throws a message. */
export async function loadStep(pos) {
  const key = keyOf(pos);
  let known = games.get(key);
  if (!known || !known.steps.has(pos.step)) {
    const from = Math.max(0, pos.step - BEHIND);
    const r = await api(`/api/games/${pos.game}/steps?from=${from}&count=${COUNT}`);
    if (!r.ok) throw new Error(errorText(r));
    const {steps, ...meta} = r.body;
    known = games.get(key) || {meta, steps: new Map()};
    for (const s of steps) known.steps.set(s.step, s);
    games.set(key, known);
  }
  const step = known.steps.get(Math.min(pos.step, known.meta.last));
  // the next page, fetched while the room looks at this one
  const ahead = Math.min(known.meta.last, pos.step + 1);
  if (!known.steps.has(ahead)) loadStep({...pos, step: ahead}).catch(() => {});
  return {meta: known.meta, step, steps: known.steps};
}

/** The words of a game's marks (its table part's MARKS): a kind -> a short label. */
const words = new Map();
export async function marksOf(meta) {
  if (!words.has(meta.name)) {
    let marks = {};
    try { marks = meta.parts ? (await import(`./${meta.parts}_table.js`)).MARKS || {} : {}; } catch { marks = {}; }
    words.set(meta.name, marks);
  }
  return words.get(meta.name);
}
const said = (marks, kind) => marks[kind] || cap(String(kind).replaceAll("_", " "));

/** The page of game `meta` as the shell's pages know a game (see gamepart.js). */
export const pageFor = (meta) => ({name: meta.name, title: meta.title, rules: `/rules/${meta.name}`, parts: meta.parts});

/** A step's view as a table part draws it: the rules' open view, with what the table adds to a live view
 * (the seats' names) and nothing of tonight's table (no clock, no ready check, no scoreboard). */
export function openView(meta, step) {
  return {...step.view, game: meta.name, names: meta.names, clock: null, seats_locked: false, join_code_needed: false,
    bots: [], play_again: null, evening: null, retelling: null};
}

// What the retelling lends a game's part (TableContext in shell.js): nobody joins, no pad is pressed.
const CTX = {join: () => null, bot: () => false, pad: () => null, seats: () => null, refusal: () => null,
  press() {}, mock: false, retelling: true};

/** "Move 12", or "The deal" for step 0. */
export const stepName = (k) => (k ? t("Move {k}", {k}) : t("The deal"));

// ---------------------------------------------------------------- the bar: controls, timeline, the step

/** The controls: the deal, the turning point before, one step back, one on, the next turning point, the
 * end. `go(request)` moves the retelling (`{move}` or `{step}`); without it they are off. */
export function controls(meta, k, go) {
  const last = meta.last;
  const b = (text, move, off, label) => btn(text, () => go && go({move}), move === "forward" || move === "next_turn" ? "primary" : "",
    off || !go, {"data-go": move, "aria-label": label});
  return el("div", {class: "retell-controls"},
    b(t("Deal"), "start", k === 0, t("Back to the deal")),
    b("◀◀ " + t("Turning point"), "prev_turn", k === 0, t("Back to the turning point before")),
    b("◀ " + t("Back"), "back", k === 0, t("One move back")),
    b(t("Forward") + " ▶", "forward", k >= last, t("One move on")),
    b(t("Turning point") + " ▶▶", "next_turn", k >= last, t("On to the next turning point")),
    b(t("End"), "end", k >= last, t("On to the end")));
}

/** The game as a line from the deal to the end: a tick at each turning point, a star at each moment that
 * decided it, the step shown marked; a tap or click on it goes to that step. */
export function timeline(meta, k, go, marks) {
  const last = Math.max(1, meta.last);
  const at = (e, step) => { e.style.left = `${(100 * step) / last}%`; return e; };
  const line = el("div", {class: "timeline", role: "slider", tabindex: "0", "aria-label": t("Where the retelling is"),
    "aria-valuemin": "0", "aria-valuemax": String(meta.last), "aria-valuenow": String(k), "aria-valuetext": t("{step} of {last}", {step: stepName(k), last: meta.last})});
  line.addEventListener("click", (ev) => {
    if (!go) return;
    const box = line.getBoundingClientRect();
    go({step: Math.round(((ev.clientX - box.left) / box.width) * meta.last)});
  });
  const done = el("div", {class: "done"});
  done.style.width = `${(100 * k) / last}%`;
  line.append(el("div", {class: "track"}), done);
  // a mark goes to its own step (a click beside it, to the step under the pointer)
  const mark = (e, step) => { e.addEventListener("click", (ev) => { ev.stopPropagation(); if (go) go({step}); }); return at(e, step); };
  for (const tp of meta.turning_points) line.append(mark(el("span", {class: "turn", "data-turn": tp.step, title: `${said(marks, tp.kind)} · ${stepName(tp.step)}`}), tp.step));
  for (const d of meta.decisive) line.append(mark(el("span", {class: "star", "data-decisive": d.step, title: `${said(marks, d.why)} · ${stepName(d.step)}`, text: "★"}), d.step));
  line.append(at(el("div", {class: "here", "data-here": k}), k));
  return line;
}

/** The moments that decided the game, by what they did, each step a button that goes there: "★ The
 * winning streak: 228 240 247 · ★ The end: 269". */
export function decisiveList(meta, k, go, marks) {
  if (!meta.decisive.length) return null;
  const kinds = new Map();
  for (const d of meta.decisive) kinds.set(d.why, [...(kinds.get(d.why) || []), d.step]);
  return el("div", {class: "retell-decisive"}, el("span", {class: "muted", text: t("Decided the game:")}),
    ...[...kinds].map(([why, steps]) => el("span", {class: "why"}, el("span", {text: `★ ${said(marks, why)}:`}),
      ...steps.map((step) => btn(String(step), () => go({step}), step === k ? "here" : "", false,
        {"data-go-step": step, "aria-label": `${said(marks, why)}, ${stepName(step)}`})))));
}

/** What a step did, in the log's words; a move the log does not tell (a vote chosen in secret) by who
 * made it and its act: the board shows what it was, every secret being open there. */
export function told(meta, step) {
  if (!step.step) return t("Every card where it was dealt, every secret shown.");
  if (step.lines.length) return step.lines.map((text, i) => inLanguage({text, said: (step.said || [])[i]})).join(" ");
  const by = step.seat === null || step.seat === undefined ? t("A seat") : who({names: meta.names}, step.seat, true);
  return t("{who} made a secret move ({act}).", {who: by, act: step.action ? step.action.act : t("a move")});
}

/** What happened at this step: its move's lines (the log's), its turning point and whether it decided
 * the game. */
export function stepText(meta, step, marks) {
  const k = step.step;
  const head = el("b", {text: (k ? t("{step} of {last}", {step: stepName(k), last: meta.last}) : t("The deal")) + ": "});
  const text = told(meta, step);
  const tags = [];
  if (step.turning) tags.push(el("span", {class: "badge", "data-turning": step.turning, text: said(marks, step.turning)}));
  if (step.decisive) tags.push(el("span", {class: "badge pres", "data-decisive-here": step.decisive, text: "★ " + t("decided the game: {why}", {why: said(marks, step.decisive)})}));
  return el("div", {class: "retell-step", "data-step": k}, head, el("span", {text}), " ", ...tags);
}

/** The lines of the steps before `k`, newest first (those fetched). */
export function story(meta, steps, k) {
  const out = [];
  for (let s = k; s >= Math.max(0, k - STORY + 1); s--) {
    const step = steps.get(s);
    if (step) out.push(el("div", {class: s === k ? "now" : "", "data-story": s}, el("span", {class: "muted", text: `${s}. `}), told(meta, step)));
  }
  return out;
}

/** The keys that move a retelling: ← → a move, ↑ ↓ (or Page Up, Page Down) a turning point, Home, End. */
export function keyMove(ev) {
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return null;
  if (ev.target && ev.target.closest && ev.target.closest("input, select, textarea")) return null;
  return {ArrowRight: "forward", ArrowLeft: "back", ArrowDown: "next_turn", PageDown: "next_turn", ArrowUp: "prev_turn",
    PageUp: "prev_turn", Home: "start", End: "end"}[ev.key] || null;
}

/** The position a move asks for, worked out here: for the page of a record file, which moves its
 * retelling on its own (no table, no host), as the box does it (controller/table/retelling.py). */
export function moved(meta, k, request) {
  if (request.step !== undefined) return Math.max(0, Math.min(meta.last, request.step));
  const marks = [...new Set([...meta.turning_points.map((tp) => tp.step), ...meta.decisive.map((d) => d.step)])].sort((a, b) => a - b);
  const to = {forward: k + 1, back: k - 1, start: 0, end: meta.last,
    next_turn: marks.find((m) => m > k) ?? meta.last, prev_turn: [...marks].reverse().find((m) => m < k) ?? 0}[request.move];
  return Math.max(0, Math.min(meta.last, to ?? k));
}

// ---------------------------------------------------------------- the whole of it, on a big screen

// a part without `retell`: its render, and what `reveal` holds listed beside the board
function brief(v) {
  if (v === null || v === undefined) return "–";
  if (Array.isArray(v)) return v.length ? v.map(brief).join(", ") : t("none");
  if (typeof v === "object") return Object.entries(v).map(([k, x]) => `${k} ${brief(x)}`).join("; ");
  return String(v);
}
function secretsOf(view) {
  return Object.entries(view.reveal || {}).map(([k, v]) => el("div", {"data-secret": k}, el("b", {text: `${k}: `}), brief(v)));
}

/** A retelling drawn on a page laid out like the table page: `box` (its bar: title, controls, timeline,
 * the step, the secrets a part does not draw itself), `waiting` (the line under the header), `story`
 * (the log's place). `go(request)` moves it, when `drives()` says this page may. */
export function teller({box, waiting, storyBox, go, drives = () => true}) {
  let seq = 0, shownKey = null, part = null;
  const tl = {
    active: false,
    /** Draw step `pos.step` of the game `pos` names (see the public view's `retelling`). */
    async show(pos) {
      const mine = ++seq;
      tl.active = true;
      document.body.classList.add("retelling");
      box.hidden = false;
      let got;
      try { got = await loadStep(pos); } catch (e) {
        if (mine === seq) box.replaceChildren(el("div", {class: "error", role: "alert", text: t("This game cannot be retold now: {why}", {why: e.message})}), ...extra());
        return;
      }
      const {meta, step, steps} = got;
      const p = await partFor(pageFor(meta), "table");
      await ready;
      const marks = await marksOf(meta);
      if (mine !== seq || !tl.active) return;
      const move = drives() ? go : null;
      const drawn = `${keyOf(pos)}:${step.step}:${!!move}`;
      if (drawn === shownKey && p === part) return;
      shownKey = drawn; part = p;
      place(p);
      const view = openView(meta, step);
      let secrets = null;
      if (p.retell) p.retell(view, CTX);
      else { p.render(view, CTX); secrets = el("div", {class: "retell-secrets small-text", "data-secrets": ""}, el("b", {text: t("Every secret:") + " "}), ...secretsOf(view)); }
      const phase = p.phaseText ? p.phaseText(view) : (p.PHASES && p.PHASES[view.phase]) || view.phase;
      const title = translator(meta.name).t(meta.title);  // the game's name from its own catalogue
      const heading = meta.over ? t("Game {n} retold: {title}", {n: meta.game, title})
        : t("Game {n} retold: {title} (set aside before its end)", {n: meta.game, title});
      box.dataset.game = meta.game; box.dataset.step = step.step; box.dataset.last = meta.last;
      // one row for where it is and the controls, the timeline (its stars: the moments that decided the
      // game), and what the step did: the board keeps the room it needs
      box.replaceChildren(
        el("div", {class: "retell-row"}, el("div", {class: "retell-head"}, el("h2", {text: heading}),
          el("span", {class: "retell-where", text: t("{step} of {last}", {step: stepName(step.step), last: meta.last}) + ` · ${phase}`})),
          controls(meta, step.step, move)),
        move ? "" : el("div", {class: "muted", "data-note": "", text: t("The host's phone, or the box's own screen, moves the retelling.")}),
        timeline(meta, step.step, move, marks),
        stepText(meta, step, marks), secrets || "");
      const next = p.waitingText(view, CTX).trim();
      if (waiting) waiting.replaceChildren(el("span", {text: next ? t("Then: {next}", {next}) : " "}));
      if (storyBox) storyBox.replaceChildren(...story(meta, steps, step.step));
      $("gamename").textContent = title;
      document.title = t("{title} retold", {title});
    },
    /** Back to the page's own view: the part taken away is the page's to put back. */
    hide() {
      seq++;
      tl.active = false; shownKey = null; part = null;
      document.body.classList.remove("retelling");
      box.hidden = true;
      box.replaceChildren();
    },
  };
  return tl;
}
