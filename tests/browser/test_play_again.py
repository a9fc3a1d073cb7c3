"""Play again over the API: once the game is over and every seated phone agreed, a new deal, durably."""

from __future__ import annotations

from typing import Any

import requests
from fixtures.browser import Server


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_play_again_needs_a_seat_and_a_finished_game(server: Server) -> None:
    base = server.url
    tokens = [
        requests.post(f"{base}/api/join", json={"seat": s}, timeout=5).json()["token"] for s in range(5)
    ]
    assert requests.post(f"{base}/api/table/new-game", timeout=5).status_code == 401
    r = requests.post(f"{base}/api/table/new-game", headers=_auth(tokens[0]), timeout=5)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_over"

    def act(seat: int, body: dict[str, Any]) -> dict[str, Any]:
        r = requests.post(f"{base}/api/me/actions", json=body, headers=_auth(tokens[seat]), timeout=5)
        assert r.status_code == 200, r.text
        return r.json()["me"]  # type: ignore[no-any-return]

    mes = [requests.get(f"{base}/api/me", headers=_auth(t), timeout=5).json() for t in tokens]
    for s, me in enumerate(mes):
        act(s, {"act": "membership", "card": me["hand"][0]})
    for _ in range(10):  # everyone votes red (or abstains): red consensus until red wins
        table = requests.get(f"{base}/api/table", timeout=5).json()
        if table["over"]:
            break
        for s in table["eligible"]:
            hand = requests.get(f"{base}/api/me", headers=_auth(tokens[s]), timeout=5).json()["hand"]
            red = [c for c in hand if c[-1] in "HD"]
            if red:
                act(s, {"act": "vote", "card": red[0]})
                act(s, {"act": "reveal"})
            else:
                act(s, {"act": "abstain"})
    assert requests.get(f"{base}/api/table", timeout=5).json()["over"]
    # a ready check: one phone's press deals nothing until every seated phone asked
    for n, s in enumerate((2, 0, 1, 3)):
        r = requests.post(f"{base}/api/table/new-game", headers=_auth(tokens[s]), timeout=5)
        assert r.status_code == 200 and r.json()["dealt"] is False and len(r.json()["ready"]) == n + 1
    ready_check = requests.get(f"{base}/api/table", timeout=5).json()["play_again"]
    assert ready_check == {"ready": [0, 1, 2, 3], "waiting": [4]}
    r = requests.post(f"{base}/api/table/new-game", headers=_auth(tokens[4]), timeout=5)
    assert r.status_code == 200 and r.json()["game"] == 2 and r.json()["dealt"] is True
    again = requests.post(f"{base}/api/table/new-game", headers=_auth(tokens[3]), timeout=5)
    assert again.status_code == 409  # a second press deals nothing more
    new_hand = requests.get(f"{base}/api/me", headers=_auth(tokens[1]), timeout=5).json()["hand"]

    server.stop()  # a restart resumes the new deal, with the same seat tokens
    server.start()
    base = server.url
    assert requests.get(f"{base}/api/table", timeout=5).json()["version"] == 0
    assert requests.get(f"{base}/api/box", timeout=5).json()["game"] == 2
    me = requests.get(f"{base}/api/me", headers=_auth(tokens[1]), timeout=5).json()
    assert me["hand"] == new_hand
