"""`jaccuse-table run`: open the journal, start the table loop, the pads, the OLED and the web server.

Wiring (dependencies point one way):

- :class:`controller.table.Table` owns the game: one command queue, one loop thread, the journal.
- Pads (``controller.devices``) report presses to ``Table.press``; a feeder thread here waits for new
  table snapshots and pushes LED states and the OLED model, so the loop never calls device code.
- :func:`web.create_app` is the HTTP contract's pages and JSON API (Flask); :class:`web.server.BoxServer`
  serves it with the live streams of :class:`web.sse.Broadcaster` on one port (see web/server.py and
  docs/server.md for why an event loop: an open stream holds no thread, and one broadcaster writes every
  change to every stream).

Start-up order: the data dir's lock and the host key, the journal and the table (a journal of another
game stops the start with exit status 2, one that cannot be used now with 1, each in one line), then
the web server and ``host-link.txt``, then the ``serving`` line; the pads and the OLED come up right
after it (their libraries take a good part of a start on a Pi, and nothing needs them before someone
can press). The devices feeder waits for the broadcaster, so the screens are drawn once the phones'
streams were written.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import math
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.config import (
    BOT_LEVELS,
    DEFAULT_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Config,
    ConfigError,
    host_error,
    load_config,
    options_error,
    players_error,
    table_options_error,
    with_overrides,
)
from controller.config import DEFAULT_PATH as DEFAULT_CONFIG

PAD_CHOICES = ("auto", "gpio", "serial", "phone", "mock")
APP_NAME = "jaccuse-table"
#: how often the box looks at its LAN address and host key (to rewrite host-link.txt)
FOLLOW_EVERY = 5.0
REVEAL_SECONDS = 5.0  # how long the OLED shows a round's cards before the next prompt
HUB_UNPLUGGED = "pad hub unplugged: voting is paused until it is plugged back in"


def default_data_dir() -> Path:
    """systemd's STATE_DIRECTORY, else $XDG_DATA_HOME/jaccuse-table, else ~/.local/share/jaccuse-table."""
    state_dir = os.environ.get("STATE_DIRECTORY", "")
    if state_dir:
        return Path(state_dir.split(":")[0])
    xdg = os.environ.get("XDG_DATA_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / APP_NAME
    return Path.home() / ".local" / "share" / APP_NAME


def on_raspberry_pi(model_file: str = "/proc/device-tree/model") -> bool:
    try:
        with open(model_file, "rb") as fh:
            return b"Raspberry Pi" in fh.read()
    except OSError:
        return False


def _game(text: str) -> str:
    from controller.games.registry import UnknownGame, check_game

    try:
        return check_game(text)
    except UnknownGame as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _games_help() -> str:
    from controller.games.registry import names

    return ", ".join(names())


def _options_help() -> str:
    """Each game's table options, as its ``Game.table_options`` declares them ("none" when no game has)."""
    from controller.games.registry import game, names

    parts = [f"{name}: {', '.join(game(name).table_options)}" for name in names() if game(name).table_options]
    return "; ".join(parts) or "none"


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _campaign(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value != 0 and (value % 2 or not 2 <= value <= 8):
        raise argparse.ArgumentTypeError(
            f"a campaign is an even number of generations from 2 to 8 (or 0 for single games), not {value}"
        )
    return value


def _host(text: str) -> str:
    why = host_error(text)
    if why:
        raise argparse.ArgumentTypeError(why)
    return text


def _port(text: str) -> int:
    value = _count(text)
    if value > 65535:
        raise argparse.ArgumentTypeError("a TCP port is 0-65535")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mock",
        action="store_true",
        help="no Raspberry Pi needed: mocked GPIO pins and an emulated OLED; reveal and abstain on the "
        "phones (--pads mock for virtual pads on the table page)",
    )
    parser.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"TOML config file (default: {DEFAULT_CONFIG} if it exists); flags override it",
    )
    parser.add_argument(
        "--game",
        type=_game,
        default=None,
        help=f"the game a new deal starts (default {DEFAULT_GAME}; the box plays {_games_help()}); "
        "a journaled game resumes as what it is",
    )
    parser.add_argument(
        "--players", type=_players, default=None,
        help="seats at the table (default 6), within the game's range",
    )
    parser.add_argument(
        "--pads",
        choices=PAD_CHOICES,
        default=None,
        help="who presses reveal/abstain: auto (the serial hub if one is on USB, else gpio), gpio pads, "
        "the serial hub, the phones, or virtual mock pads on the table page (default: auto on a Pi, "
        "phone in mock mode)",
    )
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where the journal and keys live (default: $STATE_DIRECTORY, else "
        "$XDG_DATA_HOME/jaccuse-table or ~/.local/share/jaccuse-table)",
    )
    parser.add_argument(
        "--record", metavar="FILE", default=None,
        help="show a record file (a game downloaded at its end) retold on the table page, and deal "
        "nothing: no journal, no seats (see controller/commands/record_box.py)",
    )
    parser.add_argument("--host", type=_host, default=None, help="address to listen on (default 0.0.0.0)")
    parser.add_argument(
        "--port", type=_port, default=None, help="TCP port (default 8000; 0 picks a free one)"
    )
    parser.add_argument(
        "--bots",
        type=_count,
        default=None,
        help="let a bot play the last K seats (to fill a table, or to try the game alone); a resumed "
        "game keeps its bots unless this is given",
    )
    parser.add_argument(
        "--bot-level",
        choices=BOT_LEVELS,
        default=None,
        help="who plays the bot seats: the rules' random bot, the sensible rules of thumb, or the"
        " strong search bot (default strong; the host page can change a seat's)",
    )
    parser.add_argument("--bot-think-ms", type=float, default=100.0, help=argparse.SUPPRESS)
    parser.add_argument(
        "--campaign",
        type=_campaign,
        default=None,
        metavar="G",
        help="play campaigns of G generations (even, 2-8; 0 = single games); a resumed game keeps its own",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=None,
        metavar="NAME",
        help=f"switch on one of the game's table options for a new deal (repeatable; {_options_help()}); "
        "a kept game dealt with other options is not resumed without --new-game",
    )
    parser.add_argument("--seed", type=int, default=None, help="shuffle seed for a new game (kept secret)")
    parser.add_argument(
        "--new-game",
        action="store_true",
        help="archive the game kept in the data dir (renamed, never deleted) and deal a new one",
    )
    parser.add_argument("--bot-delay", type=float, default=0.8, help=argparse.SUPPRESS)
    parser.add_argument("--heartbeat", type=float, default=15.0, help=argparse.SUPPRESS)
    parser.add_argument("--threads", type=int, default=8, help=argparse.SUPPRESS)  # Flask's workers
    # limits (web.server.Limits, controller.table.TableConfig); benchmarks and tests lift them
    parser.add_argument("--max-streams", type=int, default=512, help=argparse.SUPPRESS)
    parser.add_argument("--streams-per-client", type=int, default=8, help=argparse.SUPPRESS)
    parser.add_argument("--streams-per-seat", type=int, default=4, help=argparse.SUPPRESS)
    parser.add_argument("--connections-per-client", type=int, default=32, help=argparse.SUPPRESS)
    parser.add_argument("--max-connections", type=int, default=768, help=argparse.SUPPRESS)
    parser.add_argument("--request-timeout", type=float, default=10.0, help=argparse.SUPPRESS)
    parser.add_argument("--stream-lifetime", type=float, default=1800.0, help=argparse.SUPPRESS)
    parser.add_argument("--vote-changes", type=float, default=4.0, help=argparse.SUPPRESS)
    parser.add_argument(
        "--serial-port",
        default=None,
        help="the pad hub's serial port (default: found by its USB ids, /dev/jaccuse-hub with the udev rule)",
    )


