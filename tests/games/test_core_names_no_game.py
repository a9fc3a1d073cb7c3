"""The box is game-neutral: outside a game's own package (controller/games/<name>/), no Python module,
page, script or style under controller/ and web/ names a game, imports a game's package or compares with
a game's name. The default game's name in the registry is the one place that names a game, on purpose."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from controller.games import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "controller" / "games"
#: the games shipped here, and one still to come
GAME_NAMES = ("jaccuse", "betrayal", "hasty")
#: the lines that name a game: the default game (its constant, and the commented config file)
ALLOWED = {("controller/games/registry.py", 'DEFAULT_GAME = "jaccuse"'),
           ("controller/config.py", '# game = "jaccuse"')}
#: "jaccuse" is also the box's own name (jaccuse-table, its hub, its service account, JACCUSE_ settings)
_OWN_NAME = re.compile(
    r"jaccuse[-_](table|hub|lgpio|token|name|sound)|JACCUSE_|jaccuse\.lan|-u jaccuse|id jaccuse"
    r"|window\.jaccuse"
)


#: words of the games' own rules: the shell's scripts and styles (web/static) say none of them, so a page part
#: finds nothing of another game there (a game's cards, its suits and jokers, live in its package)
GAME_WORDS = re.compile(
    r"(?<![\w-])(j['’]accuse|suits?|jokers?|army|armies|suspects?|traitors?|presiden(t|ts|cy)|memberships?"
    r"|loupe|parley|elections?|polic(y|ies)|murders?|stability|campaigns?|accus(e|ed|es|ation|ations))(?![\w-])",
    re.IGNORECASE,
)


def _game_packages() -> list[Path]:
    """The packages that are games: each exports its ``Game`` in game.py (``search/`` is shared)."""
    return [p for p in GAMES_DIR.iterdir() if p.is_dir() and (p / "game.py").is_file()]


def _core_files() -> list[Path]:
    inside = _game_packages()
    found = []
    for top in (ROOT / "controller", ROOT / "web"):
        for path in top.rglob("*"):
            if path.suffix not in (".py", ".html", ".js", ".css") or "__pycache__" in path.parts:
                continue
            if any(path.is_relative_to(package) for package in inside):
                continue
            found.append(path)
    return sorted(found)


def _names_a_game(line: str) -> bool:
    text = _OWN_NAME.sub("", line)
    return any(re.search(rf"(?<![\w-]){name}(?![\w-])", text, re.IGNORECASE) for name in GAME_NAMES)


def test_no_core_module_page_or_script_names_a_game() -> None:
    assert {p.name for p in _game_packages()} >= {"jaccuse", "betrayal"}
    assert "search" not in {p.name for p in _game_packages()}
    offending = []
    files = _core_files()
    assert any(p.name == "run.py" for p in files) and any(p.name == "pages.py" for p in files)
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _names_a_game(line) and not any(rel == f and line.strip().startswith(start)
                                                for f, start in ALLOWED):
                offending.append(f"{rel}:{number}: {line.strip()}")
    assert not offending, "the core names a game:\n" + "\n".join(offending)


def _shell_words(text: str) -> list[str]:
    return [m.group(0) for m in GAME_WORDS.finditer(_OWN_NAME.sub("", text))]


def test_the_shells_scripts_and_styles_say_no_games_words() -> None:
    """web/static is the shell every game shares: its scripts and styles hold nothing of one game, not
    even a word of its rules in a comment (a new game's author reads them as the games' common ground)."""
    files = sorted([*(ROOT / "web" / "static").glob("*.js"), *(ROOT / "web" / "static").glob("*.css")])
    assert {p.name for p in files} >= {"shell.js", "gamepart.js", "phone.js", "table.js", "app.css"}
    offending = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _shell_words(line) or _names_a_game(line):
                offending.append(f"web/static/{path.name}:{number}: {line.strip()}")
    assert not offending, "the shell speaks of a game:\n" + "\n".join(offending)


def test_no_core_module_imports_a_game_or_compares_with_a_name() -> None:
    packages = {f"controller.games.{p.name}" for p in _game_packages()}
    offending = []
    for path in _core_files():
        if path.suffix != ".py":
            continue
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules: list[str] = []
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            if any(m == p or m.startswith(p + ".") for m in modules for p in packages):
                offending.append(f"{rel}:{node.lineno}: imports a game's package")
            if isinstance(node, ast.Compare):
                constants = [c.value for c in [node.left, *node.comparators] if isinstance(c, ast.Constant)]
                if any(isinstance(c, str) and c.lower() in GAME_NAMES for c in constants):
                    offending.append(f"{rel}:{node.lineno}: compares with a game's name")
    assert not offending, "\n".join(offending)


def test_the_check_catches_what_it_should() -> None:
    # the detector itself: a game named in code or prose is caught, the box's own names are not
    assert _names_a_game('if game == "betrayal":') and _names_a_game("the Hasty Accusations deck")
    assert _names_a_game("from controller.games import jaccuse")
    assert not _names_a_game("jaccuse-table run --mock") and not _names_a_game("JACCUSE_COMPILE_RULES=1")
    assert not _names_a_game('localStorage.getItem("jaccuse_token")')
    # and the games' words: a suit, a joker or an army in the shell is caught, the box's own words are not
    assert _shell_words('export const SUIT = {H: "♥"}; // a joker\'s colour') == ["SUIT", "joker"]
    assert _shell_words("the armies of J'Accuse") == ["armies", "J'Accuse"]
    assert _shell_words("Accused of being red; the President") == ["Accused", "President"]
    assert _shell_words('localStorage.getItem("jaccuse_token"); the card suitable for a tiebreak') == []


def test_the_games_are_declared_in_the_entry_point_group() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'[project.entry-points."{registry.GROUP}"]' in text
    for package in _game_packages():
        assert f'{package.name} = "controller.games.{package.name}.game:GAME"' in text
    assert set(registry.names()) >= {p.name for p in _game_packages()}
