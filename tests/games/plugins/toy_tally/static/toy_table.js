// Toy Tally's part of the table page: the tally for the room.
export const PHASES = {play: "Adding up", over: "Game over"};
export function waitingText(t) { return t.over ? `Seat ${t.reveal.winner} wins.` : `Waiting for seat ${t.turn}.`; }
export function render(t) {
  const p = document.createElement("p");
  p.id = "toytally"; p.textContent = `Tally ${t.total} of ${t.target}`;
  document.getElementById("bboard").replaceChildren(p);
}
export function sound() {}
