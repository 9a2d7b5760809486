"""Every screen and dialog, driven in Russian, shows no English word of the app's own
catalogue; and in English no Russian word (issue 13)."""

import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen

from tests.tui.conftest import copy_demo, run_test, shown_text
from tui import i18n
from tui.app import TengenApp

Walk = list[tuple[str, "Walk"]]  # each step's keys, and the steps taken over what they opened


def steps(*keys: str) -> Walk:
    """Steps each taken from the same screen (what they open closed again before the next)."""
    return [(step, []) for step in keys]


SCREENS = [  # from any tournament's screen: what differs by scheme (escape closes each again)
    *steps("f2", "f2 f1", "f3", "f3 f1"),
    ("f3 n", steps("right enter")),  # the question, then «Выбрать свободного» where the field is odd
    *steps("f3 w", "f3 j", "f3 s", "f3 f", "f3 v", "f3 k", "f4", "f4 t", "f4 p", "f5", "f8", "f8 enter", "ctrl+p"),
]
DIALOGS = steps(  # the same for every scheme: walked on one
    "f2 a", "f2 e", "f2 k", "f2 w", "f2 i", "f2 f", "f3 m",
    "f3 9 9 w",  # a refusal of the rules
    "f4 g", "f4 left_square_bracket", "f5 u", "f6", "f7",
)  # fmt: skip
START = [  # from the start screen; the new-tournament form opened once, its dialogs taken over it
    *steps("", "f1", "ctrl+p", "o"),
    ("n", steps(
        "f1",
        "f2",
        "f10",  # the form's refusals, beside their fields
        "shift+tab enter down down down down enter f2",  # McMahon's forty parameters
    )),
]  # fmt: skip
SCHEMES = ("gamma.json", "fors-vladivostok.json", "round-robin.json", "sport-handicap.json", "mcmahon.json",
           "playoff.json")  # fmt: skip
ALLOWED = {"tengen", "json", "xlsx", "opengotha"}  # the program's name, files' suffixes, the program it reads


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


async def walk(language: str, demo: Path, name: str | None) -> str:
    """Every screen and dialog of ``name`` (the start screen and the new-tournament form for
    None), in ``language``: the text of each screenshot."""
    i18n.set_language(language)
    (demo / "settings.json").write_text(f'{{"language": "{language}"}}')
    seen: list[str] = []
    app = TengenApp(str(demo / name) if name else None, folder=demo, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:  # one app per file: each dialog closed again
        await take(pilot, START if name is None else SCREENS + (DIALOGS if name == SCHEMES[0] else []), seen)
    i18n.set_language("ru")
    return "\n".join(seen)


async def take(pilot: Pilot[None], walk: Walk, seen: list[str]) -> None:
    """Each step of ``walk`` from the screen at hand: its keys, the text shown, its own steps
    over what it opened, and every dialog it opened closed again (back to the screen at hand)."""
    app = pilot.app
    here = app.screen
    for keys, over in walk:
        await pilot.press(*keys.split())
        await pilot.pause()
        await app.workers.wait_for_complete()
        seen.append(shown_text(app))
        await take(pilot, over, seen)
        while app.screen is not here and isinstance(app.screen, ModalScreen):
            await pilot.press("escape")
            await pilot.pause()
        app.clear_notifications()


def without_file_names(text: str) -> str:
    return re.sub(r"[\w.-]+\.json", "", text)  # file names are names, not words to translate


def visible_text(svg: str) -> str:
    """The text of an SVG screenshot (Textual writes each run of text in a <text> element)."""
    import html

    return without_file_names(html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " "))


@pytest.mark.parametrize("name", [None, *SCHEMES])
async def test_no_english_word_in_russian(demo: Path, name: str | None) -> None:
    text = without_file_names(await walk("ru", demo, name))
    shown = {w.casefold() for w in re.findall(r"[A-Za-z]{4,}", text)}
    assert ", ".join(sorted(shown & english_words())) == ""


@pytest.mark.parametrize("name", [None, *SCHEMES])
async def test_no_russian_word_in_english(demo: Path, name: str | None) -> None:
    text = without_file_names(await walk("en", demo, name))
    shown = {w.casefold() for w in re.findall(r"[А-Яа-яЁё]{4,}", text)}
    typed = "".join(path.read_text(encoding="utf-8") for path in demo.glob("*.json"))  # names, titles
    names = {w.casefold() for w in re.findall(r"[А-Яа-яЁё]{4,}", typed)}
    assert ", ".join(sorted(shown & russian_words() - names)) == ""


def test_every_language_tengen_speaks_has_its_name() -> None:
    from schemes.log.replay import LANGUAGES

    assert tuple(i18n.LANGUAGE_NAMES) == LANGUAGES and all(name in i18n.RU for name in i18n.LANGUAGE_NAMES.values())
