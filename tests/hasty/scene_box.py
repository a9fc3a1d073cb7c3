"""A box resumed at a Hasty Accusations scene (hasty_scenes.py), every seat joined through the API, and
a seat's phone opened on it: what the second edition's phone, TV and Chinese browser tests share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import hasty_scenes
import requests
from browser.loads import PHONE
from fixtures.browser import Server

NAMES = ("Ada", "Bo", "Curie", "Dmitri")


class Table:
    """A box resumed at ``scene``; seat s joined as ``names[s]``, its phone in ``locale`` (None: the
    browser's own)."""

    def __init__(self, scene: hasty_scenes.Scene, root: Path, names: tuple[str, ...] = NAMES,
                 locale: str | None = None) -> None:
        scene.write(root / "data")
        self.scene, self.locale = scene, locale
        self.server = Server(root / "data", players=scene.players, extra=("--game", "hasty")).start()
        self.tokens = [requests.post(f"{self.url}/api/join", json={"seat": s, "name": names[s]}, timeout=10)
                       .json()["token"] for s in range(scene.players)]

    @property
    def url(self) -> str:
        return self.server.url

    def me(self, seat: int) -> dict[str, Any]:
        auth = {"Authorization": f"Bearer {self.tokens[seat]}"}
        r = requests.get(f"{self.url}/api/me", headers=auth, timeout=10)
        r.raise_for_status()
        return r.json()  # type: ignore[no-any-return]

    def page(self, browser: Any, seat: int) -> tuple[Any, Any, list[str]]:
        """Seat ``seat``'s phone, loaded and showing the row: its context, its page and its errors."""
        language = {"locale": self.locale} if self.locale else {}
        ctx = browser.new_context(viewport=PHONE, has_touch=True, bypass_csp=True, **language)
        ctx.add_init_script(f"localStorage.setItem('jaccuse_token', {json.dumps(self.tokens[seat])});")
        ctx.add_cookies([{"name": "jaccuse_token", "value": self.tokens[seat], "url": self.url}])
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{self.url}/seat/{seat}")
        page.wait_for_selector("#bpanel .hrow")
        return ctx, page, errors

    def stop(self) -> None:
        self.server.stop()
