"""The `jaccuse-table` command: one entry point that wires every part of the box.

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and
``main(args) -> int``; modules are imported lazily so `replay` never pays for
Flask or the hardware libraries.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from controller import __version__

# subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "run": ("controller.commands.run", "start the table: journal, pads, OLED and the phone server"),
    "replay": ("controller.commands.replay", "play a scripted game file through the rules engine"),
    "doctor": ("controller.commands.doctor", "check the real hardware and say what was found"),
    "simulate": ("controller.commands.simulate", "play many bot games and print a balance report"),
    "host-key": ("controller.commands.host_key", "print the host link, or end it and make a new one"),
    "backup": ("controller.commands.backup", "copy the game, its seat links and the host key safely"),
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; with a ``command``, only that subcommand's (and only its module is imported), so each
    start stays light: the other four parsers were 0.3 ms of every start here, some 3 ms on a Pi."""
    parser = argparse.ArgumentParser(
        prog="jaccuse-table",
        description="Run hidden-role card games on a Raspberry Pi box (or a laptop in mock mode).",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        if command is not None and name != command:
            continue
        sp = sub.add_parser(name, help=help_text, description=help_text)
        if name == command:
            module = importlib.import_module(module_name)
            module.add_arguments(sp)
            sp.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in args_list if not a.startswith("-")), None)
    parser = build_parser(command if command in SUBCOMMANDS else None)
    args = parser.parse_args(args_list)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        code = int(args._module.main(args))
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away (`replay FILE | head`): no traceback, and no second error at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
