"""The HTML book (issue 16, part 3) in a real headless browser: Debian's chromium.

The page is rendered to PDF and to a screenshot by chromium's own command line, and driven
through the DevTools protocol over `--remote-debugging-pipe` (JSON messages on file
descriptors 3 and 4, ended by NUL), which needs nothing beyond the standard library: no
driver package and no browser download. Locally the tests are skipped when chromium is not
installed; in CI (CI=true) a missing chromium is a failure, since .ci/run installs it.

Expectations come from the printed book (`../shared/sources/somerset-laws-1888.txt`): its
section headings between THE LAWS OF EUCHRE and the technical terms, its 116 numbered
laws, Law 62's definition of a revoke (what today's players call a renege), and the house
file's own figure for Law 63 (`revoke: {points: 2}`).
"""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "laws" / "sources" / "somerset-laws-1888.txt"
HOUSE = ROOT / "laws" / "house" / "modern-club.yaml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

if CHROMIUM is None and os.environ.get("CI") == "true":
    raise RuntimeError("CI: chromium is missing; .ci/run must install it (apt-get install chromium chromium-driver)")
browser = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium chromium-driver)")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions"]


def printed_sections() -> list[str]:
    """The section headings of the printed laws: the capital lines between the laws' heading
    and the technical terms."""
    text = SOURCE.read_text(encoding="utf-8")
    body = text[text.index("\nTHE LAWS OF EUCHRE.\n") + 1: text.index("\nTECHNICAL TERMS USED IN EUCHRE.\n")]
    return [line for line in body.splitlines()[1:] if re.fullmatch(r"[A-Z][A-Z ,'-]*\.", line)]


def printed_law_numbers() -> list[int]:
    text = SOURCE.read_text(encoding="utf-8")
    body = text[text.index("\nTHE LAWS OF EUCHRE.\n"): text.index("\nTECHNICAL TERMS USED IN EUCHRE.\n")]
    return [int(n) for n in re.findall(r"^(\d+)\. ", body, re.M)]


