"""The story pages and the boards in a real browser: headless Chromium
(Debian's `chromium`; .ci/run installs it when missing) opens each game's `history --html` page
and one board of each game, and reports what it laid out.

The page has no script of its own; the test opens a copy with one added at its end, which
measures the laid-out page and writes what it found into the DOM that `--dump-dom` prints:
that it rendered, how many charts and boards it drew (each with a size), and any element
that runs out of the page's width or out of the box it belongs in (a chart or board outside
its figure, a label outside its picture). The screenshots go to build/screenshots/ (or
$LIFEGAMES_SCREENSHOTS), for people to look at.
"""

from __future__ import annotations

import html as html_text
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from lifegames import registry
from lifegames.engine.text.story import THUMB

from .. import golden_support
from ..a_chaotic_life.golden import GOLDEN as ACL
from ..a_simple_life.golden import GOLDEN as ASL
from ..lifestyle.golden import GOLDEN as LS
from ..simple_kingdoms.golden import GOLDEN as SK
from ..the_sims.golden import GOLDEN as SIMS

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("LIFEGAMES_SCREENSHOTS", ROOT / "build" / "screenshots"))
GOLDENS = {"simple-kingdoms": SK, "a-simple-life": ASL, "lifestyle": LS, "the-sims": SIMS,
           "a-chaotic-life": ACL}
WIDTH = 1280

CHECK = """<script>
(function () {
  const out = {rendered: document.body.getBoundingClientRect().height > 0, problems: [], charts: [],
               boards: [], texts: 0};
  const page = document.documentElement.clientWidth;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 &&
                           a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const name = (e) => e.tagName + (e.id ? '#' + e.id : '') +
                      (e.className && e.className.baseVal === undefined ? '.' + e.className : '');
  if (document.documentElement.scrollWidth > page + 1)
    out.problems.push('the page is wider than the window: ' +
                      document.documentElement.scrollWidth + ' > ' + page);
  for (const e of document.body.querySelectorAll('*')) {
    if (e.closest('svg') || e.closest('.table')) continue;
    const r = e.getBoundingClientRect();
    if (r.width && r.right > page + 1) out.problems.push(name(e) + ' runs out of the page');
  }
  const pictures = document.querySelectorAll('svg');
  for (const svg of pictures) {
    const box = svg.getBoundingClientRect();
    const fig = svg.closest('figure');
    const kind = fig ? fig.className : 'picture';
    const entry = {kind: kind, width: Math.round(box.width), height: Math.round(box.height)};
    if (kind === 'chart') out.charts.push(entry); else out.boards.push(entry);
    if (!box.width || !box.height) out.problems.push(kind + ' has no size');
    if (fig && !inside(box, fig.getBoundingClientRect()))
      out.problems.push(kind + ' runs out of its figure');
    for (const t of svg.querySelectorAll('text')) {
      out.texts += 1;
      if (!inside(t.getBoundingClientRect(), box))
        out.problems.push(kind + ': the label "' + t.textContent + '" runs out of its picture');
    }
  }
  document.body.setAttribute('data-check', JSON.stringify(out));
})();
</script>"""


# Opened at one board's address (page.html#board-N): which figure the browser targets, and
# the width each board is drawn at next to the width it was drawn for.
TARGETED = """<script>
window.addEventListener('load', function () {
  const target = document.querySelector(':target');
  const boards = Array.from(document.querySelectorAll('figure.board')).map(function (f) {
    const svg = f.querySelector('svg');
    return {id: f.id, width: Math.round(svg.getBoundingClientRect().width),
            natural: Math.round(svg.width.baseVal.value)};
  });
  document.body.setAttribute('data-targeted',
                             JSON.stringify({target: target ? target.id : null, boards: boards}));
});
</script>"""


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed (apt-get install chromium; .ci/run installs it): "
                "the pages and boards were not checked in a browser")


def _run(browser: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           "--hide-scrollbars", "--no-first-run", f"--user-data-dir={profile}",
                           *args], capture_output=True, text=True, timeout=120, check=False)


