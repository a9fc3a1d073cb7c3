// The phone page: one seat's private view, driven by the legal moves in /api/me.
import {api, campaignWinners, cardFace, chips, echoIndex, el, historyTable, label, pips, PHASE, scoreTable} from "./cards.js";

const SEAT = Number(document.body.dataset.seat);
const $ = (id) => document.getElementById(id);
let me = null, es = null, mode = null, picked = [], target = null, accColour = null, pads = "phone";

function setCookie(tok) { document.cookie = `jaccuse_token=${tok}; path=/; max-age=1209600; samesite=strict`; }
function showError(msg) { const b = $("error"); b.textContent = msg || ""; b.hidden = !msg; }

async function send(action) {
  const r = await api("/api/me/actions", {method: "POST", body: JSON.stringify(action)});
  if (r.ok) { showError(""); mode = null; picked = []; target = null; accColour = null; render(r.body.me); }
  else showError(r.body && r.body.error ? r.body.error.message : `the box answered ${r.status}`);
  return r;
}
window.jaccuse = {send, me: () => me};

async function join() {
  const r = await api("/api/join", {method: "POST", body: JSON.stringify({seat: SEAT})});
  if (r.ok) { localStorage.setItem("jaccuse_token", r.body.token); setCookie(r.body.token); start(); }
  else showError(r.status === 409 ? "Someone already holds this seat. Ask the host to release it if it is yours." :
    (r.body?.error?.message || "could not join"));
}

async function start() {
  const r = await api("/api/me");
  if (r.status === 401) {
    localStorage.removeItem("jaccuse_token");
    $("join").hidden = false; $("game").hidden = true; return;
  }
  if (!r.ok) { setTimeout(start, 2000); return; }
  if (r.body.seat !== SEAT) { location.replace(`/seat/${r.body.seat}`); return; }
  const box = await api("/api/box"); if (box.ok) pads = box.body.pads;
  $("join").hidden = true; $("game").hidden = false;
  render(r.body); listen();
}

function listen() {
  if (es) es.close();
  es = new EventSource("/api/me/events");
  es.onmessage = (e) => { $("conn").textContent = "● live"; render(JSON.parse(e.data)); };
  es.onerror = () => {
    $("conn").textContent = "○ reconnecting";
    if (es.readyState === EventSource.CLOSED) { es = null; setTimeout(start, 2000); }
  };
}
window.addEventListener("online", () => { if (!es) start(); });
document.addEventListener("visibilitychange", () => { if (!document.hidden && !es) start(); });

const move = (act) => me && me.moves.find((m) => m.act === act);

function prompt(v) {
  const t = v.table, acts = v.acts, w = t.awaiting.filter((s) => s !== v.seat);
  const others = w.length ? ` Waiting for seat${w.length > 1 ? "s" : ""} ${w.join(", ")}.` : "";
  const c = t.campaign;
  if (c && c.over) return "Campaign over: " + (c.winners.includes(v.seat) ? "you won the campaign!" : campaignWinners(c) + ".") +
    ` You scored ${c.vp[v.seat]} VP.`;
  if (c && c.generation > 1 && t.phase === "setup" && acts.includes("membership"))
    return `Generation ${c.generation} of ${c.generations}: a new hand. Choose your new secret membership card: tap a card, then Place.`;
  if (t.over) return t.winning_color ? `Game over: ${t.winning_color} wins. ` +
    (t.winners.includes(v.seat) ? "You are among the winners!" : "You did not win this time.") :
    "Game over: no colour won.";
  if (acts.includes("membership")) return t.phase === "setup" ? "Choose your secret membership card: tap a card, then Place." :
    "Place a new membership card: tap a card, then Place.";
  if (acts.includes("vote")) {
    const sel = v.selected ? ` Selected: ${label(v.selected)}.` : "";
    return pads === "phone" ? `Vote: tap a card, then REVEAL — or ABSTAIN.${sel}` :
      `Tap a card to select it, then press REVEAL or ABSTAIN on your pad.${sel}`;
  }
  if (acts.includes("parley_reply")) {
    const n = t.parley.count; return `President seat ${t.parley.president} offers you ${n} card${n > 1 ? "s" : ""}. Choose ${n} card${n > 1 ? "s" : ""} to give back.`;
  }
  if (acts.includes("enact")) return "Your accusation was right. Enact a red or black card as a policy.";
  if (acts.includes("pass")) return "You are President. Parley first if you like, then defect, accuse or pass.";
  if (t.phase === "election") {
    if (t.pressed.includes(v.seat)) return "You have pressed. Waiting for the others." + others;
    if (!t.eligible.includes(v.seat)) return "You have no cards: you sit this election out." + others;
  }
  if (t.phase === "parley" && t.parley && t.parley.president === v.seat) return `Waiting for seat ${t.parley.target} to answer your parley.`;
  if (t.president !== null && t.president !== undefined && t.phase !== "election") return `Seat ${t.president} is President.` + others;
  return "Nothing to do right now." + others;
}