def _say(line: str) -> None:
    print(line, flush=True)


class _Devices:
    """The optional hardware side: pads and OLED, fed from table snapshots on one feeder thread."""

    def __init__(self) -> None:
        self.pads: Any = None
        self.display: Any = None
        self.sim_hub: Any = None
        self.virtual_press: Any = None  # mock mode: presses a virtual pad button (seat, name)
        self.devices: Any = None
        self._table: Any = None
        self._hub: bool | None = None  # the hub's last reported link state (None: no hub)
        self._thread: threading.Thread | None = None
        self._wait: Any = None
        self._stop = threading.Event()
        self._leds_lock = threading.Lock()  # the feeder and a drop's flash both set LEDs
        self._flash: Any = None
        self._snap: Any = None
        self.pads_label: str | None = None  # shown on the OLED's start screen
        self._epoch = 0  # the pads' vote-round number (see _vote_round_epoch)
        self._vote_key: Any = None
        self._pad_count = 0  # the seats the pads were opened for (a later deal may have more or fewer)
        #: seconds between looks at the join address while the start screen shows it (it may change)
        self.address_every = FOLLOW_EVERY

    def open(self, mock: bool, pads: str, players: int, config: Config) -> None:
        """Open the pads asked for (none with ``phone``) and the OLED; a missing OLED is not fatal."""
        import controller.devices as devices
        from controller.devices.choose import PAD_LABELS

        self.devices = devices
        self._flash = devices.RefusalFlash()
        self.pads_label = PAD_LABELS.get(pads)
        self._pad_count = players
        if pads != "phone":
            try:
                self.pads = self._open_pads(mock, pads, players, config)
            except Exception as exc:
                raise SystemExit(f"jaccuse-table: cannot open the {pads} pads: {exc}") from exc
        if config.oled_model == "none" and not mock:
            return
        try:
            from controller.devices.display import open_display

            minutes = 60.0
            self.display = open_display(
                config.oled_model if config.oled_model != "none" else None,
                config.oled_address,
                mock=mock,
                i2c_port=config.i2c_port,
                rotate=config.oled_rotate,
                contrast=config.oled_contrast,
                dim_after=config.oled_dim_after * minutes or None,
                off_after=config.oled_off_after * minutes or None,
                bus_hz=config.i2c_hz,
                renderer=_screen_renderer(),
            )
        except Exception as exc:
            _say(f"no OLED ({exc}); the game runs without it")
            self.display = None

    def _open_pads(self, mock: bool, pads: str, players: int, config: Config) -> Any:
        if mock and pads == "serial":
            # the hub's firmware behind a pty, read by the real serial code path
            from controller.devices.serial_pads import SerialPads
            from controller.devices.sim_hub import SimulatedHub

            self.sim_hub = SimulatedHub(players)
            self.virtual_press = self.sim_hub.press
            return SerialPads(self.sim_hub.path, players, reconnect_interval=0.2)
        if mock or pads == "mock":
            from controller.devices.gpio_pads import MockPads

            mock_pads = MockPads(players)
            self.virtual_press = mock_pads.press
            return mock_pads
        if pads == "gpio":
            from controller.devices.gpio_pads import open_gpio_pads
            from controller.devices.pinmap import load_pinmap

            return open_gpio_pads(players, load_pinmap(config.pinmap) if config.pinmap else None)
        from controller.devices.serial_pads import open_serial_pads

        return open_serial_pads(players, config.serial_port)

    def start(self, table: Any, startup_url: str | Callable[[], str], wait: Any = None) -> None:
        """Start the pads and the feeder.

        ``startup_url`` is the join address, or a function saying it now (the box follows its LAN
        address, so it can change while the start screen shows). ``wait`` is how the feeder waits for a
        change (default: the table's own wait; ``run`` passes the broadcaster's, which returns once the
        streams were written).
        """
        self._table = table
        self._wait = wait or table.wait_for_change
        if isinstance(startup_url, str):
            startup_url = _constant(startup_url)
        if self.pads is not None:
            self._snap = table.snapshot()
            self._epoch, self._vote_key = _vote_round_epoch(0, None, self._snap)
            self.pads.set_epoch(self._epoch)
            self.pads.start(table.press, self._on_hub_status, self._on_drop)
        if self.pads is None and self.display is None:
            return
        self._thread = threading.Thread(
            target=self._feed, args=(table, startup_url), name="devices", daemon=True
        )
        self._thread.start()

    def _on_hub_status(self, connected: bool) -> None:
        """From the hub's reader thread: shown on the table page (via the table) and on the OLED."""
        self._hub = connected
        if self._table is not None:
            self._table.set_notice("hub", None if connected else HUB_UNPLUGGED)

    def _on_drop(self, seat: int, button: str, why: str) -> None:
        """From the hub's reader: a press made before this vote round was dropped; its LED says so."""
        _say(f"pads: seat {seat} {button} dropped ({why}: pressed before this vote round)")
        with self._leds_lock:
            self._flash.refuse(seat, time.monotonic())
        self._show_leds()
        # the flash ends on the feeder's next pass; make sure there is one
        threading.Timer(self._flash.duration + 0.05, self._show_leds).start()

    def _show_leds(self) -> None:
        snap = self._snap
        if self.pads is None or snap is None:
            return
        with self._leds_lock:
            states = _led_states(self.devices, snap, self._pad_count)
            try:
                self.pads.set_leds(self._flash.apply(states, time.monotonic()))
            except Exception as exc:  # a device fault must never stop the game
                print(f"pad LEDs failed: {exc}", file=sys.stderr, flush=True)

    def _feed(self, table: Any, startup_url: Callable[[], str]) -> None:
        from controller.table.table import CANNOT_SAVE, MOVE_LOST, SET_ASIDE

        flash = self._flash
        refusals = list(table.snapshot().pad_refusals)
        # what the start found, shown for a while: a damaged journal set aside (a new game was dealt), or
        # a saved move that did not read back (the game goes on without it)
        start_status = table.snapshot().status
        set_aside = SET_ASIDE in start_status
        moves_lost = sum(1 for line in start_status if line.startswith(MOVE_LOST))
        recovered_until = time.monotonic() + 15.0 if set_aside or moves_lost else 0.0
        serial = -1
        hub_seen: bool | None = None
        shown_reveal = _moment_key(table.snapshot())  # a resumed round is not a new moment
        show = MomentShow(REVEAL_SECONDS)
        while not self._stop.is_set():
            now = time.monotonic()
            # idle, the feeder sleeps until the table changes (a flash or a moment ending wakes it);
            # the long cap only guards against a table that never says it closed
            waits = [60.0]
            if self.display is not None and self._snap is not None and self._snap.version == 0:
                # the start screen spells out the join address, which follows the LAN address
                waits.append(self.address_every)
            # a running shot clock counts down on the OLED: wake when its whole seconds change
            tick = _clock_tick(self._snap.public) if self.display is not None and self._snap else None
            if tick is not None:
                waits.append(tick)
            if (n := flash.next_change(now)) is not None:
                waits.append(n)
            if recovered_until > now:
                waits.append(recovered_until - now)
            if (n := show.next_change(now)) is not None:
                waits.append(n)
            snap = self._wait(serial, min(waits))
            if snap.closed:
                return
            serial = snap.serial
            self._snap = snap
            now = time.monotonic()
            if self.pads is not None:
                epoch, self._vote_key = _vote_round_epoch(self._epoch, self._vote_key, snap)
                if epoch != self._epoch:
                    self._epoch = epoch
                    self.pads.set_epoch(epoch)  # before the round's LEDs: its presses carry it
            for seat, count in enumerate(snap.pad_refusals):
                if seat < len(refusals) and count > refusals[seat]:
                    with self._leds_lock:
                        flash.refuse(seat, now)
            refusals = list(snap.pad_refusals)
            revealed = _moment_key(snap)
            if revealed != shown_reveal:
                shown_reveal = revealed
                show.start(_moment_frames(snap) if revealed else [], _frame_seconds(snap), now)
            try:
                if self.pads is not None:
                    hub_seen = self._hub
                if self.display is not None:
                    from controller.devices.screens import DisplayModel

                    # a moment of one frame follows the view as before; a sequence plays its frames
                    frame = show.frame(now)
                    moment = (None if frame is None else _moment(snap) if show.count == 1
                              else show.frames[frame])
                    # the OLED's view counts public changes only: a re-selected vote draws no new
                    # frame, so neither the image nor its X-Frame headers show a seat hesitating
                    self.display.update(
                        DisplayModel(
                            view={**snap.public, "version": snap.public_version},
                            hub_connected=hub_seen,
                            journal_recovered=recovered_until > now and not set_aside,
                            journal_set_aside=recovered_until > now and set_aside,
                            moves_lost=moves_lost,
                            startup_url=startup_url() if snap.version == 0 else None,
                            reveal=moment,
                            cannot_save=CANNOT_SAVE in snap.notices,
                            pads=self.pads_label,
                            clock_left=_clock_left(snap.public),
                            join_code=snap.join_code,
                        )
                    )
                if self.pads is not None:  # after the OLED's model, so its thread starts drawing first
                    self._show_leds()
            except Exception as exc:  # a device fault must never stop the game
                print(f"device update failed: {exc}", file=sys.stderr, flush=True)

    def close(self) -> None:
        self._stop.set()
        for device in (self.pads, self.display, self.sim_hub):
            if device is not None:
                with contextlib.suppress(Exception):
                    device.close()


