// The phone page: one seat's private view, driven by the legal moves in /api/me.
import {api, byRank, campaignWinners, cardFace, chips, colour, confirmButton, count, echoIndex, el, errorText, feedEntries, historyTable, label, list,
  memberChip, networkWords, pips, PHASE, rankOf, scoreboard, scoreTable, secondsLeft, syncBoxTime, who, whoSeat} from "./cards.js";
import {follower, pageOf, partFor} from "./gamepart.js";

const SEAT = Number(document.body.dataset.seat);
// the game dealt: its page (title, rules) and its own parts, if it has any (see gamepart.js)
const served = pageOf(document.body);
const game = follower("phone", served, await partFor(served, "phone"), () => { if (me) render(me); });
const $ = (id) => document.getElementById(id);
let me = null, es = null, mode = null, picked = [], target = null, accColour = null, pads = "phone";
let online = false, busy = false, seenFeed = 0, seenRefusals = null;

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
  if (r.ok) { showError(""); mode = null; picked = []; target = null; accColour = null; if (game.part) game.part.reset(); render(fresh ? r.body.me : me); }
  else { showError(errorText(r)); setButtons(); }
  return r;
}
window.jaccuse = {send, me: () => me};

function setButtons() {
  const up = online && navigator.onLine;
  for (const b of document.querySelectorAll("#acts button, #hand button, #nameform button, #bpanel button")) {
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
  else showError(errorText(r, "could not join: the box"));
}

// The join screen follows the seat: taken, a bot's, locked, or free (and whether a code is needed).
async function joinState() {
  const r = await api("/api/seats");
  if (!r.ok) return;
  const x = r.body.seats[SEAT], note = $("claimnote");
  const name = x.name ? ` by ${x.name}` : "";
  let free = false;
  if (x.bot) note.textContent = `A bot plays seat ${SEAT}. If you want to play it, ask the host to hand it to you.`;
  else if (x.claimed) note.textContent = `Seat ${SEAT} is taken${name}. If it is yours and your phone lost it, ask the host to release it.`;
  else if (r.body.locked) note.textContent = "The host has locked the seats. Ask them to unlock before you sit down.";
  else { note.textContent = `Seat ${SEAT} is free.`; free = true; }
  if (released) note.textContent = `The host released seat ${SEAT}: this phone no longer plays it. ` + note.textContent;
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
    me = null; $("title").textContent = `Seat ${SEAT}`; $("phase").textContent = "";
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
  es.onmessage = (e) => { $("conn").textContent = "● live"; if (!online) { online = true; setButtons(); } render(JSON.parse(e.data)); };
  es.onerror = () => {
    $("conn").textContent = "○ reconnecting"; online = false; setButtons();
    if (es.readyState === EventSource.CLOSED) { es = null; setTimeout(start, 2000); }
  };
}
// with no network the box is out of reach: the buttons go off until it answers again
window.addEventListener("offline", () => { online = false; $("conn").textContent = "○ offline"; setButtons(); });
window.addEventListener("online", () => { if (es) { es.close(); es = null; } start(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && !es && !$("game").hidden) start(); });
setInterval(() => { if (!$("join").hidden) joinState(); }, 4000);
setInterval(() => { if (me) syncBoxTime(); }, 60000);

const move = (act) => me && me.moves.find((m) => m.act === act);
const cap = (s) => s[0].toUpperCase() + s.slice(1);

function waitingFor(v) {
  const t = v.table, w = t.awaiting.filter((s) => s !== v.seat);
  return w.length ? ` Waiting for ${list(w.map((s) => who(t, s)))}.` : "";
}

// The end of a game, explained to this seat: the winner, whether it was aligned and why, and XP.
function endText(v) {
  const t = v.table, col = t.winning_color;
  if (!col) return "Game over: no colour won, so nobody wins.";
  const net = v.network, mine = t.reveal ? t.reveal.membership[v.seat] : v.membership;
  let why;
  if (net[0] === net[1]) why = `Your network is both ${net[0]}, so you were ${net[0] === col ? "" : "not "}aligned with ${col}.`;
  else {
    const mc = mine && colour(mine) !== "neutral" ? colour(mine) : "no colour";
    why = `Your network is ${net[0]} and ${net[1]}, so your membership card decided: ` +
      (mine ? `${label(mine)}, ${mc}` : "you had none") + `, so you were ${mc === col ? "" : "not "}aligned.`;
  }
  const aligned = t.reveal ? t.reveal.aligned.includes(v.seat) : false;
  let end;
  if (t.winners.includes(v.seat)) end = t.winners.length > 1 ? " You share the win!" : " You win!";
  else if (aligned && t.winners.length) {
    const top = t.xp[t.winners[0]];
    end = ` You lost on XP: the winner${t.winners.length > 1 ? "s" : ""} had ${top} XP, you had ${t.xp[v.seat]}.`;
  } else end = " You did not win this time.";
  return `Game over: ${col} wins. ${why}${end}`;
}

function prompt(v) {
  const t = v.table, acts = v.acts, c = t.campaign, others = waitingFor(v);
  if (c && c.over) return "Campaign over: " + (c.winners.includes(v.seat) ? "you won the campaign!" : campaignWinners(c, t) + ".") +
    ` You scored ${c.vp[v.seat]} VP.`;
  if (c && c.generation > 1 && t.phase === "setup" && acts.includes("membership"))
    return `Generation ${c.generation} of ${c.generations}: a new hand. Choose your new secret membership card: tap a card, then Place.`;
  if (t.over) return endText(v);
  if (acts.includes("membership")) return t.phase === "setup" ? "Choose your secret membership card: tap a card, then Place." :
    "Place a membership card: tap a card, then Place (the same card as before is allowed).";
  if (t.phase === "setup") return (v.last_move_by === "bot" ? "The bot placed a membership card for this seat before you took it (hold the grey panel to see it)." :
    "Your membership card is placed.") + others;
  if (acts.includes("vote")) {
    const sel = v.selected ? ` Selected: ${label(v.selected)}.` : "";
    const tie = t.round > 1 ? `Tie round ${t.round - 1}: you vote again. ` : "";
    return tie + (pads === "phone" ? `Tap a card, then REVEAL, or ABSTAIN.${sel}` :
      `Tap a card to select it, then press REVEAL or ABSTAIN on your pad.${sel}`);
  }
  if (acts.includes("parley_reply")) {
    const n = t.parley.count, s = n > 1 ? "s" : "";
    return `${cap(who(t, t.parley.president))}, the President, offers you ${n} card${s} in a parley. Choose ${n} card${s} of yours to give back.`;
  }
  if (acts.includes("enact")) return "Your accusation was right. Enact a red or black card as a policy.";
  if (acts.includes("pass")) return acts.includes("parley") ? "You are President. You may parley first, then defect, accuse or pass." :
    "You are President. Defect, accuse or pass.";
  if (t.phase === "election") {
    const tie = t.round > 1 ? `Tie round ${t.round - 1}. ` : "";
    if (t.pressed.includes(v.seat)) {
      // which card is locked in (the view keeps it in `selected`), and who pressed: you, or the bot before you sat down
      const what = v.selected ? `REVEAL is pressed: ${label(v.selected)} is locked in.` : "You abstained this round.";
      const by = v.last_move_by === "bot" ? (v.selected ? `The bot pressed REVEAL for this seat before you took it: ${label(v.selected)} is locked in.` :
        "The bot abstained for this seat before you took it.") : what;
      return tie + by + (others || " Waiting for the others.");
    }
    if (t.table_cards.some((x) => x.seat === v.seat)) return tie + "Your card lies on the table in this tie round; the seats still holding cards vote again." + others;
    if (!t.eligible.includes(v.seat)) {
      // out of this round: with no cards at all, or (in a tie round) because only the last round's revealers vote
      if (!v.hand.length) return tie + "You have no cards: you sit this election out." + others;
      return (t.round > 1 ? `Tie round ${t.round - 1}: only the seats that revealed in the last round vote again; you wait.` :
        "You do not vote in this round.") + others;
    }
  }
  if (t.phase === "parley" && t.parley && t.parley.president === v.seat) return `You offered a parley: waiting for ${who(t, t.parley.target)} to answer.`;
  if (t.phase === "replace_membership" && t.replacing !== null && t.replacing !== undefined)
    return `Waiting for ${who(t, t.replacing)} to place a new membership card.`;
  if (t.president === v.seat && (t.phase === "presidency" || t.phase === "parley")) return "You are President." + others;
  if (t.president !== null && t.president !== undefined && t.phase !== "election") return `${cap(who(t, t.president))} is President.` + others;
  return "Nothing to do right now." + others;
}

function cardButtons(cards, onTap, enabled, selected) {
  const box = el("div", {class: "hand"});
  for (const c of cards) {
    const b = cardFace(c, "button", {type: "button"});
    b.setAttribute("aria-pressed", selected(c) ? "true" : "false");
    if (!enabled(c)) { b.disabled = true; b.dataset.off = "1"; } else b.addEventListener("click", () => onTap(c));
    box.append(b);
  }
  return box;
}

// the parts every game shares; a game's own parts come from its module (game.part)
const shared = {send: (a) => send(a), setButtons: () => setButtons(), playAgain: () => playAgain()};
function renderPart(v) {
  const part = game.part;
  $("phase").textContent = (part.PHASES && part.PHASES[v.table.phase]) || v.table.phase;
  $("prompt").textContent = part.prompt(v);
  tick();
  part.render(v, shared);
  if (!$("newname").matches(":focus")) $("newname").value = v.name || "";
  setButtons();
}

function render(v) {
  if (me && v.table.version === 0 && me.table.version > 0) { mode = null; picked = []; seenFeed = 0; }
  me = v; const t = v.table;
  $("title").textContent = `Seat ${v.seat}` + (v.name ? ` · ${v.name}` : "");
  if (t.game && t.game !== game.page.name) { game.follow(t.game); return; }
  document.body.classList.toggle("parts", !!game.part);
  $("ruleslink").href = game.page.rules;
  document.title = `${game.page.title} · seat ${v.seat}`;
  renderTableFeed(v); awayCheck(v); renderTonight(v); howTo(v); nudge(v);
  if (game.part) { renderPart(v); return; }
  $("phase").textContent = (t.campaign ? (t.campaign.over ? "Campaign over" : `Generation ${t.campaign.generation}/${t.campaign.generations} · `) : "") +
    (t.campaign && t.campaign.over ? "" : PHASE[t.phase] || t.phase);
  $("prompt").textContent = prompt(v);
  tick();
  // secret strip contents (shown only while held)
  const sec = $("secret"); sec.replaceChildren();
  sec.append(el("div", {}, el("div", {class: "muted", text: "membership"}),
    v.membership ? cardFace(v.membership, "div", {class: "small"}) : el("span", {text: "none yet"})));
  const n = t.players, left = (v.seat + n - 1) % n, right = (v.seat + 1) % n;
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with ${who(t, left)}`}), el("span", {class: `net ${v.network[0]}`, "data-net": v.network[0], text: v.network[0]})));
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with ${who(t, right)}`}), el("span", {class: `net ${v.network[1]}`, "data-net": v.network[1], text: v.network[1]})));
  renderFeed(v); renderTie(v); renderHand(v); renderActs(v); renderTable(v);
  if (!$("newname").matches(":focus")) $("newname").value = v.name || "";
  // a pad press the box refused (REVEAL with no card chosen) flashes here, as the pad's light does
  if (seenRefusals !== null && v.pad_refusals > seenRefusals) flash("Your REVEAL was refused: pick a card first.");
  seenRefusals = v.pad_refusals;
  setButtons();
}

