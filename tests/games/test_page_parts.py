"""Every game's page parts keep the interface written in web/static/shell.js: the JSDoc typedefs
``PhonePart`` and ``TablePart`` name what a part may export, what it must, and of which kind. A part
exports only those names, all the required ones and its phases one way or the other; a game's scripts
import only from the shell's module and their own package's, and only names those export. Node loads
the modules as the browser would (flat under /static/), so an export is read as the module defines it.
Every installed game is held to it, Toy Tally (the suite's throwaway game) too."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from controller.games import registry

ROOT = Path(__file__).resolve().parents[2]
SHELL = ROOT / "web" / "static"
#: a part names its phases one of these two ways (the typedefs say so in words)
PHASES = {"PHASES", "phaseText"}
#: the kind of value a JSDoc type stands for, as JavaScript's typeof says it
KINDS = {"string": "string", "Object": "object", "object": "object", "boolean": "boolean", "number": "number"}

EXPORTS_JS = """
const out = {};
for (const file of process.argv.slice(2)) {
  try {
    const module = await import(new URL(file, `file://${process.cwd()}/`).href);
    out[file] = Object.fromEntries(Object.entries(module).map(([name, value]) => [name, typeof value]));
  } catch (e) { out[file] = {[LOAD_ERROR]: String(e)}; }
}
console.log(JSON.stringify(out));
"""
LOAD_ERROR = "(cannot be loaded)"
#: a static import (or re-export) and the names it takes: `import {a, b as c} from "./x.js"`
IMPORT = re.compile(r'^\s*(?:import|export)\s*(?:\{([^}]*)\}|\*\s*as\s+\w+|\w+)?\s*(?:from\s*)?"([^"]+)"',
                    re.M)


def typedef(name: str) -> dict[str, tuple[bool, str]]:
    """The properties of JSDoc typedef ``name`` in shell.js: name -> (required, the kind of value)."""
    text = (SHELL / "shell.js").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"/\*\*(.*?)\*/", text, re.S)
              if re.search(rf"@typedef\s+{{object}}\s+{name}\b", b)]
    assert len(blocks) == 1, f"shell.js has no one typedef {name}"
    props: dict[str, tuple[bool, str]] = {}
    block = blocks[0]
    for at in re.finditer(r"@property\s*", block):
        i, depth = at.end(), 0
        assert block[i] == "{", block[i:i + 40]
        for j in range(i, len(block)):  # the type, its braces balanced
            depth += {"{": 1, "}": -1}.get(block[j], 0)
            if depth == 0:
                break
        kind = block[i + 1:j].strip()
        found = re.match(r"\s*(\[?)(\w+)\]?", block[j + 1:])
        assert found, block[j:j + 40]
        props[found.group(2)] = (not found.group(1), kind)
    return props


def kind_of(jsdoc: str) -> str:
    """typeof a value of JSDoc type ``jsdoc``: a function type, or a named one."""
    if jsdoc.startswith("(") or jsdoc.startswith("function"):
        return "function"
    return KINDS[re.match(r"\w+", jsdoc).group(0)]  # type: ignore[union-attr]


def part_problems(exports: dict[str, str], props: dict[str, tuple[bool, str]]) -> list[str]:
    """What is wrong with a part exporting ``exports`` (name -> typeof) under the typedef ``props``."""
    if LOAD_ERROR in exports:
        return [f"cannot be loaded: {exports[LOAD_ERROR]}"]
    found = [f"exports {n}, which the interface does not know" for n in sorted(set(exports) - set(props))]
    found += [f"does not export {n}" for n, (needed, _) in sorted(props.items())
              if needed and n not in exports]
    found += [f"exports {n} as a {exports[n]}, the interface says {kind_of(props[n][1])}"
              for n in sorted(set(exports) & set(props)) if exports[n] != kind_of(props[n][1])]
    if not PHASES & set(exports):
        found.append("names its phases neither by PHASES nor by phaseText")
    return found


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed: the page parts' exports cannot be read")
    return found


def served(games: list[str], into: Path) -> dict[str, Path]:
    """The shell's scripts and every game's, flat in ``into`` as the box serves them under /static/; each
    file's folder (a game's static/ or the shell's). No file of one shadows another's."""
    where: dict[str, Path] = {}
    for folder in [SHELL, *(registry.game(name).folder / "static" for name in games)]:
        for script in folder.glob("*.js"):
            assert script.name not in where, f"{script} and {where[script.name]}: both /static/{script.name}"
            where[script.name] = folder
            shutil.copy(script, into / script.name)
    return where


def exports(node: str, into: Path, files: list[str]) -> dict[str, dict[str, str]]:
    (into / "exports.mjs").write_text(f"const LOAD_ERROR = {json.dumps(LOAD_ERROR)};" + EXPORTS_JS)
    done = subprocess.run([node, "exports.mjs", *files], cwd=into, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_the_typedefs_are_read_as_written() -> None:
    phone, table = typedef("PhonePart"), typedef("TablePart")
    assert {n for n, (required, _) in phone.items() if required} == {"prompt", "render"}
    assert {n for n, (required, _) in table.items() if required} == {"waitingText", "render"}
    assert PHASES | {"reset", "mount", "STYLES"} <= set(phone) and PHASES | {"sound", "moment"} <= set(table)
    assert kind_of(phone["prompt"][1]) == "function" and kind_of(phone["STYLES"][1]) == "string"
    assert kind_of(phone["PHASES"][1]) == "object"
    # and the check finds what a part gets wrong
    assert part_problems({"prompt": "function", "render": "function", "PHASES": "object"}, phone) == []
    assert part_problems({"prompt": "string", "CARD_MS": "number"}, phone) == [
        "exports CARD_MS, which the interface does not know", "does not export render",
        "exports prompt as a string, the interface says function",
        "names its phases neither by PHASES nor by phaseText"]


def test_every_games_parts_export_what_the_interface_says(
    node: str, tmp_path: Path, toy_path: list[str]
) -> None:
    games = list(registry.names())
    assert {"jaccuse", "betrayal", "hasty", "toy"} <= set(games)
    served(games, tmp_path)
    kinds = {"phone": typedef("PhonePart"), "table": typedef("TablePart")}
    parts = {f"{registry.game(name).page_parts}_{kind}.js": kind for name in games for kind in kinds}
    found = exports(node, tmp_path, sorted(parts))
    problems = [f"{file} {problem}" for file, kind in sorted(parts.items())
                for problem in part_problems(found[file], kinds[kind])]
    assert problems == []


def test_a_games_scripts_import_only_the_shell_and_their_own(
    node: str, tmp_path: Path, toy_path: list[str]
) -> None:
    games = list(registry.names())
    where = served(games, tmp_path)
    scripts = sorted(name for name, folder in where.items() if folder != SHELL)  # the games' own
    found = exports(node, tmp_path, [*scripts, "shell.js"])
    used: set[str] = set()
    problems = []
    for script in scripts:
        if LOAD_ERROR in found[script]:
            problems.append(f"{script} cannot be loaded: {found[script][LOAD_ERROR]}")
        text = (tmp_path / script).read_text(encoding="utf-8")
        if re.search(r"\bimport\s*\(", text):
            problems.append(f"{script} imports a module at run time")
        for names, source in IMPORT.findall(text):
            target = source.removeprefix("./")
            if target != "shell.js" and where.get(target) != where[script]:
                problems.append(f"{script} imports {source}: not the shell's module, nor its package's")
                continue
            for name in (n.split(" as ")[0].strip() for n in names.split(",") if n.strip()):
                if name not in found[target]:
                    problems.append(f"{script} imports {name} from {source}, which does not export it")
                if target == "shell.js":
                    used.add(name)
    assert problems == []
    # what the games draw with is the shell's: seat names, buttons, their words and plurals in the reader's
    # language (each game's catalogue through the shell's translator; no copy of their own)
    assert {"who", "btn", "translator", "badge", "moveOf"} <= used
