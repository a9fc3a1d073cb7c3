// Betrayal on the table page: whose turn, every army's row, points and rewards, the middle pile,
// the joker and the count of three, the last accusation, and the end. table.js keeps the rest.
import {$, badge, count, el, endChord, list, playAgainText, who} from "./shell.js";
import {armyName, armyTag, endText, face, jokerText, lastAccusation, publicRow, revealRow, rewardText} from "./betrayal_cards.js";
export {BPHASE as PHASES} from "./betrayal_cards.js";  // the phases as the page names them
export const STYLES = "betrayal.css";  // its own styles (gamepart.js links them)
// a retelling's words for Betrayal's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {setup: "Armies set", joker: "The joker dies", traitor_loss: "The traitor loses a card",
  elimination: "An army is eliminated", peek: "A look at two cards", end: "The end"};

export function waitingText(t) {
  if (t.over) return `${endText(t)} ${playAgainText(t)}`;
  if (t.phase === "setup") {
    const n = t.awaiting_armies.length;
    return `Setting up: ${count(n, "army is still choosing on its phone", "armies are still choosing on their phones")} (${list(t.awaiting_armies.map((a) => `army ${a}`))}). Nothing shows until every army is set.`;
  }
  if (t.turn === null) return "";
  const what = {turn: "to accuse", after_win: "won: it may hide its card again or end its turn", peek: "is looking at two cards"}[t.phase] || "";
  return `${armyName(t, t.turn)} ${what}.`;
}

// ctx.join(seat): the join QR code and address of a free seat, or null once it is taken; ctx.bot(seat).
export function render(t, ctx) { draw(t, ctx, false); }

// A step of a finished game's retelling: the same table with every secret of that moment, the traitor
// named from the start, each army's hand while it chooses, every row face up (the face-down cards
// dashed) and what lies in the middle pile.
export function retell(t, ctx) { draw(t, ctx, true); }

const tiny = (cards) => cards.map((c) => face(c, "div", {class: "tiny"}));

function draw(t, ctx, open) {
  const board = $("bboard");
  const rev = (open || t.over) && t.reveal ? t.reveal : null;
  const traitor = open && rev ? rev.traitor : t.traitor;
  const top = el("div", {class: "btop"});
  if (t.phase === "setup") {
    top.append(el("div", {class: "panel"}, el("b", {text: "Choosing armies"}),
      el("p", {class: "muted", text: "Each phone chooses in secret: the traitor (whoever holds the joker) adds red cards, everyone else picks two suits."})));
    const done = t.chosen.filter(Boolean).length;
    top.append(el("div", {class: "panel"}, el("div", {}, el("b", {text: "Armies set: "}), `${done} of ${t.armies}`),
      el("div", {class: "muted", text: `${t.players} players · ${t.armies} armies`})));
  } else {
    top.append(el("div", {class: "panel", id: "blast"}, el("b", {text: "Last accusation"}), lastAccusation(t)));
    if (t.over) top.prepend(el("div", {class: "panel", id: "bend"}, el("div", {class: "win big", text: endText(t)}),
      el("div", {class: "muted", text: "Every card is shown: dashed ones were face down. Titles by points beside each army."})));
    top.append(el("div", {class: "panel", id: "bstatus"},
      el("div", {"data-middle": t.middle_count}, el("b", {text: "Middle pile: "}), count(t.middle_count)),
      open && rev && rev.middle.length ? el("div", {class: "brow", "data-middle-cards": ""}, ...tiny(rev.middle)) : "",
      el("div", {class: t.joker_dead ? "hot" : "", "data-joker": t.joker_dead ? "dead" : "alive"}, jokerText(t)),
      el("div", {}, el("b", {text: "Eliminated: "}), t.eliminated.length ? list(t.eliminated.map((a) => `army ${a}`)) : "none")));
  }
  const kids = [top];
  const grid = el("div", {class: "barmies", id: "barmies"});
  grid.style.setProperty("--cols", t.armies > 4 ? 2 : 1);
  grid.dataset.cols = t.armies > 4 ? "2" : "1";
  const shownSeat = new Set();
  for (let a = 0; a < t.armies; a++) {
    const s = t.army_seats[a], out = t.eliminated.includes(a);
    const tags = [];
    if (t.turn === a) tags.push(badge("to act", "pres"));
    if (t.phase === "setup") tags.push(badge(t.chosen[a] ? "chosen ✓" : "choosing…"));
    if (out) tags.push(badge("eliminated"));
    if (traitor === a) tags.push(badge("traitor", "traitor"));
    if (t.over && t.winners.includes(a)) tags.push(badge("winner", "pres"));
    if (t.titles) tags.push(badge(t.titles[a]));
    const box = el("div", {class: `barmy a${a % 8}` + (t.awaiting_armies.includes(a) ? " wait" : "") + (out ? " out" : ""), "data-army": a},
      el("h2", {}, armyTag(t, a), el("span", {class: "name", text: who(t, s)}), ctx.bot(s) ? el("span", {class: "muted", text: "bot"}) : "", ...tags));
    if (t.phase !== "setup") {
      const n = t.rows[a].length, up = t.rows[a].filter((c) => c.up).length;
      box.append(el("div", {class: "small-text"}, `${count(n)} (${up} face up) · ${count(t.scores[a], "point")} · next: ${rewardText(t.next_reward[a])}`),
        rev ? revealRow(t, a) : publicRow(t, a, null, () => false, "tiny"));
    }
    // while the armies choose, the hand each chooses from (its row is made of it once every army is set)
    const hand = open && rev && t.phase === "setup" ? rev.hands[a] : null;
    if (hand && hand.length) box.append(el("div", {class: "small-text", "data-hand": a},
      el("span", {class: "muted", text: "Hand, to choose from:"}), el("div", {class: "brow"}, ...tiny(hand))));
    if (!shownSeat.has(s)) {
      shownSeat.add(s);
      const join = ctx.join(s);
      if (join) box.append(el("div", {class: "joinrow"}, ...join));
    }
    grid.append(box);
  }
  kids.push(grid);
  board.replaceChildren(...kids);
}

// a short blip for each accusation, a chord at the end
export function sound(before, t, tone) {
  if (endChord(before, t, tone)) return;
  const a = t.last_accusation, b = before.last_accusation;
  if (a && JSON.stringify(a) !== JSON.stringify(b)) tone(a.winner === "attacker" ? [880, 1320] : [660, 440], 0.07);
}
