"""Every card's name fits its card face (issue 33: the TV's review showed "Investigator" as
"nvestigato"), on the TV at 1920x1080 and on a phone at 390x844, in every place a card face is drawn:
every Hasty Accusations card (controller/games/hasty/cards.py, the advanced and expert sets
included), longer names still, and J'Accuse's jokers. The fitting is general: the names below are not
special-cased."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.browser import Server, serving

from controller.games.hasty.cards import ALL_CARDS as CARDS

pytestmark = pytest.mark.browser

# names of the length and shape a second card set has (several words, an apostrophe), and longer
# single words than any card has today
LONGER = ["Private Investigator", "When nobody's around", "Last ditch effort", "Show me your hands",
          "Counterintelligence", "Misdirection", "Eavesdropping Neighbour"]

# Draws every card face a page draws, for every name, in the places the page draws them (a review's
# large cards, a hand with what each card does, the market, a tiny list, the piles of the row), then
# measures each name against its box once the page has fitted it.
DRAW_JS = """async ({longer, tv}) => {
  const {el} = await import('/static/shell.js');
  const hasty = await import('/static/hasty_cards.js');
  // J'Accuse's jokers, drawn by its cards module in its own styles (as its page parts link them)
  const jaccuse = await import('/static/jaccuse_cards.js');
  const sheet = el("link", {rel: "stylesheet", href: "/static/jaccuse.css"});
  await new Promise((done) => { sheet.onload = done; document.head.append(sheet); });
  const keys = Object.keys(hasty.CARD);
  longer.forEach((name, i) => { hasty.CARD[`longer${i}`] = [name, "what it does, in a line"]; });
  const all = Object.keys(hasty.CARD);
  const tiles = (tag, attrs, big) => all.map((k) => hasty.cardTile(k, tag, attrs, big));
  const jokers = () => ["RJ", "BJ", "NJ"].map((c) => jaccuse.cardFace(c));
  // rows of nine suspects, the most a game has
  const spot = (k, at) => ({name: `Suspect ${at}`, alive: true, size: 1, suspect: at,
    pile: [{card: k, up: true}]});
  const row = (size, ks) => hasty.rowBox({row: ks.map(spot), loupe: 0, review: null}, {size});
  const rows = (size) => Array.from({length: Math.ceil(all.length / 9)},
    (_, i) => row(size, all.slice(9 * i, 9 * i + 9)));
  const place = (name, cls, ...kids) => el("div", {class: cls, "data-place": name}, ...kids);
  const places = el("div", {id: "fitcheck"},
    place("review", "hreview", el("div", {class: "hturned"}, ...tiles("div", {}, true))),
    place("hand", "hhand", ...tiles("button", {}, true)),
    place("market", "hmarket", ...tiles("div", {class: "small"})),
    place("market-phone", "hline", ...tiles("div", {class: "small"}, true)),
    place("tiny", "hline", ...tiles("span", {class: "tiny"})),
    place("row", "panel", ...rows(tv ? "htv" : "")),
    place("jokers", "hand small", ...jokers()),
    place("jokers-large", "hand", ...jokers()));
  // as wide as the page's own place for the game: the TV's board, the phone's page
  const room = document.getElementById(tv ? "bboard" : "bpanel");
  places.style.width = `${(room && room.clientWidth) || document.querySelector("main").clientWidth}px`;
  document.body.append(places);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const names = [...places.querySelectorAll(".hcard b, .hchip, .card .lbl")];
  return {titles: Object.fromEntries(keys.map((k) => [k, hasty.title(k)])), names: names.map((e) => {
    const face = e.closest(".hcard, .card, .hchip").getBoundingClientRect(), r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    return {place: e.closest("[data-place]").dataset.place, text: e.textContent,
      sw: e.scrollWidth, cw: e.clientWidth, inside: r.left >= face.left - 0.5 && r.right <= face.right + 0.5,
      px: parseFloat(style.fontSize), shrunk: !!e.style.fontSize, broken: e.style.overflowWrap === "anywhere",
      least: parseFloat(style.getPropertyValue("--fit-min")) || 10};
  })};
}"""


@pytest.fixture(scope="module")
def hasty_box(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory.mktemp("fit"), 4, "--game", "hasty", "--bots", "4",
                       "--bot-delay", "60")


@pytest.mark.parametrize(
    ("page", "size"), [("/", (1920, 1080)), ("/seat/0", (390, 844))], ids=["tv", "phone"]
)
def test_every_card_name_fits_its_card_face(
    browser: Any, hasty_box: Server, page: str, size: tuple[int, int], shots: Path
) -> None:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    tab = ctx.new_page()
    tab.set_default_timeout(10_000)
    tab.goto(hasty_box.url + page)
    tab.wait_for_selector("link[href='/static/hasty.css']", state="attached")
    drawn = tab.evaluate(DRAW_JS, {"longer": LONGER, "tv": page == "/"})
    # the pages name every card of the rules package, as it names itself
    assert drawn["titles"] == {kind.key: kind.title for kind in CARDS}
    names = drawn["names"]
    wanted = {kind.title for kind in CARDS} | set(LONGER)
    assert wanted <= {n["text"] for n in names if n["place"] == "review"}
    places = {"review", "hand", "market", "market-phone", "tiny", "row", "jokers", "jokers-large"}
    assert {n["place"] for n in names} == places
    clipped = [n for n in names if n["sw"] > n["cw"] or not n["inside"]]
    assert clipped == [], f"names wider than their card face on {page}: {clipped}"
    # fitted, not shrunk out of sight: nothing under 10 px (a pile's tiny chip: 8 px), the names of today's
    # and the next set's cards read across the room in a review (20 px and up, as every text on the TV),
    # and none of them is broken inside a word (only a longer word than any card has may be)
    real = wanted - {"Counterintelligence", "Misdirection", "Eavesdropping Neighbour"}
    assert [n for n in names if n["shrunk"] and n["px"] < n["least"] - 0.01] == []
    assert [n for n in names if n["broken"] and n["text"] in real] == []
    if page == "/":
        small = [n for n in names if n["place"] == "review" and n["text"] in real and n["px"] < 20]
        assert small == [], small
    where = "tv" if page == "/" else "phone"
    tab.locator("#fitcheck").screenshot(path=str(shots / f"card-names-fit-{where}.png"))
    ctx.close()
