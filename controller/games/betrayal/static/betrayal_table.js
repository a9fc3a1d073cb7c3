// Betrayal on the table page: whose turn, every army's row, points and rewards, the middle pile,
// the joker and the count of three, the last accusation, and the end. table.js keeps the rest.
import {$, badge, el, endChord, list, playAgainText, translator, who} from "./shell.js";
import {army, armyName, armyTag, cards, endText, face, jokerText, lastAccusation, points, publicRow, revealRow, rewardText, titleName} from "./betrayal_cards.js";
const {t, tn} = translator("betrayal");
export {BPHASE as PHASES} from "./betrayal_cards.js";  // the phases as the page names them
export const STYLES = "betrayal.css";  // its own styles (gamepart.js links them)
// a retelling's words for Betrayal's turning points and the moments that decided it (retell.py's kinds)
export const MARKS = {setup: t("Armies set"), joker: t("The joker dies"), traitor_loss: t("The traitor loses a card"),
  elimination: t("An army is eliminated"), peek: t("A look at two cards"), end: t("The end")};

export function waitingText(tv) {
  if (tv.over) return `${endText(tv)} ${playAgainText(tv)}`;
  if (tv.phase === "setup") {
    const n = tv.awaiting_armies.length, armies = list(tv.awaiting_armies.map(army));
    return tn("Setting up: {n} army is still choosing on its phone ({armies}). Nothing shows until every army is set.",
      "Setting up: {n} armies are still choosing on their phones ({armies}). Nothing shows until every army is set.", n, {armies});
  }
  if (tv.turn === null) return "";
  const whose = armyName(tv, tv.turn);
  if (tv.phase === "turn") return t("{who} to accuse.", {who: whose});
  if (tv.phase === "after_win") return t("{who} won: it may hide its card again or end its turn.", {who: whose});
  if (tv.phase === "peek") return t("{who} is looking at two cards.", {who: whose});
  return `${whose} .`;
}

// ctx.join(seat): the join QR code and address of a free seat, or null once it is taken; ctx.bot(seat).
export function render(tv, ctx) { draw(tv, ctx, false); }

// A step of a finished game's retelling: the same table with every secret of that moment, the traitor
// named from the start, each army's hand while it chooses, every row face up (the face-down cards
// dashed) and what lies in the middle pile.
export function retell(tv, ctx) { draw(tv, ctx, true); }

const tiny = (shown) => shown.map((c) => face(c, "div", {class: "tiny"}));

function draw(tv, ctx, open) {
  const board = $("bboard");
  const rev = (open || tv.over) && tv.reveal ? tv.reveal : null;
  const traitor = open && rev ? rev.traitor : tv.traitor;
  const top = el("div", {class: "btop"});
  if (tv.phase === "setup") {
    top.append(el("div", {class: "panel"}, el("b", {text: t("Choosing armies")}),
      el("p", {class: "muted", text: t("Each phone chooses in secret: the traitor (whoever holds the joker) adds red cards, everyone else picks two suits.")})));
    const done = tv.chosen.filter(Boolean).length;
    top.append(el("div", {class: "panel"}, el("div", {}, el("b", {text: t("Armies set: ")}), t("{done} of {armies}", {done, armies: tv.armies})),
      el("div", {class: "muted", text: t("{players} players · {armies} armies", {players: tv.players, armies: tv.armies})})));
  } else {
    top.append(el("div", {class: "panel", id: "blast"}, el("b", {text: t("Last accusation")}), lastAccusation(tv)));
    if (tv.over) top.prepend(el("div", {class: "panel", id: "bend"}, el("div", {class: "win big", text: endText(tv)}),
      el("div", {class: "muted", text: t("Every card is shown: dashed ones were face down. Titles by points beside each army.")})));
    top.append(el("div", {class: "panel", id: "bstatus"},
      el("div", {"data-middle": tv.middle_count}, el("b", {text: t("Middle pile: ")}), cards(tv.middle_count)),
      open && rev && rev.middle.length ? el("div", {class: "brow", "data-middle-cards": ""}, ...tiny(rev.middle)) : "",
      el("div", {class: tv.joker_dead ? "hot" : "", "data-joker": tv.joker_dead ? "dead" : "alive"}, jokerText(tv)),
      el("div", {}, el("b", {text: t("Eliminated: ")}), tv.eliminated.length ? list(tv.eliminated.map(army)) : t("none"))));
  }
  const kids = [top];
  const grid = el("div", {class: "barmies", id: "barmies"});
  grid.style.setProperty("--cols", tv.armies > 4 ? 2 : 1);
  grid.dataset.cols = tv.armies > 4 ? "2" : "1";
  const shownSeat = new Set();
  for (let a = 0; a < tv.armies; a++) {
    const s = tv.army_seats[a], out = tv.eliminated.includes(a);
    const tags = [];
    if (tv.turn === a) tags.push(badge(t("to act"), "pres"));
    if (tv.phase === "setup") tags.push(badge(tv.chosen[a] ? t("chosen ✓") : t("choosing…")));
    if (out) tags.push(badge(t("eliminated")));
    if (traitor === a) tags.push(badge(t("traitor"), "traitor"));
    if (tv.over && tv.winners.includes(a)) tags.push(badge(t("winner"), "pres"));
    if (tv.titles) tags.push(badge(titleName(tv.titles[a])));
    const box = el("div", {class: `barmy a${a % 8}` + (tv.awaiting_armies.includes(a) ? " wait" : "") + (out ? " out" : ""), "data-army": a},
      el("h2", {}, armyTag(tv, a), el("span", {class: "name", text: who(tv, s)}), ctx.bot(s) ? el("span", {class: "muted", text: t("bot")}) : "", ...tags));
    if (tv.phase !== "setup") {
      const n = tv.rows[a].length, up = tv.rows[a].filter((c) => c.up).length;
      box.append(el("div", {class: "small-text"}, t("{cards} ({up} face up) · {points} · next: {reward}", {cards: cards(n), up, points: points(tv.scores[a]), reward: rewardText(tv.next_reward[a])})),
        rev ? revealRow(tv, a) : publicRow(tv, a, null, () => false, "tiny"));
    }
    // while the armies choose, the hand each chooses from (its row is made of it once every army is set)
    const hand = open && rev && tv.phase === "setup" ? rev.hands[a] : null;
    if (hand && hand.length) box.append(el("div", {class: "small-text", "data-hand": a},
      el("span", {class: "muted", text: t("Hand, to choose from:")}), el("div", {class: "brow"}, ...tiny(hand))));
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
export function sound(before, tv, tone) {
  if (endChord(before, tv, tone)) return;
  const a = tv.last_accusation, b = before.last_accusation;
  if (a && JSON.stringify(a) !== JSON.stringify(b)) tone(a.winner === "attacker" ? [880, 1320] : [660, 440], 0.07);
}
