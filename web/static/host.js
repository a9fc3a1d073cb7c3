// The host page: seats (release, hand a bot's seat over), the join code and seat lock, the shot clock,
// a new deal and a new host link. Every change asks the box with the host key; buttons are off while
// one is in flight.
import {$, LANG, api, btn, confirmButton, el, errorText, list, t, translator} from "./shell.js";
import {controls, decisiveList, loadStep, marksOf, ready, stepName, stepText, timeline} from "./retell.js";

const key = new URLSearchParams(location.search).get("key") || "";
const H = {"X-Host-Key": key};
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

const toBot = (x) => post("/api/host/to-bot", {seat: x.seat}, () => t("A bot plays seat {n} now.", {n: x.seat}));
const release = (x) => post("/api/host/release", {seat: x.seat}, () => t("Seat {n} is free: a person can scan its code.", {n: x.seat}));

// Removing a player is one flow: "Remove" asks who plays the seat from now on (a bot, or another person
// who scans its code), and that one answer does it; Cancel leaves everything as it was.
function removeFlow(x) {
  const box = el("span", {class: "confirm", "data-remove": x.seat});
  const first = el("button", {type: "button", text: t("Remove player"), onclick: () => {
    box.replaceChildren(el("span", {class: "question", text: t("Remove {who}? Their phone stops working for this seat. Who plays it now?", {who: x.name || t("seat {n}", {n: x.seat})})}),
      el("button", {type: "button", class: "primary", text: t("A bot"), onclick: () => { box.replaceChildren(first); toBot(x); }}),
      el("button", {type: "button", class: "primary", text: t("Another person"), onclick: () => { box.replaceChildren(first); release(x); }}),
      el("button", {type: "button", text: t("Cancel"), onclick: () => box.replaceChildren(first)}));
    box.querySelector("button.primary").focus();
  }});
  box.append(first);
  return box;
}

// A warning that stops a step which would leave the table stuck, with the ways on: `choices` are
// [text, action] pairs, the first one the suggested way; Cancel closes it and changes nothing. While it
// is open it holds a .question, so the page's refresh leaves it alone.
function warning(box, text, choices) {
  box.hidden = false;
  box.replaceChildren(el("span", {class: "question", text}),
    ...choices.map(([label, act], i) => el("button", {type: "button", class: i ? "" : "primary", text: label,
      onclick: () => { box.hidden = true; box.replaceChildren(); act(); }})),
    el("button", {type: "button", text: t("Cancel"), onclick: () => { box.hidden = true; box.replaceChildren(); }}));
  box.querySelector("button.primary").focus();
}

// A bot's seat handed to a person. On a locked table nobody could take it and the game would wait for
// the seat: the page says so first and offers to unlock the seats (as locking with a free seat warns).
const handed = (x, locked) => () => locked
  ? t("Seat {n} is free, but the seats are locked: nobody can take it until you unlock them.", {n: x.seat})
  : t("Seat {n} is free for a person: scan its code.", {n: x.seat});
function handOver(x) {
  const box = el("span", {class: "confirm warn", "data-handwarn": x.seat, role: "alert", hidden: ""});
  const button = el("button", {type: "button", "data-handover": x.seat, text: t("Hand to a person"), onclick: () => {
    if (!state.locked) { post("/api/host/hand-over", {seat: x.seat}, handed(x, false)); return; }
    warning(box, t("The seats are locked. Once the bot leaves seat {n} nobody can take it, and the game would wait for it.", {n: x.seat}), [
      [t("Unlock the seats, then hand it over"), async () => {
        const r = await api("/api/host/lock", {method: "POST", headers: H, body: JSON.stringify({locked: false})});
        if (!r.ok) { say(errorText(r), false); refresh(); return; }
        post("/api/host/hand-over", {seat: x.seat}, () => `${t("Seats unlocked.")} ${handed(x, false)()}`);
      }],
      [t("Hand it over anyway"), () => post("/api/host/hand-over", {seat: x.seat}, handed(x, true))],
    ]);
  }});
  return [button, box];
}

