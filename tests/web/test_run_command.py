"""`jaccuse-table run` helpers: data dir choice, Pi detection, argument checks."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from controller.commands import run
from controller.datadir import default_data_dir
from controller.devices.choose import pi_model


def test_default_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", f"{tmp_path}/state:{tmp_path}/other")
    assert default_data_dir() == tmp_path / "state"
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "jaccuse-table"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # ignored, as the XDG spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home" / ".local" / "share" / "jaccuse-table"


def test_pi_detection(tmp_path: Path) -> None:
    model = tmp_path / "proc" / "device-tree" / "model"
    model.parent.mkdir(parents=True)
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    assert pi_model(tmp_path) == "Raspberry Pi 4 Model B Rev 1.4"
    model.write_bytes(b"QEMU Virtual Machine")
    assert pi_model(tmp_path) is None
    assert pi_model(tmp_path / "missing") is None


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    run.add_arguments(parser)
    return parser.parse_args(argv)


def test_defaults_and_bad_flags(tmp_path: Path) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    config = run.resolve_config(_parse(["--config", str(empty)]))
    assert (config.players, config.host, config.port, config.bots, config.pads) == (
        6,
        "0.0.0.0",
        8000,
        0,
        None,
    )
    # (--players 4 is a number of seats; whether the game takes it is for run: see the game test)
    bad_flags = (["--players", "1"], ["--players", "15"], ["--bots", "-1"], ["--pads", "usb"],
                 ["--port", "70000"])
    for bad in bad_flags:
        with pytest.raises(SystemExit):
            _parse(bad)


def test_flags_override_the_config_file(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[box]\nplayers = 9\nport = 8123\n[pads]\nmode = "phone"\n')
    config = run.resolve_config(_parse(["--config", str(path), "--port", "9000"]))
    assert (config.players, config.port, config.pads) == (9, 9000, "phone")


def test_a_bad_config_stops_the_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[box]\nplayrs = 9\n")
    assert run.main(_parse(["--config", str(path), "--data-dir", str(tmp_path / "d")])) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "box.playrs" in err[0]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("[box]\nplayers = 9\n# caf\xe9\n".encode("latin-1"), "not UTF-8"),
        (b"\xff\xfe[\x00b\x00o\x00x\x00]\x00", "not UTF-8"),
        (b'[box]\nhost = "not an address"\n', "'box.host'"),
        (b'[box]\nhost = "999.1.1.1"\n', "'box.host'"),
        (b'[box]\nhost = "localhost:8000"\n', "'box.host'"),
        (b'[box]\nallowed_hosts = ["jaccuse.lan", "http://x"]\n', "'box.allowed_hosts'"),
    ],
)
def test_a_config_that_is_not_utf8_or_names_no_address_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes, named: str
) -> None:
    # both gave a traceback before (issue 17, point 13)
    path = tmp_path / "config.toml"
    path.write_bytes(text)
    assert run.main(_parse(["--config", str(path), "--data-dir", str(tmp_path / "d")])) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and named in err[0] and str(path) in err[0]
    assert not (tmp_path / "d").exists()  # nothing was started


def test_a_host_flag_that_is_not_an_address_is_refused_like_any_bad_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for bad in ("not an address", "999.1.1.1", "http://box", "[::1", ""):
        with pytest.raises(SystemExit) as exc:
            _parse(["--host", bad])
        assert exc.value.code == 2
        assert "argument --host" in capsys.readouterr().err
    for good in ("0.0.0.0", "::", "[::1]", "127.0.0.1", "localhost", "jaccuse.local"):
        assert _parse(["--host", good]).host == good


def test_a_host_that_resolves_nowhere_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    args = _parse(["--config", str(empty), "--mock", "--pads", "phone", "--data-dir", str(tmp_path / "d"),
                   "--host", "no-such-host.invalid", "--port", "0"])
    assert run.main(args) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot listen on no-such-host.invalid" in err[0]


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--players", "5", "--bots", "4"], "6-player game"),  # the same game, another seat count
        (["--game", "betrayal"], "game of jaccuse"),  # another game
    ],
)
def test_a_data_dir_holding_another_game_stops_the_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], says: str
) -> None:
    from controller.table import Table, TableConfig

    data = tmp_path / "d"
    Table.open(TableConfig(data_dir=data, players=6)).stop()
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    argv = ["--config", str(empty), "--mock", "--data-dir", str(data), *flags,
            "--port", "0", "--host", "127.0.0.1"]
    assert run.main(_parse(argv)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0] and "--new-game" in err[0]
    assert [p.name for p in data.iterdir() if "archived" in p.name] == []  # nothing was moved


def test_mock_mode_puts_reveal_and_abstain_on_the_phones_and_new_game_deals_afresh(tmp_path: Path) -> None:
    """The README's solo try, on a data dir that holds another game: `run --players 5 --bots 4 --new-game`."""
    import subprocess
    import sys

    import requests

    from controller.client import BoxProcess

    data = tmp_path / "d"
    with BoxProcess(data, players=6) as first:
        requests.post(f"{first.url}/api/join", json={"seat": 0}, timeout=5)
    solo = BoxProcess(data, "--bots", "4", "--new-game", players=5)
    solo.args.remove("--pads")
    solo.args.remove("phone")  # no --pads: the mock-mode default
    with solo:
        box = requests.get(f"{solo.url}/api/box", timeout=5).json()
        assert box["pads"] == "phone" and box["mock"] is True
        assert requests.post(f"{solo.url}/api/mock/pads/0/reveal", json={}, timeout=5).status_code == 404
        seats = requests.get(f"{solo.url}/api/seats", timeout=5).json()["seats"]
        assert [s["bot"] for s in seats] == [False, True, True, True, True]
        assert any("--new-game" in line for line in solo.output)
    assert [p for p in data.iterdir() if ".archived-" in p.name]
    help_text = subprocess.run([sys.executable, "-m", "controller.cli", "run", "--help"], capture_output=True,
                               text=True, check=True).stdout
    assert "--new-game" in help_text


