"""A Hasty Accusations table through the journal: a restart resumes the game with its variants and
its secrets (hands, secret suspects, the traitor, face-down piles, peeks), the host's next deal keeps
the variants, and bots play a table to the end; the journal always replays to the views served.

The box cannot yet be asked for Hasty's variants over HTTP, so these tests write the journal's first
deal themselves (as the box does when it deals), with the Traitor and Speedy in it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from controller.client import random_action
from controller.games import hasty as rules
from controller.table import Journal, Table, TableConfig, rules_part
from controller.table.journal import FILENAME
from web import create_app

HOST_KEY = "h" * 43


def _norm(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _write(data_dir: Path, players: int, **options: bool) -> rules.Deal:
    deal = rules.deal_cards(players, random.Random(players * 31), **options)
    journal = Journal.open(data_dir / FILENAME)
    journal.start_game(players, deal.to_dict(), None, None, "hasty")
    journal.close()
    return deal


def _replay(path: Path) -> tuple[rules.GameState, list[str]]:
    j = Journal.open(path)
    rec = j.load()
    j.close()
    assert rec.game == "hasty"
    state = rules.new_game(rules.Deal.from_dict(rec.players, rec.deal))
    for data in rec.actions:
        result = rules.apply(state, rules.Action.from_dict(data, rec.players))
        assert isinstance(result, rules.Accepted), (data, result)
        state = result.state
    return state, rec.sources


class Box:
    """A Hasty table behind the Flask app, every seat joined (or the tokens given kept)."""

    def __init__(self, table: Table, tokens: list[str] | None = None) -> None:
        self.table = table
        self.client: FlaskClient = create_app(table, host_key=HOST_KEY).test_client()
        self.tokens = tokens or [self.client.post("/api/join", json={"seat": s}).get_json()["token"]
                                 for s in range(table.players)]

    def me(self, seat: int) -> dict[str, Any]:
        r = self.client.get("/api/me", headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        assert r.status_code == 200
        return r.get_json()  # type: ignore[no-any-return]

    def public(self) -> dict[str, Any]:
        return self.client.get("/api/table").get_json()  # type: ignore[no-any-return]

    def random_move(self, rng: random.Random) -> None:
        seat = self.public()["waiting"]
        body = random_action(self.me(seat), rng)
        assert body is not None
        r = self.client.post("/api/me/actions", json=body,
                             headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        assert r.status_code == 200, (body, r.get_json())

    def check_against(self, state: rules.GameState) -> None:
        """Every view served is the rules' view of ``state``."""
        assert rules_part(self.public()) == rules_part(_norm(rules.public_view(state)))
        for seat in range(state.players):
            assert rules_part(self.me(seat)) == rules_part(_norm(rules.seat_view(state, seat)))


def test_a_restart_resumes_a_traitor_game_with_every_secret(tmp_path: Path) -> None:
    deal = _write(tmp_path, 5, traitor=True, speedy=True)
    table = Table.open(TableConfig(data_dir=tmp_path, players=5, game="hasty"))
    table.start()
    box = Box(table)
    rng = random.Random(3)
    peeked = False
    for _ in range(400):
        if box.public()["over"]:
            break
        box.random_move(rng)
        state, _ = _replay(tmp_path / FILENAME)
        peeked = peeked or any(state.peeks)
        if peeked and state.version >= 40:
            break
    assert peeked, "no Investigator was played before the restart: pick another seed"
    before = table.snapshot()
    mine = [box.me(s) for s in range(5)]
    table.stop()
    table = Table.open(TableConfig(data_dir=tmp_path, players=5))  # the journal's game, not the flag's
    table.start()
    try:
        again = Box(table, box.tokens)
        snap = table.snapshot()
        assert table.game_name == "hasty" and snap.public == before.public
        assert [rules_part(again.me(s)) for s in range(5)] == [rules_part(m) for m in mine]
        state, _ = _replay(tmp_path / FILENAME)
        assert state.options.traitor and state.options.speedy
        assert state.secrets == rules.new_game(deal).secrets
        again.check_against(state)
        for _ in range(2000):
            if again.public()["over"]:
                break
            again.random_move(rng)
        state, _ = _replay(tmp_path / FILENAME)
        assert state.over
        again.check_against(state)
        # the next deal keeps the variants (and deals new secrets)
        r = again.client.post("/api/host/new-game", headers={"X-Host-Key": HOST_KEY})
        assert r.status_code == 200, r.get_json()
        view = again.public()
        assert view["options"]["traitor"] and view["options"]["speedy"] and view["version"] == 0
    finally:
        table.stop()