const LEVELS = {random: t("random bot"), sensible: t("sensible bot"), strong: t("strong bot")};

// who plays a bot's seat: the host can make a bot weaker or stronger between two of its moves
function levelPicker(x) {
  const pick = el("select", {class: "ctl", "data-bot-level": x.seat, "aria-label": t("Bot of seat {n}", {n: x.seat}),
    onchange: () => post("/api/host/bot-level", {seat: x.seat, level: pick.value},
      () => t("Seat {n} is now played by the {level}.", {n: x.seat, level: LEVELS[pick.value]}))},
    ...Object.entries(LEVELS).map(([value, text]) => el("option", {value, text})));
  pick.value = x.level || "strong";
  return pick;
}

function seatRow(x) {
  const name = x.name ? ` · ${x.name}` : "";
  const row = el("div", {class: "host-row", "data-host-seat": x.seat},
    el("span", {text: `${t("Seat {n}", {n: x.seat})}${name}: ${x.bot ? t("a bot plays it") : x.claimed ? t("taken") : t("free")}`}));
  if (x.claimed && !x.bot) row.append(removeFlow(x));
  if (x.bot) {  // a bot's name is the host's to choose
    const input = el("input", {class: "ctl", maxlength: "24", "aria-label": t("name of the bot on seat {n}", {n: x.seat}), "data-botname": x.seat, value: x.name || ""});
    row.append(input, el("button", {type: "button", text: t("Rename"), onclick: () =>
      post("/api/host/bot-name", {seat: x.seat, name: input.value}, (b) => t("The bot on seat {n} is {name} now.", {n: x.seat, name: b.name}))}));
  }
  if (x.bot) row.append(...handOver(x));
  if (!x.claimed) row.append(el("button", {type: "button", "data-tobot": x.seat, text: t("Give to a bot"), onclick: () => toBot(x)}));
  if (x.bot) row.append(levelPicker(x));
  if (!x.claimed && !state.locked) {
    const q = new URLSearchParams({key, at: state.join_base, v: state.join_code || "-"});
    row.append(el("a", {class: "qr", href: `${state.join_base}/seat/${x.seat}${state.join_code ? `?code=${state.join_code}` : ""}`, "aria-label": t("join seat {n}", {n: x.seat})},
      el("img", {src: `/qr/seat/${x.seat}.svg?${q}`, alt: t("QR code for seat {n}", {n: x.seat})})));
  }
  return row;
}

async function refresh() {
  const r = await api("/api/host/state", {headers: H});
  if (!r.ok) { say(errorText(r), false); return; }
  state = r.body;
  // a question the host is answering (remove a player?) or a name being typed is not swept away
  if (!$("seats").querySelector(".question, input:focus")) $("seats").replaceChildren(...state.seats.map(seatRow));
  $("codeline").replaceChildren(state.join_code ? el("p", {}, el("span", {text: t("Join code:") + " "}), el("b", {class: "joincode", id: "code", text: state.join_code}))
    : el("p", {class: "muted", text: t("No join code: anyone on the Wi-Fi can take a free seat.")}));
  $("lock").textContent = state.locked ? t("Unlock the seats") : t("Lock the seats");
  $("lock").setAttribute("aria-pressed", String(state.locked));
  $("multiseat").textContent = state.multi_seat ? t("One seat per phone again") : t("Let one phone take several seats");
  $("multiseat").setAttribute("aria-pressed", String(Boolean(state.multi_seat)));
  const guesses = state.join_guesses || {};
  $("guessing").hidden = !guesses.under_attack;
  $("guessing").textContent = guesses.under_attack
    ? t("Someone is guessing the join code: {n} wrong codes in the last minute. Joining waits until it stops; lock the seats or set a new code.", {n: guesses.wrong_last_minute}) : "";
  if (state.locked) $("lockwarn").hidden = true;  // (an open warning is not rebuilt under the host's finger)
  const clock = state.clock || {seconds: 0};
  if (!$("seconds").matches(":focus")) $("seconds").value = clock.seconds;
  $("clocknow").textContent = clock.seconds ? t("now {n} s a decision", {n: clock.seconds}) : t("now off");
  $("tablelink").href = `/?key=${encodeURIComponent(key)}`;
  syncDeal(state);
  remote(state.retelling);
  kept();
  languagePicker(state);
  setBusy(busy);
}

