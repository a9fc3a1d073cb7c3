// The page of a record file (`jaccuse-table run --record FILE`): the game it holds retold step by step,
// as the table page retells a finished game (retell.js), moved here alone: its buttons, the arrow keys,
// a tap on the timeline. The step is kept in the address (#12), so a reload comes back to it.
import {$, api, errorText} from "./shell.js";
import {keyMove, loadStep, moved, teller} from "./retell.js";

let at = null;
const teling = teller({box: $("retell"), waiting: $("waiting"), storyBox: $("story"), go: (request) => go(request)});

async function go(request) {
  if (!at) return;
  const {meta} = await loadStep(at);
  at = {...at, step: moved(meta, at.step, request)};
  history.replaceState(null, "", `#${at.step}`);
  await teling.show(at);
}

document.addEventListener("keydown", (ev) => {
  const move = keyMove(ev);
  if (!move || !at) return;
  ev.preventDefault();
  go({move});
});

async function start() {
  const listed = await api("/api/games");
  const game = listed.ok ? listed.body[0] : null;
  const first = game ? await api(`/api/games/${game.game}/steps?from=0&count=1`) : listed;
  if (!first.ok) { $("status").textContent = errorText(first); return; }
  const {last} = first.body;
  const asked = Number.parseInt(location.hash.slice(1), 10);
  at = {game: game.game, name: game.name, last, step: Number.isInteger(asked) ? Math.max(0, Math.min(last, asked)) : 0};
  await teling.show(at);
}
window.jaccuseRecord = {at: () => at};  // for the browser tests: the step shown
start();
