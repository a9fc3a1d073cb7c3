// The table page: public state for the room, join QR codes, log, emulated OLED and virtual pads.
import {api, campaignWinners, cardFace, chips, count, echoIndex, label, rankOf, scoreboard, el, historyTable, list, networkWords, pips, PHASE, playAgainText, scoreTable,
  secondsLeft, setBoxTime, who} from "./cards.js";
import {follower, pageOf, partFor} from "./gamepart.js";

const MOCK = document.body.dataset.mock === "true";
// the game dealt: its page (title, rules) and its own parts, if it has any (see gamepart.js)
const served = pageOf(document.body);
const game = follower("table", served, await partFor(served, "table"), () => render());
const KEY = new URLSearchParams(location.search).get("key") || "";  // a table page opened by the host
const $ = (id) => document.getElementById(id);
let view = null, prev = null, seats = null, box = null;
const refused = new Map();  // seat -> [message, until]: a virtual pad press the box turned down

const cap = (s) => s ? s[0].toUpperCase() + s.slice(1) : s;

function waitingText(t) {
  const c = t.campaign, w = t.awaiting;
  if (c && c.over) return `The campaign is over. ${campaignWinners(c, t)}. ${playAgainText(t).replace("deal", "campaign")}`;
  if (t.over) {
    if (!t.winning_color) return "The game ended with no winning colour. " + playAgainText(t);
    const winners = t.winners.length ? list(t.winners.map((s) => who(t, s))) : "nobody";
    return `${cap(t.winning_color)} wins! Winner${t.winners.length > 1 ? "s" : ""}: ${winners}. ${playAgainText(t)}`;
  }
  if (!w.length) return "";
  // seats nobody took yet are waiting for a person, not for a move
  const free = seats ? w.filter((s) => seats.seats[s] && !seats.seats[s].claimed) : [];
  if (free.length === w.length && !(seats && seats.locked)) return "Scan a seat's QR code with your phone to sit down.";
  if (free.length && t.phase === "setup") {
    const placing = w.filter((s) => !free.includes(s));
    return (placing.length ? `Waiting for ${list(placing.map((s) => who(t, s)))} to place a membership card, and ` : "Waiting ") +
      `for ${free.length === 1 ? "one more player" : `${free.length} more players`} to sit down (scan a QR code).`;
  }
  // a long list of names says less than the outlined seats do
  const names = w.length > 6 ? `${w.length} seats (outlined)` : list(w.map((s) => who(t, s)));
  const what = {setup: " to place a membership card", election: " to reveal or abstain", presidency: " to parley, defect, accuse or pass",
    parley: " to answer the parley", replace_membership: " to place a membership card", enact: " to enact a policy"}[t.phase] || "";
  return `Waiting for ${names}${what}.`;
}

// what every game's table page shows the same way: the box's status, host link, join code and log
// What the box said at start-up ("resumed the 6-player game at move 3") is told once in players' words
// and hidden after a minute; faults (a full disk, an unplugged hub) stay for as long as they last.
const SAID_FOR = 60000, shownAt = Date.now();
function players(line) {
  if (line.startsWith("resumed the ")) return "The box was restarted: the game carries on where it stopped.";
  if (line.startsWith("a new game was dealt")) return "A new game was dealt (the last one is kept).";
  if (line === "journal recovered") return "The saved game could not be read, so a new game was dealt (the old file is kept).";
  return line;
}
function renderBox(t) {
  if (!box) return;
  const faults = box.faults || [], said = (box.status || []).filter((l) => !faults.includes(l));
  const once = Date.now() - shownAt < SAID_FOR ? said.map(players) : [];
  $("status").textContent = [...once, ...faults].join(" · ");
  const host = $("hostlink");
  if (box.host_link) { host.href = box.host_link; host.hidden = false; } else host.hidden = true;
  const code = $("joincode");
  code.hidden = !(t.join_code_needed && box.join_code);
  if (!code.hidden) code.replaceChildren(el("span", {class: "muted", text: "join code "}), el("b", {text: box.join_code}));
  $("log").replaceChildren(...(box.log || []).slice().reverse().map((l) => el("div", {text: l})));
  const board = scoreboard(t);
  $("tonight").hidden = !board;
  if (board) $("tonightbox").replaceChildren(board);
}