// ---------------------------------------------------------------- tonight's games, retold and taken home
// The TV retells the game the host picks; this page is its remote control: the TV follows where the box
// says the retelling is (the public view's `retelling`), and so does this page, so a second host phone
// or the box's own screen moving it shows here too.
async function retell(body, {show = false} = {}) {
  const r = await api("/api/host/retell", {method: "POST", headers: H, body: JSON.stringify(body)});
  if (!r.ok) { say(errorText(r), false); return; }
  say("");
  if (state) state.retelling = r.body.retelling;
  kept();
  await remote(r.body.retelling);
  // started from the list further down: the remote control is at the top of the page
  if (show && !$("remote").hidden) $("remote").scrollIntoView({block: "start", behavior: "smooth"});
}
let remoteAt = null, remoteSeq = 0;
async function remote(at) {
  const box = $("remote"), mine = ++remoteSeq;
  if (!at) { remoteAt = null; box.hidden = true; box.replaceChildren(); return; }
  if (JSON.stringify(at) === remoteAt) return;
  let got;
  try { got = await loadStep(at); } catch (e) { if (mine === remoteSeq) say(e.message, false); return; }
  const marks = await marksOf(got.meta);
  await ready;
  if (mine !== remoteSeq) return;
  remoteAt = JSON.stringify(at);
  const {meta, step} = got, go = (request) => retell({game: meta.game, ...request});
  box.hidden = false;
  box.dataset.step = step.step; box.dataset.game = meta.game;
  box.replaceChildren(
    el("div", {class: "retell-head"}, el("h2", {text: t("On the TV: game {n} retold, {title}", {n: meta.game, title: meta.title})}),
      el("span", {class: "retell-where", text: t("{step} of {last}", {step: stepName(step.step), last: meta.last})})),
    controls(meta, step.step, go), timeline(meta, step.step, go, marks), decisiveList(meta, step.step, go, marks) || "",
    stepText(meta, step, marks),
    el("div", {class: "retell-row"}, btn(t("Back to the table"), () => retell({game: null}), "", false, {"data-retell-stop": ""}),
      el("a", {class: "btn", href: `/api/games/${meta.game}/record?download=1`, download: "", "data-download": meta.game, text: t("Download this game")})));
}

// each game the box keeps: how it ended, and (once over) retell it on the TV or download it
let keptSeq = 0;
async function kept() {
  const mine = ++keptSeq, r = await api("/api/games");
  if (mine !== keptSeq) return;
  if (!r.ok) { $("kept").replaceChildren(el("p", {class: "error", text: errorText(r)})); return; }
  const now = state && state.retelling ? state.retelling.game : null;
  const rows = r.body.slice().reverse().map((g) => {
    const done = g.over || !g.current;
    // the winners by the names they sat under (a seat nobody named, or a record file's, by its number)
    const seats = g.winners.map((s) => (g.names && g.names[s]) || t("seat {n}", {n: s}));
    const how = g.over ? (seats.length ? t("won by {who}", {who: list(seats)}) : t("nobody won")) : g.current ? t("being played") : t("set aside before its end");
    const row = el("div", {class: "host-row", "data-kept": g.game},
      el("span", {text: t("Game {n} · {title} · {players} players · {how} · {moves} moves", {n: g.game, title: g.title, players: g.players, how, moves: g.moves})}));
    if (done) {
      row.append(btn(g.game === now ? t("On the TV now") : t("Retell on the TV"), () => retell({game: g.game}, {show: true}), g.game === now ? "" : "primary",
        false, {"data-retell": g.game}),
        el("a", {class: "btn", href: `/api/games/${g.game}/record?download=1`, download: "", "data-download": g.game, text: t("Download")}));
    }
    return row;
  });
  $("kept").replaceChildren(...(rows.length ? rows : [el("p", {class: "muted", text: t("No game yet.")})]));
}