function flash(text) {
  const f = $("flash"); f.textContent = text; f.hidden = false;
  clearTimeout(flash.timer); flash.timer = setTimeout(() => { f.hidden = true; }, 4000);
}

function renderFeed(v) {
  const items = feedEntries(v.feed || []);
  $("feedbox").hidden = !items.length;
  $("feed").replaceChildren(...items.map((x) => el("li", {class: x.version > seenFeed && seenFeed ? "new" : "", text: x.text})));
  if (items.length) seenFeed = Math.max(seenFeed, items[0].version);
}

// The room's last few moments, newest first, so a player who was not watching the TV still learns who
// became President or passed; a moment that also told this seat something is marked.
function renderTableFeed(v) {
  const items = feedEntries(v.table_feed || []);
  $("tablefeedbox").hidden = !items.length;
  $("tablefeed").replaceChildren(...items.map((x) => el("li", {class: x.you ? "you" : "", "data-you": x.you ? "1" : "0"},
    x.you ? el("span", {class: "dot", "aria-label": "concerned you", text: "● "}) : "", x.text)));
}

// Tonight's scoreboard, once a game is over
function renderTonight(v) {
  const board = v.table.over ? scoreboard(v.table) : null;
  $("tonight").hidden = !board;
  if (board) $("tonightbox").replaceChildren(board);
}