def test_the_game_flag_and_the_config_key_and_their_seat_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from controller.config import ConfigError, parse_config
    from controller.games import registry

    for game in registry.names():  # each game's seat range, said once in its Game, is the table's
        known, table = registry.game(game), registry.table_rules(game)
        assert table.check_players(known.max_players) == known.max_players
        for bad in (known.min_players - 1, known.max_players + 1):
            with pytest.raises(ValueError):
                table.check_players(bad)
    args = _parse(["--game", "betrayal", "--players", "3"])
    assert (args.game, args.players) == ("betrayal", 3)
    assert _parse(["--players", "2", "--game", "betrayal"]).players == 2  # either order
    for bad in (["--players", "1"], ["--players", "15"], ["--game", "chess"]):
        with pytest.raises(SystemExit):
            _parse(bad)
    # a count the chosen game does not take is one line and exit 2, whichever way the game was chosen
    games = tmp_path / "betrayal.toml"
    games.write_text('[box]\ngame = "betrayal"\n')
    common = ["--mock", "--port", "0", "--host", "127.0.0.1", "--data-dir"]
    cases = (
        (["--game", "betrayal", "--players", "9"],
         "betrayal takes 2 to 8 players, not 9 (--game jaccuse takes 9)"),
        (["--players", "4"], "jaccuse takes 5 to 14 players, not 4 (--game betrayal takes 4)"),
        (["--config", str(games), "--players", "12"],
         "betrayal takes 2 to 8 players, not 12 (--game jaccuse takes 12)"),
    )
    for argv, said in cases:
        capsys.readouterr()
        assert run.main(_parse([*argv, *common, str(tmp_path / "bad")])) == 2
        assert capsys.readouterr().err.strip() == f"jaccuse-table: {said}"
    assert parse_config('[box]\ngame = "betrayal"\nplayers = 3\n').game == "betrayal"
    for text, named in (('[box]\ngame = "betrayal"\nplayers = 9\n', "betrayal takes 2 to 8 players"),
                        ("[box]\nplayers = 3\n", "jaccuse takes 5 to 14 players"),
                        ('[box]\ngame = "chess"\n', "'box.game'"),
                        ('[box]\ngame = "betrayal"\ncampaign = 2\n', "'box.campaign'")):
        with pytest.raises(ConfigError, match=named) as info:
            parse_config(text)
        assert "\n" not in str(info.value)
    # the config's game with a count it does not take on the command line: one line, exit 2
    path = tmp_path / "config.toml"
    path.write_text('[box]\ngame = "betrayal"\n')
    argv = ["--config", str(path), "--mock", "--data-dir", str(tmp_path / "d"), "--game", "betrayal",
            "--campaign", "2", "--port", "0", "--host", "127.0.0.1"]
    capsys.readouterr()  # (the usage errors above)
    assert run.main(_parse(argv)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "campaign" in err[0]


def test_run_keeps_the_terminal_until_ctrl_c_and_host_binds_one_address(tmp_path: Path) -> None:
    """What the README says of `run` (issue 33): it stays in the foreground until Ctrl+C (SIGINT), which
    stops it cleanly with the game kept, and `--host ADDRESS` listens on that address alone."""
    import signal
    import socket
    import time

    import requests

    from controller.client import BoxProcess

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "Ctrl+C" in readme and "`--host ADDRESS`" in readme
    box = BoxProcess(tmp_path / "d", players=5)
    at = box.args.index("--host")
    box.args[at + 1] = "127.0.0.2"  # one loopback address of many: the others must not answer
    with box:
        assert box.proc is not None
        url = f"http://127.0.0.2:{box.port}"
        requests.post(f"{url}/api/join", json={"seat": 0, "name": "Ann"}, timeout=5).raise_for_status()
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", box.port), timeout=2).close()
        time.sleep(0.5)
        assert box.proc.poll() is None  # still running: it kept the terminal
        box.proc.send_signal(signal.SIGINT)  # Ctrl+C
        assert box.proc.wait(10) == 0
    again = BoxProcess(tmp_path / "d", players=5)
    again.args[again.args.index("--host") + 1] = "127.0.0.2"
    with again:
        names = requests.get(f"http://127.0.0.2:{again.port}/api/table", timeout=5).json()["names"]
        assert names[0] == "Ann"  # the game was kept, and resumes