$("newevening").append(confirmButton(t("New evening"), t("Clear tonight's scoreboard?"), t("Yes, clear it"),
  () => post("/api/host/evening", {clear: true}, () => t("A new evening: the scoreboard is empty."))));
$("newcode").addEventListener("click", () => post("/api/host/join-code", {code: "new"}, (b) => t("New join code: {code}.", {code: b.join_code})));
$("setcode").addEventListener("click", () => post("/api/host/join-code", {code: $("owncode").value}, (b) => t("Join code: {code}.", {code: b.join_code})));
$("nocode").addEventListener("click", () => post("/api/host/join-code", {code: null}, () => t("No join code any more.")));
$("multiseat").addEventListener("click", () => post("/api/host/multi-seat", {allowed: !state.multi_seat},
  (b) => b.multi_seat ? t("One phone may now take several seats.") : t("One seat per phone.")));
const lock = (on) => post("/api/host/lock", {locked: on}, (b) => b.locked ? t("Seats locked.") : t("Seats unlocked."));
// Locking with a free seat would leave the table waiting for a player who can no longer sit down: the
// page says which seats are free and offers to give them to bots first.
function lockWarning() {
  const free = state.seats.filter((x) => !x.claimed);
  const many = free.length > 1, seats = free.map((x) => x.seat).join(t(", "));
  warning($("lockwarn"), many ? t("Seats {seats} are free. Once the seats are locked nobody can take them, and the game would wait for them.", {seats})
    : t("Seat {seats} is free. Once the seats are locked nobody can take it, and the game would wait for it.", {seats}), [
    [many ? t("Give them to bots, then lock") : t("Give it to a bot, then lock"), async () => {
      for (const x of free) {
        const r = await api("/api/host/to-bot", {method: "POST", headers: H, body: JSON.stringify({seat: x.seat})});
        if (!r.ok) { say(errorText(r), false); refresh(); return; }
      }
      lock(true);
    }],
    [t("Lock anyway"), () => lock(true)],
  ]);
}
$("lock").addEventListener("click", () => {
  if (!state.locked && state.seats.some((x) => !x.claimed)) { lockWarning(); return; }
  lock(!state.locked);
});
$("setclock").addEventListener("click", () => post("/api/host/clock", {seconds: Number($("seconds").value) || 0},
  (b) => b.clock ? t("Shot clock: {n} s a decision.", {n: b.clock}) : t("Shot clock off.")));
