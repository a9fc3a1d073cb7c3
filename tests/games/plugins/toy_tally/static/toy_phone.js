// Toy Tally's part of the phone page: the tally, and the two moves when it is this seat's turn. It
// keeps no choices between views, so it needs no reset() (the interface: PhonePart in shell.js).
import {$, btn, el} from "./shell.js";

export const PHASES = {play: "Adding up", over: "Game over"};
export function prompt(v) {
  const t = v.table;
  if (t.over) return t.reveal.winner === v.seat ? "You reached the target: you win!" : `Seat ${t.reveal.winner} wins.`;
  return v.moves.length ? "Your turn: add 1 or 2." : `Seat ${t.turn} adds now.`;
}
export function render(v, shared) {
  const amounts = v.moves[0] ? v.moves[0].amounts : [];
  const kids = [el("p", {id: "toytotal", text: `Tally ${v.table.total} of ${v.table.target}`}),
    ...amounts.map((n) => btn(`Add ${n}`, () => shared.send({act: "add", amount: n})))];
  if (v.table.over) kids.push(shared.playAgain());
  $("bpanel").replaceChildren(...kids);
}
