"""Through a real server: in a whole Betrayal game no seat sees another seat's secrets.

Secrets before the end (contract "What each seat sees"): an army's face-down cards (its own seat sees
them), who the traitor is (its seat knows; everyone once the joker has died), what a peek saw (the
peeking seat only), the setup choices and the middle pile. JACCUSE_LEAK_BETRAYAL_PLAYERS (default
"2,3,8") games with every seat joined are played by the rules' random bot through the API. The test
deals the same game locally from the seed it passed and mirrors every acknowledged action; every
response, every event of the table stream and of each seat's stream, and /api/box must then be the
rules' own view of the mirrored state for that audience, and pass structural checks made here
independently of the rules' views: no face-down card's name, no traitor and no peek where they do not
belong. The records give nothing while the game runs, and once it is over a record that replays to its
end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import requests
from web_helpers import (
    Server,
    check_received,
    check_records,
    env_int,
    env_ints,
    norm,
    seat_everyone_and_listen,
    wait_caught_up,
    walk_keys,
)

from controller.games import betrayal as rules
from controller.games.betrayal.seats import armies_of
from controller.table import rules_part

#: keys that hold secrets wherever they appear before the end
HIDDEN_KEYS = {"hand", "hands", "middle", "gone", "choices", "seed"}


def check_public(view: dict[str, Any], state: rules.GameState) -> None:
    """The table's view of ``state`` holds none of its secrets (checked without the rules' views)."""
    if state.over:
        return
    assert view["reveal"] is None
    if not state.joker_dead:
        assert view["traitor"] is None
    if state.phase == "setup":
        assert view["rows"] is None and view["middle_count"] is None
    for row in view["rows"] or ():
        for card in row:
            assert card["up"] or set(card) == {"up"}, card  # a face-down card is only "up": false
    for path, _ in walk_keys(view):
        assert path[-1] not in HIDDEN_KEYS and path[-1] != "peeks", path


def check_seat(me: dict[str, Any], seat: int, state: rules.GameState) -> None:
    """A seat's view holds its own armies' secrets only; its public part holds none."""
    assert me["seat"] == seat
    mine = armies_of(state.players, seat)
    assert [a["army"] for a in me["armies"]] == list(mine)
    for army in me["armies"]:
        assert army["traitor"] == (army["army"] == state.traitor)
    for move in me.get("moves") or ():
        assert move["army"] in mine
    check_public(me["table"], state)
    rest = {k: v for k, v in me.items() if k not in ("armies", "table", "moves")}
    for path, _ in walk_keys(rest):
        assert path[-1] not in HIDDEN_KEYS and path[-1] != "peeks", path


@pytest.mark.parametrize("players", env_ints("JACCUSE_LEAK_BETRAYAL_PLAYERS", "2,3,8"))
def test_no_betrayal_seat_sees_another_seats_secrets(tmp_path: Path, players: int) -> None:
    seed = 2000 + players
    max_actions = env_int("JACCUSE_LEAK_MAX_ACTIONS", 400)
    rng = random.Random(seed)
    state = rules.new_game(rules.deal_cards(players, random.Random(seed)))
    states = {0: state}
    extra = ("--game", "betrayal", "--seed", str(seed), "--heartbeat", "1")
    with Server(tmp_path, *extra, players=players) as server:
        url = server.url
        first = requests.get(f"{url}/api/table", timeout=5).json()
        assert rules_part(first) == rules_part(norm(rules.public_view(state)))
        sessions, received, streams = seat_everyone_and_listen(server, players)
        responses: list[tuple[int, int, Any]] = []  # (seat, version, view)
        boxes: list[tuple[int, Any]] = []
        for n in range(max_actions):
            waiting = rules.awaiting(state)
            if state.over or not waiting:
                break
            seat = rng.choice(waiting)
            action = rules.bot_action(state, seat, rng)
            assert action is not None
            r = sessions[seat].post(f"{url}/api/me/actions", json=action.to_dict(), timeout=10)
            assert r.status_code == 200, r.text
            result = rules.apply(state, action)
            assert isinstance(result, rules.Accepted)
            state = result.state
            states[state.version] = state
            me = r.json()["me"]
            responses.append((seat, state.version, me))
            assert rules_part(me) == rules_part(norm(rules.seat_view(state, seat)))
            if n % 20 == 0:
                for s in range(players):
                    got = sessions[s].get(f"{url}/api/me", timeout=5).json()
                    responses.append((s, state.version, got))
                    assert rules_part(got) == rules_part(norm(rules.seat_view(state, s)))
                public = requests.get(f"{url}/api/table", timeout=5).json()
                assert rules_part(public) == rules_part(norm(rules.public_view(state)))
                check_public(public, state)
                boxes.append((state.version, requests.get(f"{url}/api/box", timeout=5).json()))
                check_records(url, public, "betrayal")  # nothing of its record while it runs
                check_records(url, public, "betrayal", sessions[n % players])
        final = state.version
        # once it is over, its record replays to the end the table shows
        record = check_records(url, requests.get(f"{url}/api/table", timeout=5).json(), "betrayal")
        assert (record is not None) == state.over
        wait_caught_up(received, rules, state)
        for stream in streams:
            stream.close()
    assert final > 0
    print(f"betrayal leak check, {players} players: {final} actions, over={state.over}, "
          f"{sum(len(v) for v in received.values())} SSE events, {len(responses)} responses")
    for seat, version, me in responses:
        check_seat(me, seat, states[version])
    check_received(rules, received, states, check_public, check_seat)
    for version, box in boxes:
        # the box's status and log are public: no secret key, and no log line names a face-down card
        for path, _ in walk_keys(box):
            assert path[-1] not in HIDDEN_KEYS and path[-1] not in ("peeks", "token"), path
        if not states[version].over:
            assert "traitor" not in json.dumps(box["log"]).lower() or states[version].joker_dead