// the next deal: the game and player count shown are the current ones until the host changes them
// the games on offer come with every host state (/api/host/state: title and seat range of each)
let games = {};
// a game's name in the box's language, from the game's own catalogue (English when it has none)
const titleOf = (g) => (games[g] && games[g].title ? translator(g).t(games[g].title) : g);
let dealt = null;
function nextDeal() {
  const game = $("gamesel").value, players = Number($("players").value), body = {};
  if (!dealt || game !== dealt.game) body.game = game;
  if (!dealt || players !== dealt.players) body.players = players;
  if (addedSeats().length) body.new_seats = seatsPick();  // what the host saw is what is dealt
  const opts = [...document.querySelectorAll("#dealopts input[data-option]")];
  const lists = [...document.querySelectorAll("#dealopts [data-list]")];
  if (opts.length || lists.length) {
    body.options = Object.fromEntries(opts.map((b) => [b.dataset.option, b.checked]));
    for (const box of lists) body.options[box.dataset.list] = [...box.querySelectorAll("input[data-value]:checked")].map((b) => b.dataset.value);
  }
  return body;
}
// A list option (a game's card sets) with nothing ticked cannot be dealt: said before the deal.
function emptyList() {
  const box = [...document.querySelectorAll("#dealopts [data-list]")].find((b) => !b.querySelector("input[data-value]:checked"));
  return box ? box.dataset.label : null;
}
// The selected game's table options (each game declares its own variants), each a checkbox, and its
// list options (a game's card sets), a checkbox per value under the list's label; ticked as the game
// dealt now has them when it is the one selected (else off, and a list's default); a ticked box is kept
// meanwhile.
let optsFor = null;
function dealOptions(st) {
  const name = $("gamesel").value, g = games[name], box = $("dealopts");
  const offered = (g && g.options) || {}, lists = (g && g.lists) || {};
  box.hidden = !Object.keys(offered).length && !Object.keys(lists).length;
  if (optsFor === name) return;
  optsFor = name;
  const mine = st && st.game_name === name;
  const on = mine ? st.options_on || [] : [];
  // the words come from the game (English, as the API gives them): said again from the game's catalogue
  const gameWords = translator(name).t;
  const row = (id, input, text) => el("div", {class: "optrow"}, input, el("label", {for: id, text: gameWords(text)}));
  const listBoxes = Object.entries(lists).map(([k, l]) => {
    const ticked = (mine && st.lists_on && st.lists_on[k]) || l.default;
    return el("div", {class: "optlist", "data-list": k, "data-label": gameWords(l.label)}, el("div", {class: "optlabel", text: gameWords(l.label)}),
      ...Object.entries(l.values).map(([v, what]) => {
        const id = `opt-${k}-${v}`, b = el("input", {type: "checkbox", id, "data-value": v, class: "ctl"});
        b.checked = ticked.includes(v);
        b.addEventListener("change", () => { $("dealsets").textContent = emptyList() ? t("Tick at least one: {which}.", {which: emptyList()}) : ""; });
        return row(id, b, what);
      }));
  });
  box.replaceChildren(el("legend", {text: t("Table options")}), ...listBoxes, ...Object.entries(offered).map(([k, what]) => {
    const id = `opt-${k}`, b = el("input", {type: "checkbox", id, "data-option": k, class: "ctl"});
    b.checked = on.includes(k);
    return row(id, b, what);
  }), el("div", {class: "optwarn", id: "dealsets", role: "status"}));
}
// A bigger table: who takes the seats it adds, said before the deal and the host's to choose. The box
// offers its default (the host's last choice, else bots where bots play); the choice goes with the deal
// and the box keeps it for the next one.
let picked = null, seatsShown = "";  // the host's pick while the dialog shows these seats; what is drawn
function addedSeats() {
  const now = state ? state.players : 0, n = Number($("players").value);
  return n > now ? Array.from({length: n - now}, (_, i) => now + i) : [];
}
const seatsPick = () => picked || (state && state.new_seats) || "free";
const seatWords = (added) => (added.length > 1 ? t("seats {list}", {list: list(added.map(String))}) : t("seat {n}", {n: added[0]}));
function newSeats() {
  const added = addedSeats(), box = $("newseats"), key = `${added.join(",")}|${seatsPick()}`;
  box.hidden = !added.length;
  if (!added.length) { picked = null; seatsShown = ""; box.replaceChildren(); return; }
  if (key === seatsShown) return;
  seatsShown = key;
  const radio = (value, text) => {
    const id = `newseats-${value}`, r = el("input", {type: "radio", name: "newseats", id, value, "data-new-seats": value, class: "ctl"});
    r.checked = seatsPick() === value;
    r.addEventListener("change", () => { picked = value; newSeats(); });
    return el("div", {class: "optrow"}, r, el("label", {for: id, text}));
  };
  const which = seatWords(added);
  const many = added.length > 1;
  box.replaceChildren(el("legend", {text: many ? t("New {which}: who takes them?", {which}) : t("New {which}: who takes it?", {which})}),
    radio("bots", many ? t("Bots play them (a person can take a bot's seat later)") : t("Bots play it (a person can take a bot's seat later)")),
    radio("free", many ? t("Free for people: the game waits until someone scans their codes") : t("Free for people: the game waits until someone scans its code")));
}
function dealQuestion() {
  const added = addedSeats();
  if (!added.length) return t("End this game and deal the one chosen above?");
  const which = seatWords(added), many = added.length > 1, bots = seatsPick() === "bots";
  const then = bots ? (many ? t("The new {which} go to bots.", {which}) : t("The new {which} goes to bots.", {which}))
    : (many ? t("The new {which} stay free for people to join.", {which}) : t("The new {which} stays free for people to join.", {which}));
  return `${t("End this game and deal the one chosen above?")} ${then}`;
}
function limits() { const g = games[$("gamesel").value]; if (!g) return; $("players").min = g.min_players; $("players").max = g.max_players; }
// called with each host state: the games on offer, and the game dealt now
function syncDeal(st) {
  if (st.games) {
    games = st.games;
    const sel = $("gamesel"), keep = sel.value;
    sel.replaceChildren(...Object.entries(games).map(([g, r]) =>
      el("option", {value: g, text: t("{title} ({min}-{max} players)", {title: titleOf(g), min: r.min_players, max: r.max_players})})));
    if (keep in games) sel.value = keep;
  }
  const now = {game: st.game_name, players: st.players};
  // follow the box only while the host has not started to change the choice
  if (!dealt || (!$("players").matches(":focus") && $("gamesel").value === dealt.game && Number($("players").value) === dealt.players)) {
    $("gamesel").value = now.game; $("players").value = now.players;
  }
  limits();
  dealOptions(st);
  dealt = now;
  newSeats();
}
$("players").addEventListener("input", newSeats);
$("gamesel").addEventListener("change", () => {
  limits();
  dealOptions(state);
  const g = games[$("gamesel").value], n = Number($("players").value);
  if (g && !(n >= g.min_players && n <= g.max_players)) $("players").value = Math.min(g.max_players, Math.max(g.min_players, n || g.min_players));
  newSeats();
});
$("newgame").append(confirmButton(t("Deal a new game for the same seats"), dealQuestion, t("Yes, deal"), () => {
  const added = addedSeats(), none = emptyList();
  if (none) { say(t("Nothing to deal with: tick at least one of {which}.", {which: none}), false); return; }
  // `replaces`: the game this page shows, so a second deal sent by a double tap deals nothing more
  post("/api/host/new-game", {...nextDeal(), replaces: state.game}, (b) => {
    const which = seatWords(added), many = added.length > 1;
    const dealtNow = b.players ? t("Game {n} dealt: {title} for {players} players.", {n: b.game, title: titleOf(b.game_name), players: b.players})
      : t("Game {n} dealt: {title}.", {n: b.game, title: titleOf(b.game_name)});
    if (!added.length) return dealtNow;
    return `${dealtNow} ${b.new_seats === "bots" ? t("Bots play the new {which}.", {which})
      : many ? t("The new {which} are free: scan a code to sit down.", {which}) : t("The new {which} is free: scan a code to sit down.", {which})}`;
  });
}));

// a host link that got out: end it; the box answers with the new link and this page moves there
$("rotate").append(confirmButton(t("New host link"), t("End this host link and make a new one?"), t("Yes, new link"), async () => {
  if (busy) return;
  setBusy(true);
  const r = await api("/api/host/rotate-key", {method: "POST", headers: H});
  setBusy(false);
  if (r.ok) location.replace(r.body.host_link); else say(errorText(r), false);
}));
// the box's language (the table page, this page and the box's display), the host's to choose; the box
// keeps it (journaled like every host setting), and this page follows it
function languagePicker(st) {
  if (!st.languages || $("langsel")) return;
  const sel = el("select", {id: "langsel", class: "ctl", "aria-label": t("The box's language")},
    ...Object.entries(st.languages).map(([value, text]) => el("option", {value, text})));
  sel.value = st.language;
  sel.addEventListener("change", () => post("/api/host/language", {language: sel.value}, () => { location.reload(); return ""; }));
  $("tablelink").after(el("label", {class: "muted", for: "langsel", text: t("Box language") + " "}), sel);
}
document.documentElement.lang = LANG.replace("_", "-");
refresh(); setInterval(() => { if (!busy) refresh(); }, 4000);
