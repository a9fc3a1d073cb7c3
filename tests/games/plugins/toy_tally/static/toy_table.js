// Toy Tally's part of the table page: the tally for the room, and no sounds (TablePart in shell.js).
import {$, el} from "./shell.js";

export const PHASES = {play: "Adding up", over: "Game over"};
export function waitingText(t) { return t.over ? `Seat ${t.reveal.winner} wins.` : `Waiting for seat ${t.turn}.`; }
export function render(t) {
  $("bboard").replaceChildren(el("p", {id: "toytally", text: `Tally ${t.total} of ${t.target}`}));
}
