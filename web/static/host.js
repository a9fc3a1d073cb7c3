// The host page: seats (release, hand a bot's seat over), the join code and seat lock, the shot clock,
// a new deal and a new host link. Every change asks the box with the host key; buttons are off while
// one is in flight.
import {api, confirmButton, el, errorText} from "./cards.js";

const key = new URLSearchParams(location.search).get("key") || "";
const H = {"X-Host-Key": key};
const $ = (id) => document.getElementById(id);
let state = null, busy = false;

function say(msg, ok = true) {
  $("error").hidden = ok || !msg; $("error").textContent = ok ? "" : msg;
  $("said").hidden = !ok || !msg; $("said").textContent = ok ? msg : "";
}
function setBusy(on) { busy = on; for (const b of document.querySelectorAll("main button, main select")) b.disabled = on; }

async function post(path, body, done) {
  if (busy) return;
  setBusy(true);
  const r = await api(path, {method: "POST", headers: H, body: JSON.stringify(body)});
  setBusy(false);
  if (r.ok) say(done(r.body)); else say(errorText(r), false);
  refresh();
}

const LEVELS = {random: "random bot", sensible: "sensible bot", strong: "strong bot"};

// who plays a bot's seat: the host can make a bot weaker or stronger between two of its moves
function levelPicker(x) {
  const pick = el("select", {class: "ctl", "data-bot-level": x.seat, "aria-label": `Bot of seat ${x.seat}`,
    onchange: () => post("/api/host/bot-level", {seat: x.seat, level: pick.value},
      () => `Seat ${x.seat} is now played by the ${LEVELS[pick.value]}.`)},
    ...Object.entries(LEVELS).map(([value, text]) => el("option", {value, text})));
  pick.value = x.level || "strong";
  return pick;
}

function seatRow(x) {
  const name = x.name ? ` · ${x.name}` : "";
  const row = el("div", {class: "host-row", "data-host-seat": x.seat},
    el("span", {text: `Seat ${x.seat}${name}: ${x.bot ? "a bot plays it" : x.claimed ? "taken" : "free"}`}));
  if (x.claimed && !x.bot) row.append(confirmButton("Release", `Release seat ${x.seat}? Its phone stops working for it.`, "Yes, release",
    () => post("/api/host/release", {seat: x.seat}, () => `Seat ${x.seat} released.`)));
  if (x.bot) row.append(el("button", {type: "button", "data-handover": x.seat, text: "Hand to a person",
    onclick: () => post("/api/host/hand-over", {seat: x.seat}, () => `Seat ${x.seat} is free for a person: scan its code.`)}));
  if (x.bot) row.append(levelPicker(x));
  if (!x.claimed && !state.locked) {
    const q = new URLSearchParams({key, at: state.join_base, v: state.join_code || "-"});
    row.append(el("a", {class: "qr", href: `${state.join_base}/seat/${x.seat}${state.join_code ? `?code=${state.join_code}` : ""}`, "aria-label": `join seat ${x.seat}`},
      el("img", {src: `/qr/seat/${x.seat}.svg?${q}`, alt: `QR code for seat ${x.seat}`})));
  }
  return row;
}

async function refresh() {
  const r = await api("/api/host/state", {headers: H});
  if (!r.ok) { say(errorText(r), false); return; }
  state = r.body;
  $("seats").replaceChildren(...state.seats.map(seatRow));
  $("codeline").replaceChildren(state.join_code ? el("p", {}, el("span", {text: "Join code: "}), el("b", {class: "joincode", id: "code", text: state.join_code}))
    : el("p", {class: "muted", text: "No join code: anyone on the Wi-Fi can take a free seat."}));
  $("lock").textContent = state.locked ? "Unlock the seats" : "Lock the seats";
  $("lock").setAttribute("aria-pressed", String(state.locked));
  $("multiseat").textContent = state.multi_seat ? "One seat per phone again" : "Let one phone take several seats";
  $("multiseat").setAttribute("aria-pressed", String(Boolean(state.multi_seat)));
  const guesses = state.join_guesses || {};
  $("guessing").hidden = !guesses.under_attack;
  $("guessing").textContent = guesses.under_attack
    ? `Someone is guessing the join code: ${guesses.wrong_last_minute} wrong codes in the last minute. `
      + "Joining waits until it stops; lock the seats or set a new code." : "";
  const clock = state.clock || {seconds: 0};
  if (!$("seconds").matches(":focus")) $("seconds").value = clock.seconds;
  $("clocknow").textContent = clock.seconds ? `now ${clock.seconds} s a decision` : "now off";
  $("tablelink").href = `/?key=${encodeURIComponent(key)}`;
  syncDeal(state);
  setBusy(busy);
}

