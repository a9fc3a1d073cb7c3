"""`jaccuse-table run`: open the journal, start the table loop, the pads, the OLED and the web server.

Wiring (dependencies point one way):

- :class:`controller.table.Table` owns the game: one command queue, one loop thread, the journal.
- Pads (``controller.devices``) report presses to ``Table.press``; the device fan-out's feeder thread
  (:mod:`controller.fanout`) waits for new table snapshots and pushes LED states and the OLED model, so
  the loop never calls device code.
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
import gc
import os
import sys
import threading
from pathlib import Path
from typing import Any

from controller.config import (
    BOT_LEVELS,
    DEFAULT_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Config,
    ConfigError,
    add_config_argument,
    host_error,
    load_config,
    options_error,
    players_error,
    table_options_error,
    with_overrides,
)
from controller.devices.choose import choose_pads, pi_model
from controller.games import registry

PAD_CHOICES = ("auto", "gpio", "serial", "phone", "mock")


def _game(text: str) -> str:
    try:
        return registry.check_game(text)
    except registry.UnknownGame as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _games_help() -> str:
    return ", ".join(registry.names())


def _options_help() -> str:
    """Each game's table options, as its ``Game.table_options`` declares them ("none" when no game has)."""
    games = [registry.game(name) for name in registry.names()]
    parts = [f"{known.name}: {known.options_help()}" for known in games if known.options_help()]
    return "; ".join(parts) or "none"


def _whole(text: str, low: int | None = 0, high: int | None = None, what: str = "must be 0 or more") -> int:
    """A whole number from ``low`` to ``high`` (None: no bound; ``what`` says the range when it is not)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if (low is not None and value < low) or (high is not None and value > high):
        raise argparse.ArgumentTypeError(what)
    return value


def _players(text: str) -> int:
    return _whole(text, MIN_PLAYERS, MAX_PLAYERS, f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}")


def _campaign(text: str) -> int:
    value = _whole(text, low=None)
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
    if _whole(text) > 65535:
        raise argparse.ArgumentTypeError("a TCP port is 0-65535")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mock",
        action="store_true",
        help="no Raspberry Pi needed: mocked GPIO pins and an emulated OLED; reveal and abstain on the "
        "phones (--pads mock for virtual pads on the table page)",
    )
    add_config_argument(parser, "in TOML; the flags override it")
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
    parser.add_argument("--host", type=_host, default=None, help="address to listen on (default 0.0.0.0)")
    parser.add_argument(
        "--port", type=_port, default=None, help="TCP port (default 8000; 0 picks a free one)"
    )
    parser.add_argument(
        "--bots",
        type=_whole,
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
        metavar="NAME[=A,B]",
        help=f"switch on one of the game's table options for a new deal, or give a list option its values "
        f"(repeatable; {_options_help()}); "
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
    # limits (web.server.limits_from, controller.table.TableConfig); benchmarks and tests lift them
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


def _flags_problem(config: Config) -> str | None:
    """What makes the flags and the config file together no game to deal (one line), or None."""
    if config.bots > config.players:
        return f"--bots {config.bots} is more than --players {config.players}"
    why = players_error(config.game, config.players)
    if why:  # --players against --game, or against the config file's game, or the reverse
        others = [g for g in registry.names() if g != config.game and not players_error(g, config.players)]
        return why + (f" (--game {others[0]} takes {config.players})" if others else "")
    why = options_error(config.game, {"campaign": config.campaign})
    if why:
        return f"--campaign: {why}"
    why = table_options_error(config.game, config.options)
    return f"--option: {why}" if why else None


def _fail(line: str) -> int:
    """A start-up failure: one line on stderr, and the exit status (systemd restarts the box later)."""
    print(f"jaccuse-table: {line}", file=sys.stderr, flush=True)
    return 1


def main(args: argparse.Namespace) -> int:
    # No cyclic garbage collection until the `serving` line: the start-up's imports only create objects
    # that live on, and each full collection of them is a good part of a start on a Pi.
    gc.disable()
    from controller.datadir import DataDirBusy, DataDirLock, DataDirRefused, check_access, default_data_dir
    from controller.fanout.feeder import DeviceFeeder, LateDisplay
    from controller.host_link import HostLinkFollower
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
    if not mock and pi_model() is None:
        mock = True
        _say("no Raspberry Pi found: running in mock mode (mocked GPIO pins, emulated OLED)")
    # with no pads on a laptop, reveal and abstain go to the phones; --pads mock shows virtual pads
    pads = config.pads or ("phone" if mock else "auto")
    if mock and pads in ("gpio", "auto"):
        pads = "mock"  # the mocked pins stand in for the real pads (serial gets a simulated hub)
    if pads == "auto" or (pads == "serial" and not mock):
        pads, chosen = choose_pads(pads, config.serial_port)
        _say(f"pads: {chosen}")
    problem = _flags_problem(config)
    if problem:
        print(f"jaccuse-table: {problem}", file=sys.stderr)
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
    devices = DeviceFeeder()
    table: Table | None = None
    server: Any = None
    follower: HostLinkFollower | None = None
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
            why = f"{exc.strerror or exc}. {advice(host_key.path)}"
            return _fail(f"cannot keep the host key in {data_dir}: {why}")
        from web import create_app
        from web.guards import BoxNames, is_the_box, stream_guard
        from web.server import BoxServer, broadcaster_for, limits_from, listen

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
            display=LateDisplay(devices),
            public_base=base_now,
            names=names,
            language=config.language,
        )
        limits = limits_from(args)
        broadcaster = broadcaster_for(table, limits, args.heartbeat)
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
        follower = HostLinkFollower(data_dir, base_now, host_key)
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
