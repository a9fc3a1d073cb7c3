// The phone page: one seat's private view, driven by the legal moves in /api/me. This is the shell every
// game shares (join, stream, in-flight buttons, the table feed, the nudge, play again, the name); the
// game's own part (its package's <parts>_phone.js, see gamepart.js) says what to do and draws the rest.
import {$, LANG, api, btn, cap, el, errorText, feedEntries, languageSwitch, list, scoreboard, showClock, syncBoxTime, t, who} from "./shell.js";
import {follower, pageOf, partFor} from "./gamepart.js";

const SEAT = Number(document.body.dataset.seat);
// the game dealt: its page (title, rules) and its own part (see gamepart.js)
const served = pageOf(document.body);
const game = follower("phone", served, await partFor(served, "phone"), () => { if (me) render(me); });
let me = null, es = null, pads = "phone";
let online = false, busy = false;

function setCookie(tok) { document.cookie = `jaccuse_token=${tok}; path=/; max-age=1209600; samesite=strict`; }
function showError(msg) { const b = $("error"); b.textContent = msg || ""; b.hidden = !msg; }

// One request at a time: while it is in flight every action button is off, so a double tap sends
// nothing twice and never shows a false error.
async function send(action) {
  if (busy) return null;
  busy = true; setButtons();
  const r = await api("/api/me/actions", {method: "POST", body: JSON.stringify(action)});
  busy = false;
  // The answer carries this seat's view as of its own move; the stream may already have brought a newer
  // one (a bot moved right after): an older view must not replace it, or the page would wait for ever
  // on a moment that is gone (nothing else is sent while the table waits for this seat).
  const fresh = !me || r.ok && r.body.me.table.version >= me.table.version;
  if (r.ok) { showError(""); reset(); render(fresh ? r.body.me : me); }
  else { showError(errorText(r)); setButtons(); }
  return r;
}
window.jaccuse = {send, me: () => me};

function setButtons() {
  const up = online && navigator.onLine;
  // the buttons that need the box: the name form's, and those in a game's places marked data-live
  for (const b of document.querySelectorAll("[data-live] button, #nameform button")) {
    if (!up || busy) b.disabled = true; else if (b.dataset.off !== "1") b.disabled = false;
  }
  document.body.classList.toggle("offline", !up);
}

async function join(ev) {
  ev.preventDefault();
  if (busy) return;
  busy = true; $("joinbtn").disabled = true;
  const name = $("name").value.trim();
  const body = {seat: SEAT, name: name || null};
  if (!$("codebox").hidden) body.code = $("code").value;
  const r = await api("/api/join", {method: "POST", body: JSON.stringify(body)});
  busy = false; $("joinbtn").disabled = false;
  if (r.ok) {
    localStorage.setItem("jaccuse_token", r.body.token); setCookie(r.body.token);
    if (name) localStorage.setItem("jaccuse_name", name);
    showError(""); start();
  } else if (r.status === 409) { showError(""); joinState(); }
  else showError(errorText(r, t("could not join: the box")));
}

// The join screen follows the seat: taken, a bot's, locked, or free (and whether a code is needed).
async function joinState() {
  const r = await api("/api/seats");
  if (!r.ok) return;
  const x = r.body.seats[SEAT], note = $("claimnote");
  let free = false;
  if (x.bot) note.textContent = t("A bot plays seat {seat}. If you want to play it, ask the host to hand it to you.", {seat: SEAT});
  else if (x.claimed && x.name) note.textContent = t("Seat {seat} is taken by {name}. If it is yours and your phone lost it, ask the host to release it.", {seat: SEAT, name: x.name});
  else if (x.claimed) note.textContent = t("Seat {seat} is taken. If it is yours and your phone lost it, ask the host to release it.", {seat: SEAT});
  else if (r.body.locked) note.textContent = t("The host has locked the seats. Ask them to unlock before you sit down.");
  else { note.textContent = t("Seat {seat} is free.", {seat: SEAT}); free = true; }
  if (released) note.textContent = t("The host released seat {seat}: this phone no longer plays it.", {seat: SEAT}) + " " + note.textContent;
  $("joinform").hidden = !free;
  $("codebox").hidden = !r.body.code_needed;
}

