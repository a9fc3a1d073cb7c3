"""Through a real server: in whole Hasty Accusations games no seat, table page or stranger sees a secret.

Secrets before the end (contract "What each seat sees"): a seat's hand and secret suspect (or the
traitor card) are its own; face-down pile cards are no one's, not even the seat that played them;
what an Investigator showed is the investigating seat's alone; the deck's order and the discard
pile's content are no one's. Public: a Burning Question's card and the pile its asked seat picks,
the market and what a seat takes from it, revealed and bombed cards.

The box deals what its journal holds, so the test writes the journal first: a Hasty deal made here
(with the variants each case names, the Traitor among them, which the host cannot yet choose over
HTTP), then starts the real server on it and mirrors every acknowledged action locally. Every
response and every event of the table's and each seat's stream must be the rules' own view of the
mirrored state for that audience, each seat's feed exactly the lines ``seat_feed`` tells it, and
pass checks made here without the rules' views: no face-down card's name, no other seat's hand,
suspect or peek, no reveal before the end. A stranger's phone gets the public view, no seat's, and
/api/box, whose log is exactly the rules' lines of the public events. The records (/api/table/record,
/api/games and each game's record and steps) give nothing while the game runs, and once it is over a
record that replays to its end.
JACCUSE_LEAK_HASTY_CASES limits the cases run (a comma list of their ids).
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from web_helpers import (
    SSE,
    Server,
    check_received,
    check_records,
    env_int,
    norm,
    phone_address,
    seat_everyone_and_listen,
    wait_caught_up,
    walk_keys,
)

from controller.client import session_from
from controller.games import hasty as rules
from controller.games.hasty.cards import FACE, KEYS, TRAITOR, TRAITOR_KEY, UP
from controller.games.hasty.feed import PRIVATE_KEYS, public_event
from controller.games.registry import table_rules as table_of
from controller.i18n import said_json
from controller.table import rules_part
from controller.table.dealt import FEED_LINES
from controller.table.hostkey import HostKey
from controller.table.journal import FILENAME, Journal

#: keys that hold a seat's secrets: only at the top of that seat's own view, or under ``reveal`` at the end
SEAT_SECRET_KEYS = {"hand", "secret", "secret_name", "peeks", "notes", "moves", "acts"}
#: keys that never appear before the end, in any view
HIDDEN_KEYS = {"hands", "secrets", "deck", "rolls", "seed", "tasks", "discard"}

ALL_SETS = ("base", "advanced", "expert")
#: (id, players, options, seed)
CASES: list[tuple[str, int, dict[str, Any], int]] = [
    ("plain-4", 4, {}, 41),
    ("traitor-speedy-5", 5, {"traitor": True, "speedy": True}, 52),
    ("big-hands-3", 3, {"big_hands": True}, 33),
    ("traitor-7", 7, {"traitor": True}, 77),
    # the second edition: every card set and the Suspect Powers (H25 on), with and without variants
    ("second-4", 4, {"sets": ALL_SETS, "powers": True}, 31),
    ("second-traitor-speedy-5", 5, {"sets": ALL_SETS, "powers": True, "traitor": True, "speedy": True}, 31),
    ("second-advanced-3", 3, {"sets": ("base", "advanced"), "powers": True, "suspects": 9}, 30),
]
#: a private event -> the seats its private part belongs to (contract "What each seat sees", H52)
ENTITLED = {"walked": ("seat",), "stolen": ("seat", "from"), "tangled": ("seat",), "secret_seen": ("seat",)}


def _cases() -> list[Any]:
    wanted = os.environ.get("JACCUSE_LEAK_HASTY_CASES")
    chosen = [c for c in CASES if not wanted or c[0] in wanted.split(",")]
    return [pytest.param(*c[1:], id=c[0]) for c in chosen]


def _secret(code: int) -> int | str:
    return TRAITOR_KEY if code == TRAITOR else code


def check_public(view: dict[str, Any], state: rules.GameState) -> None:
    """The table's view of ``state`` holds none of its secrets (checked without the rules' views)."""
    if state.over:
        assert view["reveal"] is not None
        return
    assert view["reveal"] is None
    for path, _ in walk_keys(view):
        assert path[-1] not in SEAT_SECRET_KEYS | HIDDEN_KEYS, path
    assert len(view["row"]) == len(state.row)
    for spot, slot in zip(view["row"], state.row, strict=True):
        assert spot["size"] == len(state.piles[slot]) == len(spot["pile"])
        for card, code in zip(spot["pile"], state.piles[slot], strict=True):
            if code & UP:
                assert card == {"up": True, "card": KEYS[code & FACE]}
            else:
                assert card == {"up": False}, card  # a face-down card is only "up": false
    # a seat's suspect shows once it is out, never before
    for seat, out in enumerate(view["out"]):
        assert (out is None) == (not state.eliminated[seat]), (seat, out)
    assert view["hand_sizes"] == [len(h) for h in state.hands]


def check_seat(me: dict[str, Any], seat: int, state: rules.GameState) -> None:
    """A seat's view holds its own secrets only; its public part holds none."""
    assert me["seat"] == seat
    check_public(me["table"], state)
    assert me["secret"] == _secret(state.secrets[seat])
    assert me["hand"] == [KEYS[c] for c in sorted(state.hands[seat])]
    assert len(me["peeks"]) == len(state.peeks[seat])
    for peek, mine in zip(me["peeks"], state.peeks[seat], strict=True):
        if mine.kind == "secret":  # a Private Investigator's look: one seat's suspect, to this seat only
            assert peek == {"secret": mine.target, "suspect": _secret(mine.cards[0])}
        else:  # an Investigator's or a Tangled Up look: the cards as they lay
            assert peek["cards"] == [KEYS[c] for c in mine.cards]
    # cards taken from or given to this hand (H52): this seat's own notes, and only its own
    assert len(me.get("notes", ())) == len(state.notes[seat]), (me.get("notes"), state.notes[seat])
    for note, mine in zip(me.get("notes", ()), state.notes[seat], strict=True):
        assert note["by"] == mine.by and sorted(note["cards"]) == sorted(KEYS[c] for c in mine.cards)
    if state.over or state.waiting != seat:
        assert not me["moves"]
    rest = {k: v for k, v in me.items() if k not in ("table", *SEAT_SECRET_KEYS)}
    for path, _ in walk_keys(rest):
        assert path[-1] not in SEAT_SECRET_KEYS | HIDDEN_KEYS, path