function render() {
  if (!view) return;
  const t = view, c = t.campaign, part = game.part;
  if (t.game && t.game !== game.page.name) { game.follow(t.game); return; }
  document.body.classList.toggle("parts", !!part);
  $("gamename").textContent = game.page.title;
  document.title = `${game.page.title} table`;
  $("ruleslink").href = game.page.rules;
  if (part) {
    $("phase").textContent = "· " + ((part.PHASES && part.PHASES[t.phase]) || t.phase) + (box && box.game > 1 ? ` · game ${box.game}` : "");
    $("waiting").replaceChildren(el("span", {text: part.waitingText(t)}));
    tick(); renderBox(t); $("result").hidden = true;
    part.render(t, {join: joinLink, bot: (s) => !!(seats && seats.seats[s] && seats.seats[s].bot), pad: padButton});
    return;
  }
  $("phase").textContent = "· " + (c ? (c.over ? "Campaign over" : `Generation ${c.generation} of ${c.generations} · ${PHASE[t.phase] || t.phase}`)
    : PHASE[t.phase] || t.phase) + (box && box.game > 1 ? ` · game ${box.game}` : "");
  $("stability").replaceChildren(pips(t.stability), el("span", {text: ` ${t.stability}`}),
    c && c.generation > 1 ? el("span", {class: "muted", "data-carried": "", text: ` · carried over from generation ${c.generation - 1} (+1, at most 5)`}) : "");
  const wrong = t.incorrect_accusations;
  $("crisis").replaceChildren(el("b", {text: "Wrong accusations "}), el("span", {class: "marks", "aria-label": `${wrong} of 3`},
    ...[0, 1, 2].map((i) => el("span", {class: i < wrong ? "on" : ""}))), el("span", {class: wrong >= 2 ? "hot" : "muted", text: ` ${wrong} of 3 since the election` + (wrong >= 2 ? ": one more is a crisis" : "")}));
  $("crisis").dataset.crisis = wrong;
  const echo = echoIndex(t);
  $("policies").replaceChildren(chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: `echo: a free ${t.policies[echo].color} policy carried from generation ${c.generation - 1}'s win; it counts toward the end`}) : "");
  $("streak").textContent = t.streak.color ? `· ${t.streak.length} ${t.streak.color} in a row (wins at ${t.stability})` : "";
  $("waiting").replaceChildren(el("span", {text: waitingText(t)}));
  tick();
  renderElection(t);
  renderSeats(t);
  renderBox(t);
  const res = $("result"); res.hidden = !c; res.replaceChildren();
  if (c) {
    res.append(el("h2", {text: c.over ? `Campaign over: final scores after ${c.generations} generations` : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) res.append(el("div", {class: "win", text: campaignWinners(c, t) + " (most VP; XP breaks a tie)"}));
    res.append(scoreTable(t), el("h2", {text: "Generations"}), historyTable(t));
  }
}

function cardsRow(t, items) {
  return el("div", {class: "hand"}, ...items.map((x) => el("div", {}, el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"}))));
}

function renderElection(t) {
  const elec = $("election"); elec.replaceChildren();
  if (t.phase === "election") elec.append(el("div", {text: `Election${t.round > 1 ? `: tie round ${t.round - 1}` : ""} · ${t.pressed.length} of ${t.eligible.length} pressed`}));
  if (t.president !== null && t.president !== undefined) elec.append(el("div", {text: `President: ${who(t, t.president)}` + (t.barred.length ? ` · may not be accused: ${list(t.barred.map((s) => who(t, s)))}` : "")}));
  if (t.parley) elec.append(el("div", {text: `Parley: ${who(t, t.parley.president)} offers ${count(t.parley.count)} to ${who(t, t.parley.target)}`}));
  // in a tie round every card shown so far lies on the table (the last round's among them): shown once
  if (t.table_cards.length) elec.append(el("div", {"data-cards": "table"}, el("b", {text: `On the table from this election's earlier rounds`}), cardsRow(t, t.table_cards)));
  else if (t.revealed.length) elec.append(el("div", {"data-cards": "revealed"}, el("b", {text: "Revealed in the last vote"}), cardsRow(t, t.revealed)));
  if (!elec.childNodes.length) elec.append(el("span", {class: "muted", text: "No cards on the table."}));
}

// A seat's place around the table on a big screen, as fractions of the free room (0: left or top edge,
// 1: right or bottom): a row of seats below the table and one above it, and for six or more seats one
// or two at each end; seat 0 sits bottom right and the numbers go round clockwise.
function around(s, n) {
  const side = n <= 4 ? 0 : n <= 7 ? 1 : 2, rest = n - 2 * side;
  const bottom = Math.ceil(rest / 2), top = rest - bottom;
  // the rows run the whole width: the end seats sit level with neither row, so nothing overlaps
  const spread = (j, k) => (k === 1 ? 0.5 : j / (k - 1));
  if (s < bottom) return [spread(bottom - 1 - s, bottom), 1];
  s -= bottom;
  if (s < side) return [0, side === 1 ? 0.5 : 1 - (s + 1) / (side + 1)];
  s -= side;
  if (s < top) return [spread(s, top), 0];
  s -= top;
  return [1, side === 1 ? 0.5 : (s + 1) / (side + 1)];
}

function seatColumns(n) {
  // one row up to 7 seats on a wide screen, else two rows (14 seats: 7 by 2)
  return n <= 7 ? n : Math.ceil(n / 2);
}

// A free seat's join QR code and address (null when the seat is taken or not known yet).
function joinLink(s) {
  const claim = seats ? seats.seats[s] : null;
  if (!claim || claim.claimed) return null;
  // a locked table takes nobody: a code that only leads to "the seats are locked" is not shown
  if (seats.locked) return [el("div", {class: "muted", "data-locked": s, text: "free · seats locked"})];
  // the box's address now (it follows a late DHCP lease); the query keeps an old QR out of the cache
  // (as does the join code, which the QR carries for the box's own screen)
  const base = (box && box.join_base) || location.origin;
  const url = `${base}/seat/${s}`;
  const q = new URLSearchParams({at: base, v: box && box.join_code ? box.join_code : "-"});
  if (KEY) q.set("key", KEY);
  return [el("a", {class: "qr", href: url, "aria-label": `join seat ${s}`}, el("img", {src: `/qr/seat/${s}.svg?${q}`, alt: `QR code for seat ${s}`})),
    el("div", {class: "muted addr", text: url.replace(/^https?:\/\//, "")})];
}

function renderSeats(t) {
  const grid = $("seats"); grid.replaceChildren();
  grid.style.setProperty("--cols", seatColumns(t.players));
  grid.style.setProperty("--rows", Math.ceil(t.players / seatColumns(t.players)));
  // on a big screen the seats sit around an oval table (app.css, "a room"): each seat's place on it
  const n = t.players;
  grid.dataset.n = n <= 6 ? "few" : n <= 10 ? "some" : "many";
  const w = t.awaiting, c = t.campaign, now = Date.now();
  for (let s = 0; s < t.players; s++) {
    const claim = seats ? seats.seats[s] : null;
    const no = refused.get(s);
    const seat = el("div", {class: "seat" + (w.includes(s) ? " wait" : "") + (no && no[1] > now ? " refused" : ""), "data-seat": s});
    const [fx, fy] = around(s, n);
    seat.style.setProperty("--fx", fx.toFixed(3)); seat.style.setProperty("--fy", fy.toFixed(3));
    seat.append(el("h2", {title: t.names[s] || ""}, el("span", {text: `Seat ${s}`}), t.names[s] ? el("span", {class: "name", text: ` ${t.names[s]}`}) : ""));
    const tags = [];
    if (s === t.president) tags.push(el("span", {class: "badge pres", text: "President"}));
    if (t.barred.includes(s)) tags.push(el("span", {class: "badge", text: "not accusable"}));
    if (t.pressed.includes(s)) tags.push(el("span", {class: "badge", text: "pressed"}));
    if (w.includes(s)) tags.push(el("span", {class: "badge", text: "to act"}));
    if (!t.hand_counts[s]) tags.push(el("span", {class: "badge", text: "out"}));
    if (t.over && t.winners.includes(s)) tags.push(el("span", {class: "badge pres", text: "winner"}));
    if (t.over && c && c.winners.includes(s)) tags.push(el("span", {class: "badge pres", text: "campaign winner"}));
    seat.append(el("div", {text: (c ? `VP ${c.vp[s]} · ` : "") + `XP ${t.xp[s]} · ${count(t.hand_counts[s])}`}), el("div", {}, ...tags));
    if (no && no[1] > now) seat.append(el("div", {class: "refusal", role: "alert", text: no[0]}));
    const join = joinLink(s);
    if (join) seat.append(...join);
    else if (claim) seat.append(el("div", {class: claim.bot ? "muted" : "muted claim", text: claim.bot ? "bot" : "joined"}));
    if (t.over && t.reveal) {
      const n = t.players, net = t.reveal.network;
      seat.append(el("div", {}, el("span", {class: "muted", text: "membership "}), t.reveal.membership[s] ? cardFace(t.reveal.membership[s], "div", {class: "small"}) : el("span", {text: "none"})),
        el("div", {class: "small-text"}, el("span", {class: "muted", text: "network: "}), el("span", {text: networkWords([net[(s + n - 1) % n], net[s]])})),
        t.reveal.aligned.includes(s) ? el("div", {class: "win", text: "aligned"}) : "");
    }
    if (MOCK && t.phase === "election") seat.append(el("div", {class: "pads"}, el("button", {type: "button", "data-pad": `${s}-reveal`, text: "REVEAL", onclick: () => pad(s, "reveal")}),
      el("button", {type: "button", "data-pad": `${s}-abstain`, text: "ABSTAIN", onclick: () => pad(s, "abstain")})));
    grid.append(seat);
  }
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

// sounds made in the page: a short blip when a vote is revealed, a chord at the end of a game
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
function showSound() { const b = $("sound"); b.textContent = soundOn ? "Sound on" : "Sound off"; b.setAttribute("aria-pressed", String(soundOn)); }
$("sound").addEventListener("click", () => { soundOn = !soundOn; localStorage.setItem("jaccuse_sound", soundOn ? "on" : "off"); showSound(); if (soundOn) tone([660], 0.08); });
document.addEventListener("pointerdown", () => { if (audio && audio.state === "suspended") audio.resume(); });
showSound();

function sounds(before, t) {
  if (!before) return;
  if (before.game !== t.game) return;  // a new game was dealt: nothing to compare
  if (game.part) { game.part.sound(before, t, tone); return; }
  if (!before.over && t.over) { tone([523, 659, 784, 1047], 0.16); return; }
  const resolved = before.phase === "election" && before.pressed.length > 0 &&
    (t.phase !== "election" || t.round !== before.round || t.pressed.length === 0);
  if (resolved) tone([880, 1320], 0.07);
}

// The reveal moment: the last pad was pressed, so every seat's card shows large with what it meant,
// for a few seconds, then the picture settles into the log at the side.
const REVEAL_MS = 4500;
function bigReveal(before, t) {
  if (!before || game.part || before.phase !== "election" || !before.pressed.length) return;
  const resolved = t.phase !== "election" || t.round !== before.round || t.pressed.length === 0;
  if (!resolved || t.version === before.version) return;
  const shown = t.revealed;
  const coloured = shown.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const leaders = coloured.filter((x) => rankOf(x.card) === top).map((x) => x.seat);
  let head;
  if (!shown.length) head = "Nobody revealed a card";
  else if (t.phase === "election" && t.round > 1 && before.round !== t.round)
    head = `Tie between ${list(leaders.map((s) => who(t, s)))}: ` +
      (t.eligible.length === leaders.length ? "they vote again" : "every seat that revealed votes again");
  else if (t.president !== null && t.president !== undefined && leaders.length === 1 && leaders[0] === t.president)
    head = `${cap(who(t, t.president))} is President with ${label(shown.find((x) => x.seat === t.president).card)}`;
  else if (t.policies.length > before.policies.length) head = `Consensus: a ${t.policies[t.policies.length - 1].color} policy passes`;
  else head = "The votes are in";
  const box = $("bigreveal");
  box.dataset.n = before.eligible.length > 8 ? "many" : "few";
  box.replaceChildren(el("h2", {text: head}), el("div", {class: "row"}, ...before.eligible.map((s) => {
    const x = shown.find((y) => y.seat === s);
    return el("div", {class: "who" + (x && leaders.includes(s) ? " lead" : ""), "data-big-seat": s},
      x ? cardFace(x.card) : el("div", {class: "abst", text: "abstained"}), el("span", {text: who(t, s)}));
  })));
  box.classList.remove("settle"); box.hidden = false;
  clearTimeout(bigReveal.t1); clearTimeout(bigReveal.t2);
  bigReveal.t1 = setTimeout(() => box.classList.add("settle"), REVEAL_MS);
  bigReveal.t2 = setTimeout(() => { box.hidden = true; box.classList.remove("settle"); }, REVEAL_MS + 800);
}
$("bigreveal").addEventListener("click", () => { $("bigreveal").hidden = true; });

function tick() {
  if (!view) return;
  const left = secondsLeft(view.clock), wait = $("waiting");
  let chip = wait.querySelector(".clock");
  if (left === null) { if (chip) chip.remove(); return; }
  if (!chip) { chip = el("span", {class: "clock", "aria-label": "shot clock"}); wait.prepend(chip); }
  chip.textContent = `${left} s left`;
  chip.classList.toggle("hot", left <= 10);
}
setInterval(tick, 250);

setTimeout(() => renderBox(view), SAID_FOR + 100);
async function side() {
  const headers = KEY ? {"X-Host-Key": KEY} : {};
  const sent = Date.now();
  const [s, b] = await Promise.all([api("/api/seats"), api("/api/box", {headers})]);
  if (b.ok) setBoxTime(b.body.now, sent, Date.now());
  seats = s.ok ? s.body : seats; box = b.ok ? b.body : box;
  render();
}
window.jaccuseTable = {view: () => view};  // for the browser tests: the view the page shows
// the emulated OLED of mock mode (on a Pi the real one sits on the box)
const emulated = () => box && box.mock && box.display;
function listen() {
  const es = new EventSource("/api/table/events");
  es.onmessage = (e) => {
    down(false);
    prev = view; view = JSON.parse(e.data); sounds(prev, view); render(); bigReveal(prev, view); side();
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
