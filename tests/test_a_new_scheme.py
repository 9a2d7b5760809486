"""A new scheme is its rules, its paperwork and one registry line: a toy scheme written in a
temporary package (``tests/toy/`` copied out of the tree) and registered by one
``registry.ENTRIES`` line is offered and played by the command line, the app and the
paperwork, with nothing else of theirs changed."""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from schemes import registry
from tui import i18n
from tui.cli import main

TOY = Path(__file__).parent / "toy"


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    package = tmp_path / "lib" / "toy_scheme"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""A scheme from outside the program."""\n')
    for source in TOY.glob("*.py"):
        shutil.copy(source, package / source.name)
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    rules = importlib.import_module("toy_scheme.rules")
    line = registry.Entry(rules.TOY, "toy_scheme.paper:PAPER", {"ru": "игрушечная"})
    monkeypatch.setitem(registry.ENTRIES, "toy", line)  # the one line
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("toy_scheme")]:
        del sys.modules[name]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, ""), err
    return out


def test_the_command_line_and_the_paperwork_play_it(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    assert "toy" in capsys.readouterr().out  # offered in the help of --scheme
    _run(capsys, "new", "t.json", "--scheme", "toy", "--rounds", "2", "--name", "Toy cup", "--dates", "1.11.2026")
    for surname in ("Антонов", "Борисов", "Васильев"):
        where = ("--country", "RU", "--club", "Москва")  # the rating table warns of a missing one
        _run(capsys, "-f", "t.json", "player", "add", "--surname", surname, "--name", "Иван", "--rank", "1k", *where)
    assert main(["-f", "t.json", "pair", "--bye", "3"]) == 2  # it does not choose byes: its pairing says
    assert "toy: the table or the bracket decides who sits out" in capsys.readouterr().err
    pairing = _run(capsys, "-f", "t.json", "pair")
    assert "Антонов" in pairing and "Борисов" in pairing and "Васильев" in pairing  # 1–2 on board 1, 3 sits out
    _run(capsys, "-f", "t.json", "result", "1", "1", "B+")
    standings = json.loads(_run(capsys, "-f", "t.json", "standings", "--json"))
    assert [(row["id"], row["place"], row["score"]) for row in standings["rows"]] == [
        (2, "1", 1),
        (1, "2", 0),
        (3, "3", 0),
    ]
    _run(capsys, "-f", "t.json", "print", "table", "-o", "table.pdf")
    text = "".join(page.extract_text() for page in PdfReader(toy / "table.pdf").pages)
    assert "Борисов" in text and "Toy cup" in text
    rating = _run(capsys, "-f", "t.json", "export", "rating")
    assert "Pl W Seed G" in rating  # the toy paperwork's columns


async def test_the_app_offers_and_shows_it(toy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from textual.widgets import Select

    from tests.tui.conftest import run_test
    from tui.app import TengenApp

    _run(capsys, "new", "t.json", "--scheme", "toy", "--rounds", "2", "--name", "Toy cup")
    i18n.set_language("ru")
    app = TengenApp(None, folder=toy, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.press("n")  # the new tournament form
        await pilot.pause()
        offered = app.screen.query_one("#scheme", Select)
        assert ("игрушечная", "toy") in [(str(prompt), value) for prompt, value in offered._options]
    app = TengenApp(str(toy / "t.json"), folder=toy, open_viewer=False)
    async with run_test(app, size=(80, 24)) as pilot:
        await pilot.pause()
        assert "игрушечная" in str(app.screen.query_one("#title").render())
