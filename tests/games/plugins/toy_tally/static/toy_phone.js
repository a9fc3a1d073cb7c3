// Toy Tally's part of the phone page: the tally, and the two moves when it is this seat's turn.
export const PHASES = {play: "Adding up", over: "Game over"};
export function reset() {}
export function prompt(v) {
  const t = v.table;
  if (t.over) return t.reveal.winner === v.seat ? "You reached the target: you win!" : `Seat ${t.reveal.winner} wins.`;
  return v.moves.length ? "Your turn: add 1 or 2." : `Seat ${t.turn} adds now.`;
}
export function render(v, shared) {
  const box = document.getElementById("bpanel");
  const total = document.createElement("p");
  total.id = "toytotal"; total.textContent = `Tally ${v.table.total} of ${v.table.target}`;
  const buttons = (v.moves[0] ? v.moves[0].amounts : []).map((n) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = `Add ${n}`; b.addEventListener("click", () => shared.send({act: "add", amount: n}));
    return b;
  });
  box.replaceChildren(total, ...buttons);
  if (v.table.over) box.append(shared.playAgain());
}