def write_book(tmp: Path, *extra: str) -> Path:
    out = tmp / "book.html"
    done = subprocess.run([sys.executable, "-m", "arbiter", "book", "--html", str(out), *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return out


SHIM = """import os, sys
r, w = int(sys.argv[1]), int(sys.argv[2])
os.dup2(r, 100); os.dup2(w, 101)
os.dup2(100, 3); os.dup2(101, 4)
for fd in {r, w, 100, 101} - {3, 4}:
    os.close(fd)
os.execv(sys.argv[3], sys.argv[3:])
"""


class Browser:
    """chromium driven over the DevTools protocol on a pipe: one page, one session."""

    def __init__(self, profile: Path) -> None:
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # chromium reads commands on fd 3 and writes replies on fd 4; a small Python shim puts
        # the pipes there (sh cannot name a descriptor above 9) and becomes chromium.
        self.proc = subprocess.Popen(
            [sys.executable, "-c", SHIM, str(to_chrome_r), str(from_chrome_w), CHROMIUM, *FLAGS,
             # Chromium ignores a page's navigations past 200 in 10 s; the test follows hundreds.
             "--disable-ipc-flooding-protection", "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(to_chrome_r, from_chrome_w), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._id = 0
        self.session: str | None = None

    def send(self, method: str, session: bool = True, **params: Any) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 60
        while True:
            reply = self._next(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def _next(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._from_chrome], [], [], left)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", session=False, url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", session=False, targetId=target, flatten=True)["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=1280, height=1000, deviceScaleFactor=1, mobile=False)
        self.send("Page.navigate", url=url)
        deadline = time.monotonic() + 30
        while self.js("document.readyState") != "complete":
            assert time.monotonic() < deadline, "the page did not load"
            time.sleep(0.05)

    def js(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self) -> None:
        try:
            self.send("Browser.close", session=False)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("html")
    (tmp / "plain").mkdir()
    (tmp / "house").mkdir()
    return {"plain": write_book(tmp / "plain"), "house": write_book(tmp / "house", "--house", str(HOUSE))}


@pytest.fixture(scope="module")
def page(books: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Browser:
    browser = Browser(tmp_path_factory.mktemp("profile"))
    try:
        browser.open(books["house"].as_uri())
        yield browser
    finally:
        browser.close()


@browser
def test_every_law_has_an_anchor_that_resolves_to_it(page: Browser) -> None:
    numbers = printed_law_numbers()
    assert numbers == list(range(1, 117))  # 105 laws, then 11 rules of etiquette
    wrong = page.js("""(() => {
        const wrong = [];
        for (const n of NUMBERS) {
            location.hash = '#law-' + n;
            const t = document.querySelector(':target');
            const top = t ? t.getBoundingClientRect().top : null;
            if (!t || t.getAttribute('data-law') !== String(n) || !t.textContent.includes(n + '. ')) wrong.push(n);
            else if (top > 200 && window.scrollY + innerHeight < document.body.scrollHeight - 2) wrong.push('not shown: ' + n);
        }
        return wrong; })()""".replace("NUMBERS", json.dumps(numbers)))
    assert wrong == []


@browser
def test_every_cross_reference_lands_on_its_law(page: Browser) -> None:
    result = page.js("""(async () => {
        const links = [...document.querySelectorAll('a.xref')];
        const wrong = [];
        const landed = async () => {  // a click navigates a moment later, not at once
            for (let i = 0; i < 100 && location.hash === '#contents'; i++) await new Promise(r => setTimeout(r, 10));
            return document.querySelector(':target');
        };
        for (const a of links) {
            location.hash = '#contents';
            a.click();
            const t = await landed();
            const n = a.textContent.replace('Law ', '');
            if (!t || t.id !== 'law-' + n || t.getAttribute('data-law') !== n) wrong.push(a.textContent + ' from ' +
                (a.closest('article') || {}).id);
        }
        return {count: links.length, wrong}; })()""")
    assert result["wrong"] == []
    assert result["count"] > 100  # the laws' references and the coups' laws


@browser
def test_the_search_box_finds_a_renege_offline(page: Browser) -> None:
    # Law 62 defines the revoke, which today's players call a renege.
    page.js("window.scrollTo(0, 0); document.getElementById('search').focus()")
    page.send("Input.insertText", text="renege")
    hits = page.js("""[...document.querySelectorAll('#results a.hit')]
        .filter(a => a.offsetParent !== null).map(a => a.getAttribute('data-law'))""")
    assert hits[0] == "62", hits
    clicked = page.js("document.querySelector('#results a[data-law=\"62\"]').click(); "
                      "document.querySelector(':target').id")
    assert clicked == "law-62"
    page.js("const s = document.getElementById('search'); s.select();")
    page.send("Input.insertText", text="zzzz nothing")
    assert page.js("document.querySelector('#results').textContent") == "No law found for these words."


@browser
def test_house_amendments_stand_beside_the_laws_they_amend(page: Browser, books: dict[str, Path]) -> None:
    # modern-club.yaml: revoke: {points: 2}; Law 63 prints three points.
    beside = page.js("""(() => {
        const law = document.getElementById('law-63');
        const aside = law.querySelector('aside.house'), text = law.querySelector('.printed');
        const a = aside.getBoundingClientRect(), t = text.getBoundingClientRect();
        return {aside: aside.textContent, printed: text.textContent, right: a.left >= t.right - 1,
                level: Math.abs(a.top - t.top) < 120}; })()""")
    assert "2 points" in beside["aside"]
    assert "The penalty of a revoke is three points" in beside["printed"]
    assert beside["right"] and beside["level"]
    assert page.js("document.querySelector('#law-52 aside.house')") is None  # a lead out of turn: not amended
    assert "aside" not in books["plain"].read_text(encoding="utf-8").split("<main>")[1]


@browser
def test_the_coups_are_drawn_as_card_diagrams(page: Browser) -> None:
    hands = page.js("""[...document.querySelectorAll('article.coup')].map(c => [c.id,
        [...c.querySelectorAll('.table .seat')].map(s => [s.querySelector('.who').textContent,
                                                          s.querySelectorAll('.hand .card').length])])""")
    assert [c[0] for c in hands] == [f"coup-{n}" for n in range(1, 10)]  # Cases I-IX
    for _, seats in hands:
        assert len(seats) == 4
        # five cards to a hand; the book leaves out only a lone player's partner, who is out
        assert all(cards == 5 or (cards == 0 and "out" in who) for who, cards in seats), seats
    assert sum(cards == 0 for _, seats in hands for _, cards in seats) == 1  # Case IX's C, partner of A alone


@browser
def test_the_print_stylesheet_starts_each_section_on_a_new_page(page: Browser, books: dict[str, Path],
                                                                tmp_path: Path) -> None:
    headings = printed_sections()
    assert len(headings) == 20
    page.send("Emulation.setEmulatedMedia", media="print")
    try:
        parts = page.js("""[...document.querySelectorAll('.part')].map(p => ({
            id: p.id, heading: p.querySelector('h2').textContent, brk: getComputedStyle(p).breakBefore}))""")
    finally:
        page.send("Emulation.setEmulatedMedia", media="")
    laws = [p for p in parts if p["id"].startswith("section-")]
    assert [p["heading"] for p in laws] == headings
    assert all(p["brk"] == "page" for p in parts), parts
    pdf = tmp_path / "book.pdf"
    subprocess.run([CHROMIUM, *FLAGS, "--no-pdf-header-footer", f"--user-data-dir={tmp_path / 'p'}",
                    f"--print-to-pdf={pdf}", books["house"].as_uri()], capture_output=True, timeout=180, check=True)
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf.read_bytes()))
    assert pages >= len(parts) >= len(headings) + 3  # the contents, the terms and the coups too


@browser
def test_a_screenshot_shows_the_book(books: dict[str, Path], tmp_path: Path) -> None:
    shot = tmp_path / "book.png"
    subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'p'}", "--window-size=1280,1600",
                    f"--screenshot={shot}", books["house"].as_uri()], capture_output=True, timeout=180, check=True)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 1280
    assert len(data) > 50_000  # drawn text, not a blank page
    keep = os.environ.get("ARBITER_SCREENSHOTS")
    if keep:
        shutil.copy(shot, Path(keep) / "book.png")