def _constant(value: str) -> Callable[[], str]:
    return lambda: value


def _vote_round_epoch(epoch: int, key: Any, snap: Any) -> tuple[int, Any]:
    """The pads' epoch: a number that moves on whenever a new round of pad presses opens.

    The devices know nothing of games, so the wiring names the rounds for them: the game dealt says
    whether a round is open and what identifies it (its ``pad_round``: J'Accuse's vote, with its round
    number and voters); the table adds its game number. Closing a round and opening one that looks the
    same is a new round. Between rounds the number stays put. A press the hub stamped with another
    number is dropped.
    """
    from controller.games.registry import game

    found = game(snap.game_name).pad_round(snap.public)
    if found is None:
        return epoch, None
    round_id = (snap.game, found)
    if key == round_id:
        return epoch, key
    return epoch + 1, round_id


def _clock_left(view: dict[str, Any]) -> int | None:
    """Whole seconds left on the shot clock (the feeder wakes as they change, so the OLED counts down)."""
    deadline = (view.get("clock") or {}).get("deadline")
    return None if deadline is None else max(0, math.ceil(deadline - time.time()))


def _clock_tick(view: dict[str, Any]) -> float | None:
    """Seconds until the shot clock's whole seconds left change (None: no clock running, or it ran out)."""
    deadline = (view.get("clock") or {}).get("deadline")
    if deadline is None:
        return None
    left = deadline - time.time()
    if left <= 0:
        return None
    return left % 1.0 + 0.01


