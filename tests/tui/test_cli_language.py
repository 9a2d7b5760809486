"""The command line speaks the system's language, as gettext programs do (issue 24):
``LANG=ru_RU.UTF-8`` gives Russian messages, tables and refusals; ``LANG=C`` or ``en_*``
English; ``--json`` is the same whatever the locale."""

import re
from pathlib import Path

import pytest

from tests.tui.test_language import english_words
from tui.cli import main
from tui.start import locale_language


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "environ, language",
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "ru_RU.UTF-8", "LC_ALL": "C"}, "en"),
        ({"LANG": "C", "LC_MESSAGES": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8"}, "ru"),
    ],
)
def test_the_language_is_the_locales(environ: dict[str, str], language: str) -> None:
    assert locale_language(environ) == language


def a_day(capsys: pytest.CaptureFixture[str], folder: Path) -> tuple[str, dict[str, str]]:
    """A small event through the command line: every kind of output, and a refusal of each layer."""
    folder.mkdir(exist_ok=True)
    path = str(folder / "cup.json")
    said = []
    jsons = {}
    steps = [
        ("new", path, "--scheme", "fors", "--rounds", "3", "--name", "Кубок", "--time", "40+5/20"),
        *[
            ("-f", path, "player", "add", "--surname", s, "--name", "Иван", "--rank", r)
            for s, r in (("Иванов", "2d"), ("Петров", "1k"), ("Сидоров", "3k"))
        ],  # fmt: skip
        ("-f", path, "pair"),
        ("-f", path, "result", "1", "1", "W+"),
        ("-f", path, "result", "1", "9", "W+"),  # no such board: the rules refuse
        ("-f", path, "pair"),  # round 1 is complete now
        ("-f", path, "undo"),
        ("-f", path, "redo"),
        ("-f", path, "pairing", "swap", "2", "1", "99"),  # an unknown player
        ("-f", path, "standings"),
        ("-f", path, "log"),
        ("-f", path, "players"),
        ("-f", path, "prizes"),
        ("-f", path, "player", "add", "--surname", "Иванов", "--name", "Иван", "--rank", "2d"),  # a twin
        ("-f", path, "result", "1"),  # argparse: arguments missing
        ("-f", path, "nosuchcmd"),  # argparse: no such command (a trial read «аргумент command»)
        ("-f", path, "export", "nosuch"),  # a positional's choices («аргумент what»)
        ("-f", str(folder / "nothing.json"), "standings"),  # the file layer
        ("-f", path, "print", "cards", "-o", path),  # the tournament itself
    ]
    for argv in steps:
        code, out, err = run(capsys, *argv)
        said.append(out + err)
    for query in ("pairings", "standings", "log", "players", "prizes"):
        jsons[query] = run(capsys, "-f", path, query, "--json")[1]
    return "\n".join(said), jsons


def test_russian_when_the_system_is_russian(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    text, _jsons = a_day(capsys, tmp_path)
    expected = ("создан", "1-й тур", "Белые", "положение после", "нет доски", "не хватает аргументов",
                "отменена запись", "внимание:", "уже в списке", "нет такого файла", "файл турнира")  # fmt: skip
    assert [e for e in expected if e not in text] == []
    commands = re.sub(
        r"--?[a-z-]+|tengen [a-z]+|'[a-z]+'|\S+\.json|\S+/\S+", "", text
    )  # options, commands, paths as typed
    words = {w.casefold() for w in re.findall(r"[A-Za-z]{4,}", commands)}
    assert sorted(words & english_words()) == []


def test_english_otherwise_and_json_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    text, english = a_day(capsys, tmp_path / "en")
    assert "created" in text and "round 1" in text and "has no board 9" in text
    assert not re.search(r"[а-я]{4,}", re.sub(r"Кубок|Иван\w*|Петров|Сидоров", "", text))
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    _text, russian = a_day(capsys, tmp_path / "ru")
    strip = re.compile(r'"at": "[^"]*"|/[^"]*/(?:en|ru)/')  # times and folders differ, nothing else
    assert {k: strip.sub("", v) for k, v in russian.items()} == {k: strip.sub("", v) for k, v in english.items()}