def check_events(events: tuple[dict[str, Any], ...], players: int) -> None:
    """The engine's events (the log's and the feeds' source) name no face-down card and no peek; what
    only some seats may learn (cards taken from a hand or a pile, a Tangled Up look, a Private
    Investigator's look) is under the event's private keys, and neither the room's log nor the feed of
    a seat it does not belong to reads them: their lines are those of the event without them."""
    hasty = table_of("hasty")
    for event in events:
        if event["type"] == "played" and not event["up"]:
            assert "card" not in event, event
        if event["type"] == "investigated":
            assert set(event) <= {"type", "seat", "hand", "pile"}, event
        private = PRIVATE_KEYS.get(event["type"])
        if not private:
            continue
        assert event["type"] in ENTITLED, event
        bare = public_event(event)
        assert not set(private) & set(bare), bare
        assert hasty.log_lines((event,), [None] * players) == hasty.log_lines((bare,), [None] * players)
        owners = {event[k] for k in ENTITLED[event["type"]] if k in event}
        for seat in set(range(players)) - owners:
            told = hasty.seat_feed((event,), seat, [None] * players)
            assert told == hasty.seat_feed((bare,), seat, [None] * players), (event, seat, told)


def write_journal(data_dir: Path, players: int, deal: rules.Deal) -> None:
    """A journal holding a new game of this deal, as the box writes one when it deals."""
    journal = Journal.open(data_dir / FILENAME)
    journal.start_game(players, deal.to_dict(), None, None, "hasty")
    journal.close()


