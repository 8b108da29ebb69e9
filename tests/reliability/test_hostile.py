"""Hostile input: order files that are too large, binary or not UTF-8, symlinked order files and
player folders, player names that would escape the folder, unsafe YAML, and code that could
evaluate input. Commands run as real processes (forked from a crashrun.py server, no fault)."""

from __future__ import annotations

import ast
import os
import random
import re
import shutil
from pathlib import Path

import pytest
import yaml

from lifegames.engine.core.orders import MAX_FILE_BYTES
from lifegames.engine.files import data

from .helpers import REPO, TRANSIENT, Servers, new_game, output, tree

SEED = 9_007_199_254_740_993
IRON = "Ironhold"
ORDERS = f"{IRON}/{IRON}_orders.txt"
LOCATED = re.compile(r"^Ironhold/Ironhold_orders\.txt:(\d+):(\d+): (E-[A-Z-]+): ", re.M)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile") / "game"
    new_game(root, "simple-kingdoms", SEED)
    return root


@pytest.fixture
def game(base: Path, tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(base, root)
    return root


def _sparse(path: Path, size: int) -> None:
    with open(path, "wb") as handle:
        handle.truncate(size)


HOSTILE_FILES = {
    # name: (bytes or a maker, expected code, expected line)
    "one byte over the cap": (b"#" * (MAX_FILE_BYTES + 1), "E-FILE-TOO-LARGE", 1),
    "far over the cap": (b'build(0,0, "farm")\n' * 20000, "E-FILE-TOO-LARGE", 1),
    "random binary": (random.Random(1).randbytes(4096) + b"\x00", "E-BINARY", None),
    "NUL on line 3": (b'# a\n# b\nbuild(0,0,\x00 "farm")\n', "E-BINARY", 3),
    "UTF-16 with BOM": ('build(0,0, "farm")\n'.encode("utf-16"), "E-BINARY", 1),
    "UTF-16-LE no BOM": ('build(0,0, "farm")\n'.encode("utf-16-le"), "E-BINARY", 1),
    "Latin-1": ('# f\u00fcr\nbuild(0,0, "f\u00e4rm")\n'.encode("latin-1"), "E-ENCODING", 1),
    "Latin-1 on line 2": ('# ok\nbuild(0,0, "f\u00e4rm")\n'.encode("latin-1"), "E-ENCODING", 2),
    "UTF-8 cut mid-character": ('build(0,0, "f\u00e4'.encode()[:-1], "E-ENCODING", 1),
    "lone surrogate": (b'build(0,0, "\xed\xa0\x80")\n', "E-ENCODING", 1),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("command", ["check", "tick"])
def test_hostile_order_file_is_a_clear_located_error_and_changes_nothing(
        game: Path, servers: Servers, name: str, command: str) -> None:
    """Property: an order file that is too large, binary, UTF-16 or not UTF-8 makes `check`
    and `tick` exit 1 with `file:line:col: CODE:` naming the right problem (and a way forward),
    without a traceback, quickly (the command completes; a file is read only up to the cap),
    and `tick` changes nothing."""
    raw, code, line = HOSTILE_FILES[name]
    (game / ORDERS).write_bytes(raw)
    before = tree(game)
    result = servers.run(game, command)
    text = result.stdout + result.stderr
    assert result.returncode == 1, output(result)
    assert "Traceback" not in text and "internal error" not in text, output(result)
    found = LOCATED.findall(text)
    assert found, output(result)
    assert found[0][2] == code, output(result)
    if line is not None:
        assert int(found[0][0]) == line, output(result)
    assert int(found[0][1]) >= 1
    assert tree(game) == before


def test_a_huge_sparse_order_file_is_refused_without_reading_it(game: Path,
                                                                servers: Servers) -> None:
    """Property: a 4 GiB order file (sparse, so the test is cheap) is refused as too large; the
    command completes because only the first bytes past the cap are read."""
    _sparse(game / ORDERS, 4 * 1024**3)
    result = servers.run(game, "check", IRON)
    assert result.returncode == 1, output(result)
    assert "E-FILE-TOO-LARGE" in result.stdout, output(result)


def test_an_order_file_that_is_a_folder_is_a_clear_error(game: Path, servers: Servers) -> None:
    """Property: a folder where the order file should be is reported at that file, not as a
    crash, and tick changes nothing."""
    (game / ORDERS).unlink()
    (game / ORDERS).mkdir()
    before = tree(game)
    result = servers.run(game, "tick")
    assert result.returncode == 1, output(result)
    assert LOCATED.search(result.stderr), output(result)
    assert tree(game) == before


def test_a_symlinked_order_file_cannot_read_the_hidden_state(game: Path,
                                                            servers: Servers) -> None:
    """Property: a player (or a synced folder, or a git checkout) that makes their order file a
    symlink to .lifegames/state.json cannot get the secret seed (or any hidden state) printed
    by `check` or `tick`: the engine does not follow a link out of the player's folder."""
    (game / ORDERS).unlink()
    (game / ORDERS).symlink_to(Path("..") / ".lifegames" / "state.json")
    for command in ("check", "tick"):
        result = servers.run(game, command)
        assert "Traceback" not in result.stdout + result.stderr
        assert str(SEED) not in result.stdout + result.stderr, (
            f"`{command}` printed the secret seed through a symlinked order file:\n"
            + "\n".join(line for line in (result.stdout + result.stderr).splitlines()
                        if str(SEED) in line))


def test_a_symlinked_player_folder_cannot_make_tick_write_outside_the_game(
        game: Path, servers: Servers, tmp_path: Path) -> None:
    """Property: if a player's folder is replaced by a symlink to a folder outside the game
    (a synced folder or a git checkout can carry one), `tick` writes nothing outside the game
    folder: no sheet, order template, archive or log lands there."""
    outside = tmp_path / "outside"
    shutil.move(str(game / IRON), outside)
    (game / IRON).symlink_to(outside, target_is_directory=True)
    (outside / "007_notes.txt").write_text("the player's own file\n", encoding="utf-8")
    before = tree(outside)
    servers.run(game, "tick")
    after = tree(outside)
    changed = sorted(set(before) ^ set(after)) + sorted(
        k for k in set(before) & set(after) if before[k] != after[k])
    assert not changed, f"tick wrote outside the game folder, in {outside}: {changed}"


# -- player names ----------------------------------------------------------------------------

BAD_NAMES = [
    "a/b", "../Ana", "..", ".", "/etc", "Ana/..", "Ana\\Ben", "C:Ana", "Ana\x01", "An\na",
    "A\tna", "Ana\x7f", "Ana\u200b", "\u0410na", "Ana\u0301", "CON", "con", "Nul", "aux", "PRN",
    "COM1", "lpt9", "archive", "Archive", ".lifegames", "lifegames", "LifeGames", "", " ",
    "Ana Ben", "-rf", "_Ana", "1Ana", "A" * 25, "Ana.", "Ana.txt", "Ana*", "Ana?", "Ana:x",
    "~Ana", "$HOME", "Ana'", 'Ana"', "Ana#",
]


@pytest.mark.parametrize("name", BAD_NAMES, ids=[repr(n) for n in BAD_NAMES])
def test_setup_refuses_a_player_name_that_could_escape_or_confuse_the_folder(
        tmp_path: Path, servers: Servers, name: str) -> None:
    """Property: `setup --players` with a name holding a path separator, `..`, a control or
    invisible character, a look-alike letter, a reserved device name, or the name of a folder
    the engine uses exits 2 with a one-line reason, no traceback, and creates nothing."""
    root = tmp_path / "new"
    result = servers.run(root, "setup", "--players", f"{name},Ben", "--seed", "1")
    assert result.returncode == 2, output(result)
    assert "Traceback" not in result.stderr and "error" in result.stderr.lower(), \
        output(result)
    assert not root.exists() or not any(root.iterdir()), sorted(tree(root))
    assert not (tmp_path / "etc").exists() and not (tmp_path / "Ana").exists()


@pytest.mark.parametrize("players", ["Ana,ana", "Ana,Ben,ANA", "Ana,,Ben"])
def test_setup_refuses_duplicate_and_empty_names(tmp_path: Path, servers: Servers,
                                                 players: str) -> None:
    """Property: names that differ only by case (one folder on Windows and macOS) or an empty
    name are refused at setup (exit 2) and nothing is created."""
    root = tmp_path / "new"
    result = servers.run(root, "setup", "--game", "lifestyle", "--players", players)
    assert result.returncode == 2, output(result)
    assert "Traceback" not in result.stderr
    assert not root.exists() or not any(root.iterdir())


def test_good_names_are_accepted(tmp_path: Path, servers: Servers) -> None:
    """Property (the control for the refusals above): ordinary names set up a game with one
    folder each and nothing half-written."""
    root = tmp_path / "new"
    result = servers.run(root, "setup", "--game", "lifestyle", "--players", "Ana,Bob_2,Cleo")
    assert result.returncode == 0, output(result)
    assert sorted(p.name for p in root.iterdir() if not p.name.startswith(".")) == [
        "Ana", "Bob_2", "Cleo", "seed_sha256.txt"]
    assert not [t for t in TRANSIENT if (root / t).exists()]


@pytest.mark.parametrize("game_id", ["simple-kingdoms", "lifestyle"])
def test_every_name_setup_does_not_refuse_sets_up_a_game(tmp_path: Path, servers: Servers,
                                                          game_id: str) -> None:
    """Property: a name is either refused at setup (exit 2, nothing created) or plays: the
    name rules allow '-' ("Ben-2"), so setup must not then fail with an internal error
    (exit 5) when the game names that player's sheet after it."""
    root = tmp_path / "new"
    result = servers.run(root, "setup", "--game", game_id, "--players", "Ana-1,Ben-2")
    assert "internal error" not in result.stderr, output(result)
    assert result.returncode in (0, 2), output(result)
    if result.returncode == 2:
        assert not root.exists() or not any(root.iterdir())


# -- nothing evaluates input; YAML is safe-loaded ------------------------------------------------

YAML_LOADERS = {"load", "load_all", "full_load", "full_load_all", "unsafe_load",
                "unsafe_load_all"}
SAFE_LOADERS = {"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"}


def unsafe_calls(source: str, filename: str = "<source>") -> list[str]:
    """Calls that can run code chosen by a file's author: eval/exec/compile, pickle and
    marshal loads, yaml.load without a safe loader, unsafe YAML loader classes."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            owner = func.value.id if isinstance(func, ast.Attribute) and isinstance(
                func.value, ast.Name) else ""
            where = f"{filename}:{node.lineno}"
            if name in ("eval", "exec", "compile", "__import__") and owner in ("", "builtins"):
                found.append(f"{where}: {name}(")
            if owner in ("pickle", "cPickle", "marshal", "shelve", "dill") and name in (
                    "load", "loads", "open", "Unpickler"):
                found.append(f"{where}: {owner}.{name}(")
            if owner == "yaml" and name in YAML_LOADERS:
                loader = next((k.value for k in node.keywords if k.arg == "Loader"),
                              node.args[1] if len(node.args) > 1 else None)
                loader_name = (loader.attr if isinstance(loader, ast.Attribute) else
                               loader.id if isinstance(loader, ast.Name) else "")
                if loader_name not in SAFE_LOADERS:
                    found.append(f"{where}: yaml.{name}( without a safe Loader")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "yaml" and node.attr in ("Loader", "UnsafeLoader",
                                                          "FullLoader", "CLoader",
                                                          "CUnsafeLoader", "CFullLoader"):
            found.append(f"{filename}:{node.lineno}: yaml.{node.attr}")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            module = node.module if isinstance(node, ast.ImportFrom) else None
            names = [a.name for a in node.names]
            if module in ("pickle", "marshal", "shelve") or any(
                    n in ("pickle", "marshal", "shelve", "dill") for n in names):
                found.append(f"{filename}:{node.lineno}: imports {module or names}")
    return found


def test_the_scanner_finds_what_it_looks_for() -> None:
    """Property (the scanner's own check): each forbidden pattern is found in a sample, and the
    engine's own safe loading is not flagged."""
    bad = ("import pickle\neval(x)\nexec(y)\nyaml.load(t)\nyaml.load(t, Loader=yaml.Loader)\n"
           "yaml.unsafe_load(t)\npickle.loads(b)\nbuiltins.eval('1')\nyaml.full_load(t)\n")
    assert len(unsafe_calls(bad)) >= 9, unsafe_calls(bad)
    good = ("yaml.safe_load(t)\nyaml.load(t, Loader=yaml.SafeLoader)\n"
            "loader = _Loader(handle)\nre.compile('x')\nast.literal_eval('1')\n")
    assert unsafe_calls(good) == []


def test_no_project_code_evaluates_input_or_loads_unsafely() -> None:
    """Property: nothing in lifegames/ calls eval, exec, compile, pickle/marshal loads or
    yaml.load without a safe loader (so no order file, sheet, state or rule file can run code)."""
    found = []
    for path in sorted((REPO / "lifegames").rglob("*.py")):
        found += unsafe_calls(path.read_text(encoding="utf-8"),
                              str(path.relative_to(REPO)))
    assert not found, "\n".join(found)


def test_yaml_is_read_only_through_the_engine_safe_loader() -> None:
    """Property: lifegames.engine.files.data is the only module that imports yaml (so every YAML
    file is read by its parse_yaml, with a safe loader)."""
    importers = []
    for path in sorted((REPO / "lifegames").rglob("*.py")):
        tree_ = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree_):
            if isinstance(node, ast.Import) and any(a.name == "yaml" for a in node.names) or \
                    isinstance(node, ast.ImportFrom) and (node.module or "").startswith("yaml"):
                importers.append(path.relative_to(REPO).as_posix())
    assert sorted(set(importers)) == ["lifegames/engine/files/data.py"], importers


DANGEROUS_YAML = [
    "!!python/object/apply:os.system ['echo pwned > /tmp/lifegames-pwned']",
    "cost: !!python/object/new:subprocess.Popen [['true']]",
    "x: !!python/name:os.system",
    "x: !!python/module:os",
    "x: !!python/object:lifegames.engine.folder.folder.Op {kind: write, path: a}",
]


@pytest.mark.parametrize("text", DANGEROUS_YAML)
def test_the_rule_data_loader_refuses_python_tags(text: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Property: a rule-data YAML file carrying a python/* tag is refused by
    lifegames.engine.files.data.load_yaml (and its parse_yaml) with a ConstructorError; nothing is
    constructed or run."""
    package = f"evil{abs(hash(text))}"
    rules = tmp_path / "games" / package
    rules.mkdir(parents=True)
    (rules / "rules.yaml").write_text(text + "\n", encoding="utf-8")
    monkeypatch.setattr(data, "game_file",
                        lambda package, name: tmp_path / "games" / package / name)
    with pytest.raises(yaml.constructor.ConstructorError):
        data.load_yaml(package, "rules.yaml")
    with pytest.raises(yaml.constructor.ConstructorError):
        data.parse_yaml(text)
    assert not os.path.exists("/tmp/lifegames-pwned")


def test_every_rule_file_loads_safely_into_plain_data() -> None:
    """Property: every YAML file under games/ loads with the engine's safe loader into plain
    dicts, lists, strings, numbers, booleans and nulls (so safe loading loses nothing)."""
    files = sorted((REPO / "games").rglob("*.yaml"))
    assert files

    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, (str, int)) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return value is None or isinstance(value, (str, int, float, bool))

    for path in files:
        loaded = data.load_yaml(path.parent.name, path.name)
        assert plain(loaded), path