function cardButtons(cards, onTap, enabled, selected) {
  const box = el("div", {class: "hand"});
  for (const c of cards) {
    const b = cardFace(c, "button", {type: "button"});
    b.setAttribute("aria-pressed", selected(c) ? "true" : "false");
    if (!enabled(c)) b.disabled = true; else b.addEventListener("click", () => onTap(c));
    box.append(b);
  }
  return box;
}

function render(v) {
  if (me && v.table.version === 0 && me.table.version > 0) { mode = null; picked = []; }
  me = v; const t = v.table;
  $("phase").textContent = (t.campaign ? (t.campaign.over ? "Campaign over" : `Generation ${t.campaign.generation}/${t.campaign.generations} · `) : "") +
    (t.campaign && t.campaign.over ? "" : PHASE[t.phase] || t.phase);
  $("prompt").textContent = prompt(v);
  // secret strip contents (shown only while held)
  const sec = $("secret"); sec.replaceChildren();
  sec.append(el("div", {}, el("div", {class: "muted", text: "membership"}),
    v.membership ? cardFace(v.membership, "div", {class: "small"}) : el("span", {text: "none yet"})));
  const n = t.players, left = (v.seat + n - 1) % n, right = (v.seat + 1) % n;
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with seat ${left}`}), el("span", {class: `net ${v.network[0]}`, "data-net": v.network[0], text: v.network[0]})));
  sec.append(el("div", {}, el("div", {class: "muted", text: `network with seat ${right}`}), el("span", {class: `net ${v.network[1]}`, "data-net": v.network[1], text: v.network[1]})));
  renderHand(v); renderActs(v); renderTable(v);
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
  const hand = cardButtons(v.hand, (c) => {
    if (m === "vote") { send({act: "vote", card: c}); return; }
    if (multi) {
      const i = picked.indexOf(c);
      if (i >= 0) picked.splice(i, 1); else picked.push(c);
    } else picked = [c];
    renderHand(me); renderActs(me);
  }, (c) => allowed.has(c), (c) => (m === "vote" ? v.selected === c : picked.includes(c)));
  $("hand").replaceChildren(hand);
  $("handcount").textContent = `${v.hand.length} card${v.hand.length === 1 ? "" : "s"}`;
}

function btn(text, onclick, cls = "", dis = false) {
  const b = el("button", {type: "button", class: cls, text, onclick}); b.disabled = dis; return b;
}

function renderActs(v) {
  const box = $("acts"); box.replaceChildren();
  const t = v.table;
  if (t.over) {
    box.append(btn("Play again", async () => {
      const r = await api("/api/table/new-game", {method: "POST", body: "{}"});
      if (!r.ok) showError(r.body?.error?.message || "could not start a new game"); else showError("");
    }, "primary"));
    return;
  }
  const one = picked[0];
  if (move("membership")) box.append(btn(one ? `Place ${label(one)} as membership` : "Place (pick a card)", () => send({act: "membership", card: one}), "primary", !one));
  if (move("vote") && pads === "phone") {
    box.append(btn("REVEAL", () => send({act: "reveal"}), "primary", !move("reveal")));
    box.append(btn("ABSTAIN", () => send({act: "abstain"})));
  }
  const reply = move("parley_reply");
  if (reply) box.append(btn(`Give back ${picked.length}/${reply.count}`, () => send({act: "parley_reply", cards: picked}), "primary", picked.length !== reply.count));
  if (move("enact")) box.append(btn(one ? `Enact ${label(one)}` : "Enact (pick a card)", () => send({act: "enact", card: one}), "primary", !one));
  if (move("pass")) {
    const row = el("div");
    for (const a of ["parley", "defect", "accuse"]) if (move(a)) row.append(btn(a[0].toUpperCase() + a.slice(1), () => { mode = mode === a ? null : a; picked = []; target = null; accColour = null; renderHand(me); renderActs(me); }, "", false));
    row.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b.textContent.toLowerCase() === mode)));
    row.append(btn("Pass", () => send({act: "pass"})));
    box.append(row);
    if (mode === "parley") {
      const mv = move("parley");
      box.append(el("p", {text: "Offer to seat:"}), el("div", {}, ...mv.targets.map((x) => {
        const b = btn(`${x.seat} (max ${x.max})`, () => { target = x.seat; renderActs(me); });
        b.setAttribute("aria-pressed", String(target === x.seat)); return b; })));
      const mx = target === null ? 0 : mv.targets.find((x) => x.seat === target).max;
      box.append(el("p", {class: "muted", text: "Tap the cards to offer in your hand."}),
        btn(`Offer ${picked.length} card(s) to seat ${target ?? "?"}`, () => send({act: "parley", target, cards: picked}), "primary", target === null || !picked.length || picked.length > mx));
    }
    if (mode === "defect") box.append(el("p", {class: "muted", text: "Tap your new membership card in your hand."}),
      btn(one ? `Defect: new membership ${label(one)}` : "Defect (pick a card)", () => send({act: "defect", card: one}), "primary", !one));
    if (mode === "accuse") {
      const mv = move("accuse");
      box.append(el("p", {text: "Accuse seat:"}), el("div", {}, ...mv.targets.map((s) => {
        const b = btn(String(s), () => { target = s; renderActs(me); }); b.setAttribute("aria-pressed", String(target === s)); return b; })));
      box.append(el("p", {text: "of being:"}), el("div", {}, ...mv.colors.map((c) => {
        const b = btn(c === "red" ? "♥ red" : "♠ black", () => { accColour = c; renderActs(me); }); b.setAttribute("aria-pressed", String(accColour === c)); return b; })));
      box.append(btn(`Accuse seat ${target ?? "?"} of ${accColour ?? "?"}`, () => send({act: "accuse", target, color: accColour}), "primary", target === null || !accColour));
    }
  }
  const gx = move("give_xp");
  if (gx) {
    const sel = el("select", {id: "xpto", "aria-label": "give XP to seat", class: "ctl"}, ...gx.to.map((s) => el("option", {value: s, text: `seat ${s}`})));
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
  box.append(el("div", {}, el("b", {text: "Policies"}), chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: "echo: the last generation's winning colour, passed for free"}) : ""));
  const shown = t.table_cards.length ? t.table_cards : t.revealed;
  if (shown.length) box.append(el("div", {}, el("b", {text: t.table_cards.length ? "On the table" : "Last revealed"}),
    el("div", {class: "hand small"}, ...shown.map((x) => el("div", {}, el("div", {class: "muted", text: `seat ${x.seat}`}), cardFace(x.card, "div", {class: "small"}))))));
  const rows = el("table", {}, el("tr", {}, ...["seat", ...(c ? ["VP"] : []), "XP", "cards", ""].map((h) => el("th", {text: h}))));
  for (let s = 0; s < t.players; s++) {
    const tags = [];
    if (s === t.president) tags.push("President");
    if (t.barred.includes(s)) tags.push("can't be accused");
    if (t.awaiting.includes(s)) tags.push("to act");
    if (t.over && t.winners.includes(s)) tags.push("winner");
    rows.append(el("tr", {}, el("td", {text: s === v.seat ? `${s} (you)` : String(s)}), ...(c ? [el("td", {class: "vp", text: c.vp[s]})] : []), el("td", {text: t.xp[s]}), el("td", {text: t.hand_counts[s]}), el("td", {text: tags.join(", ")})));
  }
  box.append(rows);
  if (t.over && t.reveal) {
    box.append(el("h2", {text: "Reveal"}), el("div", {class: "muted", text: `network card k lies between seat k and k+1: ${t.reveal.network.join(", ")}`}),
      el("div", {class: "hand small"}, ...t.reveal.membership.map((c, s) => el("div", {}, el("div", {class: "muted", text: `seat ${s}`}), c ? cardFace(c, "div", {class: "small"}) : el("span", {text: "—"})))));
  }
  if (c) {
    box.append(el("h2", {text: c.over ? "Final scores" : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) box.append(el("div", {class: "win", text: campaignWinners(c) + " (XP breaks a tie in VP)"}), scoreTable(t, v.seat));
    else box.append(el("div", {class: "muted", text: "VP: 1 when your membership matches a generation's winning colour; networks score at the end."}));
    box.append(el("h2", {text: "Generations"}), historyTable(t, v.seat));
  }
}

// hold to peek: shows the secret only while pressed (touch and mouse)
function peek(on) { $("secret").hidden = !on; $("cover").hidden = on; }
const holder = $("peek");
for (const e of ["pointerdown"]) holder.addEventListener(e, (ev) => { ev.preventDefault(); peek(true); });
for (const e of ["pointerup", "pointercancel", "pointerleave", "blur"]) holder.addEventListener(e, () => peek(false));
holder.addEventListener("contextmenu", (ev) => ev.preventDefault());
holder.addEventListener("keydown", (ev) => { if (ev.key === " " || ev.key === "Enter") peek(true); });
holder.addEventListener("keyup", () => peek(false));
$("joinbtn").addEventListener("click", join);
const stored = localStorage.getItem("jaccuse_token");
if (stored && !document.cookie.includes("jaccuse_token=")) setCookie(stored);
start();