$("newcode").addEventListener("click", () => post("/api/host/join-code", {code: "new"}, (b) => `New join code: ${b.join_code}.`));
$("setcode").addEventListener("click", () => post("/api/host/join-code", {code: $("owncode").value}, (b) => `Join code: ${b.join_code}.`));
$("nocode").addEventListener("click", () => post("/api/host/join-code", {code: null}, () => "No join code any more."));
$("multiseat").addEventListener("click", () => post("/api/host/multi-seat", {allowed: !state.multi_seat},
  (b) => b.multi_seat ? "One phone may now take several seats." : "One seat per phone."));
$("lock").addEventListener("click", () => post("/api/host/lock", {locked: !state.locked}, (b) => b.locked ? "Seats locked." : "Seats unlocked."));
$("setclock").addEventListener("click", () => post("/api/host/clock", {seconds: Number($("seconds").value) || 0},
  (b) => b.clock ? `Shot clock: ${b.clock} s a decision.` : "Shot clock off."));
// the next deal: the game and player count shown are the current ones until the host changes them
// the games on offer come with every host state (/api/host/state: title and seat range of each)
let games = {};
const titleOf = (g) => (games[g] && games[g].title) || g;
let dealt = null;
function nextDeal() {
  const game = $("gamesel").value, players = Number($("players").value), body = {};
  if (!dealt || game !== dealt.game) body.game = game;
  if (!dealt || players !== dealt.players) body.players = players;
  return body;
}
function limits() { const g = games[$("gamesel").value]; if (!g) return; $("players").min = g.min_players; $("players").max = g.max_players; }
// called with each host state: the games on offer, and the game dealt now
function syncDeal(st) {
  if (st.games) {
    games = st.games;
    const sel = $("gamesel"), keep = sel.value;
    sel.replaceChildren(...Object.entries(games).map(([g, r]) =>
      el("option", {value: g, text: `${r.title || g} (${r.min_players}-${r.max_players} players)`})));
    if (keep in games) sel.value = keep;
  }
  const now = {game: st.game_name, players: st.players};
  // follow the box only while the host has not started to change the choice
  if (!dealt || (!$("players").matches(":focus") && $("gamesel").value === dealt.game && Number($("players").value) === dealt.players)) {
    $("gamesel").value = now.game; $("players").value = now.players;
  }
  limits();
  dealt = now;
}
$("gamesel").addEventListener("change", () => {
  limits();
  const g = games[$("gamesel").value], n = Number($("players").value);
  if (g && !(n >= g.min_players && n <= g.max_players)) $("players").value = Math.min(g.max_players, Math.max(g.min_players, n || g.min_players));
});
$("newgame").append(confirmButton("Deal a new game for the same seats", "End this game and deal the one chosen above?", "Yes, deal",
  () => post("/api/host/new-game", nextDeal(), (b) => `Game ${b.game} dealt: ${titleOf(b.game_name)}` +
    (b.players ? ` for ${b.players} players.` : "."))));

// a host link that got out: end it; the box answers with the new link and this page moves there
$("rotate").append(confirmButton("New host link", "End this host link and make a new one?", "Yes, new link", async () => {
  if (busy) return;
  setBusy(true);
  const r = await api("/api/host/rotate-key", {method: "POST", headers: H});
  setBusy(false);
  if (r.ok) location.replace(r.body.host_link); else say(errorText(r), false);
}));
refresh(); setInterval(() => { if (!busy) refresh(); }, 4000);
