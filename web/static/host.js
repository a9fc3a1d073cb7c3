import {el} from "./cards.js";
const key = new URLSearchParams(location.search).get("key") || "";
const H = {"Content-Type": "application/json", "X-Host-Key": key};
const err = document.getElementById("error");
function say(msg) { err.textContent = msg; err.hidden = !msg; }
async function refresh() {
  const s = await (await fetch("/api/seats")).json();
  document.getElementById("seats").replaceChildren(...s.seats.map((x) => el("div", {},
    el("span", {text: `Seat ${x.seat}: ${x.bot ? "bot" : x.claimed ? "taken" : "free"} `}),
    x.claimed && !x.bot ? el("button", {type: "button", "data-release": x.seat, text: "Release", onclick: () => release(x.seat)}) : null)));
}
async function release(seat) {
  const r = await fetch("/api/host/release", {method: "POST", headers: H, body: JSON.stringify({seat})});
  const j = await r.json(); say(j.ok ? `Seat ${seat} released.` : j.error.message); refresh();
}
document.getElementById("newgame").addEventListener("click", async () => {
  if (!confirm("End this game and deal a new one?")) return;
  const r = await fetch("/api/host/new-game", {method: "POST", headers: H});
  const j = await r.json(); say(j.ok ? `Game ${j.game} dealt.` : j.error.message);
});
document.getElementById("rotate").addEventListener("click", async () => {
  if (!confirm("End this host link and make a new one?")) return;
  const r = await fetch("/api/host/rotate-key", {method: "POST", headers: H});
  const j = await r.json();
  if (j.ok) location.replace(j.host_link); else say(j.error.message);
});
refresh(); setInterval(refresh, 4000);