// The one-screen "how to play" opens by itself in the first game of the evening, until it is closed.
function howTo(v) {
  const id = `howto-${game.page.name}`, box = $(id);
  if (!box || howTo.done) return;
  howTo.done = true;
  const first = !(v.table.evening && v.table.evening.games.length);
  box.open = first && localStorage.getItem(`jaccuse_${id}`) !== "closed";
  box.addEventListener("toggle", () => { if (!box.open) localStorage.setItem(`jaccuse_${id}`, "closed"); });
}

// A gentle nudge for the player everyone waits for: the prompt says so at once, and if nothing happens
// for a while the phone vibrates (where the browser allows) and beeps once for that decision.
const NUDGE_AFTER = 20000;
function nudge(v) {
  const t = v.table, only = t.awaiting.length === 1 && t.awaiting[0] === v.seat && t.players > 1 && !t.over;
  const key = only ? `${t.version}` : null;
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
    flash("Everyone is waiting for you.");
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

// A tie round explained where it is seen first: between whom, why, who votes again, and the cards.
function renderTie(v) {
  const t = v.table, box = $("tie");
  box.hidden = !(t.phase === "election" && t.round > 1);
  if (box.hidden) { box.replaceChildren(); return; }
  const coloured = t.revealed.filter((x) => x.card !== "NJ");
  const top = Math.max(...coloured.map((x) => rankOf(x.card)));
  const tied = coloured.filter((x) => rankOf(x.card) === top);
  const voters = t.eligible.map((s) => (s === v.seat ? "you" : who(t, s)));
  box.replaceChildren(el("b", {text: `Tie round ${t.round - 1}: `}),
    el("span", {text: `${list(tied.map((x) => `${who(t, x.seat)} (${label(x.card)})`))} tied for the highest card, so nobody was elected. ` +
      `${cap(list(voters))} ${voters.length === 1 && voters[0] !== "you" ? "votes" : "vote"} again; the cards shown stay on the table.`}),
    el("div", {class: "hand small", "data-tie": ""}, ...t.table_cards.map((x) => el("div", {class: tied.some((y) => y.seat === x.seat) ? "tied" : ""},
      el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"})))));
}

function cardMode() {
  if (!me) return null;
  for (const a of ["membership", "vote", "parley_reply", "enact"]) if (move(a)) return a;
  return mode === "parley" || mode === "defect" ? mode : null;
}

function renderHand(v) {
  const m = cardMode(), mv = m && move(m);
  const allowed = new Set(mv ? mv.cards : []);
  const multi = m === "parley" || m === "parley_reply";
  const hand = cardButtons(byRank(v.hand), (c) => {
    if (m === "vote") { send({act: "vote", card: c}); return; }
    if (multi) {
      const i = picked.indexOf(c);
      if (i >= 0) picked.splice(i, 1); else picked.push(c);
    } else picked = [c];
    renderHand(me); renderActs(me); setButtons();
  }, (c) => allowed.has(c), (c) => (m === "vote" ? v.selected === c : picked.includes(c)));
  // after REVEAL the hand is greyed: the card locked in stays marked
  const locked = v.table.phase === "election" && v.table.pressed.includes(v.seat) && v.selected;
  if (locked) {
    const b = hand.querySelector(`[data-card="${v.selected}"]`);
    if (b) { b.classList.add("locked"); b.append(el("span", {class: "lockmark", text: "locked in"})); }
  }
  $("hand").replaceChildren(hand);
  $("handcount").textContent = count(v.hand.length);
}

function btn(text, onclick, cls = "", dis = false) {
  const b = el("button", {type: "button", class: cls, text, onclick}); b.disabled = dis; if (dis) b.dataset.off = "1"; return b;
}

// "Play again" is a ready check: the new game is dealt once every seated person tapped it (or when the
// host deals), so nobody's look at the end of a game is cut short by another player.
function playAgain() {
  const t = me.table, pa = t.play_again || {ready: [], waiting: []};
  const others = pa.waiting.filter((s) => s !== me.seat).map((s) => who(t, s));
  const still = others.length ? `Waiting for ${list(others)} to tap Play again (or for the host to deal).` : "";
  if (pa.ready.includes(me.seat)) return el("div", {class: "prompt", "data-ready": "", text: `You are ready for another game. ${still}`});
  const ready = pa.ready.map((s) => who(t, s));
  return el("div", {}, btn("Play again", async () => {
    if (busy) return;
    busy = true; setButtons();
    const r = await api("/api/table/new-game", {method: "POST", body: "{}"});
    busy = false; setButtons();
    if (!r.ok) showError(errorText(r)); else showError("");
  }, "primary"), el("div", {class: "muted", text: ready.length ? `${cap(list(ready))} ${ready.length > 1 ? "are" : "is"} ready for another game.` :
    "A new game starts once everyone at the table taps Play again."}));
}

function renderActs(v) {
  const box = $("acts"); box.replaceChildren();
  const t = v.table;
  if (t.over) { box.append(playAgain()); return; }
  const one = picked[0];
  if (move("membership")) box.append(btn(one ? `Place ${label(one)} as membership` : "Place (pick a card)", () => send({act: "membership", card: one}), "primary", !one));
  if (move("vote") && pads === "phone") {
    // REVEAL says why it is off: a vote needs a card first
    box.append(btn(move("reveal") ? "REVEAL" : "REVEAL (tap a card first)", () => send({act: "reveal"}), "primary", !move("reveal")));
    box.append(btn("ABSTAIN", () => send({act: "abstain"})));
  }
  const reply = move("parley_reply");
  if (reply) box.append(btn(`Give back ${picked.length}/${reply.count}`, () => send({act: "parley_reply", cards: picked}), "primary", picked.length !== reply.count));
  if (move("enact")) box.append(btn(one ? `Enact ${label(one)}` : "Enact (pick a card)", () => send({act: "enact", card: one}), "primary", !one));
  if (move("pass")) {
    const row = el("div");
    for (const a of ["parley", "defect", "accuse"]) if (move(a)) row.append(btn(a[0].toUpperCase() + a.slice(1), () => { mode = mode === a ? null : a; picked = []; target = null; accColour = null; renderHand(me); renderActs(me); setButtons(); }, "", false));
    row.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.textContent.toLowerCase() === mode)));
    row.append(confirmButton("Pass", "End your presidency without acting?", "Yes, pass", () => send({act: "pass"})));
    box.append(row);
    if (mode === "parley") {
      const mv = move("parley");
      box.append(el("p", {text: "Offer to:"}), el("div", {}, ...mv.targets.map((x) => {
        const b = btn(`${whoSeat(t, x.seat)} (max ${x.max})`, () => { target = x.seat; renderActs(me); setButtons(); });
        b.dataset.target = x.seat; b.setAttribute("aria-pressed", String(target === x.seat)); return b; })));
      const mx = target === null ? 0 : mv.targets.find((x) => x.seat === target).max;
      box.append(el("p", {class: "muted", text: "Tap the cards to offer in your hand."}),
        btn(target === null ? "Offer (pick a seat)" : !picked.length ? `Offer to ${whoSeat(t, target)} (tap cards to offer)` :
          `Offer ${count(picked.length)} to ${whoSeat(t, target)}`, () => send({act: "parley", target, cards: picked}), "primary", target === null || !picked.length || picked.length > mx));
    }
    if (mode === "defect") box.append(el("p", {class: "muted", text: "Tap your new membership card in your hand."}),
      btn(one ? `Defect: new membership ${label(one)}` : "Defect (pick a card)", () => send({act: "defect", card: one}), "primary", !one));
    if (mode === "accuse") {
      const mv = move("accuse");
      box.append(el("p", {text: "Accuse:"}), el("div", {}, ...mv.targets.map((s) => {
        const b = btn(whoSeat(t, s), () => { target = s; renderActs(me); setButtons(); });
        b.dataset.target = s; b.setAttribute("aria-pressed", String(target === s)); return b; })));
      box.append(el("p", {text: "of being:"}), el("div", {}, ...mv.colors.map((c) => {
        const b = btn(c === "red" ? "♥ red" : "♠ black", () => { accColour = c; renderActs(me); setButtons(); }); b.setAttribute("aria-pressed", String(accColour === c)); return b; })));
      box.append(btn(target === null ? "Accuse (pick a seat)" : !accColour ? `Accuse ${whoSeat(t, target)} (pick a colour)` :
        `Accuse ${whoSeat(t, target)} of being ${accColour}`, () => send({act: "accuse", target, color: accColour}), "primary", target === null || !accColour));
    }
  }
  const gx = move("give_xp");
  if (gx) {
    const sel = el("select", {id: "xpto", "aria-label": "give XP to", class: "ctl"}, ...gx.to.map((s) => el("option", {value: s, text: whoSeat(t, s)})));
    const amt = el("input", {id: "xpamt", type: "number", min: 1, max: gx.max, value: 1, "aria-label": "amount", class: "ctl num"});
    box.append(el("details", {}, el("summary", {text: `Give XP (you have ${gx.max})`, class: "ctl"}), sel, amt,
      btn("Give", () => send({act: "give_xp", to: Number(sel.value), amount: Number(amt.value)}))));
  }
}

function renderTable(v) {
  const t = v.table, box = $("public"); box.replaceChildren();
  const c = t.campaign, echo = echoIndex(t);
  box.append(el("div", {}, el("b", {text: "Stability "}), pips(t.stability),
    c && c.generation > 1 ? el("span", {class: "muted", text: ` carried over from generation ${c.generation - 1}`}) : ""));
  box.append(el("div", {"data-crisis": t.incorrect_accusations}, el("b", {text: "Wrong accusations "}),
    el("span", {class: t.incorrect_accusations >= 2 ? "hot" : "", text: `${t.incorrect_accusations} of 3`}),
    el("span", {class: "muted", text: " since the election (the third is a crisis)"})));
  box.append(el("div", {}, el("b", {text: "Policies"}), chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: "echo: the last generation's winning colour, passed for free"}) : ""));
  const shown = t.table_cards.length ? t.table_cards : t.revealed;
  if (shown.length) box.append(el("div", {}, el("b", {text: t.table_cards.length ? "On the table (tie round)" : "Revealed in the last vote"}),
    el("div", {class: "hand small"}, ...shown.map((x) => el("div", {}, el("div", {class: "muted name", text: who(t, x.seat)}), cardFace(x.card, "div", {class: "small"}))))));
  const rows = el("table", {}, el("tr", {}, ...["seat", ...(c ? ["VP"] : []), "XP", "cards", ""].map((h) => el("th", {text: h}))));
  for (let s = 0; s < t.players; s++) {
    const tags = [];
    if (s === t.president) tags.push("President");
    if (t.barred.includes(s)) tags.push("can't be accused");
    if (t.awaiting.includes(s)) tags.push("to act");
    if (t.over && t.winners.includes(s)) tags.push("winner");
    const name = t.names[s] ? `${s} · ${t.names[s]}` : String(s);
    rows.append(el("tr", {}, el("td", {text: s === v.seat ? `${name} (you)` : name}), ...(c ? [el("td", {class: "vp", text: c.vp[s]})] : []), el("td", {text: t.xp[s]}), el("td", {text: t.hand_counts[s]}), el("td", {text: tags.join(", ")})));
  }
  box.append(rows);
  if (t.over && t.reveal) {
    const n = t.players, net = t.reveal.network;
    box.append(el("h2", {text: "Everyone's cards"}), el("table", {class: "reveal"},
      el("tr", {}, ...["seat", "membership", "network", ""].map((h) => el("th", {text: h}))),
      ...t.reveal.membership.map((m, s) => el("tr", {"data-reveal-seat": s}, el("td", {text: who(t, s)}), el("td", {}, memberChip(m)),
        el("td", {class: "small-text", text: networkWords([net[(s + n - 1) % n], net[s]])}),
        el("td", {}, t.reveal.aligned.includes(s) ? el("span", {class: "win", text: "aligned"}) : "")))));
  }
  if (c) {
    box.append(el("h2", {text: c.over ? "Final scores" : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) box.append(el("div", {class: "win", text: campaignWinners(c, t) + " (XP breaks a tie in VP)"}), scoreTable(t, v.seat));
    else box.append(el("div", {class: "muted", text: "VP: 1 when your membership matches a generation's winning colour; networks score at the end."}));
    box.append(el("h2", {text: "Generations"}), historyTable(t, v.seat));
  }
}

// the shot clock, counted down between views
function tick() {
  if (!me) return;
  const left = secondsLeft(me.table.clock);
  const p = $("prompt");
  let chip = p.querySelector(".clock");
  if (left === null) { if (chip) chip.remove(); return; }
  if (!chip) { chip = el("span", {class: "clock", "aria-label": "shot clock"}); p.prepend(chip); }
  const mine = me.table.awaiting.includes(me.seat);
  chip.textContent = `${left} s left`;
  chip.classList.toggle("hot", mine && left <= 10);
}
setInterval(tick, 250);

// hold to peek: shows the secret only while pressed (touch and mouse)
function peek(on) { $("secret").hidden = !on; $("cover").hidden = on; }
const holder = $("peek");
for (const e of ["pointerdown"]) holder.addEventListener(e, (ev) => { ev.preventDefault(); peek(true); });
for (const e of ["pointerup", "pointercancel", "pointerleave", "blur"]) holder.addEventListener(e, () => peek(false));
holder.addEventListener("contextmenu", (ev) => ev.preventDefault());
holder.addEventListener("keydown", (ev) => { if (ev.key === " " || ev.key === "Enter") peek(true); });
holder.addEventListener("keyup", () => peek(false));
$("joinform").addEventListener("submit", join);
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
