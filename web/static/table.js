// The table page: public state for the room, join QR codes, log, emulated OLED and virtual pads. This is
// the shell every game shares; the game's own part (its package's <parts>_table.js, see gamepart.js)
// draws the game.
import {$, api, el, errorText, said as inLanguage, scoreboard, setBoxTime, showClock, t, translator} from "./shell.js";
import {follower, pageOf, partFor, place} from "./gamepart.js";

const MOCK = document.body.dataset.mock === "true";
// the game dealt: its page (title, rules) and its own part (see gamepart.js)
const served = pageOf(document.body);
const game = follower("table", served, await partFor(served, "table"), () => render());
const KEY = new URLSearchParams(location.search).get("key") || "";  // a table page opened by the host
let view = null, prev = null, seats = null, box = null;
const refused = new Map();  // seat -> [message, until]: a virtual pad press the box turned down

// what every game's table page shows the same way: the box's status, host link, join code and log
// What the box said at start-up ("resumed the 6-player game at move 3") is told in players' words for a
// minute after the box said it (by the box's clock, so a page opened or reloaded later does not tell old
// news), and only while the game it was about is the one dealt; faults (a full disk, an unplugged hub)
// stay for as long as they last.
const SAID_FOR = 60;
const fresh = (b) => b.said_game === b.game && typeof b.said_at === "number" && b.now - b.said_at < SAID_FOR;
function players(line) {
  if (line.startsWith("resumed the ")) return t("The box was restarted: the game carries on where it stopped.");
  if (line.startsWith("a new game was dealt")) return t("A new game was dealt (the last one is kept).");
  if (line === "journal recovered") return t("The saved game could not be read, so a new game was dealt (the old file is kept).");
  return line;
}
function renderBox(tv) {
  if (!box) return;
  const faults = box.faults || [], said = (box.status || []).filter((l) => !faults.includes(l));
  const once = fresh(box) ? said.map(players) : [];
  $("status").textContent = [...once, ...faults].join(" · ");
  const host = $("hostlink");
  if (box.host_link) { host.href = box.host_link; host.hidden = false; } else host.hidden = true;
  const code = $("joincode");
  code.hidden = !(tv.join_code_needed && box.join_code);
  if (!code.hidden) code.replaceChildren(el("span", {class: "muted", text: t("join code") + " "}), el("b", {text: box.join_code}));
  const sayings = box.log_said || [];
  $("log").replaceChildren(...(box.log || []).map((l, i) => inLanguage({text: l, said: sayings[i]})).reverse().map((l) => el("div", {text: l})));
  $("retellstart").hidden = !(tv.over && hostKey() && !tv.retelling);
  const board = scoreboard(tv);
  $("tonight").hidden = !board;
  if (board) $("tonightbox").replaceChildren(board);
}

function render() {
  if (!view) return;
  const tv = view, part = game.part;
  if (tv.game && tv.game !== game.page.name) { game.follow(tv.game); return; }
  if (retold(tv)) return;
  // the game's name in the box's language, from the game's own catalogue (English when it has none)
  const title = translator(game.page.name).t(game.page.title);
  $("gamename").textContent = title;
  document.title = t("{title} table", {title});
  $("ruleslink").href = game.page.rules;
  const phase = part.phaseText ? part.phaseText(tv) : (part.PHASES && part.PHASES[tv.phase]) || tv.phase;
  $("phase").textContent = "· " + phase + (box && box.game > 1 ? ` · ${t("game {n}", {n: box.game})}` : "");
  $("waiting").replaceChildren(el("span", {text: part.waitingText(tv, lent)}));
  tick(); renderBox(tv);
  part.render(tv, lent);
}

// what the shell lends a game's part (shell.js, TableContext): seat s's join QR code and address (null once taken), whether a
// bot plays it, its virtual pad; who sits where; a pad press refused a moment ago; the virtual pads
const lent = {
  join: (s) => joinLink(s), bot: (s) => !!(seats && seats.seats[s] && seats.seats[s].bot), pad: (s, text, button) => padButton(s, text, button),
  seats: () => seats, refusal, press: (s, button) => pad(s, button), mock: MOCK,
};

// a virtual pad press of seat s the box turned down, while it shows (else null)
function refusal(s) {
  const no = refused.get(s);
  return no && no[1] > Date.now() ? no[0] : null;
}

