"""The players' pages in a real headless Chromium (Debian's), driven by Selenium through the
system's ChromeDriver: they render on a phone's width, the search finds «Ёлкина» by «елк», a
result entered on the command line appears in the open page within 2 s, a hostile name stays
text, and a POST from the page is refused.

Needs ``apt-get install chromium chromium-driver`` (and Selenium, in the test extras); where
they are absent the tests are skipped and say so."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from data.hall.serve import Serving, start
from data.service import Service
from schemes.log import actions
from tests.tui.web.players import HOSTILE, hall_tournament
from tui.web.site import site

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is missing: pip install -e '.[test]'")
pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None or DRIVER is None,
        reason="no Chromium here: apt-get install chromium chromium-driver (Debian) runs these tests",
    ),
    pytest.mark.xdist_group("browser"),
]
PHONE = (360, 740)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    from selenium.webdriver.chrome.service import Service as Driver

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tmp_path / 'chromium'}", f"--window-size={PHONE[0]},{PHONE[1]}"):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Driver(executable_path=str(DRIVER)))
    driver.set_page_load_timeout(20)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",  # a window is never narrower than 500 px
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})  # fmt: skip
    try:
        yield driver
    finally:
        driver.quit()


def text_of(browser: Any, css: str) -> str:
    """The text shown by the element ``css``, read in one step (the live script may swap the page between two)."""
    return str(browser.execute_script("return document.querySelector(arguments[0]).innerText", css))


def on_a_wall(browser: Any, width: int, height: int) -> None:
    """The browser as a wall screen of ``width``×``height``; pages are then opened with ``opened``."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})  # fmt: skip


def opened(browser: Any, url: str, width: int) -> None:
    """``url`` opened, read once it is laid out ``width`` wide with its stylesheet: a full run on
    a loaded machine read a wall's slide with each name's phone line shown under it, which only
    the phone's width or a page without its stylesheet shows, and a moment later as a wall's."""
    browser.get(url)
    deadline = time.monotonic() + 10
    while (shown := browser.execute_script(
        "return [window.innerWidth, getComputedStyle(document.querySelector('header')).display]"
    )) != [width, "flex"]:  # fmt: skip
        assert time.monotonic() < deadline, (url, shown, width)
        time.sleep(0.05)


def test_the_pages_render_on_a_phone(served: tuple[Path, Serving], browser: Any) -> None:
    _path, serving = served
    browser.get(f"{serving.address}/round/1")
    assert browser.title == "1-й тур — Кубок <i>зала</i>"
    assert text_of(browser, "#board-1 td.result") == "Б+"
    right = browser.execute_script("return document.querySelector('#board-2 td.result').getBoundingClientRect().right")
    assert right <= PHONE[0]  # the result in sight, no sideways scrolling: the wide columns gave way
    assert browser.execute_script("return getComputedStyle(document.querySelector('td.komi')).display") == "none"
    assert text_of(browser, "#board-1 td.board").split("\n") == ["1", "Коми 6.5"]


def test_the_search_finds_elkina_by_elk(served: tuple[Path, Serving], browser: Any) -> None:
    from selenium.webdriver.common.by import By

    _path, serving = served
    browser.get(f"{serving.address}/")
    field = browser.find_element(By.ID, "q")
    field.send_keys("елк")
    field.submit()
    found = text_of(browser, "ul.found")
    assert "Ёлкина Мария" in found and "доска 1, чёрные, против 2 Иванов Иван (1d)" in found
    browser.find_element(By.LINK_TEXT, "доска 1").click()
    assert browser.current_url.endswith("/round/1#board-1")
    highlighted = browser.execute_script(
        "return getComputedStyle(document.querySelector('#board-1 td.white')).backgroundColor"
    )
    assert highlighted == "rgb(255, 229, 138)"  # :target marks the player's board


def test_a_result_on_the_command_line_appears_in_the_open_page_within_two_seconds(
    served: tuple[Path, Serving], browser: Any
) -> None:
    path, serving = served
    browser.get(f"{serving.address}/round/1")
    assert text_of(browser, "#board-2 td.result") == ""
    entered = subprocess.run([sys.executable, "-m", "tui", "-f", str(path), "result", "1", "2", "B+"],
                             capture_output=True, text=True, timeout=30)  # fmt: skip
    assert entered.returncode == 0, entered.stderr
    done = time.monotonic()
    while text_of(browser, "#board-2 td.result") != "Ч+":
        assert time.monotonic() - done < 2.0, "the result did not reach the open page within 2 s"
        time.sleep(0.05)
    assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1  # not reloaded


