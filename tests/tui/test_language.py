"""Every screen and dialog, driven in Russian, shows no English word of the app's own
catalogue; and in English no Russian word (issue 13)."""

import re
from pathlib import Path

import pytest
from textual.screen import ModalScreen

from tests.tui.conftest import copy_demo, run_test
from tui import i18n
from tui.app import TengenApp

WALK = [  # from the tournament screen: (keys, then escape back)
    ["f2"],
    ["f2", "a"],
    ["f2", "k"],
    ["f2", "w"],
    ["f2", "i"],
    ["f2", "f"],
    ["f3"],
    ["f3", "f1"],
    ["f3", "n"],
    ["f3", "m"],
    ["f3", "3", "w"],
    ["f4"],
    ["f4", "t"],
    ["f4", "g"],
    ["f4", "p"],
    ["f5"],
    ["f8"],
    ["f8", "enter"],
    ["f6"],
    ["f7"],
]
OTHERS = ("fors-vladivostok.json", "round-robin.json", "sport-handicap.json")
ALLOWED = {"tengen", "json", "opengotha"}  # the program's name, a file's suffix, the program it reads


def english_words() -> set[str]:
    """The English words of the app's catalogue (what would show untranslated)."""
    words = set()
    for english in i18n.RU:
        words.update(w.casefold() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{[^}]*\}", "", english)))
    return words - ALLOWED


def russian_words() -> set[str]:
    return {w.casefold() for russian in i18n.RU.values() for w in re.findall(r"[А-Яа-яЁё]{4,}", russian)}


@pytest.fixture
def demo(demo_once: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose path (shown on the start screen) holds no word of the catalogue."""
    return copy_demo(demo_once, tmp_path_factory.mktemp("walk"))


async def walk(language: str, demo: Path) -> str:
    i18n.set_language(language)
    (demo / "settings.json").write_text(f'{{"language": "{language}"}}')
    seen = []
    app = TengenApp(None, folder=demo, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        seen.append(app.export_screenshot())
        await pilot.press("n")
        await pilot.pause()
        seen.append(app.export_screenshot())
    walks = {
        "gamma.json": WALK,
        **{name: [["f3"], ["f4"], ["f8"]] for name in OTHERS},
        "mcmahon.json": [["f3", "1", "v"], ["f4"], ["f8"]],
        "playoff.json": [["f3", "k"], ["f4"]],
    }
    for name, steps in walks.items():
        app = TengenApp(str(demo / name), folder=demo, open_viewer=False)
        async with run_test(app, size=(80, 24)) as pilot:  # one app per file: each dialog closed again
            for keys in steps:
                await pilot.press(*keys)
                await pilot.pause()
                seen.append(app.export_screenshot())
                while isinstance(app.screen, ModalScreen):
                    await pilot.press("escape")
                    await pilot.pause()
    i18n.set_language("ru")
    return "\n".join(seen)


def visible_text(svg: str) -> str:
    """The text of an SVG screenshot (Textual writes each run of text in a <text> element)."""
    import html

    text = html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")
    return re.sub(r"[\w.-]+\.json", "", text)  # file names are names, not words to translate


async def test_no_english_word_in_russian(demo: Path) -> None:
    text = visible_text(await walk("ru", demo))
    shown = {w.casefold() for w in re.findall(r"[A-Za-z]{4,}", text)}
    assert ", ".join(sorted(shown & english_words())) == ""


async def test_no_russian_word_in_english(demo: Path) -> None:
    text = visible_text(await walk("en", demo))
    shown = {w.casefold() for w in re.findall(r"[А-Яа-яЁё]{4,}", text)}
    typed = "".join(path.read_text(encoding="utf-8") for path in demo.glob("*.json"))  # names, titles
    names = {w.casefold() for w in re.findall(r"[А-Яа-яЁё]{4,}", typed)}
    assert ", ".join(sorted(shown & russian_words() - names)) == ""