def test_the_book_is_self_contained(books: dict[str, Path]) -> None:
    html = books["house"].read_text(encoding="utf-8")
    assert not re.search(r"""(src|href)=["'](https?:|//)""", html)
    assert "<link" not in html and "@import" not in html


def test_a_folder_a_fifo_or_a_symlink_is_refused_and_a_file_is_replaced_whole(tmp_path: Path) -> None:
    def run(target: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "arbiter", "book", "--html", str(target)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})

    decoy = tmp_path / "decoy.txt"
    decoy.write_text("keep me", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(decoy)
    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    for target in (tmp_path, fifo, link):
        done = run(target)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert decoy.read_text(encoding="utf-8") == "keep me"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and link.is_symlink()
    old = tmp_path / "old.html"
    old.write_text("an older book", encoding="utf-8")
    assert run(old).returncode == 0
    assert old.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["decoy.txt", "fifo.html", "link.html", "old.html"]


def test_words_from_a_house_file_are_escaped_not_run(tmp_path: Path) -> None:
    house = tmp_path / "evil.yaml"
    house.write_text('name: "<script>alert(1)</script> & <b>club</b>"\nbase: somerset-1888\nrevoke: {points: 2}\n',
                     encoding="utf-8")
    html = write_book(tmp_path, "--house", str(house)).read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<b>club</b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;club&lt;/b&gt;" in html