class _LateDisplay:
    """The OLED for the web app's ``/api/display.png``, whenever the devices have opened it."""

    def __init__(self, devices: _Devices) -> None:
        self._devices = devices

    def latest_png(self) -> bytes | None:
        display = self._devices.display
        return display.latest_png() if display is not None else None

    def latest_png_without_code(self) -> bytes | None:
        display = self._devices.display
        return display.latest_png_without_code() if display is not None else None

    def frame_info(self) -> dict[str, Any]:
        display = self._devices.display
        return display.frame_info() if display is not None else {}


def _moment_key(snap: Any) -> Any:
    """What tells the dealt game's "everyone look" moments apart (J'Accuse: a round's revealed cards);
    the OLED shows the moment for REVEAL_SECONDS when it changes."""
    from controller.games.registry import game

    return game(snap.game_name).screens().moment_key(snap.public)


def _moment(snap: Any) -> Any:
    """The moment's ``DisplayModel.reveal`` (None: nothing to show)."""
    from controller.games.registry import game

    return game(snap.game_name).screens().moment(snap.public)


def _moment_frames(snap: Any) -> list[Any]:
    """The moment's frames (``Screens.frames``): one, or a sequence the OLED plays at its own pace."""
    from controller.games.registry import game

    return game(snap.game_name).screens().frames(snap.public)