def test_an_open_page_the_busy_laptop_cannot_make_now_is_kept_and_brought_up_to_date_after(
    served: tuple[Path, Serving], browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review: a result made every open page ask for itself again; a player's search the
    laptop had no time for came back «Ноутбук сейчас занят» (503), which the page swapped in
    with the new version and kept for good.  It is kept, asked for again, brought up to date."""
    from tui.web import site as web

    path, serving = served
    opened(browser, f"{serving.address}/player?q=Ёлкина", PHONE[0])
    version = "return document.body.dataset.version"
    before = browser.execute_script(version)
    monkeypatch.setattr(web, "RENDERS_WAITING", 0)  # every page not made yet: «busy»
    with Service(path, writable=True) as service:
        service.commit(actions.result(1, 2, "B+"))
    time.sleep(2.5)  # the page heard of it, and was answered 503
    shown = text_of(browser, "body")
    assert "Ёлкина" in shown and "занят" not in shown and browser.execute_script(version) == before, shown
    monkeypatch.setattr(web, "RENDERS_WAITING", 64)
    deadline = time.monotonic() + 10
    while browser.execute_script(version) == before:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert "Ёлкина" in text_of(browser, "body")
    assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1  # not reloaded
    monkeypatch.setattr(web, "RENDERS_WAITING", 0)  # a page first loaded «busy» asks for itself again (a review)
    opened(browser, f"{serving.address}/player?q=Иванов", PHONE[0])
    assert "занят" in text_of(browser, "body")
    monkeypatch.setattr(web, "RENDERS_WAITING", 64)
    deadline = time.monotonic() + 10
    while "занят" in text_of(browser, "body"):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert "Иванов" in text_of(browser, "body")


def test_a_name_being_typed_and_the_header_outlive_a_change(served: tuple[Path, Serving], browser: Any) -> None:
    """A review: each result swapped the page under a player typing his name (the field
    emptied, the phone's keyboard closed, which no script may open again), and the header kept
    «Пары» pointing at the round before a new pairing.  The page waits while he types, and is
    brought up to date, header and all, once he leaves the field, keeping what he typed."""
    from selenium.webdriver.common.by import By

    path, serving = served
    browser.get(f"{serving.address}/")
    field = browser.find_element(By.ID, "q")
    field.send_keys("Ёлкин")
    with Service(path, writable=True) as service:
        for board in service.state.rounds[0].boards[1:]:
            service.commit(actions.result(1, board.number, "B+"))
        service.commit(actions.pair(service.state, random.Random(1)))
    time.sleep(1.5)  # the change has reached the page (0.4 s) and waits
    state = "const q = document.getElementById('q'); return [q === field, q.value, document.activeElement === q]"
    assert browser.execute_script(state.replace("field", "arguments[0]"), field) == [True, "Ёлкин", True]
    browser.execute_script("document.activeElement.blur()")
    done = time.monotonic()
    while not browser.execute_script("return document.querySelector('header nav a').href.endsWith('/round/2')"):
        assert time.monotonic() - done < 5.0, "the pairing did not reach the page once the field was left"
        time.sleep(0.05)
    assert browser.execute_script("return document.getElementById('q').value") == "Ёлкин"


def test_pages_left_hold_no_connection_a_phone_needs(served: tuple[Path, Serving], browser: Any) -> None:
    """A review: each page kept its live connection open once left (the browser keeps a page
    left, to go back to it at once), and a phone has six connections per laptop: the seventh
    page waited a minute.  Ten pages in a row open at once."""
    from selenium.webdriver.common.by import By

    _path, serving = served
    browser.set_page_load_timeout(10)
    browser.get(f"{serving.address}/")
    for step in range(10):
        link = ("Положение", "Пары", "Где я играю?")[step % 3]
        started = time.monotonic()
        browser.find_element(By.CSS_SELECTOR, "header nav").find_element(By.LINK_TEXT, link).click()
        while browser.execute_script("return document.readyState") != "complete":
            time.sleep(0.02)
        assert time.monotonic() - started < 5.0, f"page {step + 1} waited"


def test_a_hostile_name_stays_text(served: tuple[Path, Serving], browser: Any) -> None:
    _path, serving = served
    browser.get(f"{serving.address}/round/1")
    assert text_of(browser, "#board-2 td.black span.name") == f"{HOSTILE} <b>Жирный</b>"
    assert browser.execute_script("return document.querySelectorAll('td b, td script, td i').length") == 0
    assert "<i>" in browser.title  # the tournament's name too


def test_a_post_from_the_page_is_refused(served: tuple[Path, Serving], browser: Any) -> None:
    path, serving = served
    before = path.read_bytes()
    browser.get(f"{serving.address}/")
    status = browser.execute_async_script(
        "const done = arguments[0];"
        "fetch('/round/1', {method: 'POST', body: 'result 1 2 W+'}).then(r => done(r.status));"
    )
    assert status == 405 and path.read_bytes() == before


def test_the_projector_fits_a_wall_screen(tmp_path: Path, browser: Any) -> None:
    """Each slide of a 45-player event on a 1920×1080 screen: every column in sight, every row
    and the legend under the standings above the bottom edge (a trial's slides of 15 rows, the
    most there are, left the legend on the edge, and a scrollbar)."""
    path = hall_tournament(tmp_path / "wall.json", extra=39)
    serving = start(None, 0, "127.0.0.1", site(path))
    on_a_wall(browser, 1920, 1080)
    try:
        for slide in range(5):  # two of the pairing, three of 15 rows of the standings
            opened(browser, f"{serving.address}/projector?slide={slide}", 1920)
            box = browser.execute_script(
                "const t = document.querySelector('table').getBoundingClientRect();"
                "return [t.right, t.bottom, window.innerWidth, window.innerHeight,"
                " document.querySelector('.scroll').scrollWidth - document.querySelector('.scroll').clientWidth,"
                " document.documentElement.scrollHeight];"
            )
            right, bottom, width, height, hidden, whole = box
            assert right <= width and bottom <= height and hidden == 0 and whole <= height, (slide, box)
    finally:
        serving.stop()


@pytest.mark.parametrize("screen", [(1920, 1080), (1280, 720), (1024, 768)])
@pytest.mark.parametrize("demo", ["fors-vladivostok.json", "gamma.json"])
def test_the_projector_shows_every_value_whole(
    tmp_path: Path, browser: Any, screen: tuple[int, int], demo: str
) -> None:
    """Reviews: FORS's nine values at 8% each left its standings' name 2% of the wall, one
    letter; a Gamma board's komi read «6.5…» for «6.5 (нигири)»; a 4:3 projector cut «12k» to
    «1…» and FORS's values to «2…».  On a wall screen and a small or square projector every
    value of the pairing and the standings is whole, and the names are there."""
    from tui.demo import DEMOS

    path = tmp_path / demo
    DEMOS[demo](path)
    serving = start(None, 0, "127.0.0.1", site(path))
    width, height = screen
    on_a_wall(browser, width, height)
    try:
        for slide in range(2):  # the pairing, then the standings
            opened(browser, f"{serving.address}/projector?slide={slide}", width)
            deadline = time.monotonic() + 10
            while True:  # the live script may swap the page as it reads (a loaded machine's full run, twice)
                cut, names = browser.execute_script(
                    "const cells = [...document.querySelectorAll('td, th')];"
                    "const names = (td) => ['white', 'black', 'player'].some((c) => td.classList.contains(c));"
                    "return [cells.filter((td) => !names(td) && td.scrollWidth > td.clientWidth)"
                    ".map((td) => td.innerText), cells.filter((td) => names(td) && td.tagName === 'TD')"
                    ".map((td) => td.innerText)];"
                )
                if names or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            shown = browser.execute_script("return document.body.innerText.slice(0, 300)")
            assert cut == [] and "Затонских Антон" in names, (slide, cut, shown)
    finally:
        serving.stop()


def test_a_small_projector_shows_three_digit_numbers_whole(tmp_path: Path, browser: Any) -> None:
    """A review: at 1280×720 the pairing's numbers were cut to «3…» and «387…»: a player at the
    wall finds his board by his number.  Every number of every pairing slide is whole."""
    path = hall_tournament(tmp_path / "wall.json", extra=110)
    serving = start(None, 0, "127.0.0.1", site(path))
    on_a_wall(browser, 1280, 720)
    try:
        shown: list[str] = []
        for slide in range(4):  # 58 boards: four slides of the pairing
            opened(browser, f"{serving.address}/projector?slide={slide}", 1280)
            cells = browser.execute_script(
                "return [...document.querySelectorAll('table.pairing td.no')]"
                ".map((td) => [td.innerText, td.scrollWidth <= td.clientWidth])"
            )
            assert all(whole for _number, whole in cells), (slide, cells)
            shown += [number for number, _whole in cells]
        assert any(len(number) == 3 for number in shown)
    finally:
        serving.stop()


def test_a_page_whose_laptop_is_gone_says_so(tmp_path: Path, browser: Any) -> None:
    """A trial: a phone kept showing the pairing of a laptop that had stopped serving, as if it
    were current.  The page says it has lost the laptop."""
    from selenium.webdriver.support.ui import WebDriverWait

    path = hall_tournament(tmp_path / "gone.json")
    serving = start(None, 0, "127.0.0.1", site(path))
    try:
        browser.get(f"{serving.address}/standings")
        WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.readyState") == "complete")
        assert browser.execute_script("return document.getElementById('offline')") is None
    finally:
        serving.stop()
    WebDriverWait(browser, 10).until(lambda b: b.execute_script("return document.getElementById('offline')"))
    assert text_of(browser, "#offline") == "Нет связи с ноутбуком судьи: страница может быть устаревшей"


def test_the_projector_keeps_its_slide_while_its_laptop_is_gone_and_goes_on_after(tmp_path: Path, browser: Any) -> None:
    """A trial: the wall screen's meta refresh led it, once the laptop was gone, to the
    browser's error page, which never came back.  The slides now come in place: with the
    laptop gone the slide stays, saying so, and they go on once it answers again.  The
    browser's clock is run twenty times faster (12 s slides in 0.6 s)."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "const later = window.setTimeout;"
        "window.setTimeout = (work, delay, ...rest) => later(work, (delay || 0) / 20, ...rest);")})  # fmt: skip
    path = hall_tournament(tmp_path / "wall.json", extra=40)  # six slides
    serving = start(None, 0, "127.0.0.1", site(path))
    port = int(serving.address.rsplit(":", 1)[1])
    wait = WebDriverWait(browser, 20)
    slide = "return new URLSearchParams(location.search).get('slide')"
    browser.get(f"{serving.address}/projector?slide=0")
    browser.execute_script("window.kept = true")  # gone if the browser loads another page
    wait.until(lambda b: b.execute_script(slide) == "2")
    serving.stop()
    wait.until(lambda b: b.execute_script("return document.getElementById('offline')"))
    shown = browser.execute_script(slide)
    time.sleep(2)  # three slides' time
    assert browser.execute_script(slide) == shown and browser.execute_script("return window.kept") is True
    assert text_of(browser, "h1").endswith(f"{int(shown) + 1}/6") and text_of(browser, "tbody tr")  # the slide, whole
    again = start(None, port, "127.0.0.1", site(path))
    try:
        wait.until(lambda b: b.execute_script(slide) != shown)
        wait.until(lambda b: not b.execute_script("return document.getElementById('offline')"))
        assert browser.execute_script("return window.kept") is True
    finally:
        again.stop()


