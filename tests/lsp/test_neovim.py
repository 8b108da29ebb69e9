"""The README's Neovim lines, run as written in a real Neovim (`nvim --headless`): it opens an
order file in a game folder, shows check's diagnostic at its line and column, clears it once
the line is fixed, and completes a legal order. Skipped, saying why, where Neovim is not
installed (Debian: apt-get install neovim)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .client import REPO
from .conftest import make_game, needs_pygls, tree

DRIVER = r"""
local out = vim.env.LIFEGAMES_OUT
local buf = vim.api.nvim_get_current_buf()
local function errors()
  return vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
end
local result = { attached = false }
vim.wait(30000, function() return #errors() > 0 end, 50)
result.attached = #vim.lsp.buf_get_clients(buf) > 0
result.before = {}
for _, d in ipairs(errors()) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
  table.insert(result.before, { lnum = d.lnum, col = d.col, end_col = d.end_col,
                                code = code, message = d.message })
end
vim.api.nvim_buf_set_lines(buf, 1, 2, false, { vim.env.LIFEGAMES_FIX })
result.cleared = vim.wait(30000, function() return #errors() == 0 end, 50)
vim.api.nvim_buf_set_lines(buf, 1, 1, false, { "" })
local params = { textDocument = vim.lsp.util.make_text_document_params(),
                 position = { line = 1, character = 0 } }
local answers = vim.lsp.buf_request_sync(buf, "textDocument/completion", params, 30000) or {}
result.labels = {}
for _, answer in pairs(answers) do
  local items = answer.result and (answer.result.items or answer.result) or {}
  for _, item in ipairs(items) do
    if item.detail == "legal now" then table.insert(result.labels, item.label) end
  end
end
vim.fn.writefile({ vim.fn.json_encode(result) }, out)
vim.cmd("qa!")
"""


def readme_lines() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- editor:neovim -->\n```lua\n(.*?)```", text, re.DOTALL)
    assert match, "README.md shows the Neovim lines after <!-- editor:neovim -->"
    return match.group(1)


def test_the_readme_neovim_lines_work_as_written(tmp_path: Path):
    needs_pygls()
    nvim = shutil.which("nvim")
    if nvim is None:
        pytest.skip("Neovim is not installed (apt-get install neovim): the README's Neovim "
                    "lines are not tried here")
    setup = make_game(tmp_path / "games", "simple-kingdoms", seed=1)
    path = setup.orders("Ironhold")
    path.write_text('orders for tick 1\nbiuld(0,0, "farm")\nend\n', encoding="utf-8")
    legal = setup.legal("Ironhold")
    before = tree(tmp_path / "games")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "lifegames"  # `lifegames` as installed, running this checkout
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m lifegames \"$@\"\n")
    shim.chmod(0o755)
    (tmp_path / "init.lua").write_text(readme_lines(), encoding="utf-8")
    (tmp_path / "driver.lua").write_text(DRIVER, encoding="utf-8")
    out = tmp_path / "result.json"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": str(REPO), "LIFEGAMES_OUT": str(out),
           "LIFEGAMES_FIX": 'build(0,0, "farm")', "HOME": str(tmp_path),
           **{f"XDG_{kind.upper()}_HOME": str(tmp_path / kind)
              for kind in ("config", "data", "state", "cache")}}
    run = subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "-u",
                          str(tmp_path / "init.lua"), str(path),
                          "-c", f"luafile {tmp_path / 'driver.lua'}"],
                         env=env, cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert out.exists(), f"Neovim wrote no result\n{run.stdout}\n{run.stderr}"
    result = json.loads(out.read_text())
    assert result["attached"], result
    (error,) = result["before"]
    assert (error["lnum"], error["col"], error["end_col"]) == (1, 0, 5), error
    assert error["code"] == "E-UNKNOWN-COMMAND", error
    assert 'no command called "biuld"' in error["message"]
    assert result["cleared"], "the diagnostic went once the line was fixed"
    assert result["labels"] == legal, result
    assert tree(tmp_path / "games") == before, "Neovim's server wrote nothing in the game"