// A free seat's join QR code and address (null when the seat is taken or not known yet).
function joinLink(s) {
  const claim = seats ? seats.seats[s] : null;
  if (!claim || claim.claimed) return null;
  // a locked table takes nobody: a code that only leads to "the seats are locked" is not shown
  if (seats.locked) return [el("div", {class: "muted", "data-locked": s, text: t("free · seats locked")})];
  // the box's address now (it follows a late DHCP lease); the query keeps an old QR out of the cache
  // (as does the join code, which the QR carries for the box's own screen)
  const base = (box && box.join_base) || location.origin;
  const url = `${base}/seat/${s}`;
  const q = new URLSearchParams({at: base, v: box && box.join_code ? box.join_code : "-"});
  if (KEY) q.set("key", KEY);
  return [el("a", {class: "qr", href: url, "aria-label": t("join seat {n}", {n: s})}, el("img", {src: `/qr/seat/${s}.svg?${q}`, alt: t("QR code for seat {n}", {n: s})})),
    el("div", {class: "muted addr", text: url.replace(/^https?:\/\//, "")})];
}

// For a game's own parts: seat s's virtual pad (mock mode only, else null), one button pressing `button`;
// a refusal shows under it for a moment.
function padButton(s, text, button = "reveal") {
  if (!MOCK) return null;
  const no = refused.get(s), now = Date.now();
  return el("div", {class: "pads"}, el("button", {type: "button", "data-pad": `${s}-${button}`, text, onclick: () => pad(s, button)}),
    no && no[1] > now ? el("div", {class: "refusal", role: "alert", text: no[0]}) : "");
}

// a virtual pad press: a refusal (REVEAL with no card chosen) flashes on the seat, as a pad's light does
async function pad(seat, button) {
  const r = await api(`/api/mock/pads/${seat}/${button}`, {method: "POST", body: "{}"});
  if (!r.ok && r.body && r.body.error) {
    refused.set(seat, [r.body.error.message, Date.now() + 2500]);
    render(); setTimeout(render, 2600);
  }
}

function oled() {
  const img = $("oled");
  img.onload = () => { $("oledbox").hidden = false; };
  img.onerror = () => { $("oledbox").hidden = true; };
  img.src = `/api/display.png?v=${view ? view.version : 0}&t=${Date.now()}`;
}

// sounds made in the page, each game's own (its part's sound(): a blip, the chord at the end of a game)
let audio = null, soundOn = localStorage.getItem("jaccuse_sound") !== "off";
function tone(freqs, step) {
  if (!soundOn) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const t0 = audio.currentTime;
    freqs.forEach((f, i) => {
      const o = audio.createOscillator(), g = audio.createGain(), at = t0 + i * step;
      o.frequency.value = f; g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(0.25, at + 0.02); g.gain.exponentialRampToValueAtTime(0.0001, at + step + 0.25);
      o.connect(g).connect(audio.destination); o.start(at); o.stop(at + step + 0.3);
    });
  } catch { /* no audio on this device */ }
}
function showSound() { const b = $("sound"); b.textContent = soundOn ? t("Sound on") : t("Sound off"); b.setAttribute("aria-pressed", String(soundOn)); }
$("sound").addEventListener("click", () => { soundOn = !soundOn; localStorage.setItem("jaccuse_sound", soundOn ? "on" : "off"); showSound(); if (soundOn) tone([660], 0.08); });
document.addEventListener("pointerdown", () => { if (audio && audio.state === "suspended") audio.resume(); });
showSound();

// a game's sound and moment after a new view: only between two views of the game whose part is loaded
// (a new game was dealt, or its part is still loading: nothing to compare)
const ours = (before, t) => !!before && before.game === t.game && t.game === game.page.name && !retelling();
function sounds(before, t) {
  if (ours(before, t) && game.part.sound) game.part.sound(before, t, tone);
}

function tick() {
  if (view && !retelling()) showClock($("waiting"), view.clock, true);
}
setInterval(tick, 250);

// a game's moment after a new view, once drawn (a big reveal)
function moment(before, t) {
  if (ours(before, t) && game.part.moment) game.part.moment(before, t);
}

async function side() {
  const headers = KEY ? {"X-Host-Key": KEY} : {};
  const sent = Date.now();
  const [s, b] = await Promise.all([api("/api/seats"), api("/api/box", {headers})]);
  if (b.ok) setBoxTime(b.body.now, sent, Date.now());
  seats = s.ok ? s.body : seats; box = b.ok ? b.body : box;
  render();
}
window.jaccuseTable = {view: () => view};  // for the browser tests: the view the page shows

// ---------------------------------------------------------------- a finished game retold
// The room's retelling is the box's (the public view's `retelling`): the host's phone moves it, and so
// does this page when it may (the box's own screen, or a page opened with the host key), so every screen
// shows the same step and a reload comes back to it. Any other screen follows it.
// retell.js (and its style sheet) is loaded the first time a game is retold: a game night's page
// stays light until then
let retell = null, teling = null;
async function teller() {
  if (!teling) {
    retell = await import("./retell.js");
    teling = teling || retell.teller({box: $("retell"), waiting: $("waiting"), storyBox: $("story"),
      go: (r) => retellGo(r), drives: () => !!hostKey()});
  }
  return teling;
}
const retelling = () => !!(teling && teling.active);
function hostKey() {
  if (KEY) return KEY;
  try { return box && box.host_link ? new URL(box.host_link).searchParams.get("key") : null; } catch { return null; }
}
// the retelling shown now (true), or none: the page goes back to the game being played
function retold(tv) {
  const at = tv.retelling;
  $("log").hidden = !!at; $("story").hidden = !at;
  $("logtitle").textContent = at ? t("The story so far") : t("Log");
  $("retellstop").hidden = !at || !hostKey();
  if (at) {
    $("phase").textContent = "· " + t("retold");
    renderBox(tv);
    // the newest position once retell.js is here (the room may have moved on meanwhile, or stopped)
    teller().then((tl) => { if (view && view.retelling) tl.show(view.retelling); });
    return true;
  }
  if (retelling()) { teling.hide(); place(game.part); }
  return false;
}
async function retellGo(request) {
  const at = view && view.retelling, key = hostKey();
  if (!at || !key) return;
  const r = await api("/api/host/retell", {method: "POST", headers: {"X-Host-Key": key}, body: JSON.stringify({game: at.game, ...request})});
  if (!r.ok) { $("status").textContent = errorText(r); return; }
  // drawn at once; the stream brings the same to every other screen
  if (view && JSON.stringify(view.retelling) !== JSON.stringify(r.body.retelling)) { view = {...view, retelling: r.body.retelling}; render(); }
}
$("retellstop").addEventListener("click", () =>
  api("/api/host/retell", {method: "POST", headers: {"X-Host-Key": hostKey()}, body: JSON.stringify({game: null})}));
document.addEventListener("keydown", (ev) => {
  const move = retell && retell.keyMove(ev);
  if (!move || !(view && view.retelling) || !hostKey()) return;
  ev.preventDefault();
  retellGo({move});
});
// the end of a game: the box's own screen retells it (the host page retells any finished game)
$("retellstart").addEventListener("click", async () => {
  const r = await api("/api/games");
  const current = r.ok ? r.body.find((g) => g.current) : null;
  if (!current) return;
  const s = await api("/api/host/retell", {method: "POST", headers: {"X-Host-Key": hostKey()}, body: JSON.stringify({game: current.game})});
  if (!s.ok) $("status").textContent = errorText(s);
});
// the emulated OLED of mock mode (on a Pi the real one sits on the box)
const emulated = () => box && box.mock && box.display;
function listen() {
  const es = new EventSource("/api/table/events");
  es.onmessage = (e) => {
    down(false);
    prev = view; view = JSON.parse(e.data); sounds(prev, view); render(); moment(prev, view); side();
    if (emulated()) { oled(); setTimeout(oled, 600); }
  };
  // EventSource retries a dropped stream by itself, but not a refused one (the box full, restarting):
  // open a new one a little later. Either way the room sees that the box is out of reach.
  es.onerror = () => {
    // a stream can drop for many reasons: the box is down only when it does not answer either
    setTimeout(async () => { if ((await api("/api/box")).status === 0) down(true); }, 1500);
    if (es.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
  };
}
// The box is down (restarting, unplugged, off the Wi-Fi): say so across the page and grey the game, so
// nobody plays on against a frozen picture; it clears with the first fresh view.
function down(on) {
  document.body.classList.toggle("boxdown", on);
  $("boxdown").hidden = !on;
}
listen();
setInterval(side, 3000);
side().then(() => { if (emulated()) oled(); });