def test_a_name_without_a_space_breaks_on_a_phone(tmp_path: Path, browser: Any) -> None:
    """An attack: a title of 200 letters widened every page of a phone (the whole page scrolled
    sideways), and a long name pushed the score off the standings; a trial's «тройное ко»
    went past the screen's edge."""
    from data.service import Service
    from schemes.log import actions

    path = hall_tournament(tmp_path / "long.json", name="W" * 200)
    with Service(path, writable=True) as service:
        long = {"surname": "Ж" * 90, "name": "M" * 60, "rank": "5k"}
        service.commit_all(actions.registrations(service.events, [long]))
        service.commit(actions.result(1, 2, "draw"))  # komi 6.5: a triple ko
    serving = start(None, 0, "127.0.0.1", site(path))
    try:
        for page in ("/", "/round/1", "/standings", "/player?q=ЖЖЖ"):
            opened(browser, f"{serving.address}{page}", PHONE[0])  # (once measured before its stylesheet applied)
            sideways = browser.execute_script(
                "const s = document.querySelector('.scroll');"
                "return [document.documentElement.scrollWidth, s ? s.scrollWidth - s.clientWidth : 0];"
            )
            assert sideways == [PHONE[0], 0], (page, sideways)
            assert page != "/round/1" or "тройное ко" in browser.page_source
    finally:
        serving.stop()