def _frame_seconds(snap: Any) -> float:
    from controller.games.registry import game

    return float(game(snap.game_name).screens().frame_seconds)


class MomentShow:
    """When the OLED shows which frame of the "everyone look" moment: each frame but the last for
    ``step`` seconds, the last for ``hold`` (a one-frame moment: ``hold`` alone, as it always was).
    Pure timekeeping, given the monotonic ``now``: the feeder wakes at ``next_change``."""

    def __init__(self, hold: float) -> None:
        self.hold = hold
        self.frames: list[Any] = []
        self.step = 0.0
        self.started = 0.0

    @property
    def count(self) -> int:
        return len(self.frames)

    def start(self, frames: list[Any], step: float, now: float) -> None:
        """A new moment (no frames: none, and any moment showing ends)."""
        self.frames, self.step, self.started = list(frames), step, now

    def _end(self) -> float:
        return self.started + self.step * (len(self.frames) - 1) + self.hold

    def frame(self, now: float) -> int | None:
        """The index of the frame to show now, or None once the moment is over (or before any)."""
        if not self.frames or now >= self._end() or now < self.started:
            return None
        if self.step <= 0:
            return len(self.frames) - 1
        return min(int((now - self.started) / self.step), len(self.frames) - 1)

    def next_change(self, now: float) -> float | None:
        """Seconds until the frame shown changes (the next frame, or the moment's end)."""
        index = self.frame(now)
        if index is None:
            return None
        if index < len(self.frames) - 1:
            return max(0.0, self.started + self.step * (index + 1) - now)
        return max(0.0, self._end() - now)