let released = false;  // this phone held the seat until the host released it
async function start() {
  const sent = localStorage.getItem("jaccuse_token");
  const r = await api("/api/me");
  if (r.status === 401) {
    // a link that came in while this answer was on its way (another tab joined) was not refused: ask again
    const now = localStorage.getItem("jaccuse_token");
    if (now && now !== sent) { start(); return; }
    // a phone that was playing this seat and is now refused: the host released it (or dealt fewer seats)
    if (me || (sent && !$("game").hidden)) released = true;
    localStorage.removeItem("jaccuse_token");
    me = null; $("title").textContent = t("Seat {seat}", {seat: SEAT}); $("phase").textContent = "";
    $("join").hidden = false; $("game").hidden = true; online = true; $("conn").textContent = "";
    joinState(); return;
  }
  if (!r.ok) { setTimeout(start, 2000); return; }
  if (r.body.seat !== SEAT) { location.replace(`/seat/${r.body.seat}`); return; }
  const box = await syncBoxTime(); if (box.ok) pads = box.body.pads;
  $("join").hidden = true; $("game").hidden = false;
  online = true; render(r.body); listen();
}

function listen() {
  if (es) es.close();
  es = new EventSource("/api/me/events");
  es.onmessage = (e) => { $("conn").textContent = t("● live"); if (!online) { online = true; setButtons(); } render(JSON.parse(e.data)); };
  // the box ends the stream of a seat this phone no longer holds with the reason: no reconnecting, the
  // page goes straight to its join screen and says why (start() meets the refusal)
  es.addEventListener("released", () => { if (es) es.close(); es = null; start(); });
  es.onerror = () => {
    $("conn").textContent = t("○ reconnecting"); online = false; setButtons();
    if (es.readyState === EventSource.CLOSED) { es = null; setTimeout(start, 2000); }
  };
}
// with no network the box is out of reach: the buttons go off until it answers again. The stream is
// closed too, so that nothing it still brings can say "live" while the phone is offline; back online,
// the page says "reconnecting" until the box has answered anew.
window.addEventListener("offline", () => {
  online = false; if (es) { es.close(); es = null; }
  $("conn").textContent = t("○ offline"); setButtons();
});
window.addEventListener("online", () => { if (es) { es.close(); es = null; } $("conn").textContent = t("○ reconnecting"); start(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && !es && navigator.onLine && !$("game").hidden) start(); });
setInterval(() => { if (!$("join").hidden) joinState(); }, 4000);
setInterval(() => { if (me) syncBoxTime(); }, 60000);

// what the shell lends a game's part (shell.js, Shared): sending a move, the buttons' state, the
// play-again box, how this table votes ("phone", or the pads) and a short flash under the prompt
const shared = {send: (a) => send(a), setButtons: () => setButtons(), playAgain: () => playAgain(), pads: () => pads,
  flash: (text) => flash(text)};
// A part that breaks its contract (shell.js, PhonePart) must not take the page down with it: what it could not
// do is logged as an error (the browser tests fail on it), and the seat still gets a prompt and the rest.
function safely(what, f, otherwise = null) {
  try { return f(); } catch (e) { console.error(`${game.page.name}'s phone part failed in ${what}:`, e); return otherwise; }
}
function renderPart(v) {
  const part = game.part, tv = v.table;
  $("phase").textContent = safely("phaseText", () => (part.phaseText ? part.phaseText(tv) : (part.PHASES && part.PHASES[tv.phase]) || tv.phase), tv.phase);
  $("prompt").textContent = safely("prompt", () => part.prompt(v, shared)) ||
    (tv.awaiting.includes(v.seat) ? t("Your move: the choices are below.") : t("Waiting for the others."));
  tick();
  safely("render", () => part.render(v, shared));
  if (!$("newname").matches(":focus")) $("newname").value = v.name || "";
  setButtons();
}

// the part forgets the choices being made (a part that keeps none has no reset)
function reset() { if (game.part.reset) game.part.reset(); }

