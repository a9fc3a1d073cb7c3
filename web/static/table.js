// The table page: public state for the room, join QR codes, log, emulated OLED and virtual pads.
import {cardFace, chips, el, pips, PHASE} from "./cards.js";

const MOCK = document.body.dataset.mock === "true";
const $ = (id) => document.getElementById(id);
let view = null, seats = null, box = null;

async function getJSON(p) { const r = await fetch(p, {cache: "no-store"}); return r.ok ? r.json() : null; }

function render() {
  if (!view) return;
  const t = view;
  $("phase").textContent = "· " + (PHASE[t.phase] || t.phase) + (box && box.game > 1 ? ` · game ${box.game}` : "");
  $("stability").replaceChildren(pips(t.stability), el("span", {text: ` ${t.stability}`}));
  $("policies").replaceChildren(chips(t.policies, t.streak));
  $("streak").textContent = t.streak.color ? `· ${t.streak.length} ${t.streak.color} in a row (wins at ${t.stability})` : "";
  const w = t.awaiting;
  $("waiting").textContent = t.over ? (t.winning_color ? `${t.winning_color[0].toUpperCase() + t.winning_color.slice(1)} wins! Winners: ${t.winners.length ? t.winners.map((s) => "seat " + s).join(", ") : "nobody"}` : "The game ended with no winning colour.") + " — press Play again on a phone for a new deal."
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
    const c = el("div", {class: "seat" + (w.includes(s) ? " wait" : ""), "data-seat": s});
    c.append(el("h2", {text: `Seat ${s}`}));
    const tags = [];
    if (s === t.president) tags.push(el("span", {class: "badge pres", text: "President"}));
    if (t.barred.includes(s)) tags.push(el("span", {class: "badge", text: "not accusable"}));
    if (t.pressed.includes(s)) tags.push(el("span", {class: "badge", text: "pressed"}));
    if (w.includes(s)) tags.push(el("span", {class: "badge", text: "to act"}));
    if (!t.hand_counts[s]) tags.push(el("span", {class: "badge", text: "out"}));
    if (t.over && t.winners.includes(s)) tags.push(el("span", {class: "badge pres", text: "winner"}));
    c.append(el("div", {text: `XP ${t.xp[s]} · ${t.hand_counts[s]} cards`}), el("div", {}, ...tags));
    if (claim && !claim.claimed) {
      const url = `${location.origin}/seat/${s}`;
      c.append(el("a", {class: "qr", href: url, "aria-label": `join seat ${s}`}, el("img", {src: `/qr/seat/${s}.svg`, alt: `QR code for seat ${s}`})),
        el("div", {class: "muted", text: url.replace(/^https?:\/\//, "")}));
    } else if (claim) c.append(el("div", {class: "muted", text: claim.bot ? "bot" : "joined"}));
    if (t.over && t.reveal) {
      const n = t.players, net = t.reveal.network;
      c.append(el("div", {}, el("span", {class: "muted", text: "membership "}), t.reveal.membership[s] ? cardFace(t.reveal.membership[s], "div", {class: "small"}) : el("span", {text: "none"})),
        el("div", {}, el("span", {class: "muted", text: "network "}), el("span", {class: `net ${net[(s + n - 1) % n]}`, text: net[(s + n - 1) % n]}), el("span", {text: " "}), el("span", {class: `net ${net[s]}`, text: net[s]})),
        t.reveal.aligned.includes(s) ? el("div", {class: "win", text: "aligned"}) : "");
    }
    if (MOCK && !t.over) c.append(el("div", {}, el("button", {type: "button", "data-pad": `${s}-reveal`, text: "REVEAL", onclick: () => pad(s, "reveal")}),
      el("button", {type: "button", "data-pad": `${s}-abstain`, text: "ABSTAIN", onclick: () => pad(s, "abstain")})));
    grid.append(c);
  }
  if (box) {
    $("status").textContent = (box.status || []).join(" · ");
    const host = $("hostlink");
    if (box.host_link) { host.href = box.host_link; host.hidden = false; } else host.hidden = true;
    $("log").replaceChildren(...(box.log || []).slice().reverse().map((l) => el("div", {text: l})));
  }
  if (t.campaign) res.hidden = false, res.append(el("div", {text: `Campaign generation ${t.campaign.generation}/${t.campaign.generations} · VP ${t.campaign.vp.join(" / ")}`}));
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
const es = new EventSource("/api/table/events");
es.onmessage = (e) => { view = JSON.parse(e.data); render(); side(); if (MOCK) { oled(); setTimeout(oled, 600); } };
setInterval(side, 3000);
side();
