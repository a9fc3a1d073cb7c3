"""Loading a seat's phone page the three ways players do (a fresh load, a reload, a second tab) and
reading what it shows: the prompt, the controls it offers, the errors it met, and how it is laid out on
a 390x844 phone. The matrix tests (test_phone_matrix.py) use these on walked games (stages.py)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PHONE = {"width": 390, "height": 844}
PROMPT_WITHIN_MS = 5000

def _checks() -> dict[str, str]:
    """The page-side functions of phone_checks.js, by the name after their ``// @`` line."""
    text = (Path(__file__).parent / "phone_checks.js").read_text(encoding="utf-8")
    out = {}
    for part in text.split("// @")[1:]:
        name, _, rest = part.partition(":")
        lines = rest.splitlines()[1:]  # the rest of the naming line is its comment
        out[name] = "\n".join(line for line in lines if not line.startswith("//")).strip()
    return out


_JS = _checks()
SHOWN_JS, LAYOUT_JS, CONTRACT_JS = _JS["shown"], _JS["layout"], _JS["contract"]


@dataclass
class Seen:
    """What one load of the page showed, and every error it met."""

    how: str
    shown: dict[str, Any]
    errors: list[str] = field(default_factory=list)

    def label(self) -> str:
        return f"{self.how}: prompt {self.shown.get('prompt')!r}, enabled {self.shown.get('enabled')}"


class SeatPhone:
    """A seat's browser context (a 390x844 touch phone holding the seat's token) and its open pages."""

    def __init__(self, browser: Any, base: str, seat: int, token: str, locale: str | None = None) -> None:
        self.base, self.seat = base, seat
        # ``locale``: the browser's language (its Accept-Language and navigator.language), e.g. "zh-TW"
        language = {"locale": locale} if locale else {}
        self.ctx = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True, **language)
        # the token the page would have kept from joining: in its storage before any script of the page runs
        self.ctx.add_init_script(f"localStorage.setItem('jaccuse_token', {json.dumps(token)});")
        self.ctx.add_cookies([{"name": "jaccuse_token", "value": token, "url": base}])
        self.page: Any = None

    def watch(self, page: Any) -> list[str]:
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.set_default_timeout(10_000)
        return errors

    def open(self) -> tuple[Any, list[str]]:
        page = self.ctx.new_page()
        return page, self.watch(page)

    def read(self, page: Any, how: str, errors: list[str], version: int) -> Seen:
        """The page once it shows a prompt for view ``version`` (past PROMPT_WITHIN_MS: what it shows)."""
        try:
            page.wait_for_function(
                "(v) => window.jaccuse && window.jaccuse.me() && window.jaccuse.me().table.version >= v"
                " && document.body.dataset.game === window.jaccuse.me().table.game"
                " && document.getElementById('prompt').innerText.trim() !== ''", arg=version,
                timeout=PROMPT_WITHIN_MS)
            page.wait_for_timeout(150)  # a view that is still drawing finishes (a part loaded late)
        except Exception as exc:
            errors.append(f"no prompt within {PROMPT_WITHIN_MS} ms ({type(exc).__name__})")
        return Seen(how, page.evaluate(SHOWN_JS), list(errors))

    def three_loads(self, version: int) -> list[Seen]:
        """A fresh load, a reload of it and a second tab of the same seat, as they showed the game."""
        if self.page is not None:
            self.page.close()
        self.page, errors = self.open()
        self.page.goto(f"{self.base}/seat/{self.seat}")
        fresh = self.read(self.page, "fresh load", errors, version)
        errors.clear()
        self.page.reload()
        reload = self.read(self.page, "reload", errors, version)
        tab, tab_errors = self.open()
        tab.goto(f"{self.base}/seat/{self.seat}")
        second = self.read(tab, "second tab", tab_errors, version)
        tab.close()
        return [fresh, reload, second]

    def layout(self) -> dict[str, Any]:
        assert self.page is not None
        return self.page.evaluate(LAYOUT_JS)  # type: ignore[no-any-return]

    def close(self) -> None:
        self.ctx.close()


#: "Play again" as a phone reading each language shows it, and a character of that language's script
PLAY_AGAIN = {None: "Play again", "zh-TW": "再玩一局"}
SCRIPT = {"zh-TW": re.compile(r"[\u3400-\u9fff]")}


def problems(loads: list[Seen], view: dict[str, Any], stage: str, locale: str | None = None) -> list[str]:
    """What is wrong with the loads of one seat's page at one stage (empty: all is well); a page of a
    phone in ``locale`` must also say its prompt in that language."""
    found: list[str] = []
    again = PLAY_AGAIN[locale]
    for seen in loads:
        found += [f"{seen.how}: {e}" for e in seen.errors]
        shown = seen.shown
        if not shown["prompt"]:
            found.append(f"{seen.how}: the prompt is empty")
        if view["moves"] and not shown["enabled"]:
            acts = [m["act"] for m in view["moves"]]
            found.append(f"{seen.how}: the seat has moves {acts} but no enabled button")
        if stage == "over" and not any(b.startswith(again) for b in shown["enabled"]):
            found.append(f"{seen.how}: no {again} button at the end ({shown['enabled']})")
        script = SCRIPT.get(locale or "")
        if script is not None and shown["prompt"] and not script.search(shown["prompt"]):
            found.append(f"{seen.how}: the prompt is not in {locale}'s language: {shown['prompt']!r}")
    first = loads[0].shown
    for seen in loads[1:]:
        for key in ("prompt", "phase", "enabled", "howto"):
            if seen.shown[key] != first[key]:
                found.append(f"{seen.how} shows {key} {seen.shown[key]!r}, the fresh load {first[key]!r}")
    return found


def box_of(locator: Any, timeout_ms: int = 5000) -> dict[str, float]:
    """Where ``locator``'s element is drawn, once it is: a page that draws a view again replaces its
    elements, and one measured between the two is gone (Playwright answers None), so ask again."""
    page = locator.page
    waited = 0
    while True:
        locator.wait_for(state="visible", timeout=timeout_ms)
        box = locator.bounding_box()
        if box is not None:
            return box  # type: ignore[no-any-return]
        if waited >= timeout_ms:
            raise AssertionError(f"{locator} is never drawn for long enough to be measured")
        page.wait_for_timeout(50)
        waited += 50


def layout_problems(box: dict[str, Any], height: int = PHONE["height"]) -> list[str]:
    """What does not fit the seat's first screen on its own turn, or what covers too much of it."""
    found = []
    if box["prompt"] > height:
        found.append(f"the prompt ends at {box['prompt']} px, below the first screen ({height} px)")
    if box["cardCount"] == 0:
        found.append("no cards of the seat's own ([data-own-cards]) on its turn")
    elif box["cards"] > height:
        found.append(f"the seat's own cards end at {box['cards']} px, below the first screen")
    for text, end in box["primary"]:
        if end > height:
            found.append(f"the action button {text!r} ends at {end} px, below the first screen")
    if box["action"] is None:
        found.append("no action button on the seat's own turn")
    elif box["action"][1] > height:
        text, end = box["action"]
        found.append(f"the first action {text!r} ends at {end} px, below the first screen")
    for what, y, share in box["covers"]:
        if share > 25:
            found.append(f"the fixed or sticky {what!r} covers {share}% of the screen (scrolled to {y} px)")
    return found