function render(v) {
  // a new deal (the game's version starts again, or another game): no choice of the last one carries over
  if (me && (v.table.version < me.table.version || v.table.game !== me.table.game)) reset();
  me = v; const tv = v.table;
  // "Seat 2 ·" never breaks inside: on a narrow phone the name goes under it, not word by word
  $("title").replaceChildren(el("span", {class: "nowrap", text: t("Seat {seat}", {seat: v.seat}) + (v.name ? " ·" : "")}), v.name ? ` ${v.name}` : "");
  if (tv.game && tv.game !== game.page.name) { switching(true); game.follow(tv.game); return; }
  switching(false);
  $("ruleslink").href = game.page.rules;
  document.title = `${game.page.title} · ${t("seat {seat}", {seat: v.seat})}`;
  renderTableFeed(v); awayCheck(v); renderTonight(v); howTo(v); nudge(v);
  $("takehome").hidden = !tv.over;  // a record holds every secret: the box gives it only once the game is over
  renderPart(v);
}

// While another game's page and part load, the last game's cards stay on the screen: they are out of
// reach meanwhile (a tap there would be a move in a game that has ended), and the prompt says why.
// The body's data-game is the game the page shows, once it is drawn.
function switching(on) {
  $("game").inert = on;
  document.body.toggleAttribute("data-switching", on);
  if (on) { $("prompt").textContent = t("A new game has been dealt: opening it…"); $("phase").textContent = ""; }
  else document.body.dataset.game = game.page.name;
}

function flash(text) {
  const f = $("flash"); f.textContent = text; f.hidden = false;
  clearTimeout(flash.timer); flash.timer = setTimeout(() => { f.hidden = true; }, 4000);
}

// The room's last few moments, newest first, so a player who was not watching the TV still learns what
// happened there; a moment that also told this seat something is marked.
function renderTableFeed(v) {
  const items = feedEntries(v.table_feed || []);
  lately(v, items);
  $("tablefeedbox").hidden = !items.length;
  $("tablefeed").replaceChildren(...items.map((x) => el("li", {class: x.you ? "you" : "", "data-you": x.you ? "1" : "0"},
    x.you ? el("span", {class: "dot", "aria-label": t("concerned you"), text: "● "}) : "", x.text)));
}

// Why the table is where it is, where the eye is: under the prompt, the room's newest moment (a seat's
// move and what came of it), or what it told this seat when it did.
function lately(v, room) {
  const own = feedEntries(v.feed || []), last = room[0], mine = own[0];
  const x = mine && (!last || mine.version >= last.version) ? mine : last;
  $("lately").hidden = !x || v.table.over;
  $("lately").textContent = x ? x.text : "";
}

// Tonight's scoreboard, once a game is over
function renderTonight(v) {
  const board = v.table.over ? scoreboard(v.table) : null;
  $("tonight").hidden = !board;
  if (board) $("tonightbox").replaceChildren(board);
}

// The one-screen "how to play" of the game dealt (the page holds every game's; a deal of another game
// shows that one's), below the game. It opens by itself in the first game of the evening, until closed.
function howTo(v) {
  const name = game.page.name;
  for (const b of document.querySelectorAll("[data-howto]")) b.hidden = b.dataset.howto !== name;
  const id = `howto-${name}`, box = $(id);
  if (!box || howTo.done === name) return;
  howTo.done = name;
  const first = !(v.table.evening && v.table.evening.games.length);
  box.open = first && localStorage.getItem(`jaccuse_${id}`) !== "closed";
  if (box.dataset.watched) return;
  box.dataset.watched = "1";
  box.addEventListener("toggle", () => { if (!box.open) localStorage.setItem(`jaccuse_${id}`, "closed"); });
}

