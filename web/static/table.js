// The table page: public state for the room, join QR codes, log, emulated OLED and virtual pads.
import {campaignWinners, cardFace, chips, echoIndex, el, historyTable, pips, PHASE, scoreTable} from "./cards.js";

const MOCK = document.body.dataset.mock === "true";
const $ = (id) => document.getElementById(id);
let view = null, seats = null, box = null;

async function getJSON(p) { const r = await fetch(p, {cache: "no-store"}); return r.ok ? r.json() : null; }

function render() {
  if (!view) return;
  const t = view, c = t.campaign;
  $("phase").textContent = "· " + (c ? (c.over ? "Campaign over" : `Generation ${c.generation} of ${c.generations} · ${PHASE[t.phase] || t.phase}`)
    : PHASE[t.phase] || t.phase) + (box && box.game > 1 ? ` · game ${box.game}` : "");
  $("stability").replaceChildren(pips(t.stability), el("span", {text: ` ${t.stability}`}),
    c && c.generation > 1 ? el("span", {class: "muted", "data-carried": "", text: ` · carried over from generation ${c.generation - 1} (+1, at most 5)`}) : "");
  const echo = echoIndex(t);
  $("policies").replaceChildren(chips(t.policies, t.streak, echo),
    echo !== null ? el("div", {class: "muted", text: `echo: a free ${t.policies[echo].color} policy carried from generation ${c.generation - 1}'s win; it counts toward the end`}) : "");
  $("streak").textContent = t.streak.color ? `· ${t.streak.length} ${t.streak.color} in a row (wins at ${t.stability})` : "";
  const w = t.awaiting;
  $("waiting").textContent = c && c.over ? `The campaign is over. ${campaignWinners(c)} — press Play again on a phone for a new campaign.`
    : t.over ? (t.winning_color ? `${t.winning_color[0].toUpperCase() + t.winning_color.slice(1)} wins! Winners: ${t.winners.length ? t.winners.map((s) => "seat " + s).join(", ") : "nobody"}` : "The game ended with no winning colour.") + " — press Play again on a phone for a new deal."
    : w.length ? `Waiting for seat${w.length > 1 ? "s" : ""} ${w.join(", ")}` + (t.phase === "setup" ? " to place membership" : t.phase === "election" ? " to reveal or abstain" : "") : "";
  const elec = $("election"); elec.replaceChildren();
  if (t.phase === "election") elec.append(el("div", {text: `Election${t.round > 1 ? ` — tie round ${t.round - 1}` : ""}: ${t.pressed.length} of ${t.eligible.length} pressed`}));
  if (t.president !== null && t.president !== undefined) elec.append(el("div", {text: `President: seat ${t.president}` + (t.barred.length ? ` · may not be accused: ${t.barred.join(", ")}` : "")}));
  if (t.parley) elec.append(el("div", {text: `Parley: seat ${t.parley.president} offers ${t.parley.count} card(s) to seat ${t.parley.target}`}));
  for (const [title, list] of [["On the table", t.table_cards], ["Revealed", t.revealed]]) {
    if (list.length) elec.append(el("div", {}, el("b", {text: title}), el("div", {class: "hand"}, ...list.map((x) => el("div", {}, el("div", {class: "muted", text: `seat ${x.seat}`}), cardFace(x.card))))));
  }
  if (!elec.childNodes.length) elec.append(el("span", {class: "muted", text: "No cards on the table."}));
  const res = $("result"); res.hidden = true; res.replaceChildren();
  const grid = $("seats"); grid.replaceChildren();
  for (let s = 0; s < t.players; s++) {
    const claim = seats ? seats.seats[s] : null;
    const seat = el("div", {class: "seat" + (w.includes(s) ? " wait" : ""), "data-seat": s});
    seat.append(el("h2", {text: `Seat ${s}`}));
    const tags = [];
    if (s === t.president) tags.push(el("span", {class: "badge pres", text: "President"}));
    if (t.barred.includes(s)) tags.push(el("span", {class: "badge", text: "not accusable"}));
    if (t.pressed.includes(s)) tags.push(el("span", {class: "badge", text: "pressed"}));
    if (w.includes(s)) tags.push(el("span", {class: "badge", text: "to act"}));
    if (!t.hand_counts[s]) tags.push(el("span", {class: "badge", text: "out"}));
    if (t.over && t.winners.includes(s)) tags.push(el("span", {class: "badge pres", text: "winner"}));
    if (t.over && c && c.winners.includes(s)) tags.push(el("span", {class: "badge pres", text: "campaign winner"}));
    seat.append(el("div", {text: (c ? `VP ${c.vp[s]} · ` : "") + `XP ${t.xp[s]} · ${t.hand_counts[s]} cards`}), el("div", {}, ...tags));
    if (claim && !claim.claimed) {
      const url = `${location.origin}/seat/${s}`;
      seat.append(el("a", {class: "qr", href: url, "aria-label": `join seat ${s}`}, el("img", {src: `/qr/seat/${s}.svg`, alt: `QR code for seat ${s}`})),
        el("div", {class: "muted", text: url.replace(/^https?:\/\//, "")}));
    } else if (claim) seat.append(el("div", {class: "muted", text: claim.bot ? "bot" : "joined"}));
    if (t.over && t.reveal) {
      const n = t.players, net = t.reveal.network;
      seat.append(el("div", {}, el("span", {class: "muted", text: "membership "}), t.reveal.membership[s] ? cardFace(t.reveal.membership[s], "div", {class: "small"}) : el("span", {text: "none"})),
        el("div", {}, el("span", {class: "muted", text: "network "}), el("span", {class: `net ${net[(s + n - 1) % n]}`, text: net[(s + n - 1) % n]}), el("span", {text: " "}), el("span", {class: `net ${net[s]}`, text: net[s]})),
        t.reveal.aligned.includes(s) ? el("div", {class: "win", text: "aligned"}) : "");
    }
    if (MOCK && !t.over) seat.append(el("div", {}, el("button", {type: "button", "data-pad": `${s}-reveal`, text: "REVEAL", onclick: () => pad(s, "reveal")}),
      el("button", {type: "button", "data-pad": `${s}-abstain`, text: "ABSTAIN", onclick: () => pad(s, "abstain")})));
    grid.append(seat);
  }
  if (box) {
    $("status").textContent = (box.status || []).join(" · ");
    const host = $("hostlink");
    if (box.host_link) { host.href = box.host_link; host.hidden = false; } else host.hidden = true;
    $("log").replaceChildren(...(box.log || []).slice().reverse().map((l) => el("div", {text: l})));
  }
  if (c) {
    res.hidden = false;
    res.append(el("h2", {text: c.over ? `Campaign over: final scores after ${c.generations} generations` : `Campaign: generation ${c.generation} of ${c.generations}`}));
    if (c.over) res.append(el("div", {class: "win", text: campaignWinners(c) + " (most VP; XP breaks a tie)"}));
    res.append(scoreTable(t), el("h2", {text: "Generations"}), historyTable(t));
  }
}

async function pad(seat, button) { await fetch(`/api/mock/pads/${seat}/${button}`, {method: "POST"}); }

function oled() {
  const img = $("oled");
  img.onload = () => { $("oledbox").hidden = false; };
  img.onerror = () => { $("oledbox").hidden = true; };
  img.src = `/api/display.png?v=${view ? view.version : 0}&t=${Date.now()}`;
}

async function side() {
  [seats, box] = await Promise.all([getJSON("/api/seats"), getJSON("/api/box")]);
  render();
}
function listen() {
  const es = new EventSource("/api/table/events");
  es.onmessage = (e) => { view = JSON.parse(e.data); render(); side(); if (MOCK) { oled(); setTimeout(oled, 600); } };
  // EventSource retries a dropped stream by itself, but not a refused one (the box full, restarting):
  // open a new one a little later
  es.onerror = () => { if (es.readyState === EventSource.CLOSED) setTimeout(listen, 5000); };
}
listen();
setInterval(side, 3000);
side();