@pytest.mark.parametrize("demo", ["fors-vladivostok.json", "mcmahon.json"])
def test_the_standings_keep_each_word_of_a_name_whole_on_a_phone(tmp_path: Path, browser: Any, demo: str) -> None:
    """A review: a phone's standings broke «Затонских» and «Александр» inside the word (a cell
    that may break anywhere is as narrow as one letter).  Each word of a usual name is on one
    line; a name of 90 letters still breaks (test above)."""
    from tui.demo import DEMOS

    path = tmp_path / demo
    DEMOS[demo](path)
    serving = start(None, 0, "127.0.0.1", site(path))
    try:
        opened(browser, f"{serving.address}/standings", PHONE[0])
        broken = browser.execute_script(
            "const broken = [];"
            "for (const td of document.querySelectorAll('table.standings td.player')) {"
            "  const node = td.firstChild; let at = 0;"
            "  if (node.nodeType !== Node.TEXT_NODE) return ['not text', td.innerHTML];"
            "  for (const word of node.textContent.split(' ')) {"
            "    const range = document.createRange(); range.setStart(node, at); range.setEnd(node, at + word.length);"
            "    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(word);"
            "    at += word.length + 1;"
            "  }"
            "}"
            "return [broken, document.querySelectorAll('table.standings td.player').length];"
        )
        assert broken[0] == [] and broken[1] >= 8, broken
    finally:
        serving.stop()