// A gentle nudge for the player everyone waits for: the prompt says so at once, and if nothing happens
// for a while the phone vibrates (where the browser allows) and beeps once for that decision.
const NUDGE_AFTER = 20000;
function nudge(v) {
  const tv = v.table, only = tv.awaiting.length === 1 && tv.awaiting[0] === v.seat && tv.players > 1 && !tv.over;
  const key = only ? `${tv.version}` : null;
  document.body.classList.toggle("waited", only);
  $("waited").hidden = !only;
  if (key === nudge.key) return;
  nudge.key = key; clearTimeout(nudge.timer);
  if (!only) return;
  nudge.timer = setTimeout(() => {
    if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
    try {
      const a = new AudioContext(), o = a.createOscillator(), g = a.createGain();
      g.gain.value = 0.15; o.frequency.value = 880; o.connect(g).connect(a.destination); o.start(); o.stop(a.currentTime + 0.2);
    } catch { /* no sound here */ }
    flash(t("Everyone is waiting for you."));
  }, NUDGE_AFTER);
}

// "While you were away": what this seat's own feed told while the page was hidden (phone locked,
// another app, a reload), shown once the player is back, until they tap Got it.
// Lines that arrive while the page is in view are seen as they come; the note is for coming back (the
// page opened again, or shown again after the phone was locked or another app was in front).
const AWAY_KEY = `jaccuse_seen_${SEAT}`;
let comingBack = true;
function awayCheck(v) {
  if (document.hidden) return;
  const items = feedEntries(v.feed || []), top = items.length ? items[0].version : 0;
  if (comingBack) {
    comingBack = false;
    let seen = Number(localStorage.getItem(AWAY_KEY) || 0);
    if (seen > v.table.version) seen = 0;  // a new game since
    const missed = seen ? items.filter((x) => x.version > seen) : [];
    if (missed.length) {
      $("awaylist").replaceChildren(...missed.map((x) => el("li", {text: x.text})));
      $("away").hidden = false;
    }
  }
  localStorage.setItem(AWAY_KEY, String(top || v.table.version));
}
$("awayok").addEventListener("click", () => { $("away").hidden = true; });
document.addEventListener("visibilitychange", () => {
  if (document.hidden) return;
  comingBack = true;
  if (me) awayCheck(me);
});

// "Play again" is a ready check: the new game is dealt once every seated person tapped it (or when the
// host deals), so nobody's look at the end of a game is cut short by another player.
function playAgain() {
  const tv = me.table, pa = tv.play_again || {ready: [], waiting: []};
  const others = pa.waiting.filter((s) => s !== me.seat).map((s) => who(tv, s));
  const still = others.length ? t("Waiting for {who} to tap Play again (or for the host to deal).", {who: list(others)}) : "";
  if (pa.ready.includes(me.seat)) return el("div", {class: "prompt", "data-ready": "", text: `${t("You are ready for another game.")} ${still}`});
  const ready = pa.ready.map((s) => who(tv, s));
  return el("div", {}, btn(t("Play again"), async () => {
    if (busy) return;
    busy = true; setButtons();
    const r = await api("/api/table/new-game", {method: "POST", body: "{}"});
    busy = false; setButtons();
    if (!r.ok) showError(errorText(r)); else showError("");
  }, "primary"), el("div", {class: "muted", text: ready.length ? (ready.length > 1 ? t("{who} are ready for another game.", {who: cap(list(ready))})
    : t("{who} is ready for another game.", {who: cap(list(ready))})) :
    t("A new game starts once everyone at the table taps Play again.")}));
}

// the shot clock, counted down between views
function tick() {
  if (me) showClock($("prompt"), me.table.clock, me.table.awaiting.includes(me.seat));
}
setInterval(tick, 250);

$("joinform").addEventListener("submit", join);
// the phone's own language: a switch beside the rules link (each phone keeps its choice)
$("ruleslink").before(languageSwitch());
document.documentElement.lang = LANG.replace("_", "-");
$("nameform").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (busy) return;
  busy = true; setButtons();
  const r = await api("/api/me/name", {method: "POST", body: JSON.stringify({name: $("newname").value})});
  busy = false; setButtons();
  if (r.ok) { showError(""); localStorage.setItem("jaccuse_name", r.body.name || ""); $("namebox").open = false; }
  else showError(errorText(r));
});
const params = new URLSearchParams(location.search);
if (params.get("code")) $("code").value = params.get("code");
$("name").value = localStorage.getItem("jaccuse_name") || "";
const stored = localStorage.getItem("jaccuse_token");
if (stored && !document.cookie.includes("jaccuse_token=")) setCookie(stored);
start();