def test_bots_play_a_hasty_table_to_the_end_and_the_journal_replays(tmp_path: Path) -> None:
    _write(tmp_path, 4, big_hands=True)
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, bots=4, bot_delay=0.0))
    table.start()
    try:
        snap = table.snapshot()
        for _ in range(600):
            if snap.public["over"]:
                break
            snap = table.wait_for_change(snap.serial, 1.0)
        assert snap.public["over"]
        state, sources = _replay(tmp_path / FILENAME)
        assert state.over and state.options.big_hands and set(sources) == {"bot"}
        assert rules_part(snap.public) == rules_part(_norm(rules.public_view(state)))
    finally:
        table.stop()


def test_a_resumed_game_is_not_silently_one_with_other_table_options(tmp_path: Path) -> None:
    """``run --option`` names the variants wanted: a journal dealt with others is refused (one line saying
    what it holds and what to do), as ``--players`` is; without ``--option`` on the command line the
    journal's variants are resumed, and the status says which."""
    import pytest

    from controller.table import GameMismatch

    _write(tmp_path, 4, traitor=True)
    asked = TableConfig(data_dir=tmp_path, players=4, game="hasty", options=("speedy",),
                        require_match=frozenset({"options"}))
    with pytest.raises(GameMismatch) as err:
        Table.open(asked)
    message = str(err.value)
    assert "with the table option traitor" in message and "not one with the table option speedy" in message
    assert "--new-game" in message and "leave out --option" in message
    # the same variants asked for again: resumed without a word
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", options=("traitor",),
                                   require_match=frozenset({"options"})))
    try:
        assert not any("resumed" in s for s in table.snapshot().status)
    finally:
        table.stop()
    # from the config file (not the command line): the journal's variants win, and the box says so
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", options=("speedy",)))
    try:
        status = " ".join(table.snapshot().status)
        assert "with the table option traitor" in status
    finally:
        table.stop()
    # --new-game deals the variants asked for
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", options=("speedy",),
                                   require_match=frozenset({"options"}), new_game=True))
    try:
        view = table.snapshot().public
        assert view["options"]["speedy"] and not view["options"]["traitor"]
    finally:
        table.stop()


def test_a_kept_second_edition_game_is_resumed_only_with_its_sets_and_powers(tmp_path: Path) -> None:
    """The card sets are a list option: a kept game answers to the same sets in any order (and to
    nothing else), and the status names them when the config file asked for others."""
    import pytest

    from controller.table import GameMismatch

    _write(tmp_path, 4, sets=["base", "expert"], powers=True)  # type: ignore[arg-type]
    for other in (("powers",), ("sets=base,advanced,expert", "powers"), ("sets=base,expert",)):
        with pytest.raises(GameMismatch) as err:
            Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", options=other,
                                   require_match=frozenset({"options"})))
        assert "with the table options powers, sets=base,expert" in str(err.value), other
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty",
                                   options=("sets=expert,base", "powers"),
                                   require_match=frozenset({"options"})))
    try:
        assert not any("resumed" in s for s in table.snapshot().status)
        assert table.snapshot().public["options"]["sets"] == ["base", "expert"]
    finally:
        table.stop()
    table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty"))
    try:
        assert "with the table options powers, sets=base,expert" in " ".join(table.snapshot().status)
    finally:
        table.stop()
    # --new-game deals the sets asked for, the base set alone when no list is named
    for asked, sets in ((("sets=advanced", "powers"), ["advanced"]), ((), None)):
        table = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", options=asked,
                                       require_match=frozenset({"options"}), new_game=True))
        try:
            assert table.snapshot().public["options"].get("sets") == sets
        finally:
            table.stop()
