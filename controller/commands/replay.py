"""`jaccuse-table replay FILE|-`: one JSON answer on stdout, or one line on stderr and exit 2."""

from __future__ import annotations

import argparse
import json
import sys

from controller.replay import InputError, replay_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a replay file, or - for standard input")


def main(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(args.file, "rb") as fh:
                text = fh.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"jaccuse-table replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        output = replay_text(text)
    except InputError as exc:
        print(f"jaccuse-table replay: {exc}", file=sys.stderr)
        return 2
    json.dump(output, sys.stdout)
    sys.stdout.write("\n")
    return 0
