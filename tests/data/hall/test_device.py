"""This laptop's id, read from the user's config folder whatever is found there."""

import os

import pytest

from data.errors import TournamentFileError
from data.hall.device import device_file, this_device


@pytest.mark.parametrize("kind", ["zero", "pipe", "folder", "huge", "garbage"])
def test_an_id_file_that_is_no_id_is_drawn_again_at_once(kind: str) -> None:
    """An attack: a link to /dev/zero in its place took 5 GB of memory in six seconds, a pipe
    hung the app (F9, «Открыть зал»).  Whatever is there, a new id is drawn and kept."""
    path = device_file()
    path.parent.mkdir(parents=True)
    if kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside").write_text("x")
    elif kind == "huge":
        path.write_bytes(b"a" * 10_000_000)
    else:
        path.write_bytes(b"\xff\xfe not an id")
    if kind == "folder":  # a folder is never replaced: said in one line
        with pytest.raises(TournamentFileError, match="device: cannot write it \\(it is a folder\\)"):
            this_device()
        assert (path / "inside").read_text() == "x"
        return
    device = this_device()
    assert len(device) == 32 and path.is_file() and not path.is_symlink()
    assert this_device() == device == path.read_text().strip()


def test_an_id_is_kept_once_drawn() -> None:
    device = this_device()
    assert this_device() == device and device_file().read_text() == device + "\n"