def _screen_renderer() -> Callable[[Any], Any]:
    """The OLED's renderer: the screens of the game the view is of (the host may deal another game
    while the box runs); the device's plain screen for a view of no known game."""
    from controller.devices.screens import render
    from controller.games.registry import UnknownGame, game

    def draw(model: Any) -> Any:
        try:
            screens = game((model.view or {}).get("game", DEFAULT_GAME)).screens()
        except UnknownGame:
            return render(model)
        return screens.render(model)

    return draw


def _led_states(devices: Any, snap: Any, pads: int) -> dict[int, Any]:
    """The pads' lights for the game dealt (its table adapter reads the public view), as LedStates
    for the seats the pads were opened for."""
    from controller.games.registry import table_rules

    lights = table_rules(snap.game_name).pad_lights(snap.public, min(pads, snap.players) or snap.players)
    return {seat: devices.LedState(word) for seat, word in lights.items()}


def write_host_link(data_dir: Path, link: str) -> None:
    path = data_dir / "host-link.txt"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(link + "\n")
    except OSError as exc:
        print(f"could not write {path}: {exc}", file=sys.stderr, flush=True)


class _Follower:
    """Keeps what depends on the box's address and host key current while it runs.

    The pages, QR codes, the OLED and the Host check ask the :class:`controller.lan.LanAddress`
    themselves when they need it; this thread only rewrites ``host-link.txt`` (and says so) when the
    address or the host key changed, looking every ``FOLLOW_EVERY`` seconds.
    """

    def __init__(self, data_dir: Path, base: Callable[[], str], host_key: Any) -> None:
        self._data_dir = data_dir
        self._base = base
        self._host_key = host_key
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.base = base()
        self.link = f"{self.base}/host?key={host_key.value()}"

    def start(self) -> None:
        write_host_link(self._data_dir, self.link)
        self._thread = threading.Thread(target=self._run, name="follow-address", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(FOLLOW_EVERY):
            self.check()

    def check(self) -> None:
        base = self._base()
        link = f"{base}/host?key={self._host_key.value()}"
        if base != self.base:
            _say(f"the box's address changed: table page {base}/")
            self.base = base
        if link != self.link:
            self.link = link
            write_host_link(self._data_dir, link)

    def stop(self) -> None:
        self._stop.set()


def resolve_config(args: argparse.Namespace) -> Config:
    """The config file (``--config``, else the system file if present) with the flags laid over it."""
    config = load_config(args.config)
    return with_overrides(
        config,
        players=args.players,
        game=args.game,
        data_dir=str(args.data_dir) if args.data_dir is not None else None,
        host=args.host,
        port=args.port,
        bots=args.bots,
        bot_level=getattr(args, "bot_level", None),
        campaign=args.campaign,
        options=tuple(args.option) if args.option else None,
        pads=args.pads,
        serial_port=args.serial_port,
    )


def _fail(line: str) -> int:
    """A start-up failure: one line on stderr, and the exit status (systemd restarts the box later)."""
    print(f"jaccuse-table: {line}", file=sys.stderr, flush=True)
    return 1


def main(args: argparse.Namespace) -> int:
    if args.record is not None:  # a record file retold: no table at all
        from controller.commands import record_box

        return record_box.main(args, resolve_config)
    # No cyclic garbage collection until the `serving` line: the start-up's imports only create objects
    # that live on, and each full collection of them is a good part of a start on a Pi.
    gc.disable()
    from controller.datadir import DataDirBusy, DataDirLock, DataDirRefused, check_access
    from controller.lan import LanAddress, url_host
    from controller.sdnotify import Notifier, watchdog_interval
    from controller.table import GameMismatch, HostKey, JournalUnavailable, Table, TableConfig
    from controller.table.journal import advice

    try:
        config = resolve_config(args)
    except ConfigError as exc:
        print(f"jaccuse-table: {exc}", file=sys.stderr)
        return 2
    mock = bool(args.mock)
    if not mock and not on_raspberry_pi():
        mock = True
        _say("no Raspberry Pi found: running in mock mode (mocked GPIO pins, emulated OLED)")
    # with no pads on a laptop, reveal and abstain go to the phones; --pads mock shows virtual pads
    pads = config.pads or ("phone" if mock else "auto")
    if mock and pads in ("gpio", "auto"):
        pads = "mock"  # the mocked pins stand in for the real pads (serial gets a simulated hub)
    if pads == "auto" or (pads == "serial" and not mock):
        from controller.devices.choose import choose_pads

        pads, why = choose_pads(pads, config.serial_port)
        _say(f"pads: {why}")
    if config.bots > config.players:
        print(f"jaccuse-table: --bots {config.bots} is more than --players {config.players}", file=sys.stderr)
        return 2
    why = players_error(config.game, config.players)
    if why:  # --players against --game, or against the config file's game, or the reverse
        from controller.games.registry import names

        others = [g for g in names() if g != config.game and not players_error(g, config.players)]
        hint = f" (--game {others[0]} takes {config.players})" if others else ""
        print(f"jaccuse-table: {why}{hint}", file=sys.stderr)
        return 2
    why = options_error(config.game, {"campaign": config.campaign})
    if why:
        print(f"jaccuse-table: --campaign: {why}", file=sys.stderr)
        return 2
    why = table_options_error(config.game, config.options)
    if why:
        print(f"jaccuse-table: --option: {why}", file=sys.stderr)
        return 2
    data_dir = Path(config.data_dir) if config.data_dir else default_data_dir()
    # Start-up checks, in order: a data dir, nobody else on it, then the files in it. A resource or
    # permission error stops the box here with one line and changes nothing on the disk.
    try:
        check_access(data_dir)  # nothing is written before this: another user's files stay theirs
        data_dir.mkdir(parents=True, exist_ok=True)
        lock = DataDirLock.acquire(data_dir)
    except (DataDirBusy, DataDirRefused) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot use data dir {data_dir}: {exc.strerror or exc}. {advice(data_dir / 'x')}")
    host_key = HostKey(data_dir)

    notifier = Notifier()
    interval = watchdog_interval()
    devices = _Devices()
    table: Table | None = None
    server: Any = None
    follower: _Follower | None = None
    try:
        # Open the journal first: the game's player count comes from it when resuming.
        try:
            table = Table.open(
                TableConfig(
                    data_dir=data_dir,
                    players=config.players,
                    game=config.game,
                    pads=pads,
                    bots=config.bots,
                    seed=args.seed,
                    campaign=config.campaign,
                    options=config.options,
                    bot_delay=args.bot_delay,
                    bot_level=config.bot_level,
                    bot_think=max(0.001, getattr(args, "bot_think_ms", 100.0) / 1000),
                    watchdog=notifier.watchdog if interval else None,
                    watchdog_every=interval or 10.0,
                    new_game=bool(args.new_game),
                    # a game the command line describes is not to be swapped for another silently
                    require_match=frozenset(
                        flag for flag in ("game", "players", "campaign")
                        if getattr(args, flag, None) is not None
                    ) | ({"options"} if args.option else set()),
                    vote_changes_per_second=max(0.0, args.vote_changes),
                    # --bots on the command line replaces the journal's bot seats; else they are kept
                    bots_asked=args.bots is not None,
                )
            )
        except GameMismatch as exc:  # a JournalError, but the flags' fault: a usage error
            print(f"jaccuse-table: {exc}", file=sys.stderr)
            return 2
        except JournalUnavailable as exc:
            return _fail(str(exc))
        # the host key after the journal: a first start stopped in between leaves no key without a game
        try:
            host_key.current()
        except OSError as exc:
            why = exc.strerror or exc
            return _fail(f"cannot keep the host key in {data_dir}: {why}. {advice(host_key.path)}")
        from web import create_app
        from web.guards import BoxNames, is_the_box, stream_guard
        from web.server import BoxServer, Limits, listen
        from web.sse import Broadcaster

        # The pads and the OLED come up right after the `serving` line (their libraries are a good part
        # of a start on a Pi); until then a virtual pad presses the table directly and there is no frame.
        devices_up = threading.Event()

        def press_virtual_pad(seat: int, button: str) -> None:
            assert table is not None
            virtual = devices.virtual_press if devices_up.is_set() else None
            (virtual or table.press)(seat, button)

        # virtual pads exist only where there are mock pads to press (not with --pads phone)
        mock_press = press_virtual_pad if mock and pads != "phone" else None
        public_base = os.environ.get("JACCUSE_PUBLIC_BASE", "").rstrip("/")
        wildcard = config.host in ("0.0.0.0", "::", "")
        lan = LanAddress(fixed=None if wildcard else config.host.strip("[]"))
        listening = {"port": config.port}

        def base_now() -> str:
            """Where phones reach the box now: the configured base, else its LAN address (followed)."""
            return public_base or f"http://{url_host(lan.current())}:{listening['port']}"

        names = BoxNames(lan, extra=config.allowed_hosts, public_base=public_base or None)
        app = create_app(
            table,
            host_key=host_key,
            mock_press=mock_press,
            box_info={"mock": mock, "display": False},
            display=_LateDisplay(devices),
            public_base=base_now,
            names=names,
        )
        limits = Limits(
            connections=max(1, args.max_connections),
            per_client=max(1, args.connections_per_client),
            header_timeout=args.request_timeout,
            body_timeout=args.request_timeout,
            streams=max(1, args.max_streams),
            streams_per_client=max(1, args.streams_per_client),
            streams_per_seat=max(1, args.streams_per_seat),
            stream_lifetime=args.stream_lifetime,
        )
        broadcaster = Broadcaster(
            table,
            heartbeat=args.heartbeat,
            max_streams=limits.streams,
            per_client=limits.streams_per_client,
            per_seat=limits.streams_per_seat,
            lifetime=limits.stream_lifetime,
            write_deadline=limits.write_deadline,
        )
        try:
            sock = listen(config.host, config.port)
        except (OSError, ValueError) as exc:
            return _fail(f"cannot listen on {config.host}:{config.port}: {exc}")
        # the streams are served outside Flask: they get the app's request guards here
        broadcaster.add_guard(stream_guard(names))
        broadcaster.from_the_box = lambda scope: is_the_box((scope.get("client") or ("",))[0], names)
        server = BoxServer(app, broadcaster, sock, workers=max(4, args.threads), limits=limits)
        port = server.port
        listening["port"] = port
        table.start()
        follower = _Follower(data_dir, base_now, host_key)
        follower.start()
        failed: list[str] = []

        def bring_up_devices() -> None:
            assert table is not None
            try:
                devices.open(mock, pads, table.players, config)
            except SystemExit as exc:  # the pads asked for cannot be opened: the box cannot run
                failed.append(str(exc))
                server.stop()
                return
            # the app holds its own copy of box_info: tell it there is a frame to show now
            app.config["JACCUSE_BOX_INFO"]["display"] = devices.display is not None
            devices.start(table, lambda: base_now() + "/", wait=broadcaster.wait_fanned_out)
            devices_up.set()
            # everything imported and built so far lives as long as the box: out of the collector's sight,
            # so a full collection during play (the Pi takes some 100 ms for one) no longer walks it
            gc.freeze()

        def ready() -> None:
            assert table is not None and follower is not None
            for line in table.snapshot().status:
                _say(f"table: {line}")
            _say(f"table page: {follower.base}/   host link (keep it private): {follower.link}")
            _say(f"serving http://{url_host(config.host)}:{port}")
            notifier.ready(f"serving {follower.base}/")
            # Everything the start built lives as long as the box: frozen out of the collector's sight
            # before it runs again, or its first full collection would walk it all (some 100 ms on a
            # Pi, in the way of the first requests); what the devices add is frozen once they are up.
            gc.freeze()
            gc.enable()
            threading.Thread(target=bring_up_devices, name="devices-open", daemon=True).start()

        def stopping() -> None:
            # End the table first: that ends every live stream, so the server's shutdown is quick.
            assert table is not None
            notifier.stopping()
            table.stop()

        server.run(ready, stopping)
        if failed:
            print(failed[0], file=sys.stderr)
            return 1
        return 0
    finally:
        if follower is not None:
            follower.stop()
        if table is not None:
            table.stop()  # drains queued commands; ends every live stream
        devices.close()
        lock.release()
        gc.enable()
