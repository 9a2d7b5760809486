"""The demo tournaments (``tui/demo.py``)."""

from pathlib import Path

import pytest

from data.errors import TournamentFileError
from tui import demo


@pytest.mark.parametrize("folder_there", [False, True])
def test_a_demo_that_fails_midway_takes_back_what_it_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder_there: bool
) -> None:
    """An attack: a demo stopped by a full disk left its first files, and the next ``demo``
    refused the folder for them.  What it wrote goes; a folder it made goes; a folder that was
    there stays, with the referee's own file."""
    folder = tmp_path / "demo"
    if folder_there:
        folder.mkdir()
        (folder / "mine.json").write_text("{}")

    def full_disk(path: Path) -> None:
        path.write_text("{")  # the first bytes, then the disk is full
        raise TournamentFileError("{path}: the disk is full", path=path)

    monkeypatch.setitem(demo.DEMOS, "mcmahon.json", full_disk)
    with pytest.raises(TournamentFileError, match="the disk is full"):
        demo.write_demo(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["mine.json"] if folder_there else not folder.exists()
    monkeypatch.undo()
    monkeypatch.setitem(demo.DEMOS, "mcmahon.json", lambda path: path.write_text("{}"))
    assert [path.name for path in demo.write_demo(folder)] == list(demo.DEMOS)  # the next demo is not refused


def test_the_command_lines_demo_takes_back_its_paperwork_and_folder_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A review: the command line made the folder before the demo (so it was never taken
    back) and wrote the PDFs after it, outside the taking back: a disk full among the PDFs
    left the tournaments, and the next ``demo`` refused the folder."""
    from tui.cli import main

    folder = tmp_path / "demo"
    written: list[Path] = []
    real = demo.write_demo_paperwork

    def full_disk(path: Path) -> list[Path]:
        if written:
            raise TournamentFileError("{path}: the disk is full", path=path)
        written.extend(real(path))
        return written

    monkeypatch.setattr(demo, "write_demo_paperwork", full_disk)
    monkeypatch.setitem(demo.DEMOS, "mcmahon.json", lambda path: path.write_text("{}"))  # no compiler's wait
    assert main(["demo", str(folder), "--no-tui"]) == 2
    assert "the disk is full" in capsys.readouterr().err
    assert len(written) == len(demo.DEMO_PAPERS) and not folder.exists()


def test_the_kgs_demo_is_played_online(tmp_path: Path) -> None:
    """The sport-handicap demo is the KGS Russian room's: an online event (its EGF table gives
    no class: 30+30sx3 is under class D's 40 minutes); the others are played at a venue."""
    from data.service import Service
    from paperwork.rating_table import export

    demo._sport_handicap(tmp_path / "sport-handicap.json")
    demo._gamma(tmp_path / "gamma.json")
    with Service(tmp_path / "sport-handicap.json") as service:
        assert (service.state.settings.place, service.state.settings.online) == ("КГС, Русская комната", True)
        assert not export(service.state, service.events, egf=True).startswith("; CL[")  # at a venue: CL[C]
    with Service(tmp_path / "gamma.json") as service:
        assert service.state.settings.online is False