def _feed_view(feed: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """As the view shows it: each line's English text, and its message when it was written as one."""
    out: list[dict[str, Any]] = []
    for v, text in reversed(feed[-FEED_LINES:]):
        said = said_json(text)
        out.append({"version": v, "text": text, "said": said} if said else {"version": v, "text": text})
    return out


@pytest.mark.parametrize(("players", "options", "seed"), _cases())
def test_no_hasty_seat_sees_another_seats_secrets(
    tmp_path: Path, players: int, options: dict[str, bool], seed: int
) -> None:
    max_actions = env_int("JACCUSE_LEAK_MAX_ACTIONS", 400)
    rng = random.Random(seed)
    deal = rules.deal_cards(players, random.Random(seed), **options)
    state = rules.new_game(deal)
    states = {0: state}
    feeds: list[list[tuple[int, str]]] = [[] for _ in range(players)]
    feed_views = {0: [_feed_view(f) for f in feeds]}
    log: list[str] = []
    logs: dict[int, list[str]] = {}
    seen: set[str] = set()  # the events the game went through: the secrets' moments must be among them
    write_journal(tmp_path, players, deal)
    with Server(tmp_path, "--game", "hasty", "--heartbeat", "1", players=players) as server:
        url = server.url
        first = requests.get(f"{url}/api/table", timeout=5).json()
        assert first["game"] == "hasty"
        assert rules_part(first) == rules_part(norm(rules.public_view(state)))
        sessions, received, streams = seat_everyone_and_listen(server, players)
        stranger = session_from(phone_address(90), patient=True)
        responses: list[tuple[int, int, Any]] = []  # (seat, version, view)
        boxes: list[tuple[int, Any]] = []
        for n in range(max_actions):
            if state.over:
                break
            action = rules.next_bot_action(state, rng)
            assert action is not None
            body = {k: v for k, v in action.to_dict().items() if k != "seat"}
            r = sessions[action.seat].post(f"{url}/api/me/actions", json=body, timeout=10)
            assert r.status_code == 200, r.text
            result = rules.apply(state, action)
            assert isinstance(result, rules.Accepted)
            check_events(result.events, players)
            seen.update(e["type"] for e in result.events)
            seen.update("face_down" for e in result.events if e["type"] == "played" and not e["up"])
            state = result.state
            states[state.version] = state
            log += table_of("hasty").log_lines(result.events, [None] * players)
            for s in range(players):
                feeds[s] += [(state.version, line) for line in table_of("hasty").seat_feed(result.events, s,
                                                                                      [None] * players)]
            feed_views[state.version] = [_feed_view(f) for f in feeds]
            me = r.json()["me"]
            responses.append((action.seat, state.version, me))
            assert rules_part(me) == rules_part(norm(rules.seat_view(state, action.seat)))
            assert me["feed"] == feed_views[state.version][action.seat]
            if n % 15 == 0:
                for s in range(players):
                    got = sessions[s].get(f"{url}/api/me", timeout=5).json()
                    responses.append((s, state.version, got))
                    assert rules_part(got) == rules_part(norm(rules.seat_view(state, s)))
                    assert got["feed"] == feed_views[state.version][s]
                public = requests.get(f"{url}/api/table", timeout=5).json()
                assert rules_part(public) == rules_part(norm(rules.public_view(state)))
                check_public(public, state)
                boxes.append((state.version, stranger.get(f"{url}/api/box", timeout=5).json()))
                logs[state.version] = list(log)
                # a stranger on the Wi-Fi: the public view, and no seat's
                assert rules_part(stranger.get(f"{url}/api/table", timeout=5).json()) == rules_part(public)
                assert stranger.get(f"{url}/api/me", timeout=5).status_code == 401
                # nor its record, nor its retelling: a stranger, and a seat, are refused while it runs
                check_records(url, public, "hasty", stranger,
                              host_key=HostKey(server.data_dir).current())
                check_records(url, public, "hasty", sessions[0])
        final = state.version
        # once it is over, its record replays to the end the table shows
        record = check_records(url, requests.get(f"{url}/api/table", timeout=5).json(), "hasty", stranger,
                               host_key=HostKey(server.data_dir).current())
        assert (record is not None) == state.over
        wait_caught_up(received, rules, state)
        # a stranger's stream of a seat is refused; the table's stream is the public view
        refused = SSE(server.port, "/api/me/events", "not-a-token", source=phone_address(91))
        assert list(refused.events()) == []
        refused.close()
        for stream in streams:
            stream.close()
    assert final > 0
    moments = {"face_down", "investigated", "asked", "question_placed", "eliminated", "revealed"}
    moments |= {"pile_taken"} if options.get("big_hands") else {"took", "market_filled"}
    if options.get("powers"):  # a second-edition game goes through moments only some seats may see
        moments |= {"power"}
        assert seen & set(PRIVATE_KEYS), "no card moved that only some seats may see: pick another seed"
    assert moments <= seen, f"the game never went through {moments - seen}: pick another seed"
    print(f"hasty leak check, {players} players {options}: {final} actions, over={state.over}, "
          f"{sum(len(v) for v in received.values())} SSE events, {len(responses)} responses")
    for seat, version, me in responses:
        check_seat(me, seat, states[version])
    check_received(rules, received, states, check_public, check_seat)
    for seat in range(players):
        for me in received[seat]:
            assert me["feed"] == feed_views[me["table"]["version"]][seat]
    for version, box in boxes:
        # the box's status and its log are public: no secret key, and the log is exactly the rules'
        # lines of the public events
        for path, _ in walk_keys(box):
            assert path[-1] not in SEAT_SECRET_KEYS | HIDDEN_KEYS and path[-1] != "token", path
        told = [line for line in box["log"] if not line.startswith("Game ")]
        assert told and told == logs[version][-len(told):], (told, logs[version][-len(told):])
        if not states[version].over:
            assert "traitor" not in json.dumps(box["log"]).lower()


def _twin_deals(players: int, seed: int, options: dict[str, Any]) -> tuple[rules.Deal, rules.Deal, str, str]:
    """Two deals the room cannot tell apart: seats 0 and 1 hold each other's secret suspect, and one
    card of seat 0's hand lies, in the other deal, where a card of another kind lies in the deck."""
    a = rules.deal_cards(players, random.Random(seed), **options)
    deck = list(a.deck)
    start = 4 * players + 4  # past the hands and the market
    mine = deck[0]
    there = next(i for i in range(start, len(deck)) if deck[i] != mine)
    theirs = deck[there]
    deck[0], deck[there] = theirs, mine
    secrets = list(a.secrets)
    secrets[0], secrets[1] = secrets[1], secrets[0]
    b = rules.Deal(players, a.options, tuple(deck), tuple(secrets), a.rolls)
    return a, b, mine, theirs


def _frame(url: str, session: requests.Session, version: int) -> bytes:
    """The OLED's frame of ``version`` as a stranger's phone gets it (the box draws it on its own
    thread: wait for it)."""
    deadline = time.monotonic() + 20
    while True:
        r = session.get(f"{url}/api/display.png", timeout=10)
        if r.status_code == 200 and r.headers.get("X-Frame-Version") == repr(version):
            time.sleep(0.3)  # a later frame of the same version (a moment ending) would change it
            again = session.get(f"{url}/api/display.png", timeout=10)
            if again.content == r.content:
                return r.content
        assert time.monotonic() < deadline, "the OLED never drew the last version"
        time.sleep(0.1)


@pytest.mark.parametrize("options", [{}, {"sets": ALL_SETS, "powers": True}], ids=["base", "second"])
def test_the_oled_and_the_table_page_are_the_same_whatever_the_secrets(tmp_path: Path,
                                                                        options: dict[str, Any]) -> None:
    """Two boxes whose games differ only in secrets (which suspect seats 0 and 1 are, which card
    seat 0 played face down) and get the same moves: what the room sees must be identical, byte for
    byte in the OLED's frame, the table's view and stream, and a third seat's own view (with the
    second edition's sets and powers too: its screens show its counts and powers)."""
    players = 4
    a, b, mine, theirs = _twin_deals(players, 2601, options)
    seen = []
    for n, (deal, card) in enumerate(((a, mine), (b, theirs))):
        data = tmp_path / f"box{n}"
        write_journal(data, players, deal)
        with Server(data, "--game", "hasty", "--heartbeat", "1", players=players) as server:
            url = server.url
            sessions, received, streams = seat_everyone_and_listen(server, players)
            moves = [(0, {"act": "play", "card": card, "at": 0, "up": False}), (0, {"act": "end"}),
                     (1, {"act": "end"}), (2, {"act": "end"}), (3, {"act": "end"})]
            for seat, body in moves:
                r = sessions[seat].post(f"{url}/api/me/actions", json=body, timeout=10)
                assert r.status_code == 200, r.text
            version = len(moves)
            stranger = session_from(phone_address(92))
            table = stranger.get(f"{url}/api/table", timeout=5).json()
            assert table["version"] == version and not table["eliminated"]
            png = _frame(url, stranger, version)
            deadline = time.monotonic() + 15
            while not (received[-1] and received[-1][-1]["version"] == version):
                assert time.monotonic() < deadline
                time.sleep(0.05)
            third = sessions[2].get(f"{url}/api/me", timeout=5).json()
            mine_view = sessions[0].get(f"{url}/api/me", timeout=5).json()
            for stream in streams:
                stream.close()
            seen.append({"table": rules_part(table), "png": png, "stream": rules_part(received[-1][-1]),
                         "third": rules_part(third), "secret": mine_view["secret"]})
    first, second = seen
    assert first["secret"] != second["secret"]  # the games do differ
    for key in ("table", "stream", "third", "png"):
        assert first[key] == second[key], key