def _laid_out(browser: str, profile: Path, html: Path, height: int = 900) -> dict[str, Any]:
    probe = html.with_name(html.stem + "-probe.html")
    text = html.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", CHECK + "\n</body>"), encoding="utf-8")
    done = _run(browser, profile, f"--window-size={WIDTH},{height}", "--dump-dom",
                probe.as_uri())
    found = re.search(r'data-check="([^"]*)"', done.stdout)
    assert found, f"Chromium printed no result:\n{done.stderr[-2000:]}"
    return dict(json.loads(html_text.unescape(found.group(1))))


def _targeted(browser: str, profile: Path, html: Path, fragment: str) -> dict[str, Any]:
    probe = html.with_name(html.stem + "-target.html")
    text = html.read_text(encoding="utf-8")
    probe.write_text(text.replace("</body>", TARGETED + "\n</body>"), encoding="utf-8")
    done = _run(browser, profile, f"--window-size={WIDTH},900", "--dump-dom",
                probe.as_uri() + "#" + fragment)
    found = re.search(r'data-targeted="([^"]*)"', done.stdout)
    assert found, f"Chromium printed no result:\n{done.stderr[-2000:]}"
    return dict(json.loads(html_text.unescape(found.group(1))))


def _screenshot(browser: str, profile: Path, url: str, target: Path, height: int) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    _run(browser, profile, f"--window-size={WIDTH},{height}", f"--screenshot={target}", url)
    assert target.is_file() and target.stat().st_size > 1000, target


@pytest.fixture(scope="module")
def browser() -> str:
    return _chromium()


@pytest.mark.parametrize("game_id", sorted(GOLDENS))
def test_b01_each_story_page_renders_every_chart_and_board_and_nothing_overflows(
        game_id: str, browser: str, tmp_path: Path) -> None:
    """Every chart and board laid out inside its figure; and opened at the last board's
    address, that board is drawn at its full size while the others stay thumbnails."""
    golden = GOLDENS[game_id]
    folder = tmp_path / "game"
    golden.play(folder)
    page = tmp_path / f"{golden.name}.html"
    golden_support.run("--dir", str(folder), "history", "--html", str(page))
    text = page.read_text(encoding="utf-8")
    charts, boards = text.count('<figure class="chart">'), text.count('<figure class="board"')
    assert charts and boards
    found = _laid_out(browser, tmp_path / "profile", page)
    assert found["rendered"]
    assert len(found["charts"]) == charts and len(found["boards"]) == boards, found
    assert not found["problems"], found["problems"][:10]
    assert found["texts"] > 10 * (charts + boards)
    assert all(c["width"] >= 600 for c in found["charts"]), found["charts"]
    last = re.findall(r'<figure class="board" id="(board-[0-9]+)"', text)[-1]
    opened = _targeted(browser, tmp_path / "profile", page, last)
    assert opened["target"] == last, opened
    for board in opened["boards"]:  # the one asked for at full size, the others thumbnails
        if board["id"] == last:
            assert board["width"] >= min(board["natural"], 1000), board
        else:
            assert board["width"] <= THUMB, board
    _screenshot(browser, tmp_path / "profile", page.as_uri(), SHOTS / f"{golden.name}-story.png",
                4000)


@pytest.mark.parametrize("game_id", sorted(GOLDENS))
def test_b02_a_board_of_each_game_renders_with_every_label_inside_it(
        game_id: str, browser: str, tmp_path: Path) -> None:
    golden = GOLDENS[game_id]
    boards = sorted(golden.expected.glob("*/*_board.svg"))
    assert boards, golden.expected
    board = boards[0]
    wrapper = tmp_path / f"{golden.name}-board.html"
    svg = board.read_text(encoding="utf-8").split("\n", 1)[1]
    wrapper.write_text("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                       f"<title>{registry.get(game_id).title}</title>"
                       "<style>body{margin:0}</style></head>"
                       f"<body><figure class=\"board\" style=\"margin:0\">{svg}</figure>"
                       "</body></html>", encoding="utf-8")
    found = _laid_out(browser, tmp_path / "profile", wrapper)
    assert found["rendered"] and len(found["boards"]) == 1, found
    assert not found["problems"], found["problems"][:10]
    assert found["texts"] >= 20
    height = found["boards"][0]["height"]
    _screenshot(browser, tmp_path / "profile", board.as_uri(), SHOTS / f"{golden.name}-board.png",
                height)
